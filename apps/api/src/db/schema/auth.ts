import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Rows behind the single-use link tokens (reset, delete, verify-email). The token carries the row id as `jti`;
 * marking `used_at` is what makes a leaked mail link worthless after its first use.
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['reset', 'delete', 'verify-email'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('one_time_tokens_user_id_idx').on(t.userId)],
);

/**
 * The one live one-time code per user and purpose. A new send replaces the row (new id, new code,
 * attempts back to 0), so an older code and the temp token bound to it stop working at once.
 */
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['login', 'whatsapp', 'mobile'] }).notNull(),
    channel: text('channel', { enum: ['email', 'sms', 'whatsapp'] }).notNull(),
    /** The address or number the code went to; a WhatsApp code is only good for its number. */
    destination: text('destination').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('otp_challenges_user_purpose_key').on(t.userId, t.purpose)],
);

export type OneTimeTokenRow = typeof oneTimeTokens.$inferSelect;
export type OtpChallengeRow = typeof otpChallenges.$inferSelect;
