// Lesson unlocking (API.md "Lesson unlocking"; spec §4 "Lesson status", "Day access"). A user's
// lessons form one queue ordered by (day, video_order): watching one completes it and opens the
// next, except that a premium user cannot run ahead of their programme day. These functions only
// compute the status changes; the lesson service writes them in one transaction.
import { z } from 'zod';
import { istDayNumber, IST_OFFSET_MINUTES, MS_PER_DAY } from './ist';

export const LESSON_STATUSES = ['inactive', 'active', 'completed'] as const;
export const lessonStatusSchema = z.enum(LESSON_STATUSES);
export type LessonStatus = z.infer<typeof lessonStatusSchema>;

/** What unlocking needs of a user's lesson. */
export type LessonRow = { id: string; day: number; video_order: number; status: LessonStatus };
export type LessonStatusUpdate = { id: string; status: LessonStatus };

export type LessonViewResult =
  { ok: true; updates: LessonStatusUpdate[] } | { ok: false; reason: 'not_found' | 'locked' };

/**
 * Whether the lessons of `day` may be listed or played: only days 1 to current_day (spec §4).
 * Refused days get 'Currently you have access to watch till day {n} lessons.'
 */
export function canOpenDay(day: number, currentDay: number): boolean {
  return Number.isSafeInteger(day) && day >= 1 && day <= currentDay;
}

/**
 * When each programme day opens (decision 046): midnight IST of its calendar date, day 1 on the
 * IST date of purchase. Derived from today's programme day, which already counts IST dates from
 * the purchase, so days 1..totalDays are `currentDay - n` dates before or after today.
 */
export function dayOpenTimes(totalDays: number, currentDay: number, now: Date): string[] {
  const today = istDayNumber(now);
  return Array.from({ length: Math.max(totalDays, 0) }, (_, index) => {
    const date = today + (index + 1 - currentDay);
    return new Date(date * MS_PER_DAY - IST_OFFSET_MINUTES * 60_000).toISOString();
  });
}

/** A copy in programme order; the id breaks ties so the order never depends on the query plan. */
export function sortLessons<T extends LessonRow>(rows: readonly T[]): T[] {
  return [...rows].sort(
    (a, b) =>
      a.day - b.day || a.video_order - b.video_order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

// `currentDay` is null for users without a programme day (free users): no day limit applies.
function isDayOpen(day: number, currentDay: number | null): boolean {
  return currentDay === null || day <= currentDay;
}

/**
 * The status changes after the user finishes watching `viewedId`: that lesson becomes
 * `completed` and the next one in (day, video_order) becomes `active`, unless its day is beyond
 * `currentDay` (then it stays `inactive` until `pendingUnlocks` opens it on that day). Only real
 * changes are returned, so re-watching a completed lesson returns nothing or just the unlock it
 * had been owed. An `inactive` lesson, or one of a day not yet open, cannot have been watched:
 * refused as `locked`.
 */
export function lessonUpdatesAfterView(
  rows: readonly LessonRow[],
  viewedId: string,
  currentDay: number | null,
): LessonViewResult {
  const ordered = sortLessons(rows);
  const index = ordered.findIndex((row) => row.id === viewedId);
  const viewed = ordered[index];
  if (viewed === undefined) return { ok: false, reason: 'not_found' };
  if (viewed.status === 'inactive' || !isDayOpen(viewed.day, currentDay)) {
    return { ok: false, reason: 'locked' };
  }

  const updates: LessonStatusUpdate[] = [];
  if (viewed.status !== 'completed') updates.push({ id: viewed.id, status: 'completed' });
  const next = ordered[index + 1];
  if (next !== undefined && next.status === 'inactive' && isDayOpen(next.day, currentDay)) {
    updates.push({ id: next.id, status: 'active' });
  }
  return { ok: true, updates };
}

/**
 * The unlock a user is owed without watching anything: the first lesson of a fresh list, the
 * first paid lesson after a purchase, or the next day's first lesson once current_day has moved
 * on. That is the first not-completed lesson when it is `inactive`, everything before it is
 * completed and its day is open. Returns at most one update.
 */
export function pendingUnlocks(
  rows: readonly LessonRow[],
  currentDay: number | null,
): LessonStatusUpdate[] {
  const first = sortLessons(rows).find((row) => row.status !== 'completed');
  if (first === undefined || first.status !== 'inactive' || !isDayOpen(first.day, currentDay)) {
    return [];
  }
  return [{ id: first.id, status: 'active' }];
}
