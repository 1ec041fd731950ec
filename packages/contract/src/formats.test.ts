import { describe, expect, it } from 'vitest';
import {
  countdownParts,
  formatDayShortMonthYear,
  formatNewsDate,
  formatReviewDate,
  isAddressSlug,
  showCountdown,
  truncateBlogTitle,
  type CountdownParts,
} from './formats';

describe('date formats (IST calendar date)', () => {
  it.each([
    // [instant, dashboard, news, review]
    ['2026-01-05T04:30:00.000Z', '5 Jan 2026', '05 Jan 2026', '05-01-2026'],
    ['2026-01-04T18:29:00.000Z', '4 Jan 2026', '04 Jan 2026', '04-01-2026'], // 23:59 IST
    ['2026-01-04T18:31:00.000Z', '5 Jan 2026', '05 Jan 2026', '05-01-2026'], // 00:01 IST
    ['2025-12-31T10:00:00.000Z', '31 Dec 2025', '31 Dec 2025', '31-12-2025'],
    ['2025-12-31T18:30:00.000Z', '1 Jan 2026', '01 Jan 2026', '01-01-2026'],
    ['2026-05-17T12:00:00.000Z', '17 May 2026', '17 May 2026', '17-05-2026'],
    ['2026-09-09T00:00:00.000Z', '9 Sep 2026', '09 Sep 2026', '09-09-2026'],
  ])('%s → %j, %j, %j', (iso, dashboard, news, review) => {
    expect(formatDayShortMonthYear(iso)).toBe(dashboard);
    expect(formatNewsDate(iso)).toBe(news);
    expect(formatReviewDate(iso)).toBe(review);
    const date = new Date(iso);
    expect([formatDayShortMonthYear(date), formatNewsDate(date), formatReviewDate(date)]).toEqual([
      dashboard,
      news,
      review,
    ]);
  });

  it.each(['', 'not a date', '2026-13-45'])('shows nothing for the unreadable %j', (input) => {
    expect(formatDayShortMonthYear(input)).toBe('');
    expect(formatNewsDate(input)).toBe('');
    expect(formatReviewDate(input)).toBe('');
  });
});

describe('truncateBlogTitle', () => {
  const thirty = 'How I quit smoking in 30 days'.padEnd(30, '!');
  it.each([
    ['a short title', 'Quit today', 'Quit today'],
    ['exactly 30 characters', thirty, thirty],
    ['31 characters', `${thirty}?`, `${thirty.slice(0, 28)}...`],
    [
      'a long title',
      'Ten things nobody tells you about the first week without cigarettes',
      'Ten things nobody tells you ...', // the 28th character is a space, kept as is,
    ],
    ['an empty title', '', ''],
    ['emoji counted as one character each', '🚭'.repeat(31), `${'🚭'.repeat(28)}...`],
  ])('keeps %s right', (_name, title, expected) => {
    expect(truncateBlogTitle(title)).toBe(expected);
  });
});

describe('isAddressSlug', () => {
  it('tells an address slug from a byline', () => {
    expect(isAddressSlug('chai-without-the-cigarette')).toBe(true);
    expect(isAddressSlug('quit-2026')).toBe(true);
    expect(isAddressSlug('Dr. Kavya Menon')).toBe(false);
    expect(isAddressSlug('Exhale-Team')).toBe(false);
    expect(isAddressSlug('wellness')).toBe(false);
  });
});

describe('countdownParts', () => {
  const now = new Date('2026-01-05T04:30:00.000Z');
  const plus = (ms: number) => new Date(now.getTime() + ms);
  const SECOND = 1000;
  const MINUTE = 60 * SECOND;
  const HOUR = 60 * MINUTE;
  const DAY = 24 * HOUR;

  it.each<[string, Date | string, CountdownParts]>([
    [
      '1d 2h 3m 4s ahead',
      plus(DAY + 2 * HOUR + 3 * MINUTE + 4 * SECOND),
      { days: 1, hours: 2, minutes: 3, seconds: 4 },
    ],
    ['exactly 2 hours ahead', plus(2 * HOUR), { days: 0, hours: 2, minutes: 0, seconds: 0 }],
    [
      '10 days ahead, as an ISO string',
      plus(10 * DAY).toISOString(),
      { days: 10, hours: 0, minutes: 0, seconds: 0 },
    ],
    [
      'a partial second drops',
      plus(59 * SECOND + 999),
      { days: 0, hours: 0, minutes: 0, seconds: 59 },
    ],
    ['under a second ahead', plus(999), { days: 0, hours: 0, minutes: 0, seconds: 0 }],
    ['right now', now, { days: 0, hours: 0, minutes: 0, seconds: 0 }],
    ['in the past', plus(-DAY), { days: 0, hours: 0, minutes: 0, seconds: 0 }],
    ['an unreadable date', 'soon', { days: 0, hours: 0, minutes: 0, seconds: 0 }],
  ])('%s', (_name, target, expected) => {
    expect(countdownParts(target, now)).toEqual(expected);
  });
});

describe('showCountdown', () => {
  it.each<[CountdownParts, boolean]>([
    [{ days: 1, hours: 2, minutes: 3, seconds: 4 }, true],
    [{ days: 0, hours: 2, minutes: 3, seconds: 4 }, false],
    [{ days: 1, hours: 0, minutes: 3, seconds: 4 }, false],
    [{ days: 1, hours: 2, minutes: 0, seconds: 4 }, false],
    [{ days: 1, hours: 2, minutes: 3, seconds: 0 }, false],
    [{ days: 0, hours: 0, minutes: 0, seconds: 0 }, false],
  ])('%j → %s', (parts, expected) => {
    expect(showCountdown(parts)).toBe(expected);
  });
});
