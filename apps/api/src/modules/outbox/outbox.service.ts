import type { Executor } from '../../db/client';
import { systemClock, type Clock } from '../../lib/clock';
import type { DataAccess } from '../../lib/data-access';
import type { NewOutboxMessage, OutboxAttachment } from '../../db/schema/outbox';
import type {
  MessageChannel,
  MessageKind,
  MessageParams,
} from '../../providers/messaging/messaging';
import type { OutboxRepository } from './outbox.repository';

/** What enqueuing writes (outbox.module.ts builds it). */
export interface OutboxRepositories {
  outbox: Pick<OutboxRepository, 'insert' | 'insertMany'>;
}

/** A message as a service writes it; the worker fills in delivery state. */
export interface MessageDraft {
  /** Chosen by the caller when another row must name the message before it exists. */
  id?: string;
  channel: MessageChannel;
  to: string;
  /** The account it concerns, so erasing the account erases the message. */
  userId?: string | null;
  subject?: string | null;
  text: string;
  html?: string | null;
  attachments?: OutboxAttachment[] | null;
  /** Deliveries tried before giving up; the worker's default when absent. */
  maxAttempts?: number;
  /**
   * What an SMS, WhatsApp or push message is and its template's values: adapters that deliver
   * only registered templates (WhatsApp outside 24 hours, DLT SMS) send these, not the text.
   */
  kind?: MessageKind | null;
  params?: MessageParams | null;
  /** The member's language, for a template's language. */
  language?: string | null;
}

/**
 * The row of a draft, due `now` by the clock the worker reads, not the database's: PostgreSQL's
 * now() keeps microseconds, so a worker woken within the same millisecond would find the message
 * not yet due and leave it until its next poll.
 */
function toRow(draft: MessageDraft, now: Date): NewOutboxMessage {
  return {
    ...(draft.id ? { id: draft.id } : {}),
    ...(draft.maxAttempts ? { maxAttempts: draft.maxAttempts } : {}),
    channel: draft.channel,
    recipient: draft.to,
    userId: draft.userId ?? null,
    subject: draft.subject ?? null,
    text: draft.text,
    html: draft.html ?? null,
    attachments: draft.attachments ?? null,
    kind: draft.kind ?? null,
    params: draft.params ?? null,
    language: draft.language ?? null,
    nextAttemptAt: now,
  };
}

/**
 * The way every service sends mail, SMS or WhatsApp. `enqueue` writes the row on the caller's
 * transaction, so a rolled-back change sends nothing; `deliverSoon` (after commit) wakes this
 * process's worker instead of leaving the message until its next poll.
 */
export class Outbox {
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly data: DataAccess<OutboxRepositories>,
    private readonly clock: Clock = systemClock,
  ) {}

  /** The outbox table on the caller's transaction, or on the pool. */
  private on(executor?: Executor) {
    return (executor ? this.data.within(executor) : this.data.repos).outbox;
  }

  async enqueue(draft: MessageDraft, executor?: Executor): Promise<string> {
    return this.on(executor).insert(toRow(draft, this.clock.now()));
  }

  /** Many messages in one statement (the programme's daily batch), on the caller's transaction. */
  async enqueueMany(drafts: readonly MessageDraft[], executor?: Executor): Promise<void> {
    if (drafts.length === 0) return;
    const now = this.clock.now();
    await this.on(executor).insertMany(drafts.map((draft) => toRow(draft, now)));
  }

  deliverSoon(): void {
    for (const listener of this.listeners) listener();
  }

  /** For callers outside a transaction: the row exists when this resolves. */
  async enqueueAndDeliverSoon(draft: MessageDraft): Promise<string> {
    const id = await this.enqueue(draft);
    this.deliverSoon();
    return id;
  }

  onWake(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
