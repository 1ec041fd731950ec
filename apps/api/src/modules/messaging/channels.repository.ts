import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  messagingProviderState,
  messagingWebhookEvents,
  programmeSends,
  whatsappWindows,
} from '../../db/schema/messaging';
import { outboxMessages, type OutboxMessageRow } from '../../db/schema/outbox';
import { users } from '../../db/schema/users';

/** A provider's delivery states in the order they happen; a report never moves a message back. */
export type DeliveryStatus = 'sent' | 'delivered' | 'read' | 'failed';

const RANK_SQL = (column: unknown) =>
  sql`CASE ${column} WHEN 'sent' THEN 1 WHEN 'failed' THEN 2 WHEN 'delivered' THEN 3 WHEN 'read' THEN 4 ELSE 0 END`;

const RANK: Record<DeliveryStatus, number> = { sent: 1, failed: 2, delivered: 3, read: 4 };

/** A webhook body kept for the worker. */
export interface WebhookEvent {
  id: string;
  provider: string;
  payload: unknown;
  attempts: number;
}

/** The real channels' state: 24-hour windows, queued webhook bodies, delivery reports. SQL only. */
export class ChannelsRepository {
  constructor(private readonly db: Executor) {}

  async lastInboundAt(number: string): Promise<Date | null> {
    const [row] = await this.db
      .select({ at: whatsappWindows.lastInboundAt })
      .from(whatsappWindows)
      .where(eq(whatsappWindows.number, number));
    return row?.at ?? null;
  }

  /** A member wrote at `at`: their window runs 24 hours from the latest such message. */
  async openWindow(number: string, at: Date): Promise<void> {
    await this.db
      .insert(whatsappWindows)
      .values({ number, lastInboundAt: at })
      .onConflictDoUpdate({
        target: whatsappWindows.number,
        set: {
          lastInboundAt: sql`greatest(${whatsappWindows.lastInboundAt}, excluded.last_inbound_at)`,
        },
      });
  }

  /** Meta said the window is closed (error 131047): free text waits for the member's next message. */
  async closeWindow(number: string): Promise<void> {
    await this.db.delete(whatsappWindows).where(eq(whatsappWindows.number, number));
  }

  async queueEvent(provider: string, payload: unknown, receivedAt: Date): Promise<void> {
    await this.db.insert(messagingWebhookEvents).values({ provider, payload, receivedAt });
  }

  /**
   * Up to `limit` webhook bodies not yet handled, locked for this transaction (SKIP LOCKED: other
   * workers take others), oldest first, so a member's messages are answered in order.
   */
  async claimEvents(limit: number, maxAttempts: number): Promise<WebhookEvent[]> {
    return this.db
      .select({
        id: messagingWebhookEvents.id,
        provider: messagingWebhookEvents.provider,
        payload: messagingWebhookEvents.payload,
        attempts: messagingWebhookEvents.attempts,
      })
      .from(messagingWebhookEvents)
      .where(
        and(
          isNull(messagingWebhookEvents.processedAt),
          lt(messagingWebhookEvents.attempts, maxAttempts),
        ),
      )
      .orderBy(asc(messagingWebhookEvents.receivedAt))
      .limit(limit)
      .for('update', { skipLocked: true });
  }

  /** A handled body goes: the message ids it carried are kept in messaging_inbound. */
  async eventDone(id: string): Promise<void> {
    await this.db.delete(messagingWebhookEvents).where(eq(messagingWebhookEvents.id, id));
  }

  /**
   * A try that threw: counted, and after the last one the body is given up (kept, with its
   * error, for whoever investigates; `processed_at` says when).
   */
  async eventFailed(id: string, error: string, givenUpAt: Date | null): Promise<void> {
    await this.db
      .update(messagingWebhookEvents)
      .set({
        attempts: sql`${messagingWebhookEvents.attempts} + 1`,
        lastError: error.slice(0, 500),
        processedAt: givenUpAt,
      })
      .where(eq(messagingWebhookEvents.id, id));
  }

  async markWebhookVerified(provider: string, now: Date): Promise<void> {
    await this.db
      .insert(messagingProviderState)
      .values({ provider, webhookVerifiedAt: now })
      .onConflictDoUpdate({
        target: messagingProviderState.provider,
        set: { webhookVerifiedAt: now },
      });
  }

  async webhookVerifiedAt(provider: string): Promise<Date | null> {
    const [row] = await this.db
      .select({ at: messagingProviderState.webhookVerifiedAt })
      .from(messagingProviderState)
      .where(eq(messagingProviderState.provider, provider));
    return row?.at ?? null;
  }

  async messageByProviderId(
    channel: 'sms' | 'whatsapp',
    providerMessageId: string,
  ): Promise<OutboxMessageRow | undefined> {
    const [row] = await this.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.providerMessageId, providerMessageId),
          eq(outboxMessages.channel, channel),
        ),
      )
      .limit(1);
    return row;
  }

  /**
   * Records a provider's report unless the message is already further along (reports arrive out
   * of order; `read` may come without `delivered`). True when it changed the message. Once
   * delivered, the values kept for a fallback go.
   */
  async applyDeliveryStatus(outboxId: string, status: DeliveryStatus, at: Date): Promise<boolean> {
    const reached = status === 'delivered' || status === 'read';
    const rows = await this.db
      .update(outboxMessages)
      .set({
        deliveryStatus: status,
        ...(reached
          ? {
              deliveredAt: sql`coalesce(${outboxMessages.deliveredAt}, ${at.toISOString()}::timestamptz)`,
              params: null,
            }
          : {}),
        ...(status === 'read'
          ? { readAt: sql`coalesce(${outboxMessages.readAt}, ${at.toISOString()}::timestamptz)` }
          : {}),
      })
      .where(
        and(
          eq(outboxMessages.id, outboxId),
          sql`${RANK_SQL(outboxMessages.deliveryStatus)} < ${RANK[status]}`,
        ),
      )
      .returning({ id: outboxMessages.id });
    return rows.length > 0;
  }

  /** A programme message re-sent (as a template) is the day's send now. */
  async moveProgrammeSend(fromOutboxId: string, toOutboxId: string): Promise<void> {
    await this.db
      .update(programmeSends)
      .set({ outboxId: toOutboxId })
      .where(eq(programmeSends.outboxId, fromOutboxId));
  }

  async mobileOf(userId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ mobile: users.mobile })
      .from(users)
      .where(eq(users.id, userId));
    return row?.mobile ?? null;
  }

  /** SMS, WhatsApp and push messages per IST day and channel since `from` (an IST date). */
  async figuresByDay(from: string): Promise<ChannelDayRow[]> {
    const result = await this.db.execute<ChannelDayRow>(sql`
      SELECT to_char((created_at AT TIME ZONE 'Asia/Kolkata')::date, 'YYYY-MM-DD') AS date,
        channel,
        count(*) FILTER (WHERE status = 'sent')::int AS sent,
        count(*) FILTER (WHERE delivery_status IN ('delivered', 'read'))::int AS delivered,
        count(*) FILTER (WHERE delivery_status = 'read')::int AS read,
        count(*) FILTER (WHERE (status = 'failed' OR delivery_status = 'failed')
                           AND delivery_status IS DISTINCT FROM 'not_sent')::int AS failed,
        count(*) FILTER (WHERE delivery_status = 'not_sent')::int AS not_sent
      FROM outbox_messages
      WHERE channel <> 'email'
        AND created_at >= (${from}::date::timestamp AT TIME ZONE 'Asia/Kolkata')
      GROUP BY 1, 2
      ORDER BY 1 DESC, 2
    `);
    return result.rows;
  }

  /** SMS, WhatsApp and push messages handed to their provider in an IST month ('YYYY-MM'). */
  async sentInMonth(
    month: string,
  ): Promise<{ channel: 'sms' | 'whatsapp' | 'push'; sent: number }[]> {
    const result = await this.db.execute<{
      channel: 'sms' | 'whatsapp' | 'push';
      sent: number;
    }>(sql`
      SELECT channel, count(*)::int AS sent
      FROM outbox_messages
      WHERE channel <> 'email' AND status = 'sent'
        AND created_at >= (${`${month}-01`}::date::timestamp AT TIME ZONE 'Asia/Kolkata')
        AND created_at < ((${`${month}-01`}::date + interval '1 month')::timestamp
                          AT TIME ZONE 'Asia/Kolkata')
      GROUP BY channel
    `);
    return result.rows;
  }

  /** Why messages failed or were not sent, per IST day and channel, since `from`. */
  async reasonsByDay(from: string): Promise<ReasonRow[]> {
    const result = await this.db.execute<ReasonRow>(sql`
      SELECT to_char((created_at AT TIME ZONE 'Asia/Kolkata')::date, 'YYYY-MM-DD') AS date,
        channel, left(coalesce(last_error, 'unknown'), 160) AS reason, count(*)::int AS count
      FROM outbox_messages
      WHERE channel <> 'email' AND status = 'failed'
        AND created_at >= (${from}::date::timestamp AT TIME ZONE 'Asia/Kolkata')
      GROUP BY 1, 2, 3
      ORDER BY 4 DESC
    `);
    return result.rows;
  }

  /** WhatsApp sends since `since` that Meta refused for a template it does not have (132001). */
  async missingTemplateFailures(since: Date): Promise<number> {
    const result = await this.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM outbox_messages
      WHERE channel = 'whatsapp' AND created_at >= ${since}
        AND last_error LIKE '%error 132001%'
    `);
    return result.rows[0]?.n ?? 0;
  }
}

export interface ChannelDayRow extends Record<string, unknown> {
  date: string;
  channel: 'sms' | 'whatsapp' | 'push';
  sent: number;
  delivered: number;
  read: number;
  failed: number;
  not_sent: number;
}

export interface ReasonRow extends Record<string, unknown> {
  date: string;
  channel: string;
  reason: string;
  count: number;
}
