import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export interface OutboxAttachment {
  filename: string;
  contentType: string;
  /** Base64, so the row stays plain JSON. */
  contentBase64: string;
}

/**
 * Every mail, SMS and WhatsApp message leaves through this table: services write the row inside
 * their own transaction (a rolled-back sign-up sends nothing) and a worker delivers it, retrying
 * with backoff, from any number of processes.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: ['email', 'sms', 'whatsapp'] }).notNull(),
    recipient: text('recipient').notNull(),
    /** The account the message is about; erasing the account erases its messages. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    attachments: jsonb('attachments').$type<OutboxAttachment[]>(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /**
     * Deliveries tried before this message is given up (null: the worker's default). A programme
     * message on WhatsApp gives up sooner, so its SMS fallback goes within 15 minutes.
     */
    maxAttempts: integer('max_attempts'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_messages_status_next_attempt_at_idx').on(t.status, t.nextAttemptAt),
    index('outbox_messages_user_id_idx').on(t.userId),
    index('outbox_messages_created_at_idx').on(t.createdAt),
  ],
);

export type OutboxMessageRow = typeof outboxMessages.$inferSelect;
export type NewOutboxMessage = typeof outboxMessages.$inferInsert;
