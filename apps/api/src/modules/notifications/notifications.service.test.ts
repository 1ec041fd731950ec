import { describe, expect, it } from 'vitest';
import type { NotificationTopic } from '../../db/schema/content';
import type { NewOutboxMessage } from '../../db/schema/outbox';
import type { UserRow } from '../../db/schema/users';
import { notify, type NotifyRepositories } from './notifications.service';

const USER = '00000000-0000-4000-8000-000000000001';

/**
 * A member in memory with the copy channels their settings keep on per topic; records the bell
 * notices, the outbox rows and the topics the settings were asked about.
 */
function member(
  options: {
    on?: Partial<Record<NotificationTopic, ('email' | 'whatsapp')[]>>;
    whatsappNo?: string | null;
    exists?: boolean;
  } = {},
) {
  const bell: { userId: string; title: string; message: string; language?: string | null }[] = [];
  const outbox: NewOutboxMessage[] = [];
  const topicsAsked: NotificationTopic[] = [];
  const user = {
    id: USER,
    name: 'Asha Rao',
    email: 'asha@example.com',
    whatsappNo: options.whatsappNo ?? null,
    language: 'en',
  } as UserRow;
  const repos: NotifyRepositories = {
    notifications: {
      insert: async (values: (typeof bell)[number]) => {
        bell.push(values);
        return `notice-${bell.length}`;
      },
      listForUser: async () => [],
    } as unknown as NotifyRepositories['notifications'],
    settings: {
      enabledChannels: async (_userId, topic, channels) => {
        topicsAsked.push(topic);
        return (options.on?.[topic] ?? []).filter((c) => channels.includes(c));
      },
    },
    users: { findById: async (id) => (options.exists !== false && id === USER ? user : undefined) },
    outbox: {
      insert: async (row) => {
        outbox.push(row);
        return `message-${outbox.length}`;
      },
    },
  };
  return { repos, bell, outbox, topicsAsked };
}

const notice = { title: 'Refund approved', message: 'Your refund of ₹999 is on its way.' };

describe('notify and the notification settings', () => {
  it('always rings the bell; copies go only where the member keeps the topic on', async () => {
    const { repos, bell, outbox } = member();
    await expect(notify(repos, USER, notice)).resolves.toBe('notice-1');
    expect(bell).toEqual([{ userId: USER, ...notice, language: null }]);
    expect(outbox).toEqual([]);
  });

  it('records the language a notice is written in, and none for text typed by someone', async () => {
    const { repos, bell } = member();
    await notify(repos, USER, { ...notice, language: 'ta' });
    await notify(repos, USER, { title: 'Welcome', message: 'Your coach is here.' });
    expect(bell.map((row) => row.language)).toEqual(['ta', null]);
  });

  it('asks the settings of the notice’s topic, “account” when it names none', async () => {
    const { repos, topicsAsked } = member();
    await notify(repos, USER, notice);
    await notify(repos, USER, { ...notice, topic: 'community' });
    expect(topicsAsked).toEqual(['account', 'community']);
  });

  it('mails a copy to the member’s address when email is on for the topic', async () => {
    const { repos, outbox } = member({ on: { account: ['email'] } });
    await notify(repos, USER, notice);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      channel: 'email',
      recipient: 'asha@example.com',
      userId: USER,
    });
    expect(outbox[0]!.text).toContain(notice.message);
  });

  it('sends a WhatsApp copy only to a member with a WhatsApp number', async () => {
    const without = member({ on: { account: ['email', 'whatsapp'] } });
    await notify(without.repos, USER, notice);
    expect(without.outbox.map((m) => m.channel)).toEqual(['email']);

    const withNumber = member({ on: { account: ['whatsapp'] }, whatsappNo: '919876543210' });
    await notify(withNumber.repos, USER, notice);
    expect(withNumber.outbox).toEqual([
      expect.objectContaining({ channel: 'whatsapp', recipient: '919876543210', html: null }),
    ]);
  });

  it('keeps the bell notice but sends no copy for an account that is gone', async () => {
    const { repos, bell, outbox } = member({ on: { account: ['email'] }, exists: false });
    await notify(repos, USER, notice);
    expect(bell).toHaveLength(1);
    expect(outbox).toEqual([]);
  });
});
