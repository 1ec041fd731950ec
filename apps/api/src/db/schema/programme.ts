import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { LESSON_STATUSES } from '@exhale/contract/lessons';
import { LESSON_TYPES } from '@exhale/contract/programme';
import { QUESTION_TYPES } from '@exhale/contract/sim-score';
import { users } from './users';

/** One choice of a question; `point` is what the SIM test adds up. */
export type QuestionOptionRecord = { id: string; value: string; point: number };

/** An in-video exercise: at `time` seconds the player pauses and opens `route`. */
export type LessonExerciseRecord = { time: number; route: string };

/** A stored exercise answer, as validated (radio: point or value; checkbox: list; textarea: text). */
export type ExerciseAnswerRecord = {
  question_id: string;
  value: number | string | (number | string)[];
};

/**
 * SIM test statements (`event` 0 landing test, 1 second test, 2 after the premium programme) and
 * exercise questions (`route`). A question belongs to exactly one of the two, which the check
 * enforces so that a test can never pick up an exercise's question or the reverse.
 */
export const questions = pgTable(
  'questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    event: smallint('event'),
    route: text('route'),
    position: integer('position').notNull(),
    question: text('question').notNull(),
    questionType: text('question_type', { enum: QUESTION_TYPES }).notNull(),
    options: jsonb('options')
      .$type<QuestionOptionRecord[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('questions_event_xor_route', sql`(${t.event} IS NULL) <> (${t.route} IS NULL)`),
    check('questions_event_check', sql`${t.event} IN (0, 1, 2)`),
    // NULLs are distinct in a unique index, so each index only constrains its own kind of row.
    uniqueIndex('questions_event_position_key').on(t.event, t.position),
    uniqueIndex('questions_route_position_key').on(t.route, t.position),
  ],
);

/**
 * The lesson catalogue. Users never read it directly: their `user_lessons` rows, created from it,
 * carry their progress. `type` and `is_paid` say the same thing twice because the spec's client
 * reads both; the check keeps them from disagreeing.
 */
export const lessons = pgTable(
  'lessons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stable handle for seeded content, so the seed can insert only what is missing. */
    slug: text('slug'),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    day: integer('day').notNull(),
    videoOrder: integer('video_order').notNull(),
    /** A storage key (resolved to a URL when listed) or an absolute URL. */
    source: text('source').notNull(),
    thumbnailImg: text('thumbnail_img'),
    /** Seconds. */
    totalDuration: integer('total_duration').notNull(),
    isPaid: boolean('is_paid').notNull().default(false),
    type: text('type', { enum: LESSON_TYPES }).notNull(),
    /** The exercise opened after the lesson is viewed. */
    route: text('route'),
    exercises: jsonb('exercises')
      .$type<LessonExerciseRecord[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Storage key of a WebVTT captions file. */
    captions: text('captions'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lessons_slug_key').on(t.slug),
    index('lessons_track_order_idx').on(t.isPaid, t.day, t.videoOrder),
    check('lessons_day_check', sql`${t.day} >= 1`),
    check('lessons_total_duration_check', sql`${t.totalDuration} > 0`),
    check('lessons_paid_type_check', sql`(${t.type} = 'paid') = ${t.isPaid}`),
  ],
);

/**
 * A user's copy of a catalogue lesson with their progress. The unique index doubles as the
 * index on user_id (its leading column), which every read of a user's lessons uses.
 */
export const userLessons = pgTable(
  'user_lessons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Restrict: retiring a lesson is `active = false`; deleting it would erase users' progress.
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'restrict' }),
    status: text('status', { enum: LESSON_STATUSES }).notNull().default('inactive'),
    /** Seconds into the video where the user last paused. */
    pauseTime: doublePrecision('pause_time').notNull().default(0),
    /** The furthest second watched; the player refuses to seek beyond it. */
    secondsViewed: doublePrecision('seconds_viewed').notNull().default(0),
    isViewed: boolean('is_viewed').notNull().default(false),
    feedback: text('feedback'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_lessons_user_lesson_key').on(t.userId, t.lessonId),
    index('user_lessons_lesson_id_idx').on(t.lessonId),
    // Admin metrics: the completion funnel only ever reads completed rows.
    index('user_lessons_completed_idx')
      .on(t.lessonId, t.userId)
      .where(sql`${t.status} = 'completed'`),
  ],
);

/**
 * The lesson catalogue's version: one row, raised by a trigger (migration 0007) with every
 * statement that changes `lessons`. API processes keep the catalogue in memory and compare this
 * number, read in the same query as a user's progress, instead of joining the catalogue into
 * every lesson list.
 */
export const lessonCatalogueVersion = pgTable(
  'lesson_catalogue_version',
  {
    single: boolean('single').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (t) => [check('lesson_catalogue_version_single_row', sql`${t.single}`)],
);

/** Questions users send after a lesson, for the operators' inbox. */
export const lessonFeedback = pgTable(
  'lesson_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userLessonId: uuid('user_lesson_id')
      .notNull()
      .references(() => userLessons.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
  },
  (t) => [
    index('lesson_feedback_created_at_idx').on(t.createdAt),
    index('lesson_feedback_user_id_idx').on(t.userId),
    index('lesson_feedback_user_lesson_id_idx').on(t.userLessonId),
  ],
);

/** One submission per user and exercise route; the unique index turns a double submit into 409. */
export const userExercises = pgTable(
  'user_exercises',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    route: text('route').notNull(),
    answers: jsonb('answers').$type<ExerciseAnswerRecord[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_exercises_user_route_key').on(t.userId, t.route)],
);

export type QuestionRow = typeof questions.$inferSelect;
export type LessonCatalogueRow = typeof lessons.$inferSelect;
export type UserLessonRow = typeof userLessons.$inferSelect;
export type UserExerciseRow = typeof userExercises.$inferSelect;
