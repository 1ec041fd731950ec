import { eq, inArray, sql } from 'drizzle-orm';
import type { TobaccoType } from '@exhale/contract/quit-plan';
import {
  IST_OFFSET_SECONDS,
  type SlipAggregate,
  type SmokeFreeRun,
} from '@exhale/contract/quit-progress';
import type { Database, Executor } from '../../db/client';
import { preparedRead } from '../../db/prepared';
import { quitPlans, type QuitPlanRow, type QuitPlanTobaccoRecord } from '../../db/schema/companion';
import { sessions } from '../../db/schema/users';
import { isLiveSessionFromPlaceholders } from '../auth/live-session';

interface SlipAggregateRow extends Record<string, unknown> {
  count: number;
  units_by_type: Partial<Record<TobaccoType, number>> | null;
  last_at: string | Date | null;
  first_day: number | null;
  max_gap: number | null;
  record_runs: [string, string][] | null;
}

/** Record runs as the database keeps them ([start, end] instants) to epoch ms. */
function runsOf(runs: readonly [string, string][] | null): SmokeFreeRun[] {
  return (runs ?? []).map(([start, end]) => ({
    start: new Date(start).getTime(),
    end: new Date(end).getTime(),
  }));
}

/**
 * The slip summary the database keeps on the plan row (migration 0018), when it is the progress's
 * answer at `now`: every slip it counts lies at or before `now`. A slip later than now (a 'used'
 * check-in records 21:00 IST of its date) counts as now, which a stored summary cannot know.
 */
export function storedSlips(plan: QuitPlanRow, now: Date): SlipAggregate | undefined {
  if (plan.lastSlipAt !== null && plan.lastSlipAt.getTime() > now.getTime()) return undefined;
  return {
    count: plan.slipCount,
    unitsByType: plan.slipUnits,
    lastAt: plan.lastSlipAt,
    firstDay: plan.firstSlipDay,
    maxGapDays: plan.maxSlipGapDays,
    recordRuns: runsOf(plan.recordRuns),
  };
}

export class QuitPlanRepository {
  constructor(private readonly db: Executor) {}

  async findByUser(userId: string) {
    const [row] = await this.db.select().from(quitPlans).where(eq(quitPlans.userId, userId));
    return row;
  }

  /**
   * One plan per member: a second save replaces the first (the log is kept). A new quit date
   * records when it was set (a follow-up due before then never opens); the same date keeps it.
   */
  async upsert(
    userId: string,
    values: { quitDate: string; tobacco: QuitPlanTobaccoRecord[]; reasons: string[] },
    now: Date,
  ) {
    const [row] = await this.db
      .insert(quitPlans)
      .values({ userId, ...values, quitDateSetAt: now, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: quitPlans.userId,
        set: {
          ...values,
          quitDateSetAt: sql`CASE WHEN ${quitPlans.quitDate} = excluded.quit_date
            THEN ${quitPlans.quitDateSetAt} ELSE excluded.quit_date_set_at END`,
          updatedAt: now,
        },
      })
      .returning();
    return row!;
  }

  /**
   * The member's plan and their slips since its quit date, reduced to what the progress needs
   * (count, units per type, last slip, first slip's IST day, the largest IST-day gap between
   * consecutive slips), undefined without a plan. Usually the summary stored on the plan row;
   * see `slipsAt` otherwise.
   */
  async planWithSlips(
    userId: string,
    now: Date,
  ): Promise<{ plan: QuitPlanRow; slips: SlipAggregate } | undefined> {
    const plan = await this.findByUser(userId);
    if (!plan) return undefined;
    return { plan, slips: await this.slipsOf(plan, now) };
  }

  /**
   * `planWithSlips` for many members in one query (the programme's daily send reads a batch at
   * once); a member without a plan is absent from the map.
   */
  async plansWithSlips(
    userIds: readonly string[],
    now: Date,
  ): Promise<Map<string, { plan: QuitPlanRow; slips: SlipAggregate }>> {
    if (userIds.length === 0) return new Map();
    const plans = await this.db
      .select()
      .from(quitPlans)
      .where(inArray(quitPlans.userId, [...userIds]));
    const found = await Promise.all(
      plans.map(
        async (plan) => [plan.userId, { plan, slips: await this.slipsOf(plan, now) }] as const,
      ),
    );
    return new Map(found);
  }

  /** The slips of `plan` at `now`: the summary stored on the plan, or `slipsAt` when it cannot be used. */
  async slipsOf(plan: QuitPlanRow, now: Date): Promise<SlipAggregate> {
    return storedSlips(plan, now) ?? (await this.slipsAt(plan, now));
  }

  /**
   * The slips of `plan` at `now`, reduced in SQL from the log: one round trip whatever its size.
   * Mirrors `summariseSlips` of the contract; a slip without a type counts under the plan's
   * first type, and a slip later than `now` (a check-in for tonight) counts as now.
   */
  async slipsAt(plan: QuitPlanRow, now: Date): Promise<SlipAggregate> {
    const result = await this.db.execute<SlipAggregateRow>(sql`
      WITH d AS (
        SELECT s.at, s.units, coalesce(s.tobacco_type, ${plan.tobacco[0]?.type ?? null}) AS type,
               floor((extract(epoch FROM s.at) + ${IST_OFFSET_SECONDS}) / 86400)::int AS day
        FROM (
          SELECT least(c.at, ${now.toISOString()}::timestamptz) AS at, c.units, c.tobacco_type
          FROM cravings c
          WHERE c.user_id = ${plan.userId} AND c.outcome = 'slipped'
            AND c.at >= (${plan.quitDate}::date::timestamp AT TIME ZONE 'Asia/Kolkata')
        ) s
      ), g AS (
        SELECT day - lag(day) OVER (ORDER BY at) AS gap FROM d
      ), r AS (
        SELECT coalesce(lag(at) OVER (ORDER BY at),
                        ${plan.quitDate}::date::timestamp AT TIME ZONE 'Asia/Kolkata') AS start,
               at AS stop
        FROM d
      ), m AS (
        SELECT start, stop, max(stop - start) OVER (
                 ORDER BY stop ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS before
        FROM r
      )
      SELECT
        (SELECT count(*)::int FROM d) AS count,
        (SELECT jsonb_object_agg(type, n)
           FROM (SELECT type, sum(units)::int AS n FROM d GROUP BY type) t) AS units_by_type,
        (SELECT max(at) FROM d) AS last_at,
        (SELECT min(day) FROM d) AS first_day,
        (SELECT coalesce(max(gap), 0)::int FROM g) AS max_gap,
        (SELECT jsonb_agg(jsonb_build_array(start, stop) ORDER BY stop)
           FROM m WHERE stop - start > coalesce(before, interval '0')) AS record_runs
    `);
    const row = result.rows[0]!;
    return {
      count: row.count,
      unitsByType: row.units_by_type ?? {},
      lastAt: row.last_at === null ? null : new Date(row.last_at),
      firstDay: row.first_day,
      maxGapDays: row.max_gap ?? 0,
      recordRuns: runsOf(row.record_runs),
    };
  }
}

/** Reads on the pool itself (never inside a transaction), for the busiest companion read. */
export class QuitPlanReads {
  constructor(private readonly db: Database) {}

  /**
   * The member's plan read through their session, as the session check of `authenticateInQuery`
   * (decision 018): `live` is false unless that session of this user exists, is not revoked and
   * has not expired. One prepared statement, one indexed row: the plan carries its slip summary.
   */
  async planForSession(
    userId: string,
    sessionId: string,
  ): Promise<{ live: false } | { live: true; plan: QuitPlanRow | undefined }> {
    const read = preparedRead(this.db, 'quit_plan_for_session', (db) => {
      const selection = {
        id: quitPlans.id,
        userId: sessions.userId,
        // node-postgres would read a date column as a local-time Date.
        quitDate: sql<string>`${quitPlans.quitDate}::text`,
        quitDateSetAt: quitPlans.quitDateSetAt,
        tobacco: quitPlans.tobacco,
        reasons: quitPlans.reasons,
        createdAt: quitPlans.createdAt,
        updatedAt: quitPlans.updatedAt,
        slipCount: quitPlans.slipCount,
        slipUnits: quitPlans.slipUnits,
        firstSlipDay: quitPlans.firstSlipDay,
        lastSlipAt: quitPlans.lastSlipAt,
        maxSlipGapDays: quitPlans.maxSlipGapDays,
        recordRuns: quitPlans.recordRuns,
      };
      const query = db
        .select(selection)
        .from(sessions)
        .leftJoin(quitPlans, eq(quitPlans.userId, sessions.userId))
        .where(isLiveSessionFromPlaceholders());
      return { selection, query };
    });
    const [row] = await read({ userId, sessionId });
    if (!row) return { live: false };
    return { live: true, plan: row.id === null ? undefined : (row as QuitPlanRow) };
  }
}
