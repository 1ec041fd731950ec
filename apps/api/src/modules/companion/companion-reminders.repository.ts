import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

export interface MilestoneCandidate extends Record<string, unknown> {
  user_id: string;
  quit_date: string;
  /** The last slip on or after the start of the quit date, or null. */
  last_slip: Date | null;
  /** The member's account language, for the notice's words. */
  language: string;
}

export interface FollowUpCandidate extends Record<string, unknown> {
  user_id: string;
  quit_date: string;
  /** The IST date the quit date was set on: no follow-up due before it opens. */
  set_on: string;
  answered_weeks: number[];
  language: string;
}

/** The reminders' reads: one query each, whatever the number of members. */
export class CompanionRemindersRepository {
  constructor(private readonly db: Executor) {}

  /** Plans started by `today` with a quit date since `earliest`, with each member's last slip. */
  async milestoneCandidates(today: string, earliest: string): Promise<MilestoneCandidate[]> {
    const result = await this.db.execute<MilestoneCandidate>(sql`
      SELECT p.user_id, to_char(p.quit_date, 'YYYY-MM-DD') AS quit_date, s.last_slip, u.language
      FROM quit_plans p
      JOIN users u ON u.id = p.user_id
      LEFT JOIN LATERAL (
        SELECT max(c.at) AS last_slip FROM cravings c
        WHERE c.user_id = p.user_id AND c.outcome = 'slipped'
          AND c.at >= (p.quit_date::timestamp AT TIME ZONE 'Asia/Kolkata')
      ) s ON true
      WHERE p.quit_date <= ${today}::date AND p.quit_date >= ${earliest}::date
    `);
    return result.rows.map((row) => ({
      ...row,
      last_slip: row.last_slip === null ? null : new Date(row.last_slip),
    }));
  }

  /**
   * Plans whose quit date falls between `from` and `to`, with the weeks already answered for that
   * quit date.
   */
  async followUpCandidates(from: string, to: string): Promise<FollowUpCandidate[]> {
    const result = await this.db.execute<FollowUpCandidate>(sql`
      SELECT p.user_id, to_char(p.quit_date, 'YYYY-MM-DD') AS quit_date, u.language,
             to_char(p.quit_date_set_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD') AS set_on,
             coalesce(array_agg(f.week) FILTER (WHERE f.week IS NOT NULL), '{}') AS answered_weeks
      FROM quit_plans p
      JOIN users u ON u.id = p.user_id
      LEFT JOIN follow_ups f ON f.user_id = p.user_id AND f.quit_date = p.quit_date
      WHERE p.quit_date BETWEEN ${from}::date AND ${to}::date
      GROUP BY p.user_id, p.quit_date, p.quit_date_set_at, u.language
    `);
    return result.rows;
  }
}
