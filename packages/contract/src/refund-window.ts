// The refund window (spec §1 "within 7 to 10 business days of purchase"; API.md fixes 10). The
// terms speak of business days in India, so days are IST dates and only Monday to Friday count.
// Public holidays are not modelled: they vary by state and year, and counting them would only
// shorten the window in the user's favour by a day or two.
import { formatDayShortMonthYear, type DateInput } from './formats';
import { IST_OFFSET_MINUTES, MS_PER_DAY, istDayNumber } from './ist';

export const REFUND_WINDOW_BUSINESS_DAYS = 10;

// 1970-01-01, IST day number 0, was a Thursday (weekday 4 with Sunday = 0).
const WEEKDAY_OF_DAY_ZERO = 4;

function isBusinessDay(dayNumber: number): boolean {
  const weekday = (((dayNumber + WEEKDAY_OF_DAY_ZERO) % 7) + 7) % 7;
  return weekday >= 1 && weekday <= 5;
}

/**
 * Business days (Mon–Fri, IST) strictly after the purchase's IST date, up to and including now's
 * IST date. The purchase day itself never counts, whatever the hour, so a purchase late on a
 * Friday and one early on that Friday get the same window. 0 when now is not after the purchase
 * date.
 */
export function businessDaysSince(purchasedAt: Date, now: Date): number {
  const start = istDayNumber(purchasedAt);
  const span = istDayNumber(now) - start;
  if (span <= 0) return 0;
  const fullWeeks = Math.floor(span / 7);
  let count = fullWeeks * 5;
  for (let day = start + fullWeeks * 7 + 1; day <= start + span; day += 1) {
    if (isBusinessDay(day)) count += 1;
  }
  return count;
}

/**
 * True while a refund may still be requested: until the end (IST midnight) of the
 * `businessDays`-th business day after the purchase date. A purchase on Monday with the default
 * 10 days stays refundable through the Monday two weeks later.
 */
export function isWithinRefundWindow(
  purchasedAt: Date,
  now: Date,
  businessDays: number = REFUND_WINDOW_BUSINESS_DAYS,
): boolean {
  if (!Number.isSafeInteger(businessDays) || businessDays < 0) {
    throw new RangeError(`businessDays must be a non-negative integer, got ${businessDays}`);
  }
  return businessDaysSince(purchasedAt, now) <= businessDays;
}

/**
 * The instant the refund window closes: IST midnight at the start of the (`businessDays` + 1)-th
 * business day after the purchase date. A weekend after the last counted day stays inside the
 * window, because no business day has passed during it. `isWithinRefundWindow(purchasedAt, now)`
 * is true exactly while `now` is before this instant.
 */
export function refundWindowClosesAt(
  purchasedAt: Date,
  businessDays: number = REFUND_WINDOW_BUSINESS_DAYS,
): Date {
  if (!Number.isSafeInteger(businessDays) || businessDays < 0) {
    throw new RangeError(`businessDays must be a non-negative integer, got ${businessDays}`);
  }
  let day = istDayNumber(purchasedAt);
  for (let counted = 0; counted <= businessDays;) {
    day += 1;
    if (isBusinessDay(day)) counted += 1;
  }
  return new Date(day * MS_PER_DAY - IST_OFFSET_MINUTES * 60_000);
}

/**
 * The last IST date on which a refund may still be asked, as every screen and mail writes it
 * ('19 Jan 2026'). Takes the closing instant (`refundWindowClosesAt`, the API's
 * `refundable_until`): that instant is IST midnight *after* the last day, so printing it as a
 * date would promise one day more than the server allows. '' for an unreadable date.
 */
export function refundLastDayLabel(closesAt: DateInput): string {
  const closes = typeof closesAt === 'string' ? new Date(closesAt) : closesAt;
  if (Number.isNaN(closes.getTime())) return '';
  return formatDayShortMonthYear(new Date(closes.getTime() - 1));
}
