import { describe, expect, it } from 'vitest';
import {
  businessDaysSince,
  isWithinRefundWindow,
  refundLastDayLabel,
  refundWindowClosesAt,
} from './refund-window';

const at = (iso: string) => new Date(iso);

// January 2026: Mon 5, Fri 9, Sat 10, Sun 11, Mon 12, Fri 16, Mon 19, Tue 20, Fri 23, Mon 26.
// IST is UTC+05:30, so 'T04:30Z' is 10:00 IST and 'T18:29Z' is 23:59 IST.
describe('businessDaysSince', () => {
  it.each([
    ['the purchase day itself', '2026-01-05T04:30:00Z', '2026-01-05T18:29:00Z', 0],
    ['the next weekday', '2026-01-05T04:30:00Z', '2026-01-06T04:30:00Z', 1],
    ['Friday to Saturday', '2026-01-09T04:30:00Z', '2026-01-10T04:30:00Z', 0],
    ['Friday to Sunday', '2026-01-09T04:30:00Z', '2026-01-11T04:30:00Z', 0],
    ['Friday to Monday', '2026-01-09T04:30:00Z', '2026-01-12T04:30:00Z', 1],
    ['Saturday to Monday', '2026-01-10T04:30:00Z', '2026-01-12T04:30:00Z', 1],
    ['one week', '2026-01-05T04:30:00Z', '2026-01-12T04:30:00Z', 5],
    ['four weeks', '2026-01-05T04:30:00Z', '2026-02-02T04:30:00Z', 20],
    ['a clock behind the purchase', '2026-01-05T04:30:00Z', '2026-01-02T04:30:00Z', 0],
    [
      'a year (2026 has 261 weekdays after Jan 1)',
      '2026-01-01T04:30:00Z',
      '2027-01-01T04:30:00Z',
      261,
    ],
  ])('%s → %i', (_name, purchased, now, expected) => {
    expect(businessDaysSince(at(purchased), at(now))).toBe(expected);
  });
});

describe('isWithinRefundWindow (10 business days)', () => {
  it.each([
    // Bought Monday 5 Jan: the 10th business day is Monday 19 Jan.
    ['Mon purchase, same day', '2026-01-05T04:30:00Z', '2026-01-05T10:00:00Z', true],
    ['Mon purchase, first weekend', '2026-01-05T04:30:00Z', '2026-01-11T12:00:00Z', true],
    [
      'Mon purchase, 23:59 IST on the 10th business day',
      '2026-01-05T04:30:00Z',
      '2026-01-19T18:29:00Z',
      true,
    ],
    ['Mon purchase, 00:01 IST on the 11th', '2026-01-05T04:30:00Z', '2026-01-19T18:31:00Z', false],
    // Bought late on Friday 9 Jan: two weekends inside, the 10th business day is Friday 23 Jan.
    ['Fri purchase, 10th business day', '2026-01-09T17:00:00Z', '2026-01-23T12:00:00Z', true],
    [
      'Fri purchase, the weekend after the 10th day',
      '2026-01-09T17:00:00Z',
      '2026-01-25T12:00:00Z',
      true,
    ],
    [
      'Fri purchase, Monday after that weekend',
      '2026-01-09T17:00:00Z',
      '2026-01-25T18:31:00Z',
      false,
    ],
    // Bought on Saturday 10 Jan: the weekend adds nothing, same close as a Friday purchase.
    ['Sat purchase, Friday 23 Jan', '2026-01-10T06:00:00Z', '2026-01-23T18:29:00Z', true],
    ['Sat purchase, Monday 26 Jan', '2026-01-10T06:00:00Z', '2026-01-26T04:30:00Z', false],
    // 02:00 IST on Monday is still Sunday in UTC; counting UTC dates would close on Fri 16 Jan.
    [
      'bought 02:00 IST Mon, checked Mon 19 Jan',
      '2026-01-04T20:30:00Z',
      '2026-01-19T06:30:00Z',
      true,
    ],
    ['a clock behind the purchase', '2026-01-05T04:30:00Z', '2026-01-01T04:30:00Z', true],
    ['a year later', '2026-01-05T04:30:00Z', '2027-01-05T04:30:00Z', false],
  ])('%s → %s', (_name, purchased, now, expected) => {
    expect(isWithinRefundWindow(at(purchased), at(now))).toBe(expected);
  });
});

describe('isWithinRefundWindow with another length', () => {
  it.each([
    [7, '2026-01-14T04:30:00Z', true], // Wed 14 Jan is the 7th business day after Mon 5 Jan
    [7, '2026-01-15T04:30:00Z', false],
    [0, '2026-01-05T18:29:00Z', true],
    [0, '2026-01-06T04:30:00Z', false],
  ])('%i days, at %s → %s', (days, now, expected) => {
    expect(isWithinRefundWindow(at('2026-01-05T04:30:00Z'), at(now), days)).toBe(expected);
  });

  it.each([-1, 1.5])('refuses %d days', (days) => {
    expect(() =>
      isWithinRefundWindow(at('2026-01-05T04:30:00Z'), at('2026-01-06T04:30:00Z'), days),
    ).toThrow(RangeError);
  });
});

describe('refundWindowClosesAt', () => {
  it.each([
    // Mon 5 Jan: open through Mon 19 Jan, closes at 00:00 IST Tue 20 Jan.
    ['a Monday purchase', '2026-01-05T04:30:00Z', '2026-01-19T18:30:00Z'],
    // Fri 9 Jan: the weekend after the 10th business day stays open; closes Mon 26 Jan 00:00 IST.
    ['a late Friday purchase', '2026-01-09T17:00:00Z', '2026-01-25T18:30:00Z'],
    ['a Saturday purchase (same as Friday)', '2026-01-10T06:00:00Z', '2026-01-25T18:30:00Z'],
  ])('%s → %s', (_name, purchased, closes) => {
    expect(refundWindowClosesAt(at(purchased)).toISOString()).toBe(new Date(closes).toISOString());
  });

  it('agrees with isWithinRefundWindow at every hour of a month', () => {
    const purchased = at('2026-01-29T10:15:00Z'); // a Thursday
    const closes = refundWindowClosesAt(purchased).getTime();
    for (let hour = 0; hour < 24 * 31; hour += 1) {
      const now = new Date(purchased.getTime() + hour * 3_600_000);
      expect(isWithinRefundWindow(purchased, now)).toBe(now.getTime() < closes);
    }
  });
});

describe('refundLastDayLabel', () => {
  it.each([
    // Closes 00:00 IST Tue 20 Jan: the last day to ask is Monday 19 Jan, not the 20th.
    ['a Monday purchase', '2026-01-05T04:30:00Z', '19 Jan 2026'],
    // Closes 00:00 IST Mon 26 Jan: the weekend after the 10th business day is still open.
    ['a late Friday purchase', '2026-01-09T17:00:00Z', '25 Jan 2026'],
  ])('%s → %s', (_name, purchased, label) => {
    const closes = refundWindowClosesAt(at(purchased));
    expect(refundLastDayLabel(closes)).toBe(label);
    // The API sends the instant as an ISO string; the web formats that string.
    expect(refundLastDayLabel(closes.toISOString())).toBe(label);
  });

  it('names the last IST date on which the server still accepts a request', () => {
    for (let day = 0; day < 14; day += 1) {
      const purchased = new Date(Date.UTC(2026, 2, 2 + day, 13, 45)); // 19:15 IST, every weekday
      const closes = refundWindowClosesAt(purchased);
      const lastMinute = new Date(closes.getTime() - 60_000);
      expect(isWithinRefundWindow(purchased, lastMinute)).toBe(true);
      expect(isWithinRefundWindow(purchased, closes)).toBe(false);
      // 23:59 IST on the labelled day is inside; the label is that minute's IST date.
      expect(refundLastDayLabel(closes)).toBe(
        refundLastDayLabel(new Date(lastMinute.getTime() + 1)),
      );
    }
  });

  it('prints nothing for an unreadable date', () => {
    expect(refundLastDayLabel('not a date')).toBe('');
  });
});
