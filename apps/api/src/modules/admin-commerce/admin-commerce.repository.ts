import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import {
  coupons,
  creditNotes,
  invoices,
  liveSessionRegistrations,
  liveSessions,
  paymentOrders,
  payments,
  plans,
  refunds,
  userPlans,
  type CouponRow,
  type LiveSessionRow,
  type PlanRow,
} from '../../db/schema/money';
import { users } from '../../db/schema/users';
import { containsPattern } from '../../db/like';

const deciders = alias(users, 'deciders');

export class AdminCommerceRepository {
  constructor(private readonly db: Executor) {}

  // Plans ---------------------------------------------------------------------------------------

  listPlans(): Promise<PlanRow[]> {
    return this.db.select().from(plans).orderBy(desc(plans.active), asc(plans.createdAt));
  }

  async findPlan(id: string): Promise<PlanRow | undefined> {
    const [row] = await this.db.select().from(plans).where(eq(plans.id, id)).limit(1);
    return row;
  }

  async insertPlan(values: typeof plans.$inferInsert): Promise<PlanRow> {
    const [row] = await this.db.insert(plans).values(values).returning();
    return row!;
  }

  async updatePlan(id: string, values: Partial<typeof plans.$inferInsert>): Promise<PlanRow> {
    const [row] = await this.db.update(plans).set(values).where(eq(plans.id, id)).returning();
    return row!;
  }

  // Coupons -------------------------------------------------------------------------------------

  private couponsWithUse() {
    return this.db
      .select({
        coupon: coupons,
        // Written out: in a one-table select drizzle leaves columns unqualified, and a bare
        // "id" inside the subquery would be the redemption's own.
        used: sql<number>`(SELECT count(*)::int FROM coupon_redemptions r WHERE r.coupon_id = "coupons"."id")`,
      })
      .from(coupons);
  }

  listCoupons() {
    return this.couponsWithUse().orderBy(desc(coupons.createdAt));
  }

  async findCoupon(id: string): Promise<{ coupon: CouponRow; used: number } | undefined> {
    const [row] = await this.couponsWithUse().where(eq(coupons.id, id)).limit(1);
    return row;
  }

  async insertCoupon(values: typeof coupons.$inferInsert): Promise<CouponRow> {
    const [row] = await this.db.insert(coupons).values(values).returning();
    return row!;
  }

  async updateCoupon(id: string, values: Partial<typeof coupons.$inferInsert>) {
    await this.db.update(coupons).set(values).where(eq(coupons.id, id));
  }

  // Live sessions -------------------------------------------------------------------------------

  private sessionsWithCount() {
    return this.db
      .select({
        session: liveSessions,
        registrations: sql<number>`(SELECT count(*)::int FROM live_session_registrations r WHERE r.live_session_id = "live_sessions"."id" AND r.status = 'paid')`,
      })
      .from(liveSessions);
  }

  /** Every session, the next ones first, then the past ones latest first. */
  listLiveSessions() {
    return this.sessionsWithCount().orderBy(desc(liveSessions.sessionDate));
  }

  async findLiveSession(
    id: string,
  ): Promise<{ session: LiveSessionRow; registrations: number } | undefined> {
    const [row] = await this.sessionsWithCount().where(eq(liveSessions.id, id)).limit(1);
    return row;
  }

  async updateLiveSession(id: string, values: Partial<typeof liveSessions.$inferInsert>) {
    await this.db.update(liveSessions).set(values).where(eq(liveSessions.id, id));
  }

  enrolments(liveSessionId: string) {
    return this.db
      .select({
        id: liveSessionRegistrations.id,
        status: liveSessionRegistrations.status,
        createdAt: liveSessionRegistrations.createdAt,
        userId: users.id,
        name: users.name,
        email: users.email,
        mobile: users.mobile,
      })
      .from(liveSessionRegistrations)
      .innerJoin(users, eq(users.id, liveSessionRegistrations.userId))
      .where(eq(liveSessionRegistrations.liveSessionId, liveSessionId))
      .orderBy(asc(liveSessionRegistrations.createdAt));
  }

  // Payments ------------------------------------------------------------------------------------

  async paymentsPage(input: { q?: string; limit: number; offset: number }) {
    const where: SQL | undefined = input.q
      ? or(
          ilike(users.email, containsPattern(input.q)),
          ilike(users.name, containsPattern(input.q)),
          ilike(payments.buyerName, containsPattern(input.q)),
          eq(payments.providerPaymentId, input.q),
          eq(invoices.number, input.q),
        )
      : undefined;
    const base = () =>
      this.db
        .select({
          id: payments.id,
          providerPaymentId: payments.providerPaymentId,
          amountPaise: payments.amountPaise,
          status: payments.status,
          capturedAt: payments.capturedAt,
          buyerName: payments.buyerName,
          purpose: paymentOrders.purpose,
          planName: plans.name,
          sessionTitle: liveSessions.title,
          userId: users.id,
          userName: users.name,
          userEmail: users.email,
          invoiceId: invoices.id,
          invoiceNumber: invoices.number,
        })
        .from(payments)
        .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
        .leftJoin(users, eq(users.id, paymentOrders.userId))
        .leftJoin(plans, eq(plans.id, paymentOrders.planId))
        .leftJoin(liveSessions, eq(liveSessions.id, paymentOrders.liveSessionId))
        .leftJoin(invoices, eq(invoices.paymentId, payments.id));
    const rows = await base()
      .where(where)
      .orderBy(desc(payments.capturedAt), desc(payments.id))
      .limit(input.limit)
      .offset(input.offset);
    const [total] = await this.db
      .select({ n: count() })
      .from(payments)
      .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
      .leftJoin(users, eq(users.id, paymentOrders.userId))
      .leftJoin(invoices, eq(invoices.paymentId, payments.id))
      .where(where);
    return { rows, total: total?.n ?? 0 };
  }

  // Refunds -------------------------------------------------------------------------------------

  /**
   * A duplicate payment's automatic refund has no plan of the member's (decision 037): what was
   * bought is read from the order its payment paid, a plan or a live session.
   */
  private refundsQuery() {
    return this.db
      .select({
        refund: refunds,
        userId: users.id,
        userName: users.name,
        userEmail: users.email,
        planName: plans.name,
        sessionTitle: liveSessions.title,
        planStatus: userPlans.status,
        purchasedAt: payments.capturedAt,
        paymentReference: payments.providerPaymentId,
        deciderId: deciders.id,
        deciderName: deciders.name,
        deciderEmail: deciders.email,
        creditNoteId: creditNotes.id,
        creditNoteNumber: creditNotes.number,
      })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
      .leftJoin(userPlans, eq(userPlans.id, refunds.userPlanId))
      .leftJoin(plans, eq(plans.id, paymentOrders.planId))
      .leftJoin(liveSessions, eq(liveSessions.id, paymentOrders.liveSessionId))
      .leftJoin(users, eq(users.id, refunds.userId))
      .leftJoin(deciders, eq(deciders.id, refunds.decidedBy))
      .leftJoin(creditNotes, eq(creditNotes.refundId, refunds.id));
  }

  async refundsPage(input: { status?: string; limit: number; offset: number }) {
    const where = input.status
      ? eq(refunds.status, input.status as (typeof refunds.$inferSelect)['status'])
      : undefined;
    const rows = await this.refundsQuery()
      .where(where)
      .orderBy(desc(refunds.requestedAt), desc(refunds.id))
      .limit(input.limit)
      .offset(input.offset);
    const [total] = await this.db.select({ n: count() }).from(refunds).where(where);
    return { rows, total: total?.n ?? 0 };
  }

  async findRefund(id: string) {
    const [row] = await this.refundsQuery()
      .where(and(eq(refunds.id, id)))
      .limit(1);
    return row;
  }
}

export type RefundListRow = NonNullable<Awaited<ReturnType<AdminCommerceRepository['findRefund']>>>;
export type PaymentListRow = Awaited<
  ReturnType<AdminCommerceRepository['paymentsPage']>
>['rows'][number];
