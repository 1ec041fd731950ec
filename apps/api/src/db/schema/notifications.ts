import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { LANGUAGES } from '@exhale/contract/languages';
import { users } from './users';

/** In-app messages shown in the bell (spec §2 "Notifications"), newest first. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /**
     * The language the title and message are written in, when the API wrote them from its
     * catalogues (decision 065); null for text someone typed (an operator's message, a reply)
     * and for notices from before migration 0019. The web translates only the others.
     */
    language: text('language', { enum: LANGUAGES }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_id_created_at_idx').on(t.userId, t.createdAt.desc()),
    check(
      'notifications_language_check',
      sql.raw(`language in (${LANGUAGES.map((code) => `'${code}'`).join(', ')})`),
    ),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
