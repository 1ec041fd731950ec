import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { EXPLORE_STATUSES } from '@exhale/contract/content';
import { users } from './users';

// Public content (blogs, news), the community Explore feed, the public quiz, notification
// settings and the translation cache. Editors' HTML (blog content, news descriptions) is stored
// already sanitised: it is cleaned on write (ARCHITECTURE §5), never on read.

/** Blog posts (spec §3 "Blog"); only published ones are listed. */
export const blogs = pgTable(
  'blogs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** A storage key (resolved to a URL when listed) or an absolute URL. */
    image: text('image'),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    metaTitle: text('meta_title').notNull().default(''),
    metaDescription: text('meta_description').notNull().default(''),
    /** Sanitised HTML. */
    content: text('content').notNull().default(''),
    published: boolean('published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('blogs_slug_key').on(t.slug),
    index('blogs_published_idx')
      .on(t.publishedAt.desc(), t.createdAt.desc())
      .where(sql`${t.published}`),
  ],
);

/** News and media coverage (spec §3 "News item"); `link` is the outside story. */
export const newsItems = pgTable(
  'news_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    image: text('image'),
    title: text('title').notNull(),
    author: text('author').notNull(),
    tag: text('tag'),
    /** Sanitised HTML. */
    description: text('description').notNull().default(''),
    link: text('link').notNull(),
    published: boolean('published').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('news_items_created_at_idx').on(t.createdAt.desc())],
);

/**
 * Members' pictures for the Explore feed. Every upload starts `pending`; only `approved` posts are
 * ever listed to members, after an operator looked at them.
 */
export const explorePosts = pgTable(
  'explore_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title'),
    /** Storage key of the re-encoded WebP. */
    image: text('image').notNull(),
    status: text('status', { enum: EXPLORE_STATUSES }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('explore_posts_status_created_at_idx').on(t.status, t.createdAt.desc()),
    index('explore_posts_user_id_idx').on(t.userId),
  ],
);

/** Members' comments on an approved post; `hidden` lets an operator take one down. */
export const exploreReviews = pgTable(
  'explore_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    exploreId: uuid('explore_id')
      .notNull()
      .references(() => explorePosts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    review: text('review').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('explore_reviews_explore_id_created_at_idx').on(t.exploreId, t.createdAt.desc()),
    index('explore_reviews_user_id_idx').on(t.userId),
    check('explore_reviews_length_check', sql`char_length(${t.review}) between 1 and 1000`),
  ],
);

/** A public quiz (/quiz/{id}): one or more quizzes taken in order. */
export const quizSets = pgTable('quiz_sets', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  description: text('description'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const quizzes = pgTable(
  'quizzes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    setId: uuid('set_id')
      .notNull()
      .references(() => quizSets.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title'),
    description: text('description'),
  },
  (t) => [uniqueIndex('quizzes_set_position_key').on(t.setId, t.position)],
);

export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    question: text('question').notNull(),
  },
  (t) => [uniqueIndex('quiz_questions_quiz_position_key').on(t.quizId, t.position)],
);

/** `is_correct` never leaves the server before a registration's answers are in. */
export const quizOptions = pgTable(
  'quiz_options',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => quizQuestions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    option: text('option').notNull(),
    isCorrect: boolean('is_correct').notNull().default(false),
  },
  (t) => [uniqueIndex('quiz_options_question_position_key').on(t.questionId, t.position)],
);

/** One answer as submitted: the question and the option chosen (ids). */
export interface QuizAnswerRecord {
  quiz: string;
  question: string;
  answer: string;
}

/** Everyone who took a quiz, with what they answered and their score (visitors, not accounts). */
export const quizRegistrations = pgTable(
  'quiz_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    setId: uuid('set_id')
      .notNull()
      .references(() => quizSets.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    mobileNo: text('mobile_no').notNull(),
    answers: jsonb('answers').$type<QuizAnswerRecord[]>().notNull(),
    score: integer('score').notNull(),
    total: integer('total').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quiz_registrations_set_id_created_at_idx').on(t.setId, t.createdAt)],
);

export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'whatsapp', 'sms', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** What a notification is about; each (topic, channel) pair is one setting a user can turn off. */
export const NOTIFICATION_TOPICS = ['account', 'community', 'reminders', 'quit'] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];

/**
 * The settings a user can toggle (spec §3 "Notification setting": title is the group, setting the
 * name, desc the explanation). The rows are product configuration, inserted by a migration.
 */
export const notificationDefinitions = pgTable(
  'notification_definitions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    topic: text('topic', { enum: NOTIFICATION_TOPICS }).notNull(),
    channel: text('channel', { enum: NOTIFICATION_CHANNELS }).notNull(),
    title: text('title').notNull(),
    setting: text('setting').notNull(),
    description: text('description').notNull(),
    defaultStatus: boolean('default_status').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('notification_definitions_key').on(t.key)],
);

/** A user's choice for one definition; a missing row means the definition's default. */
export const userNotificationSettings = pgTable(
  'user_notification_settings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    definitionId: uuid('definition_id')
      .notNull()
      .references(() => notificationDefinitions.id, { onDelete: 'cascade' }),
    status: boolean('status').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_notification_settings_user_definition_key').on(t.userId, t.definitionId),
    index('user_notification_settings_definition_id_idx').on(t.definitionId),
  ],
);

/**
 * Scheduled reminders already sent: one row per (user, kind, ref), e.g. ('lesson_day', '3') or
 * ('live_session_tomorrow', session id). The unique key makes the job idempotent across runs and
 * processes.
 */
export const notificationReminders = pgTable(
  'notification_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['lesson_day', 'live_session_tomorrow', 'quit_milestone', 'quit_follow_up'],
    }).notNull(),
    ref: text('ref').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('notification_reminders_key').on(t.userId, t.kind, t.ref)],
);

/** Machine translations already fetched, keyed by a hash of the source text and the target. */
export const translations = pgTable(
  'translations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sourceHash: text('source_hash').notNull(),
    target: text('target').notNull(),
    sourceText: text('source_text').notNull(),
    translatedText: text('translated_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('translations_source_target_key').on(t.sourceHash, t.target)],
);

export type BlogRow = typeof blogs.$inferSelect;
export type NewsItemRow = typeof newsItems.$inferSelect;
export type ExplorePostRow = typeof explorePosts.$inferSelect;
export type ExploreReviewRow = typeof exploreReviews.$inferSelect;
export type NotificationDefinitionRow = typeof notificationDefinitions.$inferSelect;
