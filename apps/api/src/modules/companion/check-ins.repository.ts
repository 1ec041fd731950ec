import { and, asc, count, eq, gte, lt, lte, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { checkIns, cravings } from '../../db/schema/companion';

export class CheckInsRepository {
  constructor(private readonly db: Executor) {}

  /** One check-in per member and date: a second answer replaces the first. */
  async upsert(
    userId: string,
    values: { date: string; used: boolean; units: number | null; mood: number },
    now: Date,
  ) {
    const [row] = await this.db
      .insert(checkIns)
      .values({ userId, ...values, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [checkIns.userId, checkIns.date],
        set: { used: values.used, units: values.units, mood: values.mood, updatedAt: now },
      })
      .returning();
    return row!;
  }

  list(userId: string, range: { from?: string; to?: string }) {
    return this.db
      .select()
      .from(checkIns)
      .where(
        and(
          eq(checkIns.userId, userId),
          range.from ? gte(checkIns.date, range.from) : undefined,
          range.to ? lte(checkIns.date, range.to) : undefined,
        ),
      )
      .orderBy(asc(checkIns.date));
  }

  /** Slips the member logged (the form, a SLIP message) between `from` and `to` (one IST date). */
  async loggedSlips(userId: string, from: Date, to: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(cravings)
      .where(
        and(
          eq(cravings.userId, userId),
          eq(cravings.outcome, 'slipped'),
          ne(cravings.source, 'check_in'),
          gte(cravings.at, from),
          lt(cravings.at, to),
        ),
      );
    return row?.n ?? 0;
  }

  async checkInSlip(userId: string, date: string) {
    const [row] = await this.db
      .select({ id: cravings.id, units: cravings.units })
      .from(cravings)
      .where(and(eq(cravings.userId, userId), eq(cravings.checkInDate, date)));
    return row ? { id: row.id, units: row.units ?? 1 } : null;
  }

  async addCheckInSlip(userId: string, date: string, at: Date, units: number, now: Date) {
    await this.db
      .insert(cravings)
      .values({
        userId,
        at,
        outcome: 'slipped',
        units,
        source: 'check_in',
        checkInDate: date,
        createdAt: now,
      })
      .onConflictDoNothing();
  }

  async updateCheckInSlip(userId: string, date: string, units: number) {
    await this.db
      .update(cravings)
      .set({ units })
      .where(and(eq(cravings.userId, userId), eq(cravings.checkInDate, date)));
  }

  async removeCheckInSlip(userId: string, date: string) {
    await this.db
      .delete(cravings)
      .where(and(eq(cravings.userId, userId), eq(cravings.checkInDate, date)));
  }
}
