import { eq, sql } from 'drizzle-orm';
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

export class FollowUpsRepository {
  constructor(private readonly db: Executor) {}

  forUser(userId: string) {
    return this.db.select().from(followUps).where(eq(followUps.userId, userId));
  }

  /** Records (or, while it is open, replaces) the member's answer for one week. */
  async answer(userId: string, week: number, smokedLast7Days: boolean, now: Date) {
    const [row] = await this.db
      .insert(followUps)
      .values({ userId, week, smokedLast7Days, answeredAt: now })
      .onConflictDoUpdate({
        target: [followUps.userId, followUps.week],
        set: { smokedLast7Days, answeredAt: now },
      })
      .returning();
    return row!;
  }

  /**
   * Per cohort (month of the quit date): members, and for each follow-up week how many are due
   * by `today`, answered and abstinent. An answer counts only while its follow-up is due for the
   * plan's current quit date. One grouped query over the plans.
   */
  async outcomes(today: string): Promise<OutcomeRow[]> {
    const week = (w: number) =>
      sql.raw(`
        count(*) FILTER (WHERE p.quit_date + ${7 * w} <= d.today)::int AS due${w},
        count(f${w}.id) FILTER (WHERE p.quit_date + ${7 * w} <= d.today)::int AS answered${w},
        count(*) FILTER (WHERE p.quit_date + ${7 * w} <= d.today
                           AND f${w}.smoked_last_7_days = false)::int AS abstinent${w}`);
    const join = (w: number) =>
      sql.raw(`LEFT JOIN follow_ups f${w} ON f${w}.user_id = p.user_id AND f${w}.week = ${w}`);
    const result = await this.db.execute<OutcomeRow>(sql`
      SELECT to_char(p.quit_date, 'YYYY-MM') AS cohort,
             count(*)::int AS members,
             ${week(4)}, ${week(12)}, ${week(26)}
      FROM quit_plans p
      CROSS JOIN (SELECT ${today}::date AS today) d
      ${join(4)} ${join(12)} ${join(26)}
      GROUP BY 1
      ORDER BY 1
    `);
    return result.rows;
  }
}
