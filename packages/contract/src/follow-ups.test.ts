import { describe, expect, it } from 'vitest';
import {
  FOLLOW_UP_WEEKS,
  followUpDue,
  followUpDueOn,
  followUpOpen,
  followUpOpenSince,
  followUpWeekParamsSchema,
  outcomeRates,
} from './follow-ups';

describe('follow-up windows', () => {
  it('falls due 4, 12 and 26 weeks after the quit date', () => {
    expect(FOLLOW_UP_WEEKS.map((week) => followUpDueOn('2026-01-31', week))).toEqual([
      '2026-02-28',
      '2026-04-25',
      '2026-08-01',
    ]);
  });

  it('never opens a follow-up that was due before the quit date was set', () => {
    // Set on 10 March with a quit date 185 days back: week 26 was due on 7 March.
    expect(followUpOpenSince('2026-03-07', '2026-03-10', '2026-03-10')).toBe(false);
    expect(followUpOpen('2026-03-07', '2026-03-10')).toBe(true);
    // Due on the day it was set, or later: open as usual.
    expect(followUpOpenSince('2026-03-10', '2026-03-10', '2026-03-10')).toBe(true);
    expect(followUpOpenSince('2026-03-17', '2026-03-20', '2026-03-10')).toBe(true);
    expect(followUpOpenSince('2026-03-17', '2026-03-16', '2026-03-10')).toBe(false);
  });

  it('is open from due_on for 28 days', () => {
    expect(followUpOpen('2026-02-28', '2026-02-27')).toBe(false);
    expect(followUpOpen('2026-02-28', '2026-02-28')).toBe(true);
    expect(followUpOpen('2026-02-28', '2026-03-27')).toBe(true); // day 27
    expect(followUpOpen('2026-02-28', '2026-03-28')).toBe(false); // 28 days after
  });

  it('is due from due_on on, also after it closed', () => {
    expect(followUpDue('2026-02-28', '2026-02-27')).toBe(false);
    expect(followUpDue('2026-02-28', '2026-02-28')).toBe(true);
    expect(followUpDue('2026-02-28', '2027-01-01')).toBe(true);
  });

  it('knows only weeks 4, 12 and 26', () => {
    expect(followUpWeekParamsSchema.safeParse({ week: '12' }).success).toBe(true);
    expect(followUpWeekParamsSchema.safeParse({ week: '5' }).success).toBe(false);
    expect(followUpWeekParamsSchema.safeParse({ week: 'x' }).success).toBe(false);
  });
});

describe('outcomeRates (Russell Standard)', () => {
  it('reports abstinent / answered and abstinent / due (non-responders counted as smoking)', () => {
    expect(outcomeRates({ due: 10, answered: 4, abstinent: 3 })).toEqual({
      due: 10,
      answered: 4,
      abstinent: 3,
      rate_responders: 0.75,
      rate_all: 0.3,
    });
  });

  it('rounds to four decimals', () => {
    expect(outcomeRates({ due: 3, answered: 3, abstinent: 1 })).toMatchObject({
      rate_responders: 0.3333,
      rate_all: 0.3333,
    });
  });

  it('has no rate without a denominator', () => {
    expect(outcomeRates({ due: 0, answered: 0, abstinent: 0 })).toMatchObject({
      rate_responders: null,
      rate_all: null,
    });
    expect(outcomeRates({ due: 5, answered: 0, abstinent: 0 })).toMatchObject({
      rate_responders: null,
      rate_all: 0,
    });
  });
});
