import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { MessageKind, MessageParams } from '../../providers/messaging/message-kinds';
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
    channel: text('channel', { enum: ['email', 'sms', 'whatsapp', 'push'] }).notNull(),
    recipient: text('recipient').notNull(),
    /** The account the message is about; erasing the account erases its messages. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    attachments: jsonb('attachments').$type<OutboxAttachment[]>(),
    /**
     * What an SMS, WhatsApp or push message is and the values its template needs (null for mail):
     * adapters that deliver only registered templates send these rather than the text.
     */
    kind: text('kind').$type<MessageKind>(),
    params: jsonb('params').$type<MessageParams>(),
    /** The member's language, for a template's language. */
    language: text('language'),
    /** The provider's id for the sent message, which its delivery reports name. */
    providerMessageId: text('provider_message_id'),
    /**
     * What the provider last reported: sent, delivered, read, failed; 'not_sent' when the adapter
     * could not send it at all (the reason is in last_error). Never goes backwards.
     */
    deliveryStatus: text('delivery_status', {
      enum: ['sent', 'delivered', 'read', 'failed', 'not_sent'],
    }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
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
    index('outbox_messages_provider_message_id_idx')
      .on(t.providerMessageId)
      .where(sql`${t.providerMessageId} IS NOT NULL`),
  ],
);

export type OutboxMessageRow = typeof outboxMessages.$inferSelect;
export type NewOutboxMessage = typeof outboxMessages.$inferInsert;
