import { describe, expect, it } from 'vitest';
import {
  boundedDateTimeSchema,
  DATE_INPUT_MAX_YEAR,
  DATE_INPUT_MIN_YEAR,
  isBoundedDateString,
  isDateInputInRange,
} from './date-bounds';

describe('date inputs stay within the years PostgreSQL and Date agree on', () => {
  it('accepts instants from 1900 to the end of 2199 only', () => {
    expect(isDateInputInRange(new Date('2026-03-10T06:30:00Z'))).toBe(true);
    expect(isDateInputInRange(new Date(Date.UTC(DATE_INPUT_MIN_YEAR, 0, 1)))).toBe(true);
    expect(isDateInputInRange(new Date('2199-12-31T23:59:59.999Z'))).toBe(true);
    for (const text of [
      '-200000-01-01',
      '+275760-09-13',
      '1899-12-31T23:59:59Z',
      '2200-01-01',
      'x',
    ]) {
      expect(isDateInputInRange(new Date(text)), text).toBe(false);
    }
  });

  it('checks calendar dates and ISO date-times the same way', () => {
    expect(isBoundedDateString('2026-02-28')).toBe(true);
    expect(isBoundedDateString(`${DATE_INPUT_MAX_YEAR}-12-31`)).toBe(true);
    for (const text of ['2026-02-30', '9999-12-31', '0100-01-01', '+275760-09-13', '']) {
      expect(isBoundedDateString(text), text).toBe(false);
    }
    const schema = boundedDateTimeSchema('bad');
    expect(schema.safeParse('2026-03-10T12:00:00+05:30').success).toBe(true);
    for (const text of ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '2026-03-10']) {
      const result = schema.safeParse(text);
      expect(result.success, text).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('bad');
    }
  });
});
