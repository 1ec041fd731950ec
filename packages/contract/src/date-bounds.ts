// The span every date and time a client sends must fall in. JavaScript reads '-200000-01-01' and
// '+275760-09-13' as dates, and zod's ISO pattern accepts year 0000 and 9999, but PostgreSQL
// cannot store some of them and a day added to 9999-12-31 has no ISO form it parses: such input
// must be a 400, never a query that fails. Nothing the programme records lies outside these
// years (a quit date, a slip, a coupon's expiry, a live session, a list's cursor).
import { z } from 'zod';
import { isIstDateString } from './ist';

export const DATE_INPUT_MIN_YEAR = 1900;
export const DATE_INPUT_MAX_YEAR = 2199;

const MIN_MS = Date.UTC(DATE_INPUT_MIN_YEAR, 0, 1);
const MAX_MS = Date.UTC(DATE_INPUT_MAX_YEAR + 1, 0, 1);

/** Whether an instant is a real date within the years inputs may name. */
export function isDateInputInRange(date: Date): boolean {
  const ms = date.getTime();
  return !Number.isNaN(ms) && ms >= MIN_MS && ms < MAX_MS;
}

/** An ISO date-time with an offset ('2026-03-10T12:00:00+05:30'), within the input years. */
export function boundedDateTimeSchema(error?: string) {
  return z.iso
    .datetime({ offset: true, error })
    .refine((value) => isDateInputInRange(new Date(value)), { error });
}

/** A real calendar date 'YYYY-MM-DD' within the input years. */
export function isBoundedDateString(value: string): boolean {
  if (!isIstDateString(value)) return false;
  const year = Number(value.slice(0, 4));
  return year >= DATE_INPUT_MIN_YEAR && year <= DATE_INPUT_MAX_YEAR;
}
