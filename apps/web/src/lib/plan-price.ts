import { formatRupees, GST_PERCENT, priceBreakdown } from '@exhale/contract/money';
import type { Plan } from '@exhale/contract/payments';

/** The plan a visitor can buy: the first with a duration (duration 0 is the free plan, spec §3). */
export function planOnSale<T extends Pick<Plan, 'duration'>>(plans: readonly T[]): T | undefined {
  return plans.find((plan) => plan.duration !== 0);
}

/**
 * A plan's price as it is announced before checkout: its selling price (the special price when
 * there is one), the GST rate and the total with GST, so '₹4,999' never turns into a larger total
 * at checkout unannounced. The amounts come from the contract's `priceBreakdown`, the rule the
 * server charges by; nothing here computes GST itself.
 */
export function priceWithGst(plan: Pick<Plan, 'price_paise' | 'special_price_paise'>) {
  const amounts = priceBreakdown({ pricePaise: plan.special_price_paise ?? plan.price_paise });
  return {
    price: formatRupees(amounts.subTotalPaise),
    percent: GST_PERCENT,
    total: formatRupees(amounts.totalPaise),
  };
}
