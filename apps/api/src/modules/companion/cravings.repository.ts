import { and, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { CravingSource } from '@exhale/contract/cravings';
import type { Executor } from '../../db/client';
import { cravings } from '../../db/schema/companion';

export type CravingInsert = Omit<typeof cravings.$inferInsert, 'id' | 'userId' | 'createdAt'>;

export interface CravingRange {
  from?: Date;
  /** Exclusive. */
  to?: Date;
}

export interface SummaryRow {
  outcome: 'resisted' | 'slipped';
  trigger: string | null;
  hour: number;
  source: CravingSource;
  n: number;
}

export class CravingsRepository {
  constructor(private readonly db: Executor) {}

  /** The new row, or undefined when the member already stored one with this `client_id`. */
  async insert(userId: string, values: CravingInsert, now: Date) {
    const [row] = await this.db
      .insert(cravings)
      .values({ ...values, userId, createdAt: now })
      .onConflictDoNothing()
      .returning();
    return row;
  }

  async findByClientId(userId: string, clientId: string) {
    const [row] = await this.db
      .select()
      .from(cravings)
      .where(and(eq(cravings.userId, userId), eq(cravings.clientId, clientId)));
    return row;
  }

  private rangeWhere(userId: string, range: CravingRange): SQL {
    return and(
      eq(cravings.userId, userId),
      range.from ? gte(cravings.at, range.from) : undefined,
      range.to ? lt(cravings.at, range.to) : undefined,
    )!;
  }

  /** A page newest first, after the keyset (at, id) of the previous page's last entry. */
  page(userId: string, range: CravingRange, limit: number, after?: { at: Date; id: string }) {
    return this.db
      .select()
      .from(cravings)
      .where(
        and(
          this.rangeWhere(userId, range),
          after
            ? or(
                lt(cravings.at, after.at),
                and(eq(cravings.at, after.at), lt(cravings.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(cravings.at), desc(cravings.id))
      .limit(limit);
  }

  /** Counts by outcome, trigger, IST hour and source over the range: one grouped query. */
  async summary(userId: string, range: CravingRange): Promise<SummaryRow[]> {
    const hour = sql<number>`extract(hour FROM ${cravings.at} AT TIME ZONE 'Asia/Kolkata')::int`;
    return this.db
      .select({
        outcome: cravings.outcome,
        trigger: cravings.trigger,
        hour,
        source: cravings.source,
        n: sql<number>`count(*)::int`,
      })
      .from(cravings)
      .where(this.rangeWhere(userId, range))
      .groupBy(cravings.outcome, cravings.trigger, hour, cravings.source);
  }

  /** Deletes one of the member's entries; false when it is not theirs or does not exist. */
  async deleteOwn(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(cravings)
      .where(and(eq(cravings.userId, userId), eq(cravings.id, id)))
      .returning({ id: cravings.id });
    return rows.length > 0;
  }

  /** The newest entries (the console's member detail). */
  recent(userId: string, limit: number) {
    return this.db
      .select()
      .from(cravings)
      .where(eq(cravings.userId, userId))
      .orderBy(desc(cravings.at), desc(cravings.id))
      .limit(limit);
  }
}
