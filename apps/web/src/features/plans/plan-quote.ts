import { paiseToRupees, priceBreakdown, type PriceBreakdown } from '@exhale/contract/money';
import type { AppliedCoupon, Plan, PlanOrder, PlanOrderRequest } from './api';

/** The amounts the plans page shows, in paise. */
export type Breakdown = PriceBreakdown;

/**
 * The price a buyer sees before paying. The API has no quote endpoint, yet POST /user-plan needs
 * the total the buyer saw (a different one is refused with 409, so nobody is charged a price they
 * did not see). This preview therefore comes from the contract's `priceBreakdown`, the one
 * implementation the server itself prices every order with, never from arithmetic here; once the
 * order exists, the page shows the server's own breakdown from its answer instead.
 */
export function quotePlan(plan: Plan, coupon: AppliedCoupon | null): Breakdown {
  return priceBreakdown({
    pricePaise: plan.special_price_paise ?? plan.price_paise,
    coupon: coupon ? { type: coupon.type, value: coupon.value } : null,
  });
}

/** POST /user-plan's body: the quote's figures, as rupees (API.md "Conventions"). */
export function planOrderRequest(
  plan: Plan,
  coupon: AppliedCoupon | null,
  quote: Breakdown,
): PlanOrderRequest {
  return {
    plan_id: plan._id,
    ...(coupon ? { coupon_id: coupon.id } : {}),
    total: paiseToRupees(quote.totalPaise),
    sub_total: paiseToRupees(quote.subTotalPaise),
    gst: paiseToRupees(quote.gstPaise),
  };
}

/** The server's breakdown from its order answer. */
export function orderBreakdown(order: PlanOrder): Breakdown {
  return {
    pricePaise: order.price_paise,
    discountPaise: order.discount_paise,
    subTotalPaise: order.sub_total_paise,
    gstPaise: order.gst_paise,
    totalPaise: order.total_paise,
  };
}
