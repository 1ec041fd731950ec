import { describe, expect, it } from 'vitest';
import { isOverdue, minutesSpan, waitingSpan } from './waiting';

const since = '2026-12-04T08:00:00.000Z';
const at = (minutes: number) => Date.parse(since) + minutes * 60_000;

describe('how long a member has waited', () => {
  it('is "just now" under a minute, and when the clock is behind the server', () => {
    expect(waitingSpan(since, at(0.5))).toEqual({ unit: 'justNow' });
    expect(waitingSpan(since, at(-3))).toEqual({ unit: 'justNow' });
  });

  it('counts minutes under an hour', () => {
    expect(waitingSpan(since, at(1))).toEqual({ unit: 'minutes', minutes: 1 });
    expect(waitingSpan(since, at(59.9))).toEqual({ unit: 'minutes', minutes: 59 });
  });

  it('counts hours and minutes under a day', () => {
    expect(waitingSpan(since, at(60))).toEqual({ unit: 'hours', hours: 1, minutes: 0 });
    expect(waitingSpan(since, at(3 * 60 + 12))).toEqual({ unit: 'hours', hours: 3, minutes: 12 });
    expect(waitingSpan(since, at(24 * 60 - 1))).toEqual({ unit: 'hours', hours: 23, minutes: 59 });
  });

  it('counts days and hours from a day on', () => {
    expect(waitingSpan(since, at(24 * 60))).toEqual({ unit: 'days', days: 1, hours: 0 });
    expect(waitingSpan(since, at(2 * 24 * 60 + 5 * 60 + 40))).toEqual({
      unit: 'days',
      days: 2,
      hours: 5,
    });
  });
});

describe('an overdue wait', () => {
  it('is past a day for a conversation, past an hour for an urgent one', () => {
    expect(isOverdue(since, false, at(23 * 60))).toBe(false);
    expect(isOverdue(since, false, at(24 * 60 + 1))).toBe(true);
    expect(isOverdue(since, true, at(59))).toBe(false);
    expect(isOverdue(since, true, at(61))).toBe(true);
  });
});

describe('a number of minutes (the median first response)', () => {
  it('reads in the same units, whole minutes only', () => {
    expect(minutesSpan(0.4)).toEqual({ unit: 'justNow' });
    expect(minutesSpan(42.7)).toEqual({ unit: 'minutes', minutes: 42 });
    expect(minutesSpan(95)).toEqual({ unit: 'hours', hours: 1, minutes: 35 });
  });
});
