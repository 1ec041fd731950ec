import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { LANGUAGES } from '@exhale/contract/languages';
import { users } from './users';

/** Issue 45, coach support. A member's rows go with their account. */

/**
 * One conversation per member (the unique user id), opened by their first message and reopened
 * by any later one. `waiting_since` is the member's oldest message no coach has answered yet.
 */
export const coachConversations = pgTable(
  'coach_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique('coach_conversations_user_id_key')
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    urgent: boolean('urgent').notNull().default(false),
    /** A coach or admin; SET NULL when that account is erased (the conversation goes back). */
    assignedTo: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    /** The IST date the member last got the 'coaches answer …' acknowledgement (one a day). */
    acknowledgedOn: date('acknowledged_on', { mode: 'string' }),
    /** When the admins were last alerted about this waiting period (once per period). */
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
    /** The channel of the member's newest message: where a coach's reply goes. */
    lastMemberChannel: text('last_member_channel', { enum: ['app', 'whatsapp', 'sms'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // The inbox: per status, urgent first, then the longest waiting.
    index('coach_conversations_inbox_idx').on(
      t.status,
      t.urgent.desc(),
      t.waitingSince,
      t.lastMessageAt.desc(),
    ),
    index('coach_conversations_assigned_to_idx').on(t.assignedTo),
    // The alert check: what is waiting and not yet alerted.
    index('coach_conversations_waiting_idx')
      .on(t.waitingSince)
      .where(sql`${t.waitingSince} IS NOT NULL AND ${t.alertedAt} IS NULL`),
  ],
);

export type CoachConversationRow = typeof coachConversations.$inferSelect;

/**
 * The thread. `client_id` makes the app's retries idempotent per member; `coach_id` names who
 * replied (SET NULL: the reply stays when the coach's account goes).
 */
export const coachMessages = pgTable(
  'coach_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => coachConversations.id, { onDelete: 'cascade' }),
    /** The member, copied here so the client_id key is per member. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sender: text('sender', { enum: ['member', 'coach', 'system'] }).notNull(),
    text: text('text').notNull(),
    channel: text('channel', { enum: ['app', 'whatsapp', 'sms'] }).notNull(),
    clientId: uuid('client_id'),
    coachId: uuid('coach_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('coach_messages_user_client_id_key').on(t.userId, t.clientId),
    index('coach_messages_conversation_idx').on(t.conversationId, t.createdAt),
    index('coach_messages_created_at_idx').on(t.createdAt),
  ],
);

export type CoachMessageRow = typeof coachMessages.$inferSelect;

/** Internal notes beside a conversation; never in anything the member reads. */
export const coachNotes = pgTable(
  'coach_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => coachConversations.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('coach_notes_conversation_idx').on(t.conversationId, t.createdAt)],
);

export type CoachNoteRow = typeof coachNotes.$inferSelect;

/** The reply box's ready texts, per language; admins edit them. */
export const coachSavedReplies = pgTable(
  'coach_saved_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    language: text('language', { enum: LANGUAGES }).notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('coach_saved_replies_language_idx').on(t.language, t.title),
    check(
      'coach_saved_replies_language_check',
      sql.raw(`language in (${LANGUAGES.map((code) => `'${code}'`).join(', ')})`),
    ),
  ],
);

export type CoachSavedReplyRow = typeof coachSavedReplies.$inferSelect;
