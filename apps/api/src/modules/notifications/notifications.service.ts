import type { LanguageCode } from '@exhale/contract/languages';
import type { NotificationTopic } from '../../db/schema/content';
import type { NotificationSettingsRepository } from '../notification-settings/notification-settings.repository';
import type { MessageKind } from '../../providers/messaging/messaging';
import type { OutboxRepository } from '../outbox/outbox.repository';
import type { UsersRepository } from '../users/users.repository';
import { notificationCopyMail, notificationCopyWhatsapp } from './notifications.mails';
import type { NotificationsRepository } from './notifications.repository';
import type { PushMessage } from '../push/push.copies';

/**
 * What a notice writes and reads, on the caller's executor (notifications.module.ts builds them
 * and exports `notify` and `listNotifications` bound to an executor).
 */
export interface NotifyRepositories {
  notifications: Pick<NotificationsRepository, 'insert' | 'listForUser'>;
  settings: Pick<NotificationSettingsRepository, 'enabledChannels'>;
  users: Pick<UsersRepository, 'findById'>;
  outbox: Pick<OutboxRepository, 'insert'>;
  /** The member's browsers that accepted notifications (modules/push); none when absent. */
  push?: { enqueue(userId: string, message: PushMessage, kind: MessageKind): Promise<number> };
}

export interface NotificationDraft {
  title: string;
  message: string;
  /**
   * The language title and message are written in, when they come from the API's catalogues
   * (decision 065). Left out for text someone typed (an operator's message or reply): the bell
   * translates a notice only when its language is not the reader's, or is unknown.
   */
  language?: LanguageCode;
  /**
   * What it is about, which decides the user's settings that apply to the copies. Defaults to
   * 'account' (purchases, refunds, registrations), what every notice was about before topics.
   */
  topic?: NotificationTopic;
  /** What a WhatsApp (or push) copy is, for its template; 'notice' when left out. */
  kind?: MessageKind;
}

/** Channels a notice may also be sent on, besides the bell, when the user's setting allows. */
const COPY_CHANNELS = ['email', 'whatsapp', 'push'] as const;

/** Where a tap on a notice's push notification leads: the bell lives on the dashboard. */
const NOTICE_URL = '/dashboard';

/**
 * Puts a message in the user's bell and, for each channel the user keeps on for the topic, queues
 * a copy in the outbox (email to their address, WhatsApp to their verified number). Takes the
 * caller's transaction, so the notice and its copies exist exactly when the change they announce
 * was committed.
 */
export async function notify(
  repos: NotifyRepositories,
  userId: string,
  draft: NotificationDraft,
): Promise<string> {
  const id = await repos.notifications.insert({
    userId,
    title: draft.title,
    message: draft.message,
    language: draft.language ?? null,
  });
  const channels = await repos.settings.enabledChannels(
    userId,
    draft.topic ?? 'account',
    COPY_CHANNELS,
  );
  if (channels.length === 0) return id;
  if (channels.includes('push') && repos.push) {
    // Reminders (the topics 'reminders' and 'quit') wait less long than account news.
    const kind: MessageKind =
      draft.kind ?? (draft.topic === 'reminders' || draft.topic === 'quit' ? 'reminder' : 'notice');
    await repos.push.enqueue(
      userId,
      { title: draft.title, body: draft.message, url: NOTICE_URL },
      kind,
    );
  }
  if (!channels.some((channel) => channel !== 'push')) return id;
  const user = await repos.users.findById(userId);
  if (!user) return id;
  const { outbox } = repos;
  for (const channel of channels) {
    if (channel === 'email') {
      const mail = notificationCopyMail(user.name, draft, user.language);
      await outbox.insert({ channel: 'email', recipient: user.email, userId, ...mail });
    } else if (channel === 'whatsapp' && user.whatsappNo) {
      await outbox.insert({
        channel: 'whatsapp',
        recipient: user.whatsappNo,
        userId,
        subject: null,
        html: null,
        text: notificationCopyWhatsapp(draft, user.language),
        kind: draft.kind ?? 'notice',
        params: { title: draft.title, text: draft.message },
        language: user.language,
      });
    }
  }
  return id;
}

export async function listNotifications(
  repos: Pick<NotifyRepositories, 'notifications'>,
  userId: string,
) {
  const rows = await repos.notifications.listForUser(userId);
  return rows.map((row) => ({
    _id: row.id,
    title: row.title,
    message: row.message,
    language: row.language,
    created_at: row.createdAt.toISOString(),
    read: row.readAt !== null,
  }));
}
