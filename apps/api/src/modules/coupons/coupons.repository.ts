import { and, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { couponRedemptions, coupons, type CouponRow } from '../../db/schema/money';

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

  async redemptionCounts(
    couponId: string,
    userId: string,
  ): Promise<{ total: number; byUser: number }> {
    const [total] = await this.db
      .select({ n: count() })
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, couponId));
    const [byUser] = await this.db
      .select({ n: count() })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId)));
    return { total: total?.n ?? 0, byUser: byUser?.n ?? 0 };
  }

  /** One redemption per order: a replayed activation inserts nothing. */
  async redeem(values: { couponId: string; userId: string | null; paymentOrderId: string }) {
    await this.db.insert(couponRedemptions).values(values).onConflictDoNothing();
  }
}
