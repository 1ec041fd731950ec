import { eq, sql } from 'drizzle-orm';
import type { TobaccoType } from '@exhale/contract/quit-plan';
import { IST_OFFSET_SECONDS, type SlipAggregate } from '@exhale/contract/quit-progress';
import type { Executor } from '../../db/client';
import { quitPlans, type QuitPlanTobaccoRecord } from '../../db/schema/companion';

interface SlipAggregateRow extends Record<string, unknown> {
  count: number;
  units_by_type: Partial<Record<TobaccoType, number>> | null;
  last_at: string | Date | null;
  first_day: number | null;
  max_gap: number | null;
}

export class QuitPlanRepository {
  constructor(private readonly db: Executor) {}

  async findByUser(userId: string) {
    const [row] = await this.db.select().from(quitPlans).where(eq(quitPlans.userId, userId));
    return row;
  }

  /** One plan per member: a second save replaces the first (the log is kept). */
  async upsert(
    userId: string,
    values: { quitDate: string; tobacco: QuitPlanTobaccoRecord[]; reasons: string[] },
    now: Date,
  ) {
    const [row] = await this.db
      .insert(quitPlans)
      .values({ userId, ...values, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: quitPlans.userId,
        set: { ...values, updatedAt: now },
      })
      .returning();
    return row!;
  }

  /**
   * The slips since `quitStart`, reduced in SQL to what the progress needs (count, units per
   * type, last slip, first slip's IST day, the largest IST-day gap between consecutive slips):
   * one round trip whatever the size of the log. Mirrors `summariseSlips` of the contract.
   */
  async slipAggregate(
    userId: string,
    options: { quitStart: Date; now: Date; firstType: TobaccoType },
  ): Promise<SlipAggregate> {
    const { quitStart, now, firstType } = options;
    const result = await this.db.execute<SlipAggregateRow>(sql`
      WITH s AS (
        SELECT least(at, ${now.toISOString()}::timestamptz) AS at, units,
               coalesce(tobacco_type, ${firstType}) AS type
        FROM cravings
        WHERE user_id = ${userId} AND outcome = 'slipped' AND at >= ${quitStart.toISOString()}::timestamptz
      ), d AS (
        SELECT at, units, type,
               floor((extract(epoch FROM at) + ${IST_OFFSET_SECONDS}) / 86400)::int AS day
        FROM s
      ), g AS (
        SELECT day - lag(day) OVER (ORDER BY at) AS gap FROM d
      )
      SELECT
        (SELECT count(*)::int FROM d) AS count,
        (SELECT jsonb_object_agg(type, n)
           FROM (SELECT type, sum(units)::int AS n FROM d GROUP BY type) t) AS units_by_type,
        (SELECT max(at) FROM d) AS last_at,
        (SELECT min(day) FROM d) AS first_day,
        (SELECT coalesce(max(gap), 0)::int FROM g) AS max_gap
    `);
    const row = result.rows[0]!;
    return {
      count: row.count,
      unitsByType: row.units_by_type ?? {},
      lastAt: row.last_at === null ? null : new Date(row.last_at),
      firstDay: row.first_day,
      maxGapDays: row.max_gap ?? 0,
    };
  }
}
