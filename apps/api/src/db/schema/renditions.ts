import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One small version of a lesson video: its height in pixels and where it is stored. */
export interface RenditionRecord {
  height: number;
  key: string;
  bytes: number;
}

export const RENDITION_STATUSES = ['pending', 'running', 'done', 'failed'] as const;

/**
 * The data-saver versions of a lesson video (decision 057): a 360p-or-lower rendition and an
 * audio-only track, made by the rendition worker from the video stored under `source_key`. The
 * row is also the job: `pending` rows are claimed when `next_attempt_at` has passed, a `running`
 * row's lease is `next_attempt_at` (a worker that dies leaves it to be claimed again), and
 * `failed` waits for an operator's retry. Keyed by storage key, not by upload: the seeded demo
 * videos have renditions too and are no uploads.
 */
export const videoRenditions = pgTable(
  'video_renditions',
  {
    sourceKey: text('source_key').primaryKey(),
    status: text('status', { enum: RENDITION_STATUSES }).notNull().default('pending'),
    /** 0–100 while running; 100 once done. */
    progress: integer('progress').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Smallest first; empty until done. */
    renditions: jsonb('renditions')
      .$type<RenditionRecord[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    audioKey: text('audio_key'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('video_renditions_status_next_attempt_at_idx').on(t.status, t.nextAttemptAt),
    check('video_renditions_progress_check', sql`${t.progress} BETWEEN 0 AND 100`),
  ],
);

export type VideoRenditionRow = typeof videoRenditions.$inferSelect;
