import { isLanguageCode } from '@exhale/contract/languages';
import { Messages } from '@exhale/contract/messages';
import type { ChannelTest, TestChannel } from '@exhale/contract/messaging';
import type { NewOutboxMessage } from '../../db/schema/outbox';
import type { UserRow } from '../../db/schema/users';
import { conflict } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { DataAccess } from '../../lib/data-access';
import { textsFor } from '../../lib/texts/texts';
import type { AdminActor, AuditLog } from '../admin-audit/audit';
import type { OutboxRepository } from '../outbox/outbox.repository';
import type { OutboxWorker } from '../outbox/outbox.worker';
import { pushPayload } from '../push/push.copies';
import type { PushRepository } from '../push/push.repository';
import type { UsersRepository } from '../users/users.repository';

/** What a console test reads and writes (messaging.module.ts builds them). */
export interface ChannelTestRepositories {
  users: Pick<UsersRepository, 'findById'>;
  push: Pick<PushRepository, 'browsersOf'>;
  outbox: Pick<OutboxRepository, 'insert' | 'claim' | 'byIds'>;
}

/** Long enough for a slow provider; a test the process dies during is delivered by the worker. */
const TEST_LEASE_MS = 60_000;

interface Target {
  recipient: string;
  /** What the console shows of it. */
  shown: string;
}

/** '••••••3210': enough for the operator to recognise their number on a shared screen. */
function maskNumber(number: string): string {
  return `${'•'.repeat(Math.max(0, number.length - 4))}${number.slice(-4)}`;
}

function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}••••@${domain}`;
}

/**
 * The console's 'Send a test' (API.md "Real channels"): one message of kind `test` to the
 * operator's own verified number, browsers or email, through the outbox and the configured
 * provider at once, so the operator sees what the provider answered. Every test is audited.
 */
export class ChannelTestService {
  constructor(
    private readonly deps: {
      data: DataAccess<ChannelTestRepositories>;
      audit: AuditLog;
      worker: Pick<OutboxWorker, 'deliverClaimed'>;
      clock: Clock;
      /** The provider each channel is configured with ('outbox' when none). */
      providers: Record<TestChannel, string>;
    },
  ) {}

  private async targets(user: UserRow, channel: TestChannel): Promise<Target[]> {
    switch (channel) {
      case 'sms':
        // Only a number the operator proved is theirs (decision 078).
        return user.mobile && user.mobileVerifiedAt
          ? [{ recipient: user.mobile, shown: maskNumber(user.mobile) }]
          : [];
      case 'whatsapp':
        return user.whatsappNo
          ? [{ recipient: user.whatsappNo, shown: maskNumber(user.whatsappNo) }]
          : [];
      case 'email':
        return [{ recipient: user.email, shown: maskEmail(user.email) }];
      case 'push':
        return (await this.deps.data.repos.push.browsersOf(user.id)).map((browser) => ({
          recipient: browser.id,
          shown: browser.label ?? 'Browser',
        }));
    }
  }

  private message(user: UserRow, channel: TestChannel, recipient: string): NewOutboxMessage {
    const language = isLanguageCode(user.language) ? user.language : 'en';
    const t = textsFor(language);
    const subject = t('channelTest.subject');
    const body = t('channelTest.text');
    const common = { recipient, userId: user.id, language, maxAttempts: 1 };
    if (channel === 'email') {
      return { ...common, channel, subject, text: body, html: null };
    }
    if (channel === 'push') {
      return {
        ...common,
        channel,
        subject,
        text: pushPayload({ title: subject, body, url: '/admin/programme-messages' }, 'test'),
        kind: 'test',
        params: { title: subject, text: body },
      };
    }
    return { ...common, channel, subject: null, text: body, kind: 'test', params: { text: body } };
  }

  async send(actor: AdminActor, channel: TestChannel): Promise<ChannelTest> {
    const { data, audit, worker, clock } = this.deps;
    const user = await data.repos.users.findById(actor.id);
    const targets = user ? await this.targets(user, channel) : [];
    if (!user || targets.length === 0) {
      throw conflict(Messages.NO_TEST_RECIPIENT.code, Messages.NO_TEST_RECIPIENT.message);
    }
    const now = clock.now();
    const ids: string[] = [];
    // Queued and leased to this request in one transaction: no other worker can take them.
    const claimed = await audit.write(
      actor,
      { action: 'send_test', entity: 'channel' },
      async (tx) => {
        const repos = data.within(tx);
        for (const target of targets) {
          ids.push(
            await repos.outbox.insert({
              ...this.message(user, channel, target.recipient),
              nextAttemptAt: now,
            }),
          );
        }
        const rows = await repos.outbox.claim(ids, new Date(now.getTime() + TEST_LEASE_MS));
        return {
          entityId: channel,
          before: null,
          after: { channel, to: targets.map((t) => t.shown), messages: ids },
          result: rows,
        };
      },
    );
    await worker.deliverClaimed(claimed);
    const rows = new Map((await data.repos.outbox.byIds(ids)).map((row) => [row.id, row]));
    return {
      channel,
      provider: this.deps.providers[channel],
      deliveries: targets.map((target, i) => {
        const row = rows.get(ids[i]!);
        const status =
          row?.deliveryStatus === 'not_sent'
            ? 'not_sent'
            : row?.status === 'sent'
              ? 'sent'
              : 'failed';
        return {
          to: target.shown,
          status,
          provider_message_id: row?.providerMessageId ?? null,
          error: status === 'sent' ? null : (row?.lastError ?? null),
        };
      }),
    };
  }
}
