import { and, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  invoices,
  payments,
  plans,
  refunds,
  userPlans,
  type RefundRow,
  type UserPlanRow,
} from '../../db/schema/money';
import { users } from '../../db/schema/users';

export class UserPlansRepository {
  constructor(private readonly db: Executor) {}

  /**
   * Records a purchased plan. ON CONFLICT DO NOTHING covers the one-current-plan-per-user index:
   * a second paid order (two checkouts opened side by side) leaves the first plan in place.
   */
  async insert(values: typeof userPlans.$inferInsert): Promise<UserPlanRow | undefined> {
    const [row] = await this.db.insert(userPlans).values(values).onConflictDoNothing().returning();
    return row;
  }

  /** The user's plan that is not refunded (at most one), with what it was and what it cost. */
  async findCurrent(userId: string) {
    const [row] = await this.db
      .select({
        userPlan: userPlans,
        plan: plans,
        payment: payments,
        invoiceId: invoices.id,
      })
      .from(userPlans)
      .innerJoin(plans, eq(plans.id, userPlans.planId))
      .innerJoin(payments, eq(payments.id, userPlans.paymentId))
      .leftJoin(invoices, eq(invoices.paymentId, payments.id))
      .where(and(eq(userPlans.userId, userId), ne(userPlans.status, 'refunded')))
      .orderBy(desc(userPlans.purchasedAt))
      .limit(1);
    return row;
  }

  /** The user's most recent refund request, whatever its state. */
  async findLatestRefund(userId: string): Promise<RefundRow | undefined> {
    const [row] = await this.db
      .select()
      .from(refunds)
      // Requests for a plan only: an automatic refund of a duplicate payment has no plan.
      .where(and(eq(refunds.userId, userId), isNotNull(refunds.userPlanId)))
      .orderBy(desc(refunds.requestedAt), desc(refunds.id))
      .limit(1);
    return row;
  }

  /** Locks the caller's plan row: concurrent refund requests for it queue here. */
  async lockOwned(id: string, userId: string): Promise<UserPlanRow | undefined> {
    const [row] = await this.db
      .select()
      .from(userPlans)
      .where(and(eq(userPlans.id, id), eq(userPlans.userId, userId)))
      .for('update');
    return row;
  }

  async lock(id: string): Promise<UserPlanRow | undefined> {
    const [row] = await this.db.select().from(userPlans).where(eq(userPlans.id, id)).for('update');
    return row;
  }

  async update(id: string, values: Partial<typeof userPlans.$inferInsert>) {
    await this.db.update(userPlans).set(values).where(eq(userPlans.id, id));
  }

  /** Premium from now: day 1 of the programme. The step is whatever the rule keeps it at. */
  async makePremium(userId: string, since: Date, step: number) {
    await this.db
      .update(users)
      .set({ type: 'premium', premiumSince: since, currentDay: 1, step, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
  }

  /**
   * Back to the free plan after a refund. The step is left alone; paid lessons disappear from
   * the user's list because lessons follow the account type, and their progress is kept should
   * they buy again.
   */
  async makeFree(userId: string) {
    await this.db
      .update(users)
      .set({ type: 'free', premiumSince: null, currentDay: 0, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
  }
}
