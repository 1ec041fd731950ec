import { isMessageKind, type MessageKind } from '../messaging/message-kinds';

/**
 * How a push message is delivered, by its kind (message-kinds.ts): how urgent it is and how long
 * the push service keeps it for a phone that is off.
 */
export interface PushOptions {
  /** Seconds the push service keeps an undelivered message. */
  TTL: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** A newer message with the same topic replaces an undelivered one. */
  topic?: string;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * A keyword reply answers the member now, so it is urgent and worthless after five minutes; the
 * day's programme message may wait twelve hours, and a newer one replaces it unread. Reminders
 * keep for the day, account news a day longer.
 */
export function pushOptionsFor(kind: MessageKind): PushOptions {
  switch (kind) {
    case 'reply':
    case 'coach_reply':
    case 'test':
    case 'otp':
      return { TTL: 5 * MINUTE, urgency: 'high' };
    case 'programme':
      return { TTL: 12 * HOUR, urgency: 'normal', topic: 'exhale-programme' };
    case 'milestone':
    case 'checkin_reminder':
    case 'reminder':
    case 'follow_up':
      return { TTL: 12 * HOUR, urgency: 'normal' };
    case 'payment':
    case 'refund':
    case 'notice':
      return { TTL: 24 * HOUR, urgency: 'normal' };
  }
}

/** The notification's tag: a newer one of the same kind replaces it on the phone. */
export function pushTag(kind: MessageKind): string {
  return `exhale-${kind}`;
}

/** The kind a payload's tag names, for a row without one; anything else counts as a notice. */
export function pushKindOfTag(tag: string | undefined): MessageKind {
  const kind = tag?.startsWith('exhale-') ? tag.slice('exhale-'.length) : undefined;
  return isMessageKind(kind) ? kind : 'notice';
}
