import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { followUps } from '../../db/schema/companion';

export interface OutcomeRow extends Record<string, unknown> {
  cohort: string;
  members: number;
  due4: number;
  answered4: number;
  abstinent4: number;
  due12: number;
  answered12: number;
  abstinent12: number;
  due26: number;
  answered26: number;
  abstinent26: number;
}

/**
 * How the outcomes are grouped: by month of the quit date (the cohorts), or by whether a coach
 * ever replied to the member (coach support's figures: does human support help?).
 */
export type OutcomeGrouping = 'month' | 'coach';

const COHORT_OF: Record<OutcomeGrouping, SQL> = {
  month: sql`to_char(s.quit_date, 'YYYY-MM')`,
  coach: sql`CASE WHEN EXISTS (SELECT 1 FROM coach_messages m
    WHERE m.user_id = s.user_id AND m.sender = 'coach') THEN 'with_coach' ELSE 'without_coach' END`,
};

export class FollowUpsRepository {
  constructor(private readonly db: Executor) {}

  /** The member's answers for one quit date (its series). */
  forSeries(userId: string, quitDate: string) {
    return this.db
      .select()
      .from(followUps)
      .where(and(eq(followUps.userId, userId), eq(followUps.quitDate, quitDate)));
  }

  /** Records (or, while it is open, replaces) the member's answer for one week of a series. */
  async answer(
    key: { userId: string; quitDate: string; week: number },
    smokedLast7Days: boolean,
    now: Date,
  ) {
    const [row] = await this.db
      .insert(followUps)
      .values({ ...key, smokedLast7Days, answeredAt: now })
      .onConflictDoUpdate({
        target: [followUps.userId, followUps.quitDate, followUps.week],
        set: { smokedLast7Days, answeredAt: now },
      })
      .returning();
    return row!;
  }

  /**
   * Per cohort (month of a series' quit date): members' series, and for each follow-up week how
   * many are due by `today`, answered and abstinent. A plan's current quit date is one series:
   * a week is due once its date has come, unless it was due before the quit date was set (it
   * never opened) and was not answered in an earlier stay on the same date. A quit date a member
   * has since replaced keeps its answers in its own cohort: that closed series counts the weeks
   * it answered. One grouped query.
   */
  async outcomes(today: string, by: OutcomeGrouping = 'month'): Promise<OutcomeRow[]> {
    const due = (w: number) =>
      `(CASE WHEN s.current THEN (s.quit_date + ${7 * w} <= d.today
                                  AND s.quit_date + ${7 * w} >= s.set_on) OR f${w}.id IS NOT NULL
             ELSE f${w}.id IS NOT NULL END)`;
    const week = (w: number) =>
      sql.raw(`
        count(*) FILTER (WHERE ${due(w)})::int AS due${w},
        count(f${w}.id) FILTER (WHERE ${due(w)})::int AS answered${w},
        count(*) FILTER (WHERE ${due(w)} AND f${w}.smoked_last_7_days = false)::int AS abstinent${w}`);
    const join = (w: number) =>
      sql.raw(`LEFT JOIN follow_ups f${w} ON f${w}.user_id = s.user_id
                 AND f${w}.quit_date = s.quit_date AND f${w}.week = ${w}`);
    const result = await this.db.execute<OutcomeRow>(sql`
      WITH series AS (
        SELECT p.user_id, p.quit_date, true AS current,
               (p.quit_date_set_at AT TIME ZONE 'Asia/Kolkata')::date AS set_on
        FROM quit_plans p
        UNION ALL
        SELECT DISTINCT f.user_id, f.quit_date, false, NULL::date
        FROM follow_ups f
        WHERE NOT EXISTS (
          SELECT 1 FROM quit_plans p WHERE p.user_id = f.user_id AND p.quit_date = f.quit_date
        )
      )
      SELECT ${COHORT_OF[by]} AS cohort,
             count(*)::int AS members,
             ${week(4)}, ${week(12)}, ${week(26)}
      FROM series s
      CROSS JOIN (SELECT ${today}::date AS today) d
      ${join(4)} ${join(12)} ${join(26)}
      GROUP BY 1
      ORDER BY 1
    `);
    return result.rows;
  }
}
