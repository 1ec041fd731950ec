import { istDateDayNumber } from '@exhale/contract/ist';

/** Whole calendar days from the server's `today` to the quit date (0 on the day, never below). */
export function daysUntil(quitDate: string, today: string): number {
  return Math.max(0, istDateDayNumber(quitDate) - istDateDayNumber(today));
}
