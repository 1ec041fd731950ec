import type { NewOutboxMessage } from '../../db/schema/outbox';
import type { OutboxRepository } from '../outbox/outbox.repository';
import type { PushPayload } from '../../providers/push/web-push-sender';
import type { MessageKind } from '../../providers/messaging/message-kinds';
import { pushTag } from '../../providers/push/push-options';
import type { PushRepository } from './push.repository';

/**
 * The largest payload sent, in UTF-8 bytes before encryption: aes128gcm adds 103 bytes, so the
 * request body stays under 3 KB (push services accept 4 KB) in every language.
 */
export const MAX_PUSH_PAYLOAD_BYTES = 2_900;

export interface PushMessage {
  title: string;
  body: string;
  /** The page a tap opens, a path of the web app (`/notifications`). */
  url: string;
}

const encoder = new TextEncoder();

/** The payload as JSON, its body shortened (on a character boundary, with '…') to fit. */
export function pushPayload(message: PushMessage, kind: MessageKind): string {
  const payload: PushPayload = {
    title: message.title.slice(0, 120),
    body: message.body,
    url: message.url,
    tag: pushTag(kind),
  };
  let json = JSON.stringify(payload);
  if (encoder.encode(json).length <= MAX_PUSH_PAYLOAD_BYTES) return json;
  const chars = Array.from(message.body);
  let low = 0;
  let high = chars.length;
  // The longest prefix of the body that fits.
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    const candidate = JSON.stringify({ ...payload, body: `${chars.slice(0, mid).join('')}…` });
    if (encoder.encode(candidate).length <= MAX_PUSH_PAYLOAD_BYTES) low = mid;
    else high = mid - 1;
  }
  json = JSON.stringify({ ...payload, body: `${chars.slice(0, low).join('')}…` });
  return json;
}

/**
 * Queues `message` for every browser the member subscribed, one outbox row each (its recipient
 * the subscription), on the repositories' executor: in the caller's transaction it exists exactly
 * when the change it announces does (push.module.ts binds it to an executor: `enqueuePush`). Resolves with the number queued: 0 when the member has none.
 */
export interface EnqueuePushRepositories {
  push: Pick<PushRepository, 'idsOf'>;
  outbox: Pick<OutboxRepository, 'insertMany'>;
}

export async function enqueuePushWith(
  repos: EnqueuePushRepositories,
  userId: string,
  message: PushMessage,
  kind: MessageKind,
  /** When it is due (the worker's clock); the database's now when absent. */
  now?: Date,
  ids?: string[],
): Promise<number> {
  const subscriptions = await repos.push.idsOf(userId);
  if (subscriptions.length === 0) return 0;
  const text = pushPayload(message, kind);
  const rows: NewOutboxMessage[] = subscriptions.map((subscriptionId, i) => ({
    ...(ids?.[i] ? { id: ids[i] } : {}),
    channel: 'push',
    recipient: subscriptionId,
    userId,
    subject: message.title,
    text,
    kind,
    params: { title: message.title, text: message.body },
    ...(now ? { nextAttemptAt: now } : {}),
  }));
  await repos.outbox.insertMany(rows);
  return rows.length;
}
