import { describe, expect, it } from 'vitest';
import {
  addIstDays,
  isIstDateString,
  istDateDayNumber,
  istDateFromDayNumber,
  istDateStart,
  istDateString,
  istDayNumber,
  istDaysBetween,
  istParts,
  premiumCurrentDay,
} from './ist';

const at = (iso: string) => new Date(iso);

describe('istDateString', () => {
  it.each([
    // IST midnight is 18:30 UTC of the previous UTC date.
    ['2026-01-04T18:29:59.999Z', '2026-01-04'],
    ['2026-01-04T18:30:00.000Z', '2026-01-05'],
    ['2026-01-04T18:31:00.000Z', '2026-01-05'],
    ['2026-01-05T00:00:00.000Z', '2026-01-05'],
    ['2026-01-05T18:29:00.000Z', '2026-01-05'],
    ['2025-12-31T18:30:00.000Z', '2026-01-01'], // new year arrives in India first
    ['2024-02-28T18:30:00.000Z', '2024-02-29'], // leap day
    ['1969-12-31T18:30:00.000Z', '1970-01-01'],
  ])('%s is %s in India', (iso, expected) => {
    expect(istDateString(at(iso))).toBe(expected);
  });

  it('refuses an invalid date', () => {
    expect(() => istDateString(new Date('nope'))).toThrow(RangeError);
  });
});

describe('istParts', () => {
  it('reads the wall clock in India', () => {
    expect(istParts(at('2026-01-04T18:31:00Z'))).toEqual({
      year: 2026,
      month: 1,
      day: 5,
      hours: 0,
      minutes: 1,
      weekday: 1, // Monday
    });
  });
});

describe('istDayNumber', () => {
  it.each([
    ['1970-01-01T00:00:00Z', 0],
    ['1969-12-31T18:29:59Z', -1],
    ['1969-12-31T18:30:00Z', 0],
  ])('%s → %i', (iso, expected) => {
    expect(istDayNumber(at(iso))).toBe(expected);
  });
});

describe('istDaysBetween', () => {
  it.each([
    ['two minutes across IST midnight', '2026-01-04T18:29:00Z', '2026-01-04T18:31:00Z', 1],
    ['a whole IST day (05:30 to 23:59)', '2026-01-04T00:00:00Z', '2026-01-04T18:29:00Z', 0],
    ['one UTC date spanning two IST dates', '2026-01-04T10:00:00Z', '2026-01-04T20:00:00Z', 1],
    ['backwards', '2026-01-04T18:31:00Z', '2026-01-04T18:29:00Z', -1],
    ['a week', '2026-01-05T04:30:00Z', '2026-01-12T04:30:00Z', 7],
    ['across the year end', '2025-12-31T18:29:00Z', '2025-12-31T18:31:00Z', 1],
  ])('%s → %i', (_name, a, b, expected) => {
    expect(istDaysBetween(at(a), at(b))).toBe(expected);
  });
});

describe('premiumCurrentDay', () => {
  it.each([
    ['purchase moment itself', '2026-01-05T04:30:00Z', '2026-01-05T04:30:00Z', 7, 1],
    ['later the same IST day', '2026-01-05T04:30:00Z', '2026-01-05T18:29:00Z', 7, 1],
    ['one minute after IST midnight', '2026-01-05T04:30:00Z', '2026-01-05T18:31:00Z', 7, 2],
    [
      'bought at 23:59 IST, two minutes later',
      '2026-01-04T18:29:00Z',
      '2026-01-04T18:31:00Z',
      7,
      2,
    ],
    ['bought at 00:01 IST, at 23:59 IST', '2026-01-04T18:31:00Z', '2026-01-05T18:29:00Z', 7, 1],
    ['the last day', '2026-01-05T04:30:00Z', '2026-01-11T04:30:00Z', 7, 7],
    ['capped after the last day', '2026-01-05T04:30:00Z', '2026-02-05T04:30:00Z', 7, 7],
    ['a clock behind the purchase', '2026-01-05T04:30:00Z', '2026-01-03T04:30:00Z', 7, 1],
    ['a one-day programme', '2026-01-05T04:30:00Z', '2026-01-09T04:30:00Z', 1, 1],
  ])('%s → day %i', (_name, purchased, now, totalDays, expected) => {
    expect(premiumCurrentDay(at(purchased), at(now), totalDays)).toBe(expected);
  });

  it.each([0, -1, 2.5])('refuses totalDays %d', (totalDays) => {
    expect(() =>
      premiumCurrentDay(at('2026-01-05T00:00:00Z'), at('2026-01-06T00:00:00Z'), totalDays),
    ).toThrow(RangeError);
  });
});

describe('IST calendar dates', () => {
  it('knows real dates from impossible ones', () => {
    expect(isIstDateString('2024-02-29')).toBe(true);
    expect(isIstDateString('2026-02-29')).toBe(false);
    expect(isIstDateString('2026-13-01')).toBe(false);
    expect(isIstDateString('2026-1-01')).toBe(false);
  });

  it('numbers a date like istDayNumber numbers its instants', () => {
    expect(istDateDayNumber('2026-01-05')).toBe(istDayNumber(at('2026-01-04T18:30:00.000Z')));
    expect(istDateFromDayNumber(istDateDayNumber('2026-01-05'))).toBe('2026-01-05');
  });

  it('starts a date at 00:00 IST, 18:30 UTC the day before', () => {
    expect(istDateStart('2026-01-05').toISOString()).toBe('2026-01-04T18:30:00.000Z');
  });

  it('adds days across months and years', () => {
    expect(addIstDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addIstDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
