import { Messages } from '@exhale/contract/messages';
import { COUPON_CODE_LENGTH } from '@exhale/contract/money';
import type { Executor } from '../../db/client';
import type { CouponRow } from '../../db/schema/money';
import { AppError } from '../../lib/app-error';
import type { DataAccess } from '../../lib/data-access';
import { isUuid } from '../../lib/ids';
import type { CouponsRepository } from './coupons.repository';

const fail = (status: number, entry: { code: string; message: string }) =>
  new AppError(status, entry.code, entry.message);

/**
 * How long an unpaid checkout keeps the coupon use it claimed. A checkout normally ends well
 * within it (UPI and card flows time out in minutes); an abandoned one then frees its use.
 */
export const COUPON_HOLD_MS = 30 * 60_000;

/** What the coupon rules read, on one executor (coupons.module.ts builds them). */
export interface CouponsRepositories {
  coupons: Pick<CouponsRepository, 'findByCode' | 'findById' | 'lockById' | 'claimCounts'>;
}

/** Coupon validity: checked when a member types a code, when a checkout is priced and claimed. */
export class CouponsService {
  constructor(private readonly deps: { data: DataAccess<CouponsRepositories> }) {}

  /** POST /coupon/verify: codes are matched case-insensitively (stored upper-cased). */
  async verifyCode(userId: string, code: string, now: Date): Promise<CouponRow> {
    const { coupons } = this.deps.data.repos;
    const normalised = code.trim().toUpperCase();
    const coupon =
      normalised.length === COUPON_CODE_LENGTH ? await coupons.findByCode(normalised) : undefined;
    return assertUsable(coupons, coupon, userId, now);
  }

  /**
   * The coupon a checkout names by id, checked when the checkout is priced. This check alone
   * decides nothing under concurrency; `claim` is what makes the limits hold.
   */
  async usableById(userId: string, id: string, now: Date): Promise<CouponRow> {
    const { coupons } = this.deps.data.repos;
    const coupon = isUuid(id) ? await coupons.findById(id) : undefined;
    return assertUsable(coupons, coupon, userId, now);
  }

  /**
   * Claims a use of a coupon for the order about to be inserted in the same transaction `tx`.
   * The coupon row is locked (SELECT … FOR UPDATE) before the uses are counted, so checkouts
   * racing for the last use queue on it and each counts the orders committed before it: exactly
   * one gets the use, the others hear 'This coupon is no longer available.'. The order is the
   * claim: while it is unpaid it holds the use for `COUPON_HOLD_MS` (a failed attempt too, since
   * the buyer may retry in the same checkout), and once paid its redemption row counts for good
   * (written in the activation transaction as the order turns paid, so a use is never counted
   * twice or lost in between). A checkout abandoned longer than the hold frees the use. The one
   * way past a limit left is a payment landing after its hold lapsed and another buyer took the
   * use; the buyer has paid the discounted price by then, so it stands and is logged.
   */
  async claim(tx: Executor, userId: string, id: string, now: Date): Promise<CouponRow> {
    const { coupons } = this.deps.data.within(tx);
    return assertUsable(coupons, await coupons.lockById(id), userId, now);
  }
}

/**
 * Why a coupon cannot be used by this user now, checked in the order a user would want to hear
 * it: unknown, switched off, expired, no uses left, already used by them. Uses left counts the
 * unpaid checkouts of other users still holding a use (see `CouponsService.claim`).
 */
async function assertUsable(
  coupons: CouponsRepositories['coupons'],
  coupon: CouponRow | undefined,
  userId: string,
  now: Date,
): Promise<CouponRow> {
  if (!coupon) throw fail(404, Messages.COUPON_NOT_FOUND);
  if (!coupon.active) throw fail(400, Messages.COUPON_INACTIVE);
  if (coupon.expiresAt && coupon.expiresAt.getTime() <= now.getTime()) {
    throw fail(400, Messages.COUPON_EXPIRED);
  }
  const used = await coupons.claimCounts(
    coupon.id,
    userId,
    new Date(now.getTime() - COUPON_HOLD_MS),
  );
  if (coupon.maxUses !== null && used.total >= coupon.maxUses)
    throw fail(400, Messages.COUPON_USED_UP);
  if (used.byUser >= coupon.maxUsesPerUser) throw fail(400, Messages.COUPON_ALREADY_USED);
  return coupon;
}

export function toCoupon(coupon: CouponRow) {
  return { id: coupon.id, type: coupon.type, value: coupon.value };
}
