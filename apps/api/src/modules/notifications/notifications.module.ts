import type { Executor } from '../../db/client';
import { NotificationSettingsRepository } from '../notification-settings/notification-settings.repository';
import { OutboxRepository } from '../outbox/outbox.repository';
import { UsersRepository } from '../users/users.repository';
import { NotificationsRepository } from './notifications.repository';
import { enqueuePush } from '../push/push.module';
import {
  listNotifications as listNotificationsWith,
  notify as notifyWith,
  type NotificationDraft,
  type NotifyRepositories,
} from './notifications.service';

export function notifyRepositories(db: Executor): NotifyRepositories {
  return {
    notifications: new NotificationsRepository(db),
    settings: new NotificationSettingsRepository(db),
    users: new UsersRepository(db),
    outbox: new OutboxRepository(db),
    push: { enqueue: (userId, message, kind) => enqueuePush(db, userId, message, kind) },
  };
}

/**
 * The bell notice and its copies, on `tx` (the caller's transaction: the notice exists exactly
 * when the change it announces was committed). See `notify` in notifications.service.ts.
 */
export function notify(tx: Executor, userId: string, draft: NotificationDraft): Promise<string> {
  return notifyWith(notifyRepositories(tx), userId, draft);
}

/** The caller's bell, newest first. */
export function listNotifications(db: Executor, userId: string) {
  return listNotificationsWith({ notifications: new NotificationsRepository(db) }, userId);
}
