// Quit companion: the clinical nicotine-dependence test (API.md "Quit companion", decision 032).
// `smoking` is the Fagerström Test for Nicotine Dependence (Heatherton, Kozlowski, Frecker &
// Fagerström, Br J Addict 1991;86:1119–27); `smokeless` is the FTND-ST (Ebbert, Patten &
// Schroeder, Addict Behav 2006;31:1716–21). Items and points are the published ones; only the
// scoring lives here, so the same answers always give the same score (unlike the SIM test).
import { z } from 'zod';
import { successEnvelope } from './envelope';
import { Messages } from './messages';

export const DEPENDENCE_VARIANTS = ['smoking', 'smokeless'] as const;
export type DependenceVariant = (typeof DEPENDENCE_VARIANTS)[number];

export const DEPENDENCE_LEVELS = ['very_low', 'low', 'medium', 'high', 'very_high'] as const;
export type DependenceLevel = (typeof DEPENDENCE_LEVELS)[number];

/** A score at or above this is "high": the web then shows the medicine information card. */
export const HIGH_DEPENDENCE_SCORE = 6;

export interface DependenceOption {
  /** The choice as the published test words it (the web shows its own translation). */
  value: string;
  point: number;
}
export interface DependenceQuestion {
  _id: string;
  question: string;
  options: readonly DependenceOption[];
}

const yesNo: readonly DependenceOption[] = [
  { value: 'Yes', point: 1 },
  { value: 'No', point: 0 },
];

/** Item 1 of both tests: time to the first cigarette or dip after waking. */
const firstOfDay: readonly DependenceOption[] = [
  { value: 'Within 5 minutes', point: 3 },
  { value: '6–30 minutes', point: 2 },
  { value: '31–60 minutes', point: 1 },
  { value: 'After 60 minutes', point: 0 },
];

/** FTND (Heatherton et al. 1991): six items, 0–10. */
export const FTND_QUESTIONS: readonly DependenceQuestion[] = [
  {
    _id: 'ftnd_1',
    question: 'How soon after you wake up do you smoke your first cigarette?',
    options: firstOfDay,
  },
  {
    _id: 'ftnd_2',
    question:
      'Do you find it difficult to refrain from smoking in places where it is forbidden (e.g., in temples, at the library, in the cinema)?',
    options: yesNo,
  },
  {
    _id: 'ftnd_3',
    question: 'Which cigarette would you hate most to give up?',
    options: [
      { value: 'The first one in the morning', point: 1 },
      { value: 'All others', point: 0 },
    ],
  },
  {
    _id: 'ftnd_4',
    question: 'How many cigarettes per day do you smoke?',
    options: [
      { value: '10 or less', point: 0 },
      { value: '11–20', point: 1 },
      { value: '21–30', point: 2 },
      { value: '31 or more', point: 3 },
    ],
  },
  {
    _id: 'ftnd_5',
    question:
      'Do you smoke more frequently during the first hours after waking than during the rest of the day?',
    options: yesNo,
  },
  {
    _id: 'ftnd_6',
    question: 'Do you smoke if you are so ill that you are in bed most of the day?',
    options: yesNo,
  },
];

/** FTND-ST (Ebbert et al. 2006): six items, 0–10. */
export const FTND_ST_QUESTIONS: readonly DependenceQuestion[] = [
  {
    _id: 'ftnd_st_1',
    question: 'How soon after you wake up do you place your first dip (chew)?',
    options: firstOfDay,
  },
  {
    _id: 'ftnd_st_2',
    question: 'How often do you intentionally swallow tobacco juice?',
    options: [
      { value: 'Always', point: 2 },
      { value: 'Sometimes', point: 1 },
      { value: 'Never', point: 0 },
    ],
  },
  {
    _id: 'ftnd_st_3',
    question: 'Which chew would you hate to give up most?',
    options: [
      { value: 'The first one in the morning', point: 1 },
      { value: 'Any other', point: 0 },
    ],
  },
  {
    _id: 'ftnd_st_4',
    question: 'How many cans or pouches (packets) per week do you use?',
    options: [
      { value: 'More than 3', point: 2 },
      { value: '2–3', point: 1 },
      { value: '1', point: 0 },
    ],
  },
  {
    _id: 'ftnd_st_5',
    question:
      'Do you chew more frequently during the first hours after awakening than during the rest of the day?',
    options: yesNo,
  },
  {
    _id: 'ftnd_st_6',
    question: 'Do you chew if you are so sick that you are in bed most of the day?',
    options: yesNo,
  },
];

export const DEPENDENCE_QUESTIONS: Readonly<
  Record<DependenceVariant, readonly DependenceQuestion[]>
> = {
  smoking: FTND_QUESTIONS,
  smokeless: FTND_ST_QUESTIONS,
};

/** API.md levels: 0–2 very low, 3–4 low, 5 medium, 6–7 high, 8–10 very high. */
export function dependenceLevel(score: number): DependenceLevel {
  if (!Number.isInteger(score) || score < 0 || score > 10) {
    throw new RangeError(`score must be an integer 0–10, got ${score}`);
  }
  if (score <= 2) return 'very_low';
  if (score <= 4) return 'low';
  if (score === 5) return 'medium';
  if (score <= 7) return 'high';
  return 'very_high';
}

export interface DependenceAnswer {
  question_id: string;
  value: number;
}

export type DependenceScoreResult =
  | { ok: true; score: number; level: DependenceLevel }
  | { ok: false; reason: 'unanswered' | 'unknown'; path: string };

/**
 * Scores one completed test. Every question answered exactly once with one of its option points;
 * an unknown question, a repeated one or a point that is not a choice is `unknown`, a missing
 * question `unanswered`.
 */
export function scoreDependenceTest(
  variant: DependenceVariant,
  answers: readonly DependenceAnswer[],
): DependenceScoreResult {
  const questions = DEPENDENCE_QUESTIONS[variant];
  const byId = new Map(questions.map((q) => [q._id, q]));
  const seen = new Set<string>();
  let score = 0;
  for (const [index, answer] of answers.entries()) {
    const question = byId.get(answer.question_id);
    if (!question || seen.has(answer.question_id)) {
      return { ok: false, reason: 'unknown', path: `answers.${index}.question_id` };
    }
    if (!question.options.some((option) => option.point === answer.value)) {
      return { ok: false, reason: 'unknown', path: `answers.${index}.value` };
    }
    seen.add(answer.question_id);
    score += answer.value;
  }
  const missing = questions.find((q) => !seen.has(q._id));
  if (missing) return { ok: false, reason: 'unanswered', path: 'answers' };
  return { ok: true, score, level: dependenceLevel(score) };
}

// ---------------------------------------------------------------------------------------------
// HTTP schemas
// ---------------------------------------------------------------------------------------------

export const dependenceVariantSchema = z.enum(DEPENDENCE_VARIANTS, {
  error: Messages.DEPENDENCE_VARIANT_INVALID.message,
});

export const dependenceQuestionsQuerySchema = z.object({ variant: dependenceVariantSchema });

export const dependenceQuestionSchema = z.object({
  _id: z.string(),
  question: z.string(),
  options: z.array(z.object({ value: z.string(), point: z.number().int() })),
});
export const dependenceQuestionsResponseSchema = successEnvelope(z.array(dependenceQuestionSchema));

/** POST /dependence-test: `value` is the chosen option's `point`. */
export const dependenceTestRequestSchema = z.object({
  variant: dependenceVariantSchema,
  answers: z
    .array(
      z.object({
        question_id: z
          .string({ error: Messages.DEPENDENCE_ANSWER_UNKNOWN.message })
          .min(1, { error: Messages.DEPENDENCE_ANSWER_UNKNOWN.message })
          .max(50, { error: Messages.DEPENDENCE_ANSWER_UNKNOWN.message }),
        value: z
          .number({ error: Messages.DEPENDENCE_ANSWER_UNKNOWN.message })
          .int({ error: Messages.DEPENDENCE_ANSWER_UNKNOWN.message }),
      }),
      { error: Messages.ANSWER_ALL_QUESTIONS.message },
    )
    .max(20, { error: Messages.DEPENDENCE_ANSWER_UNKNOWN.message }),
});
export type DependenceTestRequest = z.infer<typeof dependenceTestRequestSchema>;

export const dependenceLevelSchema = z.enum(DEPENDENCE_LEVELS);

export const dependenceResultSchema = z.object({
  score: z.number().int(),
  level: dependenceLevelSchema,
  variant: dependenceVariantSchema,
  /** True when the result was stored in the caller's history (a session token was sent). */
  stored: z.boolean(),
});
export type DependenceResult = z.infer<typeof dependenceResultSchema>;
export const dependenceResultResponseSchema = successEnvelope(dependenceResultSchema);

export const dependenceHistoryEntrySchema = z.object({
  variant: dependenceVariantSchema,
  score: z.number().int(),
  level: dependenceLevelSchema,
  created_at: z.string(),
});
export type DependenceHistoryEntry = z.infer<typeof dependenceHistoryEntrySchema>;
export const dependenceHistoryResponseSchema = successEnvelope(
  z.array(dependenceHistoryEntrySchema),
);
