// Coach support (API.md "Coach support"): a member's one conversation with the coaches, the
// console's inbox, saved replies and the coach figures of the metrics page.
import { z } from 'zod';
import { successEnvelope } from './envelope';
import { outcomeWeekSchema } from './follow-ups';
import { LANGUAGES } from './languages';
import { Messages } from './messages';
import { stripInvisibleCharacters } from './text';

export const COACH_LIMITS = {
  textMaxLength: 2000,
  savedReplyTitleMaxLength: 120,
} as const;

export const COACH_MESSAGE_SENDERS = ['member', 'coach', 'system'] as const;
export type CoachMessageSender = (typeof COACH_MESSAGE_SENDERS)[number];

/** Where a message was written or delivered: the app, or a reply by WhatsApp or SMS. */
export const COACH_CHANNELS = ['app', 'whatsapp', 'sms'] as const;
export type CoachChannel = (typeof COACH_CHANNELS)[number];

export const CONVERSATION_STATUSES = ['open', 'closed'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

/** Inbox filter: conversations assigned to the caller, to nobody, or all of them. */
export const INBOX_ASSIGNED_FILTERS = ['me', 'none', 'all'] as const;

/** 1–2,000 characters after trimming and removing invisible characters (decision 081). */
export const coachTextSchema = z
  .string({ error: Messages.COACH_TEXT_INVALID.message })
  .overwrite(stripInvisibleCharacters)
  .trim()
  .min(1, { error: Messages.COACH_TEXT_INVALID.message })
  .max(COACH_LIMITS.textMaxLength, { error: Messages.COACH_TEXT_INVALID.message });

// ---------------------------------------------------------------------------------------------
// The member's side
// ---------------------------------------------------------------------------------------------

export const coachMessageSchema = z.object({
  _id: z.string(),
  from: z.enum(COACH_MESSAGE_SENDERS),
  text: z.string(),
  channel: z.enum(COACH_CHANNELS),
  created_at: z.iso.datetime(),
  /** The coach's first name on a coach's message; null on the member's and system messages. */
  coach_name: z.string().nullable(),
  /** The `client_id` the app sent it with (member messages from the app), else null. */
  client_id: z.string().nullable(),
});
export type CoachMessage = z.infer<typeof coachMessageSchema>;

/** GET /coach/conversation: `messages` oldest first; an empty open thread before the first one. */
export const coachConversationSchema = z.object({
  status: z.enum(CONVERSATION_STATUSES),
  messages: z.array(coachMessageSchema),
});
export type CoachConversation = z.infer<typeof coachConversationSchema>;
export const coachConversationResponseSchema = successEnvelope(coachConversationSchema);

/** POST /coach/messages; a retried `client_id` is stored once (the first message comes back). */
export const coachMessageRequestSchema = z.object({
  text: coachTextSchema,
  client_id: z.uuid({ error: Messages.CLIENT_ID_INVALID.message }).optional(),
});
export type CoachMessageRequest = z.infer<typeof coachMessageRequestSchema>;
export const coachMessageResponseSchema = successEnvelope(coachMessageSchema);

// ---------------------------------------------------------------------------------------------
// The console's inbox (coach and admin)
// ---------------------------------------------------------------------------------------------

/** A person a conversation names: the member or a coach. Only the name, never contact details. */
export const coachPersonSchema = z.object({ _id: z.string(), name: z.string() });
export type CoachPerson = z.infer<typeof coachPersonSchema>;

export const inboxQuerySchema = z.object({
  status: z.enum(CONVERSATION_STATUSES).default('open'),
  assigned: z.enum(INBOX_ASSIGNED_FILTERS).default('all'),
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

export const inboxItemSchema = z.object({
  _id: z.string(),
  member: coachPersonSchema,
  status: z.enum(CONVERSATION_STATUSES),
  urgent: z.boolean(),
  assigned_to: coachPersonSchema.nullable(),
  last_message_at: z.iso.datetime(),
  /** The member's oldest message no coach has answered yet; null when nothing waits. */
  waiting_since: z.iso.datetime().nullable(),
  /** The first 140 characters of the newest message a person wrote (member or coach), for the list. */
  preview: z.string(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;
/** Urgent first, then the longest waiting, then the most recent. */
export const inboxResponseSchema = successEnvelope(z.array(inboxItemSchema));

export const coachNoteSchema = z.object({
  _id: z.string(),
  text: z.string(),
  author: coachPersonSchema.nullable(),
  created_at: z.iso.datetime(),
});
export type CoachNote = z.infer<typeof coachNoteSchema>;

/** What a coach sees of the member: the quit story, never payment or contact details. */
export const inboxMemberSchema = z.object({
  _id: z.string(),
  name: z.string(),
  language: z.enum(LANGUAGES),
  /** IST date, null without a quit plan. */
  quit_date: z.string().nullable(),
  /** Whole days since the last slip or the quit date; null before the quit date or without one. */
  days_smoke_free: z.number().int().nullable(),
  slips_last_7_days: z.number().int(),
  /** The newest dependence test's score; null before one. */
  dependence_score: z.number().int().nullable(),
  /** Day of the paid programme; null for members without it. */
  programme_day: z.number().int().nullable(),
});
export type InboxMember = z.infer<typeof inboxMemberSchema>;

export const inboxDetailSchema = z.object({
  _id: z.string(),
  status: z.enum(CONVERSATION_STATUSES),
  urgent: z.boolean(),
  assigned_to: coachPersonSchema.nullable(),
  waiting_since: z.iso.datetime().nullable(),
  /** Oldest first, as the member sees them. */
  messages: z.array(coachMessageSchema),
  /** Internal notes, oldest first; never shown to the member. */
  notes: z.array(coachNoteSchema),
  member: inboxMemberSchema,
});
export type InboxDetail = z.infer<typeof inboxDetailSchema>;
export const inboxDetailResponseSchema = successEnvelope(inboxDetailSchema);

export const conversationIdParamsSchema = z.object({ id: z.string() });

/** POST /admin/inbox/{id}/replies and /notes. */
export const coachReplyRequestSchema = z.object({ text: coachTextSchema });
export type CoachReplyRequest = z.infer<typeof coachReplyRequestSchema>;
export const coachNoteRequestSchema = coachReplyRequestSchema;
export const coachNoteResponseSchema = successEnvelope(coachNoteSchema);

/** POST /admin/inbox/{id}/assign: a coach's or admin's id, or null for nobody. */
export const inboxAssignRequestSchema = z.object({
  coach_id: z.string({ error: Messages.NOT_A_COACH.message }).min(1).nullable(),
});
export type InboxAssignRequest = z.infer<typeof inboxAssignRequestSchema>;

/** What assign, close and reopen answer: the conversation as the list shows it. */
export const inboxItemResponseSchema = successEnvelope(inboxItemSchema);

/** GET /admin/coaches: who a conversation can be assigned to (coaches and admins). */
export const coachesResponseSchema = successEnvelope(z.array(coachPersonSchema));

// ---------------------------------------------------------------------------------------------
// Saved replies (GET for coaches and admins; writes admins only)
// ---------------------------------------------------------------------------------------------

export const savedReplyRequestSchema = z.object({
  language: z.enum(LANGUAGES, { error: Messages.MESSAGING_LANGUAGE_INVALID.message }),
  title: z
    .string({ error: Messages.SAVED_REPLY_TITLE_INVALID.message })
    .trim()
    .min(1, { error: Messages.SAVED_REPLY_TITLE_INVALID.message })
    .max(COACH_LIMITS.savedReplyTitleMaxLength, {
      error: Messages.SAVED_REPLY_TITLE_INVALID.message,
    }),
  text: coachTextSchema,
});
export type SavedReplyRequest = z.infer<typeof savedReplyRequestSchema>;

export const savedReplySchema = savedReplyRequestSchema.extend({
  _id: z.string(),
  updated_at: z.iso.datetime(),
});
export type SavedReply = z.infer<typeof savedReplySchema>;

export const savedRepliesQuerySchema = z.object({ language: z.enum(LANGUAGES).optional() });
export const savedReplyIdParamsSchema = z.object({ id: z.string() });
export const savedReplyResponseSchema = successEnvelope(savedReplySchema);
/** By language, then title. */
export const savedRepliesResponseSchema = successEnvelope(z.array(savedReplySchema));

// ---------------------------------------------------------------------------------------------
// Figures for the metrics page (GET /admin/metrics, `coach`)
// ---------------------------------------------------------------------------------------------

const outcomeWeeksSchema = z.object({
  members: z.number().int(),
  week4: outcomeWeekSchema,
  week12: outcomeWeekSchema,
  week26: outcomeWeekSchema,
});

export const coachFiguresSchema = z.object({
  /**
   * Median minutes from a member's first unanswered message to the coach's reply, over the
   * replies sent in the period; null without any.
   */
  median_first_response_minutes: z.number().nullable(),
  /** Now, not over the period. */
  open_conversations: z.number().int(),
  urgent_conversations: z.number().int(),
  /** Conversations with a coach's reply in the period, per coach (most first). */
  per_coach: z.array(z.object({ coach: coachPersonSchema, conversations: z.number().int() })),
  /** Members who wrote to a coach in the period. */
  members_who_wrote: z.number().int(),
  /**
   * Quit outcomes (Russell Standard, as GET /admin/outcomes) of every member with a quit date,
   * split by whether a coach ever replied to them.
   */
  outcomes: z.object({
    with_coach: outcomeWeeksSchema,
    without_coach: outcomeWeeksSchema,
  }),
});
export type CoachFigures = z.infer<typeof coachFiguresSchema>;
