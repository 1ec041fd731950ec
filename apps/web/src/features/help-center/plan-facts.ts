import { formatRupees, GST_PERCENT, priceBreakdown } from '@exhale/contract/money';
import { REFUND_WINDOW_BUSINESS_DAYS } from '@exhale/contract/refund-window';

/**
 * The lifetime plan's list price, for the help pages' explanations only. What a buyer pays is
 * always what the API quotes on /plans; change this if the plan's price changes.
 */
export const LIFETIME_PLAN_PRICE_PAISE = 499_900;

/** Price, GST and refund window as the help texts quote them, computed by the contract's rules. */
export function planFacts() {
  const amounts = priceBreakdown({ pricePaise: LIFETIME_PLAN_PRICE_PAISE });
  return {
    price: formatRupees(amounts.subTotalPaise),
    gst: formatRupees(amounts.gstPaise),
    total: formatRupees(amounts.totalPaise),
    percent: GST_PERCENT,
    days: REFUND_WINDOW_BUSINESS_DAYS,
  };
}
