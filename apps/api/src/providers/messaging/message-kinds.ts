/**
 * What an outgoing SMS, WhatsApp or push message is, beside its rendered text. WhatsApp outside
 * the 24-hour window and Indian SMS (DLT) deliver only registered templates, so each adapter maps
 * a kind and its parameters to what its provider needs (docs/whatsapp-templates.md,
 * docs/sms-templates.md); push uses the kind for its urgency, lifetime and topic.
 */
export const MESSAGE_KINDS = [
  /** A one-time sign-in or number-confirmation code. Params: `code`. */
  'otp',
  /** The messaging programme's daily message. Params: `day`, `text`. */
  'programme',
  /** An automatic answer to a member's keyword. Params: `text` (and `link` for CRAVE). */
  'reply',
  /** A quit companion milestone (days smoke-free, money saved). Params: `title`, `text`. */
  'milestone',
  /** The reminder to check in. Params: `title`, `text`. */
  'checkin_reminder',
  /** A programme reminder (the next lesson day open, a live session tomorrow). Params: `title`, `text`. */
  'reminder',
  /** A follow-up question after the quit date. Params: `title`, `text`. */
  'follow_up',
  /** A payment confirmed (plan, live session). Params: `title`, `text`. */
  'payment',
  /** A refund requested, approved or paid. Params: `title`, `text`. */
  'refund',
  /** Any other notice the bell shows (account, community, content). Params: `title`, `text`. */
  'notice',
  /** A test message an operator or member asked for. Params: `text`. */
  'test',
  /**
   * A coach answered the member's message (coach support). Params: `name` (the coach's first
   * name), `link` (the app's /coach page). Inside WhatsApp's 24 hours the reply itself goes.
   */
  'coach_reply',
] as const;

export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** A kind's parameters: named strings that fill a template's slots. */
export type MessageParams = Record<string, string>;

export function isMessageKind(value: unknown): value is MessageKind {
  return typeof value === 'string' && (MESSAGE_KINDS as readonly string[]).includes(value);
}
