import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { creditNoteCounters, invoiceCounters } from '../../db/schema/money';

/**
 * The next serial of a financial year in one document series. The upsert creates the year's
 * counter or increments it, and either way holds the counter row's lock (the same lock as
 * SELECT … FOR UPDATE) until the transaction ends: concurrent issuers queue here, each sees the
 * previous one's committed value, and a rollback returns its serial. That keeps numbering gap-free.
 */
export async function nextSerial(
  db: Executor,
  counters: typeof invoiceCounters | typeof creditNoteCounters,
  financialYear: string,
): Promise<number> {
  const [row] = await db
    .insert(counters)
    .values({ financialYear, lastSeq: 1 })
    .onConflictDoUpdate({
      target: counters.financialYear,
      set: { lastSeq: sql`${counters.lastSeq} + 1` },
    })
    .returning({ lastSeq: counters.lastSeq });
  return row!.lastSeq;
}
