import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

export interface FigureRow extends Record<string, unknown> {
  date: string;
  sent: number;
  delivered: number;
  failed: number;
  fell_back: number;
  opt_outs: number;
  replies: Record<string, number> | null;
}

/** The console's delivery figures per IST day: SQL only. */
export class FiguresRepository {
  constructor(private readonly db: Executor) {}

  /**
   * From `from` to `today` (IST dates), one row a day: sends by their outbox rows' state, replies
   * by keyword (a stranger's counts as 'other') and members who opted out that day.
   */
  async byDay(from: string, today: string): Promise<FigureRow[]> {
    const result = await this.db.execute<FigureRow>(sql`
      WITH d AS (
        SELECT generate_series(${from}::date, ${today}::date, interval '1 day')::date AS day
      ), s AS (
        SELECT s.ist_date AS day,
          count(*) FILTER (WHERE o.status = 'sent' OR f.status = 'sent')::int AS sent,
          count(*) FILTER (WHERE s.delivered_at IS NOT NULL)::int AS delivered,
          count(*) FILTER (WHERE o.status = 'failed' OR s.failed_at IS NOT NULL)::int AS failed,
          count(*) FILTER (WHERE s.fallback_outbox_id IS NOT NULL)::int AS fell_back
        FROM programme_sends s
        LEFT JOIN outbox_messages o ON o.id = s.outbox_id
        LEFT JOIN outbox_messages f ON f.id = s.fallback_outbox_id
        WHERE s.ist_date BETWEEN ${from}::date AND ${today}::date
        GROUP BY s.ist_date
      ), r AS (
        SELECT day, jsonb_object_agg(keyword, n) AS replies FROM (
          SELECT (i.received_at AT TIME ZONE 'Asia/Kolkata')::date AS day,
                 CASE WHEN i.keyword IN ('crave', 'slip', 'stop', 'start') THEN i.keyword
                      ELSE 'other' END AS keyword,
                 count(*)::int AS n
          FROM messaging_inbound i
          WHERE i.kind = 'reply'
            AND i.received_at >= (${from}::date::timestamp AT TIME ZONE 'Asia/Kolkata')
          GROUP BY 1, 2
        ) x GROUP BY day
      ), o AS (
        SELECT (p.opted_out_at AT TIME ZONE 'Asia/Kolkata')::date AS day, count(*)::int AS n
        FROM messaging_preferences p
        WHERE p.opted_out
          AND p.opted_out_at >= (${from}::date::timestamp AT TIME ZONE 'Asia/Kolkata')
        GROUP BY 1
      )
      SELECT to_char(d.day, 'YYYY-MM-DD') AS date,
        coalesce(s.sent, 0) AS sent, coalesce(s.delivered, 0) AS delivered,
        coalesce(s.failed, 0) AS failed, coalesce(s.fell_back, 0) AS fell_back,
        coalesce(o.n, 0) AS opt_outs, r.replies
      FROM d
      LEFT JOIN s ON s.day = d.day
      LEFT JOIN r ON r.day = d.day
      LEFT JOIN o ON o.day = d.day
      ORDER BY d.day DESC
    `);
    return result.rows;
  }
}
