import { and, asc, eq, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { TobaccoType } from '@exhale/contract/quit-plan';
import type { Executor } from '../../db/client';
import {
  messagingInbound,
  messagingPreferences,
  programmeSends,
  type MessagingPreferencesRow,
} from '../../db/schema/messaging';
import { users } from '../../db/schema/users';

/** 09:00 IST: what the form offers a member who has not chosen yet. */
export const DEFAULT_SEND_MINUTE = 9 * 60;

/** The member of the row `p` (their preferences) has a browser that accepted notifications. */
const HAS_PUSH = sql`EXISTS (SELECT 1 FROM push_subscriptions ps WHERE ps.user_id = p.user_id)`;

/**
 * The outbox row `alias` failed, and so did every copy queued with it: a push goes to each of
 * the member's browsers, one row each, inserted together (one statement, so one `created_at`,
 * PostgreSQL's transaction time). A member whom one browser reached needs no fallback.
 */
function everyCopyFailed(alias: 'o' | 'f'): SQL {
  const row = sql.raw(alias);
  return sql`(${row}.status = 'failed' AND (${row}.channel <> 'push' OR NOT EXISTS (
    SELECT 1 FROM outbox_messages c
    WHERE c.user_id = ${row}.user_id AND c.channel = 'push' AND c.kind = ${row}.kind
      AND c.created_at = ${row}.created_at AND c.status <> 'failed')))`;
}

/** A member whose programme message is due, as the scheduler claims them. */
export interface DueMember extends Record<string, unknown> {
  user_id: string;
  channel: 'whatsapp' | 'sms' | 'push';
  /** A browser of theirs accepted notifications (the first fallback, needing no number). */
  push: boolean;
  /** Their own channel (WhatsApp or SMS) has the number it needs. */
  reachable: boolean;
  language: string;
  name: string;
  mobile: string | null;
  whatsapp_no: string | null;
  quit_date: string;
  tobacco_type: TobaccoType | null;
}

/** A send that failed (or whose push fallback failed) and has not been re-sent by SMS yet. */
export interface FailoverCandidate extends Record<string, unknown> {
  id: string;
  user_id: string;
  /** The channel that failed: a WhatsApp send falls back to push when the member has it. */
  channel: 'whatsapp' | 'sms' | 'push';
  /** Set when the send went again by push and that failed too: SMS is all that is left. */
  fallback_outbox_id: string | null;
  push: boolean;
  ist_date: string;
  fallback_text: string;
  day_offset: number;
  mobile: string | null;
  opted_out: boolean | null;
  language: string | null;
}

export interface NewSend {
  userId: string;
  istDate: string;
  dayOffset: number;
  channel: 'whatsapp' | 'sms' | 'push';
  outboxId: string;
  fallbackText: string | null;
  createdAt: Date;
}

/** Members' preferences, the daily sends and the inbound log: SQL only. */
export class MessagingRepository {
  constructor(private readonly db: Executor) {}

  async preferences(userId: string): Promise<MessagingPreferencesRow | undefined> {
    const [row] = await this.db
      .select()
      .from(messagingPreferences)
      .where(eq(messagingPreferences.userId, userId));
    return row;
  }

  async savePreferences(
    userId: string,
    values: {
      channel: 'whatsapp' | 'sms' | 'push' | 'none';
      sendMinute: number;
      language: string;
      optedOut: boolean;
    },
    now: Date,
  ): Promise<MessagingPreferencesRow> {
    const set = { ...values, optedOutAt: values.optedOut ? now : null, updatedAt: now };
    const [row] = await this.db
      .insert(messagingPreferences)
      .values({ userId, ...set })
      .onConflictDoUpdate({ target: messagingPreferences.userId, set })
      .returning();
    return row!;
  }

  /**
   * STOP and START by text. True when the state changed. A member who never enrolled and says
   * STOP gets a row that says so (channel 'none', opted out), so nothing starts by mistake later.
   */
  async setOptedOut(userId: string, optedOut: boolean, now: Date): Promise<boolean> {
    const result = await this.db.execute(sql`
      INSERT INTO messaging_preferences (user_id, channel, send_minute, language, opted_out,
                                         opted_out_at, updated_at)
      VALUES (${userId}, 'none', ${DEFAULT_SEND_MINUTE}, 'en', ${optedOut},
              ${optedOut ? now : null}, ${now})
      ON CONFLICT (user_id) DO UPDATE
        SET opted_out = EXCLUDED.opted_out, opted_out_at = EXCLUDED.opted_out_at,
            updated_at = EXCLUDED.updated_at
        WHERE messaging_preferences.opted_out IS DISTINCT FROM EXCLUDED.opted_out
      RETURNING user_id
    `);
    return result.rows.length > 0;
  }

  async contact(userId: string) {
    const [row] = await this.db
      .select({
        name: users.name,
        mobile: users.mobile,
        mobileVerifiedAt: users.mobileVerifiedAt,
        whatsappNo: users.whatsappNo,
      })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  }

  /**
   * The member a number belongs to: a verified WhatsApp number or the account's verified mobile
   * (decision 078); an unproved number matches nobody. When two accounts match (one's mobile is
   * another's WhatsApp), the channel decides.
   */
  async memberByNumber(number: string, channel: 'whatsapp' | 'sms') {
    const rows = await this.db
      .select({
        id: users.id,
        name: users.name,
        mobile: users.mobile,
        mobileVerified: sql<boolean>`${users.mobileVerifiedAt} IS NOT NULL`,
        whatsappNo: users.whatsappNo,
      })
      .from(users)
      .where(
        or(
          and(eq(users.mobile, number), isNotNull(users.mobileVerifiedAt)),
          eq(users.whatsappNo, number),
        ),
      )
      .limit(2);
    const preferred = rows.find((r) =>
      channel === 'whatsapp' ? r.whatsappNo === number : r.mobile === number && r.mobileVerified,
    );
    return preferred ?? rows[0];
  }

  /** Records a callback once; false when this provider's message id was handled before. */
  async recordInbound(values: {
    provider: string;
    kind: 'reply' | 'status';
    messageId: string;
    userId: string | null;
    keyword: string;
    receivedAt: Date;
  }): Promise<boolean> {
    const rows = await this.db
      .insert(messagingInbound)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: messagingInbound.messageId });
    return rows.length > 0;
  }

  /**
   * Claims up to `limit` members whose message for `today` is due at `minute` (IST) and not yet
   * sent: enrolled, not opted out, with a quit plan whose day offset today is within the
   * programme. FOR UPDATE SKIP LOCKED lets concurrent workers take disjoint batches; the unique
   * (user, date) key of programme_sends is what makes a send happen once all the same.
   */
  async claimDue(input: {
    today: string;
    minute: number;
    firstDay: number;
    lastDay: number;
    limit: number;
  }): Promise<DueMember[]> {
    const result = await this.db.execute<DueMember>(sql`
      SELECT p.user_id, p.channel, p.language, u.name, u.mobile, u.whatsapp_no,
             ${HAS_PUSH} AS push,
             (CASE p.channel WHEN 'whatsapp' THEN u.whatsapp_no
              WHEN 'sms' THEN CASE WHEN u.mobile_verified_at IS NOT NULL THEN u.mobile END
              END) IS NOT NULL AS reachable,
             to_char(q.quit_date, 'YYYY-MM-DD') AS quit_date,
             q.tobacco -> 0 ->> 'type' AS tobacco_type
      FROM messaging_preferences p
      JOIN quit_plans q ON q.user_id = p.user_id
      JOIN users u ON u.id = p.user_id
      WHERE p.channel <> 'none' AND NOT p.opted_out AND p.send_minute <= ${input.minute}
        AND ((CASE p.channel WHEN 'whatsapp' THEN u.whatsapp_no
             WHEN 'sms' THEN CASE WHEN u.mobile_verified_at IS NOT NULL THEN u.mobile END
             WHEN 'push' THEN CASE WHEN ${HAS_PUSH} THEN 'push' END
             END) IS NOT NULL
             -- Push reaches a member whose own channel cannot (programmeRoute, scheduler.ts).
             OR ${HAS_PUSH})
        AND q.quit_date BETWEEN (${input.today}::date - ${input.lastDay}::int)
                            AND (${input.today}::date - ${input.firstDay}::int)
        AND NOT EXISTS (
          SELECT 1 FROM programme_sends s
          WHERE s.user_id = p.user_id AND s.ist_date = ${input.today}::date
        )
      ORDER BY p.user_id
      LIMIT ${input.limit}
      FOR UPDATE OF p SKIP LOCKED
    `);
    return result.rows;
  }

  /** Inserts the day's sends; returns the user ids that were not sent to yet today. */
  async insertSends(rows: NewSend[]): Promise<Set<string>> {
    if (rows.length === 0) return new Set();
    const inserted = await this.db
      .insert(programmeSends)
      .values(rows)
      .onConflictDoNothing({ target: [programmeSends.userId, programmeSends.istDate] })
      .returning({ userId: programmeSends.userId });
    return new Set(inserted.map((r) => r.userId));
  }

  /**
   * Sends that still keep their text for a fallback and need one, claimed so that one worker
   * re-sends each: the day's message failed (the outbox gave up, or the gateway reported
   * 'failed') and nothing went instead yet, or it went again by push and that failed as well.
   */
  async claimFailovers(since: Date, limit: number): Promise<FailoverCandidate[]> {
    const result = await this.db.execute<FailoverCandidate>(sql`
      SELECT s.id, s.user_id, s.channel, s.fallback_outbox_id,
             EXISTS (SELECT 1 FROM push_subscriptions ps WHERE ps.user_id = s.user_id) AS push,
             to_char(s.ist_date, 'YYYY-MM-DD') AS ist_date, s.fallback_text,
             s.day_offset, CASE WHEN u.mobile_verified_at IS NOT NULL THEN u.mobile END AS mobile,
             p.opted_out, p.language
      FROM programme_sends s
      JOIN users u ON u.id = s.user_id
      LEFT JOIN messaging_preferences p ON p.user_id = s.user_id
      LEFT JOIN outbox_messages o ON o.id = s.outbox_id
      LEFT JOIN outbox_messages f ON f.id = s.fallback_outbox_id
      WHERE s.fallback_text IS NOT NULL
        AND s.created_at >= ${since}
        AND CASE WHEN s.fallback_outbox_id IS NULL
                 THEN s.failed_at IS NOT NULL OR ${everyCopyFailed('o')}
                 ELSE f.channel = 'push' AND ${everyCopyFailed('f')} END
      ORDER BY s.created_at
      LIMIT ${limit}
      FOR UPDATE OF s SKIP LOCKED
    `);
    return result.rows;
  }

  /** Past the fallback window a kept text is of no more use: it goes. */
  async forgetFallbacksBefore(before: Date): Promise<void> {
    await this.db
      .update(programmeSends)
      .set({ fallbackText: null })
      .where(and(isNotNull(programmeSends.fallbackText), lt(programmeSends.createdAt, before)));
  }

  /**
   * Records what went instead of the day's message. The text stays (`keepText`) only while one
   * more fallback may be needed: a push that could fail too and then go by SMS.
   */
  async markFellBack(
    sendId: string,
    fallbackOutboxId: string | null,
    keepText = false,
  ): Promise<void> {
    await this.db
      .update(programmeSends)
      .set({ fallbackOutboxId, ...(keepText ? {} : { fallbackText: null }) })
      .where(eq(programmeSends.id, sendId));
  }

  /**
   * Applies a gateway's status to the send it names (by outbox id, WhatsApp or its SMS). A
   * delivered WhatsApp message needs no SMS, so its kept text goes.
   */
  async applyStatus(
    outboxId: string,
    status: 'delivered' | 'read' | 'failed',
    now: Date,
  ): Promise<boolean> {
    const primary = eq(programmeSends.outboxId, outboxId);
    const set =
      status === 'failed'
        ? { failedAt: sql`coalesce(${programmeSends.failedAt}, ${now.toISOString()}::timestamptz)` }
        : {
            deliveredAt: sql`coalesce(${programmeSends.deliveredAt}, ${now.toISOString()}::timestamptz)`,
            fallbackText: sql`CASE WHEN ${primary} THEN NULL ELSE ${programmeSends.fallbackText} END`,
          };
    const where: SQL =
      status === 'failed'
        ? and(primary, isNull(programmeSends.deliveredAt))!
        : or(primary, eq(programmeSends.fallbackOutboxId, outboxId))!;
    const rows = await this.db
      .update(programmeSends)
      .set(set)
      .where(where)
      .returning({ id: programmeSends.id });
    return rows.length > 0;
  }

  /** The programme messages sent to a member, oldest first (tests and the dev pages). */
  sendsOf(userId: string) {
    return this.db
      .select()
      .from(programmeSends)
      .where(eq(programmeSends.userId, userId))
      .orderBy(asc(programmeSends.istDate));
  }
}
