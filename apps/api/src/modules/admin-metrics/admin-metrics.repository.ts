import { IST_OFFSET_MINUTES } from '@exhale/contract/ist';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

// Every query here is an aggregate over an indexed range or a small catalogue, so the metrics
// page stays fast at 100k users (see test/admin-metrics.perf.int.test.ts):
//   sign-ups       users_created_at_idx
//   attempts       test_attempts_created_at_idx
//   revenue        payments_captured_at_idx
//   refunds        refunds_processed_at_idx
//   conversion     one pass over users; buyers from user_plans (few rows), joined to users by
//                  primary key; per sign-up day, the same join grouped by the buyer's IST day
//   funnel         user_lessons_completed_idx (partial: completed rows only)
// Days are IST calendar days: the programme and its operators live in India.

export interface Range {
  from: Date;
  to: Date;
}

/** `day` is the IST day number (istDayNumber in the contract): days since 1970-01-01 IST. */
export type DayCountRow = { day: number; count: number };
export type DayMoneyRow = { day: number; paise: number };

/**
 * The IST day number of a timestamp column (a constant name, never input). Plain arithmetic on
 * the epoch: about three times cheaper per row than AT TIME ZONE and to_char, and exact because
 * IST has no daylight saving.
 */
const istDay = (column: string) =>
  sql.raw(`floor((extract(epoch FROM ${column}) + ${IST_OFFSET_MINUTES * 60}) / 86400)::int`);

export class AdminMetricsRepository {
  constructor(private readonly db: Executor) {}

  private async rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    const result = await this.db.execute(query);
    return result.rows as T[];
  }

  signupsPerDay({ from, to }: Range) {
    return this.rows<DayCountRow>(sql`
      SELECT ${istDay('created_at')} AS day, count(*)::int AS count
      FROM users
      WHERE created_at >= ${from.toISOString()}::timestamptz AND created_at < ${to.toISOString()}::timestamptz
      GROUP BY 1 ORDER BY 1`);
  }

  attemptsPerDay({ from, to }: Range) {
    return this.rows<DayCountRow>(sql`
      SELECT ${istDay('created_at')} AS day, count(*)::int AS count
      FROM test_attempts
      WHERE created_at >= ${from.toISOString()}::timestamptz AND created_at < ${to.toISOString()}::timestamptz
      GROUP BY 1 ORDER BY 1`);
  }

  /** Money taken: every captured payment, counted on the day it was captured. */
  revenuePerDay({ from, to }: Range) {
    return this.rows<DayMoneyRow>(sql`
      SELECT ${istDay('captured_at')} AS day, sum(amount_paise)::bigint::float8 AS paise
      FROM payments
      WHERE captured_at >= ${from.toISOString()}::timestamptz AND captured_at < ${to.toISOString()}::timestamptz
      GROUP BY 1 ORDER BY 1`);
  }

  /** Money given back: refunds the provider confirmed, on the day they were processed. */
  refundsPerDay({ from, to }: Range) {
    return this.rows<DayMoneyRow>(sql`
      SELECT ${istDay('processed_at')} AS day, sum(amount_paise)::bigint::float8 AS paise
      FROM refunds
      WHERE processed_at >= ${from.toISOString()}::timestamptz AND processed_at < ${to.toISOString()}::timestamptz
        AND status = 'processed'
      GROUP BY 1 ORDER BY 1`);
  }

  async userTotals({ from, to }: Range) {
    const [row] = await this.rows<{
      users: number;
      premium_users: number;
      signups: number;
      converted: number;
    }>(sql`
      SELECT
        count(*)::int AS users,
        count(*) FILTER (WHERE type = 'premium')::int AS premium_users,
        count(*) FILTER (WHERE created_at >= ${from.toISOString()}::timestamptz
          AND created_at < ${to.toISOString()}::timestamptz)::int AS signups,
        -- From the buyers' side: there are far fewer plans than users.
        (SELECT count(DISTINCT up.user_id)::int FROM user_plans up JOIN users u ON u.id = up.user_id
          WHERE u.created_at >= ${from.toISOString()}::timestamptz
            AND u.created_at < ${to.toISOString()}::timestamptz) AS converted
      FROM users`);
    return row!;
  }

  /**
   * Free → premium per sign-up day: of the users who signed up that IST day (in range), how many
   * bought a plan (a user_plans row, refunded or not: they converted). Counted from the buyers'
   * side like `userTotals`, so the days add up to its `converted`.
   */
  conversionsPerDay({ from, to }: Range) {
    return this.rows<DayCountRow>(sql`
      SELECT ${istDay('u.created_at')} AS day, count(DISTINCT up.user_id)::int AS count
      FROM user_plans up JOIN users u ON u.id = up.user_id
      WHERE u.created_at >= ${from.toISOString()}::timestamptz AND u.created_at < ${to.toISOString()}::timestamptz
      GROUP BY 1 ORDER BY 1`);
  }

  /**
   * The paid programme's completion funnel: for each day, its number of lessons and how many
   * users completed every one of them.
   */
  completionFunnel() {
    return this.rows<{ day: number; lessons: number; completed: number }>(sql`
      WITH day_lessons AS (
        SELECT day, count(*)::int AS lessons
        FROM lessons WHERE is_paid AND active
        GROUP BY day
      ), done AS (
        SELECT ul.user_id, l.day, count(*)::int AS n
        FROM user_lessons ul
        JOIN lessons l ON l.id = ul.lesson_id AND l.is_paid AND l.active
        WHERE ul.status = 'completed'
        GROUP BY ul.user_id, l.day
      )
      SELECT d.day, d.lessons, count(done.user_id) FILTER (WHERE done.n >= d.lessons)::int AS completed
      FROM day_lessons d LEFT JOIN done ON done.day = d.day
      GROUP BY d.day, d.lessons
      ORDER BY d.day`);
  }
}
