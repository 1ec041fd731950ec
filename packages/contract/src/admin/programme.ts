// The console's programme: uploads, lessons and the questions of SIM events and exercises.
import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { LESSON_TYPES, SIM_EVENTS } from '../programme';
import { questionTypeSchema } from '../sim-score';
import { adminRouteSchema, isoOut, optionalText, text, uploadKey } from './fields';

// ---------------------------------------------------------------------------------------------
// Uploads
// ---------------------------------------------------------------------------------------------

export const UPLOAD_KINDS = ['video', 'image'] as const;
export const uploadKindSchema = z.enum(UPLOAD_KINDS);
export type UploadKind = z.infer<typeof uploadKindSchema>;
/** Lesson videos are MP4 (H.264 plays everywhere); they are checked, not re-encoded. */
export const VIDEO_MAX_BYTES = 200 * 1024 * 1024;
/** The longest video an operator may upload, as its MP4 header gives it: 6 hours. */
export const VIDEO_MAX_DURATION_SECONDS = 6 * 60 * 60;
/** Images are re-encoded to WebP, so the original may be a large camera JPEG. */
export const IMAGE_MAX_BYTES = 8 * 1024 * 1024;

export const uploadSchema = z.object({
  key: z.string(),
  url: z.string(),
  kind: uploadKindSchema,
  bytes: z.number().int(),
  /** Read by the server from the MP4's movie header; null for images. */
  duration_seconds: z.number().int().nullable(),
});
export type Upload = z.infer<typeof uploadSchema>;
export const uploadResponseSchema = successEnvelope(uploadSchema);

// ---------------------------------------------------------------------------------------------
// Lessons
// ---------------------------------------------------------------------------------------------

export { LESSON_TYPES };
export const lessonTypeSchema = z.enum(LESSON_TYPES, { error: 'Choose a lesson type.' });
export type LessonType = z.infer<typeof lessonTypeSchema>;

export const lessonExerciseInputSchema = z.object({
  time: z
    .number({ error: 'Give the second the exercise opens at.' })
    .int({ error: 'Use whole seconds.' })
    .min(0, { error: 'Use whole seconds.' }),
  route: adminRouteSchema,
});

const lessonFields = {
  title: text(200, 'Title'),
  content: optionalText(5000, 'Description'),
  day: z
    .number({ error: 'Give a day.' })
    .int()
    .min(1, { error: 'Days start at 1.' })
    .max(365, { error: 'At most 365 days.' }),
  /** Omitted on create: the lesson goes last in its day. */
  video_order: z.number().int().min(1).max(1000).optional(),
  type: lessonTypeSchema,
  /** The key an upload returned (or the lesson's current source). */
  source: uploadKey,
  thumbnail_img: uploadKey.nullable().optional(),
  /** The exercise opened after the lesson is watched. */
  route: adminRouteSchema.nullable().optional(),
  exercises: z.array(lessonExerciseInputSchema).max(50),
};

// Defaults only on create: an update's missing field means "unchanged", never "reset".
export const adminLessonCreateSchema = z.object({
  ...lessonFields,
  content: lessonFields.content.default(''),
  exercises: lessonFields.exercises.default([]),
});
export type AdminLessonCreate = z.input<typeof adminLessonCreateSchema>;

export const adminLessonUpdateSchema = z
  .object({ ...lessonFields, active: z.boolean() })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { error: 'Nothing to change.' });
export type AdminLessonUpdate = z.input<typeof adminLessonUpdateSchema>;

export const adminLessonSchema = z.object({
  _id: z.string(),
  title: z.string(),
  content: z.string(),
  day: z.number().int(),
  video_order: z.number().int(),
  type: lessonTypeSchema,
  is_paid: z.boolean(),
  source: z.string(),
  source_url: z.string(),
  thumbnail_img: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  total_duration: z.number().int(),
  route: z.string().nullable(),
  exercises: z.array(z.object({ time: z.number(), route: z.string() })),
  active: z.boolean(),
  created_at: isoOut,
});
export type AdminLesson = z.infer<typeof adminLessonSchema>;
export const adminLessonResponseSchema = successEnvelope(adminLessonSchema);
export const adminLessonsResponseSchema = successEnvelope(z.array(adminLessonSchema));

export const lessonTrackSchema = z.enum(['free', 'paid']);
export const lessonReorderSchema = z.object({
  track: lessonTrackSchema,
  day: z.number().int().min(1).max(365),
  /** Every active lesson of that track and day, in the new order. */
  ids: z.array(z.string()).min(1).max(200),
});
export type LessonReorder = z.infer<typeof lessonReorderSchema>;

// ---------------------------------------------------------------------------------------------
// Questions (SIM test events and exercise routes)
// ---------------------------------------------------------------------------------------------

export const adminQuestionOptionSchema = z.object({
  /** Kept when editing so stored answers still name the option; new options get one. */
  id: z.string().trim().max(40).optional(),
  value: text(300, 'Option text'),
  point: z
    .number({ error: 'Give the option points.' })
    .int({ error: 'Points are whole numbers.' })
    .min(0, { error: 'Points cannot be negative.' })
    .max(100, { error: 'At most 100 points.' }),
});

const questionBody = {
  question: text(1000, 'Question'),
  question_type: questionTypeSchema,
  options: z.array(adminQuestionOptionSchema).max(20).default([]),
};

function checkOptions(
  body: { question_type?: string; options?: unknown[] },
  ctx: z.RefinementCtx,
): void {
  if (body.question_type === undefined) return;
  const count = body.options?.length ?? 0;
  if (body.question_type === 'textarea' && count > 0) {
    ctx.addIssue({ code: 'custom', path: ['options'], message: 'Text questions have no options.' });
  }
  if (body.question_type !== 'textarea' && count < 2) {
    ctx.addIssue({ code: 'custom', path: ['options'], message: 'Give at least 2 options.' });
  }
}

export const adminQuestionCreateSchema = z
  .object({
    event: z.literal(SIM_EVENTS).nullable().optional(),
    route: adminRouteSchema.nullable().optional(),
    ...questionBody,
  })
  .superRefine((body, ctx) => {
    const hasEvent = body.event !== undefined && body.event !== null;
    const hasRoute = body.route !== undefined && body.route !== null;
    if (hasEvent === hasRoute) {
      ctx.addIssue({
        code: 'custom',
        path: ['event'],
        message: 'A question belongs to one SIM event or one exercise route.',
      });
    }
    checkOptions(body, ctx);
  });
export type AdminQuestionCreate = z.input<typeof adminQuestionCreateSchema>;

export const adminQuestionUpdateSchema = z.object(questionBody).superRefine(checkOptions);
export type AdminQuestionUpdate = z.input<typeof adminQuestionUpdateSchema>;

export const adminQuestionQuerySchema = z.object({
  event: z.enum(['0', '1', '2']).optional(),
  route: adminRouteSchema.optional(),
});

export const adminQuestionSchema = z.object({
  _id: z.string(),
  event: z.number().int().nullable(),
  route: z.string().nullable(),
  position: z.number().int(),
  question: z.string(),
  question_type: questionTypeSchema,
  options: z.array(z.object({ id: z.string(), value: z.string(), point: z.number() })),
});
export type AdminQuestion = z.infer<typeof adminQuestionSchema>;
export const adminQuestionResponseSchema = successEnvelope(adminQuestionSchema);
export const adminQuestionsResponseSchema = successEnvelope(z.array(adminQuestionSchema));

export const questionReorderSchema = z
  .object({
    event: z.literal(SIM_EVENTS).optional(),
    route: adminRouteSchema.optional(),
    ids: z.array(z.string()).min(1).max(500),
  })
  .refine((body) => (body.event === undefined) !== (body.route === undefined), {
    error: 'Reorder one SIM event or one exercise route.',
  });

export const exerciseRouteSummarySchema = z.object({
  route: z.string(),
  questions: z.number().int(),
  /** Titles of the lessons that open this exercise. */
  lessons: z.array(z.string()),
});
export const exerciseRoutesResponseSchema = successEnvelope(z.array(exerciseRouteSummarySchema));
