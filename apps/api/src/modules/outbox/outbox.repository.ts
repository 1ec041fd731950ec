import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  outboxMessages,
  type NewOutboxMessage,
  type OutboxMessageRow,
} from '../../db/schema/outbox';

/** What replaces a message's content once it needs it no more. */
const PURGED_CONTENT = {
  subject: sql<string | null>`regexp_replace(${outboxMessages.subject}, '[0-9]{4,}', '••••', 'g')`,
  text: '',
  html: null,
  attachments: null,
  // A code is content too; other kinds keep their values until delivered, for a fallback.
  params: sql`CASE WHEN ${outboxMessages.kind} = 'otp' THEN NULL ELSE ${outboxMessages.params} END`,
};

export class OutboxRepository {
  constructor(private readonly db: Executor) {}

  async insert(values: NewOutboxMessage): Promise<string> {
    const [row] = await this.db
      .insert(outboxMessages)
      .values(values)
      .returning({ id: outboxMessages.id });
    return row!.id;
  }

  async insertMany(values: NewOutboxMessage[]): Promise<void> {
    await this.db.insert(outboxMessages).values(values);
  }

  /**
   * Takes up to `limit` due messages for this worker: counts the attempt and pushes
   * `next_attempt_at` to `leaseUntil`, so other workers skip them while this one delivers (and
   * pick them up again should this process die mid-delivery). SKIP LOCKED lets concurrent
   * workers claim disjoint batches instead of queueing behind each other. The batch is a
   * MATERIALIZED CTE on purpose: as `WHERE id IN (SELECT … LIMIT n FOR UPDATE SKIP LOCKED)`,
   * PostgreSQL may re-run the subquery while rechecking rows another worker touched, and the
   * statement then claims far more than `limit` rows.
   */
  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<OutboxMessageRow[]> {
    const claimed = await this.db.execute<{ id: string }>(sql`
      WITH due AS MATERIALIZED (
        SELECT ${outboxMessages.id} AS id FROM ${outboxMessages}
        WHERE ${outboxMessages.status} = 'pending' AND ${outboxMessages.nextAttemptAt} <= ${now}
        ORDER BY ${outboxMessages.nextAttemptAt}
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      )
      UPDATE ${outboxMessages}
      SET attempts = ${outboxMessages.attempts} + 1, next_attempt_at = ${leaseUntil}
      FROM due
      WHERE ${outboxMessages.id} = due.id
      RETURNING ${outboxMessages.id} AS id
    `);
    const ids = claimed.rows.map((row) => row.id);
    if (ids.length === 0) return [];
    // Leased above, so no other worker changes these rows while they are read back.
    return this.db
      .select()
      .from(outboxMessages)
      .where(inArray(outboxMessages.id, ids))
      .orderBy(outboxMessages.createdAt);
  }

  /**
   * Leases the given pending messages to the caller, as `claimDue` does, for a delivery someone
   * waits for (the console's test): called in the transaction that queued them, they are never
   * visible to another worker unleased.
   */
  async claim(ids: string[], leaseUntil: Date): Promise<OutboxMessageRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .update(outboxMessages)
      .set({ attempts: sql`${outboxMessages.attempts} + 1`, nextAttemptAt: leaseUntil })
      .where(and(inArray(outboxMessages.id, ids), eq(outboxMessages.status, 'pending')))
      .returning();
  }

  async byIds(ids: string[]): Promise<OutboxMessageRow[]> {
    if (ids.length === 0) return [];
    return this.db.select().from(outboxMessages).where(inArray(outboxMessages.id, ids));
  }

  /**
   * Marks a message delivered. With `purge` its content goes (decision 039): text, HTML and
   * attachments are emptied and every run of four or more digits in the subject (a sign-in code,
   * an order number) masked. What an audit needs stays: channel, recipient, account, masked
   * subject, status, attempts and times.
   */
  async markSent(
    id: string,
    now: Date,
    options: { purge: boolean; providerMessageId?: string | null },
  ) {
    await this.db
      .update(outboxMessages)
      .set({
        status: 'sent',
        sentAt: now,
        lastError: null,
        ...(options.providerMessageId
          ? {
              providerMessageId: options.providerMessageId,
              // A report may have come before this row was updated; it is not undone.
              deliveryStatus: sql`coalesce(${outboxMessages.deliveryStatus}, 'sent')`,
            }
          : {}),
        ...(options.purge ? PURGED_CONTENT : {}),
      })
      .where(eq(outboxMessages.id, id));
  }

  async scheduleRetry(id: string, error: string, nextAttemptAt: Date) {
    await this.db
      .update(outboxMessages)
      .set({ lastError: error, nextAttemptAt })
      .where(eq(outboxMessages.id, id));
  }

  /** Gives a message up; its content goes as for a delivered one (it is never sent now). */
  async markFailed(id: string, error: string, options: { purge: boolean }) {
    await this.db
      .update(outboxMessages)
      .set({ status: 'failed', lastError: error, ...(options.purge ? PURGED_CONTENT : {}) })
      .where(eq(outboxMessages.id, id));
  }

  /**
   * A message the adapter could not send at all (an SMS kind with no DLT template): failed for
   * good, marked 'not_sent' with the reason the console shows.
   */
  async markNotSent(id: string, reason: string, options: { purge: boolean }) {
    await this.db
      .update(outboxMessages)
      .set({
        status: 'failed',
        deliveryStatus: 'not_sent',
        lastError: reason,
        ...(options.purge ? PURGED_CONTENT : {}),
      })
      .where(eq(outboxMessages.id, id));
  }

  /** Newest first, optionally only those to one recipient. */
  async latest(limit: number, recipient?: string) {
    return this.db
      .select()
      .from(outboxMessages)
      .where(
        recipient
          ? sql`lower(${outboxMessages.recipient}) = ${recipient.toLowerCase()}`
          : undefined,
      )
      .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
      .limit(limit);
  }
}
