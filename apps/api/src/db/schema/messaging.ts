import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TobaccoType } from '@exhale/contract/quit-plan';
import { users } from './users';

/** Issue 15, the messaging programme. Member rows go with their account. */

/**
 * A member's choice of programme messages. No row means not enrolled (channel 'none'): the
 * programme is opt-in (decision 052).
 */
export const messagingPreferences = pgTable(
  'messaging_preferences',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['whatsapp', 'sms', 'push', 'none'] }).notNull(),
    /** Minutes after midnight IST, 420 (07:00) … 1260 (21:00). */
    sendMinute: smallint('send_minute').notNull(),
    language: text('language').notNull(),
    optedOut: boolean('opted_out').notNull().default(false),
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The scheduler's scan: enrolled members whose time has come.
    index('messaging_preferences_due_idx')
      .on(t.sendMinute)
      .where(sql`${t.channel} <> 'none' AND NOT ${t.optedOut}`),
    check('messaging_preferences_send_minute', sql`${t.sendMinute} BETWEEN 420 AND 1260`),
  ],
);

export type MessagingPreferencesRow = typeof messagingPreferences.$inferSelect;

/** The operators' library: one message per day offset and language, plus tobacco variants. */
export const programmeMessages = pgTable(
  'programme_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dayOffset: smallint('day_offset').notNull(),
    language: text('language').notNull(),
    /** Null: the message for everyone without a variant of their own. */
    tobaccoType: text('tobacco_type').$type<TobaccoType>(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('programme_messages_key').on(t.dayOffset, t.language, t.tobaccoType).nullsNotDistinct(),
    check('programme_messages_day_offset', sql`${t.dayOffset} BETWEEN -7 AND 56`),
  ],
);

export type ProgrammeMessageRow = typeof programmeMessages.$inferSelect;

/**
 * One programme message per member and IST date: the unique key is the exactly-once claim that
 * any number of workers race for (ARCHITECTURE.md §4). The outbox rows carry the delivery.
 */
export const programmeSends = pgTable(
  'programme_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    istDate: date('ist_date', { mode: 'string' }).notNull(),
    dayOffset: smallint('day_offset').notNull(),
    channel: text('channel', { enum: ['whatsapp', 'sms', 'push'] }).notNull(),
    /** The outbox row of the send; also the `message_id` the gateways report status for. */
    outboxId: uuid('outbox_id').notNull(),
    /**
     * What went instead when the day's message failed: a push (its first browser's row) or an
     * SMS; when a push fallback fails too, the SMS after it replaces it here.
     */
    fallbackOutboxId: uuid('fallback_outbox_id'),
    /**
     * Kept only until the message is delivered, the SMS goes or the day is over, so a failure
     * can be re-sent as is.
     */
    fallbackText: text('fallback_text'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** The gateway reported the send failed (status callback). */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('programme_sends_user_date_key').on(t.userId, t.istDate),
    index('programme_sends_outbox_id_idx').on(t.outboxId),
    index('programme_sends_fallback_outbox_id_idx').on(t.fallbackOutboxId),
    index('programme_sends_ist_date_idx').on(t.istDate),
    // The failover scan: WhatsApp sends that may still need an SMS.
    index('programme_sends_failover_idx')
      .on(t.createdAt)
      .where(sql`${t.fallbackText} IS NOT NULL`),
  ],
);

export type ProgrammeSendRow = typeof programmeSends.$inferSelect;

/**
 * Every inbound reply and status callback handled, keyed by the provider's message id, so a
 * gateway's retry is handled once. No number and no text are kept: only what the figures count.
 */
export const messagingInbound = pgTable(
  'messaging_inbound',
  {
    provider: text('provider').notNull(),
    messageId: text('message_id').notNull(),
    kind: text('kind', { enum: ['reply', 'status'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A reply's keyword ('crave', 'slip', 'stop', 'start', 'other'), or a status. */
    keyword: text('keyword').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'messaging_inbound_pkey', columns: [t.provider, t.kind, t.messageId] }),
    index('messaging_inbound_received_at_idx').on(t.receivedAt),
  ],
);

/**
 * When each WhatsApp number last wrote to us: WhatsApp accepts free text only within 24 hours of
 * it, and approved templates otherwise. Keyed by the 10-digit number the outbox sends to.
 */
export const whatsappWindows = pgTable('whatsapp_windows', {
  number: text('number').primaryKey(),
  lastInboundAt: timestamp('last_inbound_at', { withTimezone: true }).notNull(),
});

/**
 * Providers' webhook bodies, verified and kept until the worker has handled them, so the webhook
 * answers at once (Meta retries anything slow) and the work survives a restart.
 */
export const messagingWebhookEvents = pgTable(
  'messaging_webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    index('messaging_webhook_events_pending_idx')
      .on(t.receivedAt)
      .where(sql`${t.processedAt} IS NULL`),
  ],
);

/** What the console reports about a provider's setup: when its webhook was last verified. */
export const messagingProviderState = pgTable('messaging_provider_state', {
  provider: text('provider').primaryKey(),
  webhookVerifiedAt: timestamp('webhook_verified_at', { withTimezone: true }),
});
