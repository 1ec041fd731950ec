// Money is integer paise end to end (ARCHITECTURE §5); rupees appear only at the edges (parsing an
// admin's input, formatting for display, the API's rupee fields). All arithmetic here is on safe
// integers with explicit half-up rounding, so 18% of an amount can never drift by a float error
// and the server and the web always agree to the paisa.

export const PAISE_PER_RUPEE = 100;
export const GST_PERCENT = 18;
export const COUPON_CODE_LENGTH = 6;

function assertSafeInteger(name: string, value: number): void {
  if (!Number.isSafeInteger(value))
    throw new RangeError(`${name} must be a safe integer, got ${value}`);
}

function assertPaise(name: string, value: number): void {
  assertSafeInteger(name, value);
  if (value < 0) throw new RangeError(`${name} must not be negative, got ${value}`);
}

/** Exact floor division for non-negative safe integers (no float quotient involved). */
function floorDiv(numerator: number, denominator: number): number {
  return (numerator - (numerator % denominator)) / denominator;
}

/** numerator / denominator rounded half up, for non-negative safe integers. */
function roundHalfUpDiv(numerator: number, denominator: number): number {
  const doubled = 2 * numerator + denominator;
  assertSafeInteger('intermediate amount', doubled);
  return floorDiv(doubled, 2 * denominator);
}

/**
 * Parses a decimal with at most two fractional digits into hundredths, exactly. It reads the
 * number's shortest decimal form, which for any literal like 0.29 or 10.5 is that literal, so
 * `0.29 * 100 = 28.999…` never happens. More than two decimals is refused, never rounded away.
 */
function toHundredths(name: string, value: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`${name} must be finite, got ${value}`);
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(String(value));
  if (match === null) throw new RangeError(`${name} must have at most 2 decimals, got ${value}`);
  const [, sign = '', whole = '0', fraction = ''] = match;
  const hundredths = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  assertSafeInteger(name, hundredths);
  return sign === '-' ? -hundredths : hundredths;
}

/** 49.99 → 4999. Refuses more than 2 decimals (a price is never a fraction of a paisa). */
export function rupeesToPaise(rupees: number): number {
  return toHundredths('rupees', rupees);
}

/** 4999 → 49.99: the rupee number (at most 2 decimals) the API puts beside each `_paise` field. */
export function paiseToRupees(paise: number): number {
  assertSafeInteger('paise', paise);
  return paise / PAISE_PER_RUPEE;
}

function splitPaise(paise: number): { sign: string; rupees: number; cents: string } {
  assertSafeInteger('paise', paise);
  const absolute = Math.abs(paise);
  return {
    sign: paise < 0 ? '-' : '',
    rupees: floorDiv(absolute, PAISE_PER_RUPEE),
    cents: String(absolute % PAISE_PER_RUPEE).padStart(2, '0'),
  };
}

/** 123450 → '1234.50': always two decimals, no grouping (spec §9 "formatted to 2 decimals"). */
export function formatTwoDecimals(paise: number): string {
  const { sign, rupees, cents } = splitPaise(paise);
  return `${sign}${rupees}.${cents}`;
}

// Indian grouping: the last three digits, then pairs (12,34,567). Written out rather than left to
// Intl so the output does not depend on the ICU data of the browser or Node build.
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  const tail = digits.slice(-3);
  return `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${tail}`;
}

/** 499900 → '₹4,999'; 123450 → '₹1,234.50'; paise shown only when there are some. */
export function formatRupees(paise: number): string {
  const { sign, rupees, cents } = splitPaise(paise);
  const whole = groupIndian(String(rupees));
  return cents === '00' ? `${sign}₹${whole}` : `${sign}₹${whole}.${cents}`;
}

// ---------------------------------------------------------------------------------------------
// Plans and coupons
// ---------------------------------------------------------------------------------------------

/** 'off' takes a flat number of rupees off; 'percent' takes a percentage (spec §3 "Coupon"). */
export const COUPON_TYPES = ['off', 'percent'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

/** What pricing needs of a coupon. `value` is rupees for 'off', a percentage for 'percent'. */
export type CouponTerms = { type: CouponType; value: number };

export type PriceBreakdown = {
  pricePaise: number;
  discountPaise: number;
  subTotalPaise: number;
  gstPaise: number;
  totalPaise: number;
};

function discountPaise(pricePaise: number, coupon: CouponTerms): number {
  if (coupon.value < 0)
    throw new RangeError(`coupon value must not be negative, got ${coupon.value}`);
  if (coupon.type === 'off') return rupeesToPaise(coupon.value);
  // A percentage with up to 2 decimals is a whole number of basis points (12.5% = 1250).
  const basisPoints = toHundredths('coupon percent', coupon.value);
  assertSafeInteger('discount product', pricePaise * basisPoints);
  return roundHalfUpDiv(pricePaise * basisPoints, 100 * 100);
}

/**
 * The plan checkout amounts (API.md "GST"): the coupon's discount (never more than the price),
 * the subtotal after it, 18% GST on the subtotal and the total, with
 * total = round_half_up(subtotal × 1.18) in paise and gst = total − subtotal, so the three shown
 * amounts always add up.
 */
export function priceBreakdown(input: {
  pricePaise: number;
  coupon?: CouponTerms | null;
}): PriceBreakdown {
  const { pricePaise, coupon } = input;
  assertPaise('pricePaise', pricePaise);
  const discount =
    coupon === undefined || coupon === null
      ? 0
      : Math.min(discountPaise(pricePaise, coupon), pricePaise);
  const subTotalPaise = pricePaise - discount;
  assertSafeInteger('GST product', subTotalPaise * (100 + GST_PERCENT));
  const totalPaise = roundHalfUpDiv(subTotalPaise * (100 + GST_PERCENT), 100);
  return {
    pricePaise,
    discountPaise: discount,
    subTotalPaise,
    gstPaise: totalPaise - subTotalPaise,
    totalPaise,
  };
}

// ---------------------------------------------------------------------------------------------
// Live sessions
// ---------------------------------------------------------------------------------------------

export type LiveSessionAmounts = { subTotalPaise: number; gstPaise: number; totalPaise: number };

/** Live-session registration (spec §9): gst = amount × 0.18 rounded half up, total = amount + gst. */
export function liveSessionAmounts(amountPaise: number): LiveSessionAmounts {
  assertPaise('amountPaise', amountPaise);
  assertSafeInteger('GST product', amountPaise * GST_PERCENT);
  const gstPaise = roundHalfUpDiv(amountPaise * GST_PERCENT, 100);
  return { subTotalPaise: amountPaise, gstPaise, totalPaise: amountPaise + gstPaise };
}

/** The live-session card's price line (spec §2): 'Rs.{amount} + 18 % GST'. */
export function liveSessionPriceLabel(amountPaise: number): string {
  return `Rs.${paiseToRupees(amountPaise)} + ${GST_PERCENT} % GST`;
}
