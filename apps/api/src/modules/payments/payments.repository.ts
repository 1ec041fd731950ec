import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  paymentOrders,
  payments,
  webhookEvents,
  type PaymentOrderRow,
  type PaymentRow,
} from '../../db/schema/money';

/** What a payment (and its invoice) says in place of the name of a buyer whose account is erased. */
export const ERASED_BUYER_NAME = 'Erased account';

export type NewPaymentOrder = typeof paymentOrders.$inferInsert;
export type OrderStatus = PaymentOrderRow['status'];
export type OrderPurpose = PaymentOrderRow['purpose'];

/** An unpaid checkout the member may still pay: reused by a repeated checkout (decision 037). */
export const OPEN_ORDER_STATUSES: OrderStatus[] = ['created', 'failed'];

export class PaymentsRepository {
  constructor(private readonly db: Executor) {}

  async insertOrder(values: NewPaymentOrder): Promise<PaymentOrderRow> {
    const [row] = await this.db.insert(paymentOrders).values(values).returning();
    return row!;
  }

  async findOrderByProviderId(providerOrderId: string): Promise<PaymentOrderRow | undefined> {
    const [row] = await this.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.providerOrderId, providerOrderId))
      .limit(1);
    return row;
  }

  /**
   * The member's open checkout (unpaid: created or failed) for a plan, or for one live session,
   * locked until the transaction ends. The unique indexes allow at most one (decision 037).
   */
  async lockOpenOrder(slot: {
    userId: string;
    purpose: OrderPurpose;
    liveSessionId?: string | null;
  }): Promise<PaymentOrderRow | undefined> {
    const [row] = await this.db
      .select()
      .from(paymentOrders)
      .where(
        and(
          eq(paymentOrders.userId, slot.userId),
          eq(paymentOrders.purpose, slot.purpose),
          slot.purpose === 'live_session' && slot.liveSessionId
            ? eq(paymentOrders.liveSessionId, slot.liveSessionId)
            : undefined,
          inArray(paymentOrders.status, OPEN_ORDER_STATUSES),
        ),
      )
      .limit(1)
      .for('update');
    return row;
  }

  /** A reused checkout counts as opened now: its coupon hold runs again from `now`. */
  async reopenOrder(id: string, now: Date): Promise<PaymentOrderRow> {
    const [row] = await this.db
      .update(paymentOrders)
      .set({ createdAt: now, updatedAt: sql`now()` })
      .where(eq(paymentOrders.id, id))
      .returning();
    return row!;
  }

  async findOrder(id: string): Promise<PaymentOrderRow | undefined> {
    const [row] = await this.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.id, id))
      .limit(1);
    return row;
  }

  /** Locks the order until the transaction ends: concurrent activations of it queue here. */
  async lockOrder(id: string): Promise<PaymentOrderRow | undefined> {
    const [row] = await this.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.id, id))
      .for('update');
    return row;
  }

  /** Moves an order to `status` only from one of `from`; false when it was elsewhere. */
  async setOrderStatus(id: string, status: OrderStatus, from: OrderStatus[]): Promise<boolean> {
    const rows = await this.db
      .update(paymentOrders)
      .set({ status, updatedAt: sql`now()` })
      .where(and(eq(paymentOrders.id, id), inArray(paymentOrders.status, from)))
      .returning({ id: paymentOrders.id });
    return rows.length > 0;
  }

  /**
   * Records a payment, or nothing when it is already recorded (the unique provider payment id)
   * or, for a payment that is not a duplicate, when the order already has one (the unique
   * order_id among non-duplicates): a second activation is a no-op (undefined) even without the
   * order lock.
   */
  async insertPayment(values: typeof payments.$inferInsert): Promise<PaymentRow | undefined> {
    const [row] = await this.db.insert(payments).values(values).onConflictDoNothing().returning();
    return row;
  }

  /** The capture granted nothing after all: it is refunded automatically (decision 037). */
  async markDuplicate(id: string): Promise<PaymentRow> {
    const [row] = await this.db
      .update(payments)
      .set({ duplicate: true })
      .where(eq(payments.id, id))
      .returning();
    return row!;
  }

  /** Whether the order still has a captured payment that is not refunded. */
  async hasCapturedPayment(orderId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.status, 'captured')))
      .limit(1);
    return row !== undefined;
  }

  async findPaymentByOrderId(orderId: string): Promise<PaymentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .limit(1);
    return row;
  }

  async findPaymentByProviderId(providerPaymentId: string): Promise<PaymentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, providerPaymentId))
      .limit(1);
    return row;
  }

  async findPayment(id: string): Promise<PaymentRow | undefined> {
    const [row] = await this.db.select().from(payments).where(eq(payments.id, id)).limit(1);
    return row;
  }

  async setPaymentStatus(id: string, status: PaymentRow['status']) {
    await this.db.update(payments).set({ status }).where(eq(payments.id, id));
  }

  /** True the first time an event id is seen; a replayed delivery gets false. */
  async recordWebhookEvent(id: string, provider: string, event: string): Promise<boolean> {
    const rows = await this.db
      .insert(webhookEvents)
      .values({ id, provider, event })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    return rows.length > 0;
  }

  /**
   * Account erasure: the payments stay (they are tax records) but no longer name the buyer.
   * Runs in the erasure's transaction before the user row goes, while the orders still point at
   * the user. The user's orders are locked first, in the order activation takes its locks (order,
   * then user): an activation already running finishes before this reads the payments, so its
   * payment is anonymised too; one that starts later waits, then finds the order without a user
   * and records `ERASED_BUYER_NAME` itself.
   */
  async anonymiseBuyer(userId: string): Promise<void> {
    await this.db
      .select({ id: paymentOrders.id })
      .from(paymentOrders)
      .where(eq(paymentOrders.userId, userId))
      .for('update');
    await this.db
      .update(payments)
      .set({ buyerName: ERASED_BUYER_NAME })
      .where(
        inArray(
          payments.orderId,
          this.db
            .select({ id: paymentOrders.id })
            .from(paymentOrders)
            .where(eq(paymentOrders.userId, userId)),
        ),
      );
  }
}
