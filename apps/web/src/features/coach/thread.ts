import type { CoachMessage } from '@exhale/contract/coach';
import type { QueuedCoachMessage } from '../../lib/offline/queue';

/** One line of the member's thread: a message the server has, or one waiting on this phone. */
export interface ThreadEntry {
  id: string;
  from: CoachMessage['from'];
  text: string;
  created_at: string;
  coach_name: string | null;
  /** Kept on this phone, not sent yet ('waiting to send'). */
  waiting: boolean;
}

/**
 * The thread as the member sees it: the server's messages, then those still waiting on this phone.
 * A queued message the server already has (its answer was lost, or another tab sent it) shows
 * once, as sent: the `client_id` ties the two together.
 */
export function threadEntries(
  messages: readonly CoachMessage[],
  queued: readonly QueuedCoachMessage[],
): ThreadEntry[] {
  const sentIds = new Set(messages.map((message) => message.client_id).filter(Boolean));
  return [
    ...messages.map((message) => ({
      id: message._id,
      from: message.from,
      text: message.text,
      created_at: message.created_at,
      coach_name: message.coach_name,
      waiting: false,
    })),
    ...queued
      .filter((item) => !sentIds.has(item.body.client_id))
      .map((item) => ({
        id: item.key,
        from: 'member' as const,
        text: item.body.text,
        created_at: item.queued_at,
        coach_name: null,
        waiting: true,
      })),
  ];
}

/**
 * The newest reply (a coach's or a system note) that was not in the thread seen before, to
 * announce to screen readers; none on the first load (`seen` null), when nothing is new to the
 * member, or when only their own messages arrived.
 */
export function newestNewReply(
  seen: ReadonlySet<string> | null,
  messages: readonly CoachMessage[],
): CoachMessage | null {
  if (seen === null) return null;
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index]!;
    if (seen.has(message._id)) return null;
    if (message.from !== 'member') return message;
  }
  return null;
}
