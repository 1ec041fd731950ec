import type { CoachFigures } from '@exhale/contract/coach';
import type { OutcomeCohort } from '@exhale/contract/follow-ups';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

export interface Range {
  from: Date;
  to: Date;
}

/** The coach figures of the metrics page: SQL only. */
export class CoachFiguresRepository {
  constructor(private readonly db: Executor) {}

  /**
   * Minutes from a member's first unanswered message to the coach reply that answered it, the
   * median over replies sent in the range. A thread is cut into blocks by coach replies: a
   * block's first member message was waiting until the reply that ends the block.
   */
  async medianFirstResponseMinutes({ from, to }: Range): Promise<number | null> {
    const result = await this.db.execute<{ median: number | string | null }>(sql`
      WITH ordered AS (
        SELECT conversation_id, sender, created_at,
          count(*) FILTER (WHERE sender = 'coach') OVER (
            PARTITION BY conversation_id ORDER BY created_at, id
            ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS block
        FROM coach_messages WHERE sender IN ('member', 'coach')
      ), blocks AS (
        SELECT min(created_at) FILTER (WHERE sender = 'member') AS asked,
               min(created_at) FILTER (WHERE sender = 'coach') AS answered
        FROM ordered GROUP BY conversation_id, block
      )
      SELECT percentile_cont(0.5) WITHIN GROUP (
               ORDER BY extract(epoch FROM answered - asked) / 60) AS median
      FROM blocks
      WHERE asked IS NOT NULL AND answered >= ${from} AND answered < ${to}`);
    const median = result.rows[0]?.median;
    return median === null || median === undefined ? null : Math.round(Number(median) * 10) / 10;
  }

  async counts({ from, to }: Range) {
    const result = await this.db.execute<{
      open: number;
      urgent: number;
      members_who_wrote: number;
    }>(sql`
      SELECT
        (SELECT count(*)::int FROM coach_conversations WHERE status = 'open') AS open,
        (SELECT count(*)::int FROM coach_conversations WHERE status = 'open' AND urgent) AS urgent,
        (SELECT count(DISTINCT user_id)::int FROM coach_messages
          WHERE sender = 'member' AND created_at >= ${from} AND created_at < ${to})
          AS members_who_wrote`);
    return result.rows[0]!;
  }

  async perCoach({ from, to }: Range) {
    const result = await this.db.execute<{ id: string; name: string; conversations: number }>(sql`
      SELECT u.id, u.name, count(DISTINCT m.conversation_id)::int AS conversations
      FROM coach_messages m JOIN users u ON u.id = m.coach_id
      WHERE m.sender = 'coach' AND m.created_at >= ${from} AND m.created_at < ${to}
      GROUP BY u.id, u.name
      ORDER BY conversations DESC, u.name`);
    return result.rows;
  }
}

const EMPTY_WEEK = { due: 0, answered: 0, abstinent: 0, rate_responders: null, rate_all: null };

function outcomeWeeks(cohort: OutcomeCohort | undefined) {
  return {
    members: cohort?.members ?? 0,
    week4: cohort?.week4 ?? EMPTY_WEEK,
    week12: cohort?.week12 ?? EMPTY_WEEK,
    week26: cohort?.week26 ?? EMPTY_WEEK,
  };
}

/**
 * Coach support's figures for the period: response time, load, who wrote, and the quit outcomes
 * (the companion's own Russell Standard query, grouped by coach) split by whether a coach ever
 * replied. coach.module.ts composes it.
 */
export async function coachFigures(
  deps: {
    figures: CoachFiguresRepository;
    outcomesByCoach: () => Promise<OutcomeCohort[]>;
  },
  range: Range,
): Promise<CoachFigures> {
  const [median, counts, perCoach, outcomes] = await Promise.all([
    deps.figures.medianFirstResponseMinutes(range),
    deps.figures.counts(range),
    deps.figures.perCoach(range),
    deps.outcomesByCoach(),
  ]);
  const cohort = (name: string) => outcomes.find((row) => row.cohort === name);
  return {
    median_first_response_minutes: median,
    open_conversations: counts.open,
    urgent_conversations: counts.urgent,
    per_coach: perCoach.map((row) => ({
      coach: { _id: row.id, name: row.name },
      conversations: row.conversations,
    })),
    members_who_wrote: counts.members_who_wrote,
    outcomes: {
      with_coach: outcomeWeeks(cohort('with_coach')),
      without_coach: outcomeWeeks(cohort('without_coach')),
    },
  };
}
