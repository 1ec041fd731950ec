import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A member's browsers that accepted Web Push (API.md "Real channels"): one row per endpoint, at
 * most ten a member (the oldest goes). A push service answering 404 or 410 deletes the row.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The push service's URL for this browser; checked against the allowed hosts. */
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's P-256 public key and auth secret, url-safe base64. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** A short label of the browser ('Chrome on Android'), never the whole User-Agent. */
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_id_idx').on(t.userId, t.createdAt)],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
