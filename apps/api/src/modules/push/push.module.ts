import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { dataAccess } from '../../lib/data-access';
import type { MessageKind } from '../../providers/messaging/message-kinds';
import type { PushSubscriptionStore } from '../../providers/push/web-push-sender';
import { OutboxRepository } from '../outbox/outbox.repository';
import type { Outbox } from '../outbox/outbox.service';
import { UsersRepository } from '../users/users.repository';
import { enqueuePushWith, type PushMessage } from './push.copies';
import { PushRepository } from './push.repository';
import { PushService, type PushRepositories } from './push.service';

export function pushRepositories(db: Executor): PushRepositories {
  return {
    push: new PushRepository(db),
    users: new UsersRepository(db),
    outbox: new OutboxRepository(db),
  };
}

export function createPushService(deps: {
  db: Database;
  outbox: Pick<Outbox, 'deliverSoon'>;
  clock: Clock;
  production: boolean;
}): PushService {
  const { db, ...rest } = deps;
  return new PushService({ ...rest, data: dataAccess(db, pushRepositories) });
}

/**
 * Queues `message` for each of the member's browsers on `executor` (the caller's transaction, or
 * the pool); resolves with how many. See `enqueuePushWith`.
 */
export function enqueuePush(
  executor: Executor,
  userId: string,
  message: PushMessage,
  kind: MessageKind,
  now?: Date,
  ids?: string[],
): Promise<number> {
  return enqueuePushWith(
    { push: new PushRepository(executor), outbox: new OutboxRepository(executor) },
    userId,
    message,
    kind,
    now,
    ids,
  );
}

/** How many browsers of the member's accepted notifications (the programme offers push then). */
export async function pushBrowserCount(executor: Executor, userId: string): Promise<number> {
  return (await new PushRepository(executor).idsOf(userId)).length;
}

/** The subscriptions as the Web Push sender reads them. */
export function pushSubscriptionStore(db: Executor): PushSubscriptionStore {
  return new PushRepository(db);
}
