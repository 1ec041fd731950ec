import { index, integer, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One row per SIM test attempt. Attempt 1 may come from the landing-page test at sign-up, in
 * which case only the capped score is known (`raw_points` null).
 */
export const testAttempts = pgTable(
  'test_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    rawPoints: integer('raw_points'),
    totalPoints: integer('total_points').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('test_attempts_user_attempt_key').on(t.userId, t.attempt),
    // Admin metrics: attempts per day.
    index('test_attempts_created_at_idx').on(t.createdAt),
  ],
);

export type TestAttemptRow = typeof testAttempts.$inferSelect;
