// SIM test scoring (API.md "Scoring", spec §9). Only the server runs this: the client sends its
// chosen answers, never a score. Randomness is injected so the rule is testable and a seed can
// reproduce any score in a bug report.
import { z } from 'zod';
import { Messages } from './messages';
import { SIM_MAX_SCORE } from './sim-scale';

export { SIM_MAX_SCORE };
/** A first attempt never shows more than 99, whatever the raw points. */
export const SIM_FIRST_ATTEMPT_CAP = 99;
/** A later attempt that lands at 100 or below is lifted into [101, 249]. */
export const SIM_IMPROVED_FLOOR = 101;
export const SIM_IMPROVED_CEILING = 249;

/** A source of uniform numbers in [0, 1), like Math.random. */
export type RandomSource = () => number;

/**
 * Mulberry32: a tiny seeded PRNG with a 2^32 period. Good enough to make scores reproducible in
 * tests and logs; not for anything secret.
 */
export function mulberry32(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A uniform integer in [min, max] (both inclusive) drawn from `random`. */
export function randomIntInclusive(min: number, max: number, random: RandomSource): number {
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || min > max) {
    throw new RangeError(`invalid integer range [${min}, ${max}]`);
  }
  const r = random();
  if (!(r >= 0 && r < 1)) throw new RangeError(`random source returned ${r}, expected [0, 1)`);
  return min + Math.floor(r * (max - min + 1));
}

/**
 * The previous attempt, as stored: its raw points (to detect "same answers") and its score. `raw`
 * is null for a landing-page test brought along at sign-up, whose answers the server never saw:
 * such an attempt never counts as "the same answers".
 */
export type PreviousAttempt = { raw: number | null; score: number };

function assertNonNegativeInteger(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
  }
}

/**
 * The score to record for an attempt.
 * - First attempt (`previous` absent): min(raw, 99).
 * - Same raw points as the previous attempt: the previous score, so resubmitting the same answers
 *   cannot reroll the score.
 * - Otherwise: a random integer in (previous score, 250]; if that is 100 or less, a random integer
 *   in [101, 249] instead. A previous score of 250 leaves nothing above it, so the score stays 250.
 */
export function computeSimScore(
  input: { raw: number; previous?: PreviousAttempt | null },
  random: RandomSource = Math.random,
): number {
  const { raw, previous } = input;
  assertNonNegativeInteger('raw', raw);
  if (previous === undefined || previous === null) return Math.min(raw, SIM_FIRST_ATTEMPT_CAP);

  if (previous.raw !== null) assertNonNegativeInteger('previous.raw', previous.raw);
  assertNonNegativeInteger('previous.score', previous.score);
  if (previous.score > SIM_MAX_SCORE) {
    throw new RangeError(`previous.score must be at most ${SIM_MAX_SCORE}, got ${previous.score}`);
  }
  if (previous.raw !== null && raw === previous.raw) return previous.score;
  if (previous.score >= SIM_MAX_SCORE) return SIM_MAX_SCORE;

  const candidate = randomIntInclusive(previous.score + 1, SIM_MAX_SCORE, random);
  return candidate <= 100
    ? randomIntInclusive(SIM_IMPROVED_FLOOR, SIM_IMPROVED_CEILING, random)
    : candidate;
}

// ---------------------------------------------------------------------------------------------
// Raw points from answers
// ---------------------------------------------------------------------------------------------

export const QUESTION_TYPES = ['radio', 'checkbox', 'textarea'] as const;
export const questionTypeSchema = z.enum(QUESTION_TYPES);
export type QuestionType = z.infer<typeof questionTypeSchema>;

/** What scoring needs of a question (spec §3 "Question"). */
export type ScorableQuestion = {
  _id: string;
  question_type: QuestionType;
  options: readonly { value: string; point: number }[];
};

/**
 * One answer (spec §3 "Exercise answer payload"): for radio the chosen option's point, for checkbox
 * the list of chosen points, for textarea the text. A point identifies the option the way the
 * spec's client sends it; options sharing a point are worth the same, so the choice between them
 * does not change the sum.
 */
export const answerSchema = z.object({
  question_id: z.string().min(1),
  // Bounded like the catalogue (a question has at most 20 options, admin.ts): an unbounded list
  // let a small body of nulls cost seconds of validation and a megabytes-long list of errors.
  value: z.union([z.number(), z.array(z.number()).max(20), z.string()]),
});
export type Answer = z.infer<typeof answerSchema>;

/** POST /user-answer. A `total_points` sent by an old client is not in the schema, so dropped. */
export const simAnswersRequestSchema = z.object({
  answers: z
    .array(answerSchema)
    .min(1, { error: Messages.ANSWER_ALL_QUESTIONS.message })
    // The spec's test has 50 statements; the console orders sets of up to 500 (reorder's limit).
    .max(500),
});
export type SimAnswersRequest = z.infer<typeof simAnswersRequestSchema>;

export type RawPointsFailure =
  'unknown_question' | 'duplicate_answer' | 'unanswered_question' | 'invalid_value';

export type RawPointsResult =
  { ok: true; raw: number } | { ok: false; reason: RawPointsFailure; questionId: string };

function pointsOf(question: ScorableQuestion, value: Answer['value']): number | null {
  const points = new Set(question.options.map((option) => option.point));
  switch (question.question_type) {
    case 'radio':
      return typeof value === 'number' && points.has(value) ? value : null;
    case 'checkbox': {
      if (!Array.isArray(value) || value.length === 0) return null;
      // Each option once: a repeated point would count the same option twice.
      if (new Set(value).size !== value.length || !value.every((p) => points.has(p))) return null;
      return value.reduce((sum, p) => sum + p, 0);
    }
    case 'textarea':
      // Free text is not scored, but it must be there: blank is an unanswered question.
      return typeof value === 'string' && value.trim() !== '' ? 0 : null;
  }
}

/**
 * The sum of the chosen options' points. Every question must be answered exactly once and every
 * value must be one of that question's options; otherwise the answers are refused with the first
 * offending question, so a client cannot invent points.
 */
export function rawPoints(
  questions: readonly ScorableQuestion[],
  answers: readonly Answer[],
): RawPointsResult {
  const byId = new Map(questions.map((question) => [question._id, question]));
  const seen = new Set<string>();
  let raw = 0;
  for (const answer of answers) {
    const question = byId.get(answer.question_id);
    if (question === undefined) {
      return { ok: false, reason: 'unknown_question', questionId: answer.question_id };
    }
    if (seen.has(answer.question_id)) {
      return { ok: false, reason: 'duplicate_answer', questionId: answer.question_id };
    }
    seen.add(answer.question_id);
    const points = pointsOf(question, answer.value);
    if (points === null) return { ok: false, reason: 'invalid_value', questionId: question._id };
    raw += points;
  }
  const unanswered = questions.find((question) => !seen.has(question._id));
  if (unanswered !== undefined) {
    return { ok: false, reason: 'unanswered_question', questionId: unanswered._id };
  }
  return { ok: true, raw };
}
