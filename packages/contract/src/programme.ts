// Requests, responses and the remaining pure rules of the programme: SIM test questions and
// attempts, the user's lessons, and exercises (API.md "SIM test, steps, lessons, exercises"). The
// scoring, step and unlocking rules they rely on live in sim-score.ts, steps.ts and lessons.ts.
import { z } from 'zod';
import { successEnvelope } from './envelope';
import { lessonStatusSchema, type LessonRow } from './lessons';
import { Messages } from './messages';
import { questionTypeSchema, type QuestionType } from './sim-score';
import { FEEDBACK_MAX_LENGTH } from './limits';
import { stepSchema } from './step-schema';
import { stripInvisibleCharacters } from './text';
import type { ViewedLessonKind } from './steps';

// ---------------------------------------------------------------------------------------------
// Questions
// ---------------------------------------------------------------------------------------------

/** 0: the landing test (public), 1: the second test, 2: the test after the premium programme. */
export const SIM_EVENTS = [0, 1, 2] as const;
export type SimEvent = (typeof SIM_EVENTS)[number];
export const simEventSchema = z.literal(SIM_EVENTS);

/**
 * Exercise routes appear in the web app's path (/user/{route}), so they are URL-safe slugs.
 */
export const EXERCISE_ROUTE_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;
export const exerciseRouteSchema = z
  .string({ error: Messages.VALIDATION_ERROR.message })
  .trim()
  .toLowerCase()
  .regex(EXERCISE_ROUTE_PATTERN, { error: Messages.VALIDATION_ERROR.message });

/**
 * GET /question: `event` (the SIM test) or `route` (an exercise), exactly one; which one is
 * checked by the handler so that the query stays a plain object in the OpenAPI document.
 * `limit=inf` is what the spec's client sends; a number caps the list.
 */
export const questionQuerySchema = z.object({
  event: z.enum(['0', '1', '2'], { error: Messages.VALIDATION_ERROR.message }).optional(),
  route: exerciseRouteSchema.optional(),
  limit: z
    .string()
    .regex(/^(inf|[1-9][0-9]{0,3})$/, { error: Messages.VALIDATION_ERROR.message })
    .optional(),
});
export type QuestionQuery = z.infer<typeof questionQuerySchema>;

/**
 * A question as listed. Exercise questions also carry `id` and `route` (on the question and on
 * each option): the spec's client reads the route from the first question.
 */
export const questionSchema = z.object({
  _id: z.string(),
  id: z.string().optional(),
  route: z.string().optional(),
  question: z.string(),
  question_type: questionTypeSchema,
  options: z.array(
    z.object({
      id: z.string().optional(),
      value: z.string(),
      point: z.number(),
      route: z.string().optional(),
    }),
  ),
});
export type Question = z.infer<typeof questionSchema>;
export const questionsResponseSchema = successEnvelope(z.array(questionSchema));

// ---------------------------------------------------------------------------------------------
// SIM test attempts
// ---------------------------------------------------------------------------------------------

export const simAttemptSchema = z.object({
  total_points: z.number().int().min(0),
  attempt: z.number().int().min(1),
  created_at: z.iso.datetime(),
});
export type SimAttempt = z.infer<typeof simAttemptSchema>;

/** GET /user-answer: attempts oldest first, and which question set the next test uses. */
export const simAttemptsResponseSchema = successEnvelope(z.array(simAttemptSchema), {
  next_event: simEventSchema,
});

/** POST /user-answer: the server's score and the step the user moved to. */
export const simSubmitResponseSchema = successEnvelope(
  z.object({ total_points: z.number().int().min(0), attempt: z.number().int().min(1) }),
  { step: stepSchema },
);

/**
 * Which question set a user's next test uses: the landing test (0) for the first attempt, the
 * premium set (2) once the premium programme has been watched to the end, the second set (1)
 * otherwise. Repeating a set is intended: a user back at step 2 after a second free run gets
 * set 1 again, so their answers stay comparable with their previous attempt.
 */
export function nextSimEvent(input: { attempts: number; finishedPremium: boolean }): SimEvent {
  const { attempts, finishedPremium } = input;
  if (!Number.isSafeInteger(attempts) || attempts < 0) {
    throw new RangeError(`attempts must be a non-negative integer, got ${attempts}`);
  }
  if (attempts === 0) return 0;
  return finishedPremium ? 2 : 1;
}

// ---------------------------------------------------------------------------------------------
// Lessons
// ---------------------------------------------------------------------------------------------

export const LESSON_TYPES = ['free', 'score_explanation', 'paid'] as const;
export const lessonTypeSchema = z.enum(LESSON_TYPES);
export type LessonType = z.infer<typeof lessonTypeSchema>;

export const lessonExerciseSchema = z.object({
  /** Seconds into the video. */
  time: z.number().min(0),
  route: z.string(),
});

export const lessonRenditionSchema = z.object({
  /** Pixels. */
  height: z.number().int().min(1),
  /** A playable URL, as `source`. */
  src: z.string(),
});
export type LessonRendition = z.infer<typeof lessonRenditionSchema>;

export const lessonDetailsSchema = z.object({
  title: z.string(),
  content: z.string(),
  day: z.number().int().min(1),
  video_order: z.number().int(),
  /** A playable URL (same-origin path or absolute). */
  source: z.string(),
  thumbnail_img: z.string().nullable(),
  /** Seconds. */
  total_duration: z.number().int().min(1),
  is_paid: z.boolean(),
  type: lessonTypeSchema,
  /** The exercise opened after the lesson is viewed. */
  route: z.string().nullable(),
  /** A WebVTT captions URL. */
  captions: z.string().nullable(),
  /**
   * Smaller versions of `source` for slow connections and the member's Data saver (decision
   * 057), smallest first; empty until the server has made them.
   */
  renditions: z.array(lessonRenditionSchema),
  /** The lesson's sound alone (AAC in MP4), for 'Listen only'; null until made. */
  audio_src: z.string().nullable(),
});

export const userLessonSchema = z.object({
  _id: z.string(),
  status: lessonStatusSchema,
  /** The spec's player reads the status under this name too. */
  isActive: lessonStatusSchema,
  pause_time: z.number().min(0),
  seconds_viewed: z.number().min(0),
  is_viewed: z.boolean(),
  feedback: z.string().nullable(),
  completed_at: z.iso.datetime().nullable(),
  exercises: z.array(lessonExerciseSchema),
  lesson_details: lessonDetailsSchema,
});
export type UserLesson = z.infer<typeof userLessonSchema>;

export const userLessonsQuerySchema = z.object({
  day: z.coerce
    .number({ error: Messages.VALIDATION_ERROR.message })
    .int({ error: Messages.VALIDATION_ERROR.message })
    .min(1, { error: Messages.VALIDATION_ERROR.message })
    .max(10_000, { error: Messages.VALIDATION_ERROR.message })
    .optional(),
});

/**
 * GET /user-lesson: the lessons in programme order, the programme's length, and the user's
 * programme day (null for free users, who have no day limit).
 */
export const userLessonsResponseSchema = successEnvelope(z.array(userLessonSchema), {
  total_days: z.number().int().min(0),
  current_day: z.number().int().min(1).nullable(),
  /**
   * Premium: when each day 1..total_days opens (ISO instants, midnight IST), so a client can show
   * a locked day's opening without asking for it; null on the free track.
   */
  day_opens_at: z.array(z.iso.datetime()).nullable(),
});

export { FEEDBACK_MAX_LENGTH };
/** A position in a video, in seconds; a day caps nonsense values from a broken client. */
const videoSecondsSchema = z
  .number({ error: Messages.VALIDATION_ERROR.message })
  .min(0, { error: Messages.VALIDATION_ERROR.message })
  .max(86_400, { error: Messages.VALIDATION_ERROR.message });

/**
 * PUT /user-lesson/{id}: exactly one of the four, so one request is one event of the player
 * (a pause, progress, the end, a question) and the server never has to order them.
 */
export const userLessonUpdateRequestSchema = z
  .object({
    pause_time: videoSecondsSchema.optional(),
    seconds_viewed: videoSecondsSchema.optional(),
    is_viewed: z.literal(true, { error: Messages.VALIDATION_ERROR.message }).optional(),
    feedback: z
      .string({ error: Messages.FEEDBACK_EMPTY.message })
      .overwrite(stripInvisibleCharacters)
      .trim()
      .min(1, { error: Messages.FEEDBACK_EMPTY.message, abort: true })
      .max(FEEDBACK_MAX_LENGTH, { error: Messages.FEEDBACK_TOO_LONG.message })
      .optional(),
  })
  .refine(
    (body) =>
      [body.pause_time, body.seconds_viewed, body.is_viewed, body.feedback].filter(
        (v) => v !== undefined,
      ).length === 1,
    { error: Messages.VALIDATION_ERROR.message },
  );
export type UserLessonUpdateRequest = z.infer<typeof userLessonUpdateRequestSchema>;

/** PUT /user-lesson/{id}: the updated lesson and the user's step after it. */
export const userLessonUpdateResponseSchema = successEnvelope(userLessonSchema, {
  step: stepSchema,
});

/**
 * What the step machine needs to know about a viewed lesson: whether it is the score video, the
 * last free lesson or the last premium lesson of the user's list.
 */
export function viewedLessonKind(
  rows: readonly (LessonRow & { type: LessonType })[],
  viewedId: string,
): ViewedLessonKind {
  const viewed = rows.find((row) => row.id === viewedId);
  if (viewed === undefined) return 'other';
  if (viewed.type === 'score_explanation') return 'score_explanation';
  const sameType = rows.filter((row) => row.type === viewed.type);
  const last = sameType.reduce<(typeof rows)[number] | undefined>(
    (best, row) =>
      best === undefined ||
      row.day > best.day ||
      (row.day === best.day && row.video_order > best.video_order) ||
      (row.day === best.day && row.video_order === best.video_order && row.id > best.id)
        ? row
        : best,
    undefined,
  );
  if (last?.id !== viewed.id) return 'other';
  return viewed.type === 'free' ? 'last_free' : 'last_premium';
}

// ---------------------------------------------------------------------------------------------
// Exercises
// ---------------------------------------------------------------------------------------------

export const EXERCISE_TEXT_MAX_LENGTH = 2000;

/**
 * One exercise answer: radio a point or the option's text, checkbox a list of option texts (or
 * points), textarea the text. Exercise options often share a point, so the text is what tells
 * the operator which option the user chose.
 */
export const exerciseAnswerSchema = z.object({
  question_id: z.string().min(1),
  value: z.union([
    z.number(),
    z
      .string()
      .overwrite(stripInvisibleCharacters)
      .max(EXERCISE_TEXT_MAX_LENGTH, { error: Messages.EXERCISE_ANSWER_TOO_LONG.message }),
    z.array(z.union([z.number(), z.string().overwrite(stripInvisibleCharacters).max(500)])).max(50),
  ]),
});
export type ExerciseAnswer = z.infer<typeof exerciseAnswerSchema>;

/** POST /user-exercise. */
export const exerciseSubmitRequestSchema = z.object({
  exercise: exerciseRouteSchema,
  answers: z.array(exerciseAnswerSchema).max(200),
});
export type ExerciseSubmitRequest = z.infer<typeof exerciseSubmitRequestSchema>;

export const answeredExerciseSchema = z.object({
  exercise: z.string(),
  created_at: z.iso.datetime(),
});
export const answeredExercisesResponseSchema = successEnvelope(z.array(answeredExerciseSchema));
export const exerciseSubmitResponseSchema = successEnvelope(answeredExerciseSchema);

/** What validating an exercise needs of a question. */
export type ExerciseQuestion = {
  _id: string;
  question_type: QuestionType;
  options: readonly { value: string; point: number }[];
};

export type ExerciseAnswersResult =
  | { ok: true; answers: ExerciseAnswer[] }
  | {
      ok: false;
      reason: 'unknown_question' | 'duplicate_answer' | 'unanswered_question' | 'invalid_value';
      questionId: string;
    };

function isBlank(value: ExerciseAnswer['value']): boolean {
  return Array.isArray(value) ? value.length === 0 : typeof value === 'string' && !value.trim();
}

function matchesOption(question: ExerciseQuestion, choice: number | string): boolean {
  return question.options.some((option) =>
    typeof choice === 'number' ? option.point === choice : option.value === choice,
  );
}

function normaliseExerciseValue(
  question: ExerciseQuestion,
  value: ExerciseAnswer['value'],
): ExerciseAnswer['value'] | null {
  switch (question.question_type) {
    case 'radio':
      return !Array.isArray(value) && matchesOption(question, value) ? value : null;
    case 'checkbox': {
      if (!Array.isArray(value) || value.length === 0) return null;
      if (new Set(value).size !== value.length) return null;
      return value.every((choice) => matchesOption(question, choice)) ? value : null;
    }
    case 'textarea': {
      if (typeof value !== 'string') return null;
      const text = value.trim();
      return text !== '' && text.length <= EXERCISE_TEXT_MAX_LENGTH ? text : null;
    }
  }
}

/**
 * Every question of the exercise answered exactly once with a value its type allows (radio: one
 * of the options, checkbox: a non-empty list of distinct options, textarea: 1 to 2000 characters
 * after trimming). Returns the answers in question order with text trimmed, ready to store.
 */
export function validateExerciseAnswers(
  questions: readonly ExerciseQuestion[],
  answers: readonly ExerciseAnswer[],
): ExerciseAnswersResult {
  const byId = new Map(questions.map((question) => [question._id, question]));
  const values = new Map<string, ExerciseAnswer['value']>();
  const seen = new Set<string>();
  for (const answer of answers) {
    const question = byId.get(answer.question_id);
    if (question === undefined) {
      return { ok: false, reason: 'unknown_question', questionId: answer.question_id };
    }
    if (seen.has(question._id)) {
      return { ok: false, reason: 'duplicate_answer', questionId: question._id };
    }
    seen.add(question._id);
    // A blank text or an empty selection is how a form sends a question it left out.
    if (isBlank(answer.value)) continue;
    const value = normaliseExerciseValue(question, answer.value);
    if (value === null) return { ok: false, reason: 'invalid_value', questionId: question._id };
    values.set(question._id, value);
  }
  const ordered: ExerciseAnswer[] = [];
  for (const question of questions) {
    const value = values.get(question._id);
    if (value === undefined) {
      return { ok: false, reason: 'unanswered_question', questionId: question._id };
    }
    ordered.push({ question_id: question._id, value });
  }
  return { ok: true, answers: ordered };
}
