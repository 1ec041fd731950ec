// Calendar arithmetic in India Standard Time. Times are stored in UTC, but the programme's "days"
// (premium current_day, refund business days, dates on screen) are the user's days in India.
// IST is a fixed UTC+05:30 with no daylight saving, so a constant offset is exact and needs no
// time-zone database (which some browsers and slim Node builds lack).

export const IST_TIME_ZONE = 'Asia/Kolkata';
export const IST_OFFSET_MINUTES = 5 * 60 + 30;
const IST_OFFSET_MS = IST_OFFSET_MINUTES * 60_000;
export const MS_PER_DAY = 86_400_000;

function assertValidDate(name: string, date: Date): void {
  if (Number.isNaN(date.getTime())) throw new RangeError(`${name} is not a valid date`);
}

/** The instant shifted so that its UTC fields read as IST wall-clock fields. */
function istWallClock(date: Date): Date {
  return new Date(date.getTime() + IST_OFFSET_MS);
}

/** Whole IST calendar days since 1970-01-01 (IST); the IST date as one comparable integer. */
export function istDayNumber(date: Date): number {
  assertValidDate('date', date);
  return Math.floor((date.getTime() + IST_OFFSET_MS) / MS_PER_DAY);
}

/** The IST calendar date as 'YYYY-MM-DD'. */
export function istDateString(date: Date): string {
  assertValidDate('date', date);
  return istWallClock(date).toISOString().slice(0, 10);
}

/** The IST wall-clock parts of an instant; `weekday` is 0 for Sunday to 6 for Saturday. */
export function istParts(date: Date): {
  year: number;
  month: number;
  day: number;
  hours: number;
  minutes: number;
  weekday: number;
} {
  assertValidDate('date', date);
  const wall = istWallClock(date);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hours: wall.getUTCHours(),
    minutes: wall.getUTCMinutes(),
    weekday: wall.getUTCDay(),
  };
}

/**
 * Calendar days from a's IST date to b's IST date (negative when b is earlier). 23:59 and 00:01
 * IST on consecutive dates are one day apart although only two minutes separate them.
 */
export function istDaysBetween(a: Date, b: Date): number {
  return istDayNumber(b) - istDayNumber(a);
}

/**
 * A premium user's programme day: 1 on the IST date of purchase, one more on each later IST date,
 * never above `totalDays` (the programme's length) and never below 1 (a clock that runs behind
 * the purchase time must not produce day 0).
 */
export function premiumCurrentDay(purchasedAt: Date, now: Date, totalDays: number): number {
  if (!Number.isSafeInteger(totalDays) || totalDays < 1) {
    throw new RangeError(`totalDays must be a positive integer, got ${totalDays}`);
  }
  const day = 1 + istDaysBetween(purchasedAt, now);
  return Math.min(Math.max(day, 1), totalDays);
}

const IST_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written 'YYYY-MM-DD' (2026-02-30 is not one). */
export function isIstDateString(text: string): boolean {
  const match = IST_DATE_PATTERN.exec(text);
  if (match === null) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const probe = new Date(Date.UTC(y, m - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
}

/** The day number (as `istDayNumber` counts) of an IST date 'YYYY-MM-DD'. */
export function istDateDayNumber(date: string): number {
  if (!isIstDateString(date)) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / MS_PER_DAY;
}

/** The IST date 'YYYY-MM-DD' of a day number (the inverse of `istDateDayNumber`). */
export function istDateFromDayNumber(day: number): string {
  if (!Number.isSafeInteger(day)) throw new RangeError(`day must be an integer, got ${day}`);
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The instant an IST date begins (00:00 IST, which is 18:30 UTC the day before). */
export function istDateStart(date: string): Date {
  return new Date(istDateDayNumber(date) * MS_PER_DAY - IST_OFFSET_MS);
}

/** The IST date `days` calendar days after (or before, when negative) `date`. */
export function addIstDays(date: string, days: number): string {
  return istDateFromDayNumber(istDateDayNumber(date) + days);
}
