import { describe, expect, it } from 'vitest';
import { parseCron } from './cron';

describe('parseCron (India time)', () => {
  it('reads the default 02:30 every day on India’s clock (21:00 UTC the day before)', () => {
    const schedule = parseCron('30 2 * * *');
    expect(schedule.matches(new Date('2026-11-24T21:00:00Z'))).toBe(true);
    expect(schedule.matches(new Date('2026-11-25T02:30:00Z'))).toBe(false);
    expect(schedule.previous(new Date('2026-11-25T18:00:00Z'))).toEqual(
      new Date('2026-11-24T21:00:00Z'),
    );
  });

  it('takes lists, ranges, steps and Sunday as 0 or 7', () => {
    const schedule = parseCron('*/15 9-17 * * 1-5,7');
    // Monday 2026-11-23 10:45 IST = 05:15 UTC; Sunday 09:00 IST; Saturday never.
    expect(schedule.matches(new Date('2026-11-23T05:15:00Z'))).toBe(true);
    expect(schedule.matches(new Date('2026-11-22T03:30:00Z'))).toBe(true);
    expect(schedule.matches(new Date('2026-11-28T05:15:00Z'))).toBe(false);
    expect(schedule.matches(new Date('2026-11-23T05:20:00Z'))).toBe(false);
  });

  it('refuses what it cannot read', () => {
    expect(() => parseCron('30 2 * *')).toThrow(/five fields/);
    expect(() => parseCron('61 2 * * *')).toThrow(/minute/);
    expect(() => parseCron('30 two * * *')).toThrow(/hour/);
  });
});
