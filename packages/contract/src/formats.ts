// Display formats the spec fixes (spec §2, §4, §9). Dates are shown as IST calendar dates: the
// audience is in India and a UTC date would show yesterday for anything before 05:30 IST. They
// are computed from the fixed offset rather than Intl so every browser prints the same text.
import { istParts } from './ist';

const SHORT_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** API times arrive as ISO strings; components may also hold Dates. */
export type DateInput = Date | string;

function toDate(input: DateInput): Date | null {
  const date = typeof input === 'string' ? new Date(input) : input;
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

// An unreadable date shows as nothing rather than 'NaN undefined NaN' or a crashed page.
function formatIst(
  input: DateInput,
  render: (p: { year: number; month: number; day: number; monthName: string }) => string,
): string {
  const date = toDate(input);
  if (date === null) return '';
  const { year, month, day } = istParts(date);
  return render({ year, month, day, monthName: SHORT_MONTHS[month - 1] ?? '' });
}

/** Dashboard score panel, "day-short month-year": '5 Jan 2026'. */
export function formatDayShortMonthYear(input: DateInput): string {
  return formatIst(input, (p) => `${p.day} ${p.monthName} ${p.year}`);
}

/** News & Media cards, 'DD Mon YYYY': '05 Jan 2026'. */
export function formatNewsDate(input: DateInput): string {
  return formatIst(input, (p) => `${pad2(p.day)} ${p.monthName} ${p.year}`);
}

/** Explore reviews, 'DD-MM-YYYY': '05-01-2026'. */
export function formatReviewDate(input: DateInput): string {
  return formatIst(input, (p) => `${pad2(p.day)}-${pad2(p.month)}-${p.year}`);
}

export const BLOG_TITLE_MAX_LENGTH = 30;
export const BLOG_TITLE_KEPT_LENGTH = 28;

/**
 * Blog cards: a title over 30 characters shows its first 28 and '...'. Counted in code points so
 * an emoji or a Devanagari character is never cut in half.
 */
export function truncateBlogTitle(title: string): string {
  const characters = Array.from(title);
  if (characters.length <= BLOG_TITLE_MAX_LENGTH) return title;
  return `${characters.slice(0, BLOG_TITLE_KEPT_LENGTH).join('')}...`;
}

/**
 * Whether a blog's `slug` is an address slug ('chai-without-the-cigarette') rather than the
 * byline the spec shows it as (decision 047): an address slug is never shown as an author or a
 * banner title.
 */
export function isAddressSlug(slug: string): boolean {
  return /^[a-z0-9]+(?:-[a-z0-9]+)+$/.test(slug.trim());
}

export type CountdownParts = { days: number; hours: number; minutes: number; seconds: number };

const ZERO_COUNTDOWN: CountdownParts = { days: 0, hours: 0, minutes: 0, seconds: 0 };

/** Whole days, hours, minutes and seconds from `now` until `target`; all zero once it has passed. */
export function countdownParts(target: DateInput, now: Date): CountdownParts {
  const date = toDate(target);
  if (date === null) return { ...ZERO_COUNTDOWN };
  const totalSeconds = Math.floor((date.getTime() - now.getTime()) / 1000);
  if (!(totalSeconds > 0)) return { ...ZERO_COUNTDOWN };
  return {
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor((totalSeconds % 86_400) / 3_600),
    minutes: Math.floor((totalSeconds % 3_600) / 60),
    seconds: totalSeconds % 60,
  };
}

/**
 * Spec §4: the countdown block is shown only when all four units are non-zero. Taken literally,
 * as written: it also hides during any second where one unit happens to be 0 (e.g. exactly 2
 * hours left, or the last day).
 */
export function showCountdown(parts: CountdownParts): boolean {
  return parts.days !== 0 && parts.hours !== 0 && parts.minutes !== 0 && parts.seconds !== 0;
}
