import { and, count, countDistinct, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { couponRedemptions, coupons, paymentOrders, type CouponRow } from '../../db/schema/money';

export class CouponsRepository {
  constructor(private readonly db: Executor) {}

  async findByCode(code: string): Promise<CouponRow | undefined> {
    const [row] = await this.db.select().from(coupons).where(eq(coupons.code, code)).limit(1);
    return row;
  }

  async findById(id: string): Promise<CouponRow | undefined> {
    const [row] = await this.db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
    return row;
  }

  /** Locks the coupon until the transaction ends: checkouts claiming a use of it queue here. */
  async lockById(id: string): Promise<CouponRow | undefined> {
    const [row] = await this.db.select().from(coupons).where(eq(coupons.id, id)).for('update');
    return row;
  }

  /**
   * The uses that count against a coupon's limits when `userId` claims one: every recorded
   * redemption (paid orders), plus one for each other user holding an unpaid checkout with it
   * opened after `holdsSince`. The caller's own open checkouts are left out: a new checkout
   * takes their place. One statement, so it reads one snapshot: an activation turning a hold
   * into a redemption is seen either entirely or not at all, never counted twice or not at all.
   * It errs on the safe side: another checkout a buyer left open beside the one they paid still
   * holds a use until its hold lapses.
   */
  async claimCounts(
    couponId: string,
    userId: string,
    holdsSince: Date,
  ): Promise<{ total: number; byUser: number }> {
    const redeemed = (onlyBy?: string) =>
      this.db
        .select({ n: count() })
        .from(couponRedemptions)
        .where(
          and(
            eq(couponRedemptions.couponId, couponId),
            onlyBy === undefined ? undefined : eq(couponRedemptions.userId, onlyBy),
          ),
        );
    const heldByOthers = this.db
      .select({ n: countDistinct(paymentOrders.userId) })
      .from(paymentOrders)
      .where(
        and(
          eq(paymentOrders.couponId, couponId),
          inArray(paymentOrders.status, ['created', 'failed']),
          gt(paymentOrders.createdAt, holdsSince),
          ne(paymentOrders.userId, userId),
        ),
      );
    const [row] = await this.db
      .select({
        redeemed: sql`(${redeemed()})`.mapWith(Number),
        redeemedByUser: sql`(${redeemed(userId)})`.mapWith(Number),
        heldByOthers: sql`(${heldByOthers})`.mapWith(Number),
      })
      .from(coupons)
      .where(eq(coupons.id, couponId));
    if (!row) return { total: 0, byUser: 0 };
    return { total: row.redeemed + row.heldByOthers, byUser: row.redeemedByUser };
  }

  async redemptionCount(couponId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, couponId));
    return row?.n ?? 0;
  }

  /** One redemption per order: a replayed activation inserts nothing. */
  async redeem(values: { couponId: string; userId: string | null; paymentOrderId: string }) {
    await this.db.insert(couponRedemptions).values(values).onConflictDoNothing();
  }
}
