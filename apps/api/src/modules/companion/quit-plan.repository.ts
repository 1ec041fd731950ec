import { eq, sql } from 'drizzle-orm';
import type { TobaccoType } from '@exhale/contract/quit-plan';
import { IST_OFFSET_SECONDS, type SlipAggregate } from '@exhale/contract/quit-progress';
import type { Executor } from '../../db/client';
import { quitPlans, type QuitPlanRow, type QuitPlanTobaccoRecord } from '../../db/schema/companion';

interface PlanWithSlipsRow extends Record<string, unknown> {
  live: boolean;
  id: string | null;
  user_id: string;
  quit_date: string;
  tobacco: QuitPlanTobaccoRecord[];
  reasons: string[];
  created_at: string | Date;
  updated_at: string | Date;
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
   * The member's plan and their slips since its quit date, reduced in SQL to what the progress
   * needs (count, units per type, last slip, first slip's IST day, the largest IST-day gap
   * between consecutive slips): one round trip whatever the size of the log, undefined without
   * a plan. Mirrors `summariseSlips` of the contract; a slip without a type counts under the
   * plan's first type, and a slip later than `now` (a check-in for tonight) counts as now.
   */
  async planWithSlips(
    userId: string,
    now: Date,
  ): Promise<{ plan: QuitPlanRow; slips: SlipAggregate } | undefined> {
    return (await this.planWithSlipsForSession(userId, now)).found;
  }

  /**
   * `planWithSlips` that is also the session check of `authenticateInQuery` (decision 018): with
   * a `sessionId`, `live` is false unless that session of this user exists, is not revoked and
   * has not expired, and no plan is read then. One round trip for the whole request.
   */
  async planWithSlipsForSession(
    userId: string,
    now: Date,
    sessionId?: string,
  ): Promise<{ live: boolean; found?: { plan: QuitPlanRow; slips: SlipAggregate } }> {
    const live = sessionId
      ? sql`EXISTS (SELECT 1 FROM sessions s WHERE s.id = ${sessionId} AND s.user_id = ${userId}
                      AND s.revoked_at IS NULL AND s.expires_at > now())`
      : sql`true`;
    const result = await this.db.execute<PlanWithSlipsRow>(sql`
      WITH live AS (
        SELECT ${live} AS live
      ), p AS (
        SELECT * FROM quit_plans WHERE user_id = ${userId} AND (SELECT live FROM live)
      ), d AS (
        SELECT s.at, s.units, coalesce(s.tobacco_type, p.tobacco -> 0 ->> 'type') AS type,
               floor((extract(epoch FROM s.at) + ${IST_OFFSET_SECONDS}) / 86400)::int AS day
        FROM p CROSS JOIN LATERAL (
          SELECT least(c.at, ${now.toISOString()}::timestamptz) AS at, c.units, c.tobacco_type
          FROM cravings c
          WHERE c.user_id = p.user_id AND c.outcome = 'slipped'
            AND c.at >= (p.quit_date::timestamp AT TIME ZONE 'Asia/Kolkata')
        ) s
      ), g AS (
        SELECT day - lag(day) OVER (ORDER BY at) AS gap FROM d
      )
      SELECT live.live, p.id, p.user_id, to_char(p.quit_date, 'YYYY-MM-DD') AS quit_date, p.tobacco,
             p.reasons, p.created_at, p.updated_at,
        (SELECT count(*)::int FROM d) AS count,
        (SELECT jsonb_object_agg(type, n)
           FROM (SELECT type, sum(units)::int AS n FROM d GROUP BY type) t) AS units_by_type,
        (SELECT max(at) FROM d) AS last_at,
        (SELECT min(day) FROM d) AS first_day,
        (SELECT coalesce(max(gap), 0)::int FROM g) AS max_gap
      FROM live LEFT JOIN p ON true
    `);
    const row = result.rows[0]!;
    if (!row.live) return { live: false };
    if (row.id === null) return { live: true };
    return {
      live: true,
      found: {
        plan: {
          id: row.id,
          userId: row.user_id,
          quitDate: row.quit_date,
          tobacco: row.tobacco,
          reasons: row.reasons,
          createdAt: new Date(row.created_at),
          updatedAt: new Date(row.updated_at),
        },
        slips: {
          count: row.count,
          unitsByType: row.units_by_type ?? {},
          lastAt: row.last_at === null ? null : new Date(row.last_at),
          firstDay: row.first_day,
          maxGapDays: row.max_gap ?? 0,
        },
      },
    };
  }
}
