import { describe, expect, it } from 'vitest';
import {
  checkInDateAllowed,
  checkInSlipAction,
  checkInSlipAt,
  computeProgress,
  cravingTimeAllowed,
  quitDateWithinWindow,
  recordRuns,
  summariseSlips,
  unitCostPaise,
  type PlanTobacco,
  type SlipEntry,
} from './quit-progress';
import { quitPlanRequestSchema, TOBACCO_DEFAULTS } from './quit-plan';

const at = (iso: string) => new Date(iso);
const cigarettes: PlanTobacco = { type: 'cigarette', per_day: 10, cost_per_day_paise: 18_000 };
const gutka: PlanTobacco = { type: 'gutka', per_day: 3, cost_per_day_paise: 1_000 };

function progress(
  quitDate: string,
  now: string,
  slips: SlipEntry[] = [],
  tobacco: PlanTobacco[] = [cigarettes],
) {
  const nowDate = at(now);
  return computeProgress({
    quitDate,
    tobacco,
    now: nowDate,
    slips: summariseSlips(slips, { quitDate, now: nowDate, firstType: tobacco[0]!.type }),
  });
}

describe('defaults', () => {
  it('price a cigarette at ₹18, a bidi at ₹1 and a packet of gutka or khaini at ₹10', () => {
    expect(TOBACCO_DEFAULTS.cigarette).toMatchObject({ unit: 'stick', unit_cost_paise: 1800 });
    expect(TOBACCO_DEFAULTS.bidi).toMatchObject({ unit: 'stick', unit_cost_paise: 100 });
    expect(TOBACCO_DEFAULTS.gutka).toMatchObject({ unit: 'packet', unit_cost_paise: 1000 });
    expect(TOBACCO_DEFAULTS.khaini).toMatchObject({ unit: 'packet', unit_cost_paise: 1000 });
  });
});

describe('unitCostPaise', () => {
  it.each([
    [{ per_day: 10, cost_per_day_paise: 18_000 }, 1800],
    [{ per_day: 3, cost_per_day_paise: 1_000 }, 333], // 333.33… floored
    [{ per_day: 7, cost_per_day_paise: 0 }, 0],
    [{ per_day: 200, cost_per_day_paise: 199 }, 0],
  ])('%j → %i paise', (tobacco, expected) => {
    expect(unitCostPaise(tobacco)).toBe(expected);
  });
});

describe('computeProgress', () => {
  it('before the quit date: not started, every count 0, no run, no milestone', () => {
    const p = progress('2026-03-10', '2026-03-09T18:29:59.999Z'); // 23:59:59 IST on 9 March
    expect(p).toMatchObject({
      started: false,
      today: '2026-03-09',
      elapsed_days: 0,
      smoke_free_since: null,
      days_smoke_free: 0,
      longest_streak_days: 0,
      not_used: 0,
      money_saved: 0,
      money_saved_paise: 0,
      slips: 0,
      next_milestone: null,
    });
    expect(p.milestones.every((m) => !m.reached && m.reached_at === null)).toBe(true);
  });

  it('starts at IST midnight of the quit date (18:30 UTC the day before)', () => {
    const p = progress('2026-03-10', '2026-03-09T18:30:00.000Z');
    expect(p).toMatchObject({
      started: true,
      today: '2026-03-10',
      elapsed_days: 0,
      smoke_free_since: '2026-03-09T18:30:00.000Z',
      days_smoke_free: 0,
      not_used: 0,
      money_saved_paise: 0,
    });
    expect(p.next_milestone).toMatchObject({ key: 'pulse', progress: 0 });
  });

  it('counts whole IST days: one minute past the next IST midnight is one day', () => {
    const p = progress('2026-03-10', '2026-03-10T18:31:00.000Z');
    expect(p).toMatchObject({ elapsed_days: 1, days_smoke_free: 1, longest_streak_days: 1 });
    expect(p).toMatchObject({ not_used: 10, money_saved: 180, money_saved_paise: 18_000 });
  });

  it('adds up several tobacco types', () => {
    const p = progress('2026-03-01', '2026-03-11T06:00:00.000Z', [], [cigarettes, gutka]);
    expect(p.elapsed_days).toBe(10);
    expect(p.not_used).toBe(130); // (10 + 3) × 10
    expect(p.money_saved_paise).toBe(190_000); // (18,000 + 1,000) × 10
    expect(p.money_saved).toBe(1900);
  });

  it('takes slips off units and money, priced at the floored unit cost of their type', () => {
    const slips: SlipEntry[] = [
      { at: at('2026-03-03T10:00:00.000Z'), units: 2, tobacco_type: 'cigarette' },
      { at: at('2026-03-05T10:00:00.000Z'), units: 3, tobacco_type: 'gutka' },
    ];
    const p = progress('2026-03-01', '2026-03-11T06:00:00.000Z', slips, [cigarettes, gutka]);
    expect(p.slips).toBe(2);
    expect(p.not_used).toBe(130 - 5);
    expect(p.money_saved_paise).toBe(190_000 - 2 * 1800 - 3 * 333);
  });

  it("prices a slip without a type (or of a type no longer in the plan) as the plan's first type", () => {
    const slips: SlipEntry[] = [
      { at: at('2026-03-03T10:00:00.000Z'), units: 1, tobacco_type: null },
      { at: at('2026-03-04T10:00:00.000Z'), units: 1, tobacco_type: 'bidi' },
    ];
    const p = progress('2026-03-01', '2026-03-11T06:00:00.000Z', slips, [gutka, cigarettes]);
    expect(p.money_saved_paise).toBe(190_000 - 2 * 333);
  });

  it('never goes below 0', () => {
    const slips: SlipEntry[] = [
      { at: at('2026-03-01T05:00:00.000Z'), units: 100, tobacco_type: null },
    ];
    const p = progress('2026-03-01', '2026-03-02T06:00:00.000Z', slips);
    expect(p).toMatchObject({ not_used: 0, money_saved_paise: 0, money_saved: 0 });
  });

  it('ignores slips before the quit date (a date moved later keeps the log but not the count)', () => {
    const slips: SlipEntry[] = [
      { at: at('2026-02-28T10:00:00.000Z'), units: 5, tobacco_type: null },
    ];
    const p = progress('2026-03-01', '2026-03-03T06:00:00.000Z', slips);
    expect(p).toMatchObject({ slips: 0, not_used: 20, days_smoke_free: 2 });
    expect(p.smoke_free_since).toBe('2026-02-28T18:30:00.000Z');
  });

  it('restarts the run at the last slip; the longest streak and history stay', () => {
    // Quit 1 March; slips on 8 March and 10 March (IST); today 20 March.
    const slips: SlipEntry[] = [
      { at: at('2026-03-08T06:00:00.000Z'), units: 1, tobacco_type: null },
      { at: at('2026-03-10T06:00:00.000Z'), units: 1, tobacco_type: null },
    ];
    const p = progress('2026-03-01', '2026-03-20T06:00:00.000Z', slips);
    expect(p.smoke_free_since).toBe('2026-03-10T06:00:00.000Z');
    expect(p.days_smoke_free).toBe(10);
    expect(p.longest_streak_days).toBe(10);
    expect(p.elapsed_days).toBe(19);
    expect(p.not_used).toBe(190 - 2);
  });

  it('keeps the longest streak from before a slip', () => {
    const slips: SlipEntry[] = [
      { at: at('2026-03-16T06:00:00.000Z'), units: 1, tobacco_type: null },
    ];
    const p = progress('2026-03-01', '2026-03-18T06:00:00.000Z', slips);
    expect(p.days_smoke_free).toBe(2);
    expect(p.longest_streak_days).toBe(15);
  });

  it('finds the longest run between two slips', () => {
    const slips: SlipEntry[] = [
      { at: at('2026-03-02T06:00:00.000Z'), units: 1, tobacco_type: null },
      { at: at('2026-03-25T06:00:00.000Z'), units: 1, tobacco_type: null },
      { at: at('2026-03-27T06:00:00.000Z'), units: 1, tobacco_type: null },
    ];
    const p = progress('2026-03-01', '2026-03-30T06:00:00.000Z', slips);
    expect(p.longest_streak_days).toBe(23);
    expect(p.days_smoke_free).toBe(3);
  });

  it('counts a slip later tonight (a check-in for today) as now: run 0, no milestone', () => {
    const slips: SlipEntry[] = [
      { at: at('2026-03-05T15:30:00.000Z'), units: 1, tobacco_type: null },
    ];
    const p = progress('2026-03-01', '2026-03-05T06:00:00.000Z', slips);
    expect(p.smoke_free_since).toBe('2026-03-05T06:00:00.000Z');
    expect(p.days_smoke_free).toBe(0);
    expect(p.milestones.some((m) => m.reached)).toBe(false);
    expect(p.next_milestone).toMatchObject({ key: 'pulse', progress: 0 });
  });

  it('reaches milestones by hours since the run began, with their times', () => {
    // Run from 00:00 IST 1 March (18:30 UTC 28 Feb); now 30 hours later.
    const p = progress('2026-03-01', '2026-03-02T00:30:00.000Z');
    const byKey = Object.fromEntries(p.milestones.map((m) => [m.key, m]));
    expect(byKey.pulse).toEqual({
      key: 'pulse',
      after_hours: 1 / 3,
      reached: true,
      reached_at: '2026-02-28T18:50:00.000Z',
      first_reached_at: '2026-02-28T18:50:00.000Z',
    });
    expect(byKey.oxygen!.reached_at).toBe('2026-03-01T02:30:00.000Z');
    expect(byKey.carbon_monoxide!.reached).toBe(true);
    expect(byKey.taste_smell).toMatchObject({ reached: false, reached_at: null, after_hours: 48 });
    expect(p.next_milestone).toEqual({
      key: 'taste_smell',
      after_hours: 48,
      due_at: '2026-03-02T18:30:00.000Z',
      progress: 30 / 48,
    });
  });

  it('lists the eight WHO milestones in order', () => {
    const p = progress('2025-01-01', '2026-03-01T00:00:00.000Z');
    expect(p.milestones.map((m) => [m.key, m.after_hours])).toEqual([
      ['pulse', 1 / 3],
      ['oxygen', 8],
      ['carbon_monoxide', 24],
      ['taste_smell', 48],
      ['breathing', 72],
      ['circulation', 336],
      ['lungs_clearing', 720],
      ['heart_risk_half', 8760],
    ]);
    expect(p.milestones.every((m) => m.reached)).toBe(true);
    expect(p.next_milestone).toBeNull();
  });
});

describe('summariseSlips', () => {
  it('agrees with a slip-by-slip reading: count, units per type, first day, largest gap', () => {
    const now = at('2026-03-30T06:00:00.000Z');
    const aggregate = summariseSlips(
      [
        { at: at('2026-03-27T06:00:00.000Z'), units: 2, tobacco_type: 'bidi' },
        { at: at('2026-03-02T06:00:00.000Z'), units: 1, tobacco_type: null },
        { at: at('2026-03-25T06:00:00.000Z'), units: 4, tobacco_type: 'cigarette' },
      ],
      { quitDate: '2026-03-01', now, firstType: 'cigarette' },
    );
    expect(aggregate).toEqual({
      count: 3,
      unitsByType: { cigarette: 5, bidi: 2 },
      lastAt: at('2026-03-27T06:00:00.000Z'),
      firstDay: Date.UTC(2026, 2, 2) / 86_400_000,
      maxGapDays: 23,
      // From 00:00 IST 1 March to the first slip, then the 23 days to the next; the last run
      // (2 days) is shorter than those before it.
      recordRuns: [
        {
          start: Date.parse('2026-02-28T18:30:00.000Z'),
          end: Date.parse('2026-03-02T06:00:00.000Z'),
        },
        {
          start: Date.parse('2026-03-02T06:00:00.000Z'),
          end: Date.parse('2026-03-25T06:00:00.000Z'),
        },
      ],
    });
  });
});

describe('milestones reached before a slip', () => {
  it('keeps each one reached, dated from the first run that lasted long enough', () => {
    const slips = [
      { at: at('2026-03-02T06:00:00.000Z'), units: 1, tobacco_type: null },
      { at: at('2026-03-25T06:00:00.000Z'), units: 1, tobacco_type: null },
    ];
    const p = progress('2026-03-01', '2026-03-25T07:00:00.000Z', slips);
    const byKey = Object.fromEntries(p.milestones.map((m) => [m.key, m]));
    // 24 hours: in the first run (35.5 hours long).
    expect(byKey.carbon_monoxide).toMatchObject({
      reached: false,
      reached_at: null,
      first_reached_at: '2026-03-01T18:30:00.000Z',
    });
    // 48 hours and 14 days: only the second run (23 days) lasted that long.
    expect(byKey.taste_smell!.first_reached_at).toBe('2026-03-04T06:00:00.000Z');
    expect(byKey.circulation!.first_reached_at).toBe('2026-03-16T06:00:00.000Z');
    expect(byKey.lungs_clearing!.first_reached_at).toBeNull();
    // The current run is an hour old: the pulse milestone is reached again, and first long ago.
    expect(byKey.pulse).toMatchObject({
      reached: true,
      reached_at: '2026-03-25T06:20:00.000Z',
      first_reached_at: '2026-02-28T18:50:00.000Z',
    });
  });

  it('keeps only runs longer than every run before them', () => {
    expect(recordRuns(0, [10, 15, 30, 30, 55])).toEqual([
      { start: 0, end: 10 },
      { start: 15, end: 30 },
      { start: 30, end: 55 },
    ]);
    expect(recordRuns(0, [])).toEqual([]);
  });
});

describe('windows', () => {
  it('accepts a quit date from a year back to 30 days ahead', () => {
    expect(quitDateWithinWindow('2025-03-01', '2026-03-01')).toBe(true); // 365 days back
    expect(quitDateWithinWindow('2025-02-28', '2026-03-01')).toBe(false);
    expect(quitDateWithinWindow('2026-03-31', '2026-03-01')).toBe(true); // 30 ahead
    expect(quitDateWithinWindow('2026-04-01', '2026-03-01')).toBe(false);
  });

  it('accepts a craving time within the last 7 days and not in the future', () => {
    const now = at('2026-03-10T12:00:00.000Z');
    expect(cravingTimeAllowed(at('2026-03-03T12:00:00.000Z'), now)).toBe(true);
    expect(cravingTimeAllowed(at('2026-03-03T11:59:59.000Z'), now)).toBe(false);
    expect(cravingTimeAllowed(at('2026-03-10T12:04:00.000Z'), now)).toBe(true); // clock skew
    expect(cravingTimeAllowed(at('2026-03-10T12:10:00.000Z'), now)).toBe(false);
  });

  it('accepts a check-in for today or yesterday in IST only', () => {
    expect(checkInDateAllowed('2026-03-10', '2026-03-10')).toBe(true);
    expect(checkInDateAllowed('2026-03-09', '2026-03-10')).toBe(true);
    expect(checkInDateAllowed('2026-03-08', '2026-03-10')).toBe(false);
    expect(checkInDateAllowed('2026-03-11', '2026-03-10')).toBe(false);
  });
});

describe('check-in → slip', () => {
  it('records the slip at 21:00 IST of the date, or now when that is earlier', () => {
    const later = new Date('2026-03-11T04:00:00.000Z');
    expect(checkInSlipAt('2026-03-10', later).toISOString()).toBe('2026-03-10T15:30:00.000Z');
    const at1900Ist = new Date('2026-03-10T13:30:00.000Z');
    expect(checkInSlipAt('2026-03-10', at1900Ist).toISOString()).toBe('2026-03-10T13:30:00.000Z');
  });

  it.each([
    [
      { used: true, loggedSlips: 0, checkInSlip: null },
      { kind: 'add', units: 1 },
    ],
    [
      { used: true, units: 4, loggedSlips: 0, checkInSlip: null },
      { kind: 'add', units: 4 },
    ],
    [{ used: true, loggedSlips: 1, checkInSlip: null }, { kind: 'none' }],
    [
      { used: true, units: 3, loggedSlips: 0, checkInSlip: { units: 1 } },
      { kind: 'update', units: 3 },
    ],
    [{ used: true, units: 1, loggedSlips: 0, checkInSlip: { units: 1 } }, { kind: 'none' }],
    [{ used: true, loggedSlips: 1, checkInSlip: { units: 1 } }, { kind: 'remove' }],
    [{ used: false, loggedSlips: 0, checkInSlip: { units: 2 } }, { kind: 'remove' }],
    [{ used: false, loggedSlips: 1, checkInSlip: null }, { kind: 'none' }],
  ])('%j → %j', (input, expected) => {
    expect(checkInSlipAction(input)).toEqual(expected);
  });
});

describe('quitPlanRequestSchema', () => {
  const valid = {
    quit_date: '2026-03-10',
    tobacco: [{ type: 'cigarette', per_day: 10, cost_per_day: 180 }],
  };

  it('accepts a plan with up to four distinct types and five reasons', () => {
    const plan = {
      ...valid,
      tobacco: [
        { type: 'cigarette', per_day: 10, cost_per_day: 180.5 },
        { type: 'bidi', per_day: 200, cost_per_day: 0 },
        { type: 'gutka', per_day: 1, cost_per_day: 5000 },
        { type: 'khaini', per_day: 2, cost_per_day: 20 },
      ],
      reasons: ['My children', 'Money', 'Health', 'Breath', 'Temple stairs'],
    };
    expect(quitPlanRequestSchema.safeParse(plan).success).toBe(true);
  });

  it.each([
    ['an impossible date', { ...valid, quit_date: '2026-02-30' }, 'quit_date'],
    ['no tobacco', { ...valid, tobacco: [] }, 'tobacco'],
    [
      'a repeated type',
      {
        ...valid,
        tobacco: [
          { type: 'bidi', per_day: 1, cost_per_day: 1 },
          { type: 'bidi', per_day: 2, cost_per_day: 2 },
        ],
      },
      'tobacco.1.type',
    ],
    [
      'an unknown type',
      { ...valid, tobacco: [{ type: 'hookah', per_day: 1, cost_per_day: 1 }] },
      'tobacco.0.type',
    ],
    [
      '0 a day',
      { ...valid, tobacco: [{ type: 'bidi', per_day: 0, cost_per_day: 1 }] },
      'tobacco.0.per_day',
    ],
    [
      '201 a day',
      { ...valid, tobacco: [{ type: 'bidi', per_day: 201, cost_per_day: 1 }] },
      'tobacco.0.per_day',
    ],
    [
      '₹5000.01',
      { ...valid, tobacco: [{ type: 'bidi', per_day: 1, cost_per_day: 5000.01 }] },
      'tobacco.0.cost_per_day',
    ],
    [
      'three decimals',
      { ...valid, tobacco: [{ type: 'bidi', per_day: 1, cost_per_day: 1.005 }] },
      'tobacco.0.cost_per_day',
    ],
    ['six reasons', { ...valid, reasons: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'reasons'],
    ['a long reason', { ...valid, reasons: ['x'.repeat(121)] }, 'reasons.0'],
  ])('refuses %s', (_name, body, path) => {
    const result = quitPlanRequestSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path.join('.'))).toContain(path);
  });
});
