import type { FastifyBaseLogger } from 'fastify';
import type { OutboxMessageRow } from '../../db/schema/outbox';
import { systemClock, type Clock } from '../../lib/clock';
import type { DataAccess } from '../../lib/data-access';
import { NotSentError, type MessageSenders } from '../../providers/messaging/messaging';
import type { OutboxRepository } from './outbox.repository';

/** What delivering reads and writes (outbox.module.ts builds it). */
export interface OutboxWorkerRepositories {
  outbox: Pick<
    OutboxRepository,
    'claimDue' | 'markSent' | 'markFailed' | 'markNotSent' | 'scheduleRetry'
  >;
}

export interface OutboxWorkerOptions {
  batchSize: number;
  /** How often an idle worker looks for due messages (other processes' messages, retries). */
  pollIntervalMs: number;
  /** Deliveries tried before a message is marked failed. */
  maxAttempts: number;
  /** First retry delay; each further retry doubles it, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** How long a claimed message is hidden from other workers while it is being delivered. */
  leaseMs: number;
}

export const DEFAULT_OUTBOX_OPTIONS: OutboxWorkerOptions = {
  batchSize: 20,
  pollIntervalMs: 2_000,
  maxAttempts: 6,
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  leaseMs: 5 * 60_000,
};

/** Delay before retry number `attempt` + 1 (attempt counts from 1): 30 s, 1 min, 2 min, … 1 h. */
export function retryDelayMs(
  attempt: number,
  options: Pick<OutboxWorkerOptions, 'baseDelayMs' | 'maxDelayMs'> = DEFAULT_OUTBOX_OPTIONS,
): number {
  return Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, attempt - 1));
}

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 500);
}

/** Delivers due outbox messages; any number of workers may run against one database. */
export class OutboxWorker {
  readonly options: OutboxWorkerOptions;

  constructor(
    private readonly deps: {
      data: DataAccess<OutboxWorkerRepositories>;
      senders: MessageSenders;
      log: FastifyBaseLogger;
      clock?: Clock;
    },
    options: Partial<OutboxWorkerOptions> = {},
  ) {
    this.options = { ...DEFAULT_OUTBOX_OPTIONS, ...options };
  }

  private get repository() {
    return this.deps.data.repos.outbox;
  }

  private now(): Date {
    return (this.deps.clock ?? systemClock).now();
  }

  /** Claims one batch and delivers it; resolves with the number of messages claimed. */
  async drainOnce(): Promise<number> {
    const now = this.now();
    const batch = await this.repository.claimDue(
      now,
      new Date(now.getTime() + this.options.leaseMs),
      this.options.batchSize,
    );
    await Promise.all(batch.map((message) => this.deliver(message)));
    return batch.length;
  }

  /** Delivers messages the caller has claimed already (`OutboxRepository.claim`), now. */
  async deliverClaimed(messages: readonly OutboxMessageRow[]): Promise<void> {
    await Promise.all(messages.map((message) => this.deliver(message)));
  }

  private async deliver(message: OutboxMessageRow): Promise<void> {
    const sender = this.deps.senders[message.channel];
    if (!sender) {
      await this.repository.markFailed(message.id, `no sender for ${message.channel}`, {
        purge: false,
      });
      return;
    }
    try {
      const result = await sender.send({
        id: message.id,
        channel: message.channel,
        to: message.recipient,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments,
        kind: message.kind,
        params: message.params,
        language: message.language,
      });
      await this.repository.markSent(message.id, this.now(), {
        purge: !sender.keepsBodyInOutbox,
        providerMessageId: result?.providerMessageId ?? null,
      });
    } catch (error) {
      const reason = describe(error);
      if (error instanceof NotSentError) {
        this.deps.log.warn(
          { messageId: message.id, channel: message.channel, reason },
          'outbox message not sent',
        );
        await this.repository.markNotSent(message.id, reason, {
          purge: !sender.keepsBodyInOutbox,
        });
        return;
      }
      // A sender marks what no retry can fix (a push subscription the browser dropped).
      const permanent = (error as { permanent?: unknown } | null)?.permanent === true;
      if (permanent || message.attempts >= (message.maxAttempts ?? this.options.maxAttempts)) {
        this.deps.log.error(
          { messageId: message.id, channel: message.channel, attempts: message.attempts, reason },
          'outbox message failed for good',
        );
        await this.repository.markFailed(message.id, reason, { purge: !sender.keepsBodyInOutbox });
      } else {
        const delay = retryDelayMs(message.attempts, this.options);
        this.deps.log.warn(
          { messageId: message.id, channel: message.channel, attempts: message.attempts, reason },
          'outbox delivery failed; will retry',
        );
        await this.repository.scheduleRetry(
          message.id,
          reason,
          new Date(this.now().getTime() + delay),
        );
      }
    }
  }
}

export interface RunningOutboxWorker {
  stop(): Promise<void>;
}
