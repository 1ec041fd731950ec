import { Messages } from '@exhale/contract/messages';
import { COUPON_CODE_LENGTH } from '@exhale/contract/money';
import type { Executor } from '../../db/client';
import type { CouponRow } from '../../db/schema/money';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { CouponsRepository } from './coupons.repository';

const M = Messages;
const fail = (status: number, entry: { code: string; message: string }) =>
  new AppError(status, entry.code, entry.message);

/**
 * Why a coupon cannot be used by this user now, checked in the order a user would want to hear
 * it: unknown, switched off, expired, no uses left, already used by them.
 */
async function assertUsable(
  db: Executor,
  coupon: CouponRow | undefined,
  userId: string,
  now: Date,
): Promise<CouponRow> {
  if (!coupon) throw fail(404, M.COUPON_NOT_FOUND);
  if (!coupon.active) throw fail(400, M.COUPON_INACTIVE);
  if (coupon.expiresAt && coupon.expiresAt.getTime() <= now.getTime()) {
    throw fail(400, M.COUPON_EXPIRED);
  }
  const used = await new CouponsRepository(db).redemptionCounts(coupon.id, userId);
  if (coupon.maxUses !== null && used.total >= coupon.maxUses) throw fail(400, M.COUPON_USED_UP);
  if (used.byUser >= coupon.maxUsesPerUser) throw fail(400, M.COUPON_ALREADY_USED);
  return coupon;
}

/** POST /coupon/verify: codes are matched case-insensitively (stored upper-cased). */
export async function verifyCouponCode(
  db: Executor,
  userId: string,
  code: string,
  now: Date,
): Promise<CouponRow> {
  const normalised = code.trim().toUpperCase();
  const coupon =
    normalised.length === COUPON_CODE_LENGTH
      ? await new CouponsRepository(db).findByCode(normalised)
      : undefined;
  return assertUsable(db, coupon, userId, now);
}

/**
 * The coupon a checkout names by id, re-checked when the order is created. Uses are counted when
 * a payment completes, so two checkouts racing for a coupon's last use can both be paid: the
 * buyer paid the discounted price in good faith and the purchase stands (max_uses is a soft cap).
 */
export async function usableCouponById(
  db: Executor,
  userId: string,
  id: string,
  now: Date,
): Promise<CouponRow> {
  const coupon = isUuid(id) ? await new CouponsRepository(db).findById(id) : undefined;
  return assertUsable(db, coupon, userId, now);
}

export function toCoupon(coupon: CouponRow) {
  return { id: coupon.id, type: coupon.type, value: coupon.value };
}
