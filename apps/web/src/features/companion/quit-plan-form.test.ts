import { describe, expect, it } from 'vitest';
import { Messages } from '@exhale/contract/messages';
import type { QuitPlan } from '@exhale/contract/quit-plan';
import {
  defaultCost,
  initialValues,
  quitDateWindow,
  quitPlanResolver,
  type QuitPlanFormValues,
} from './quit-plan-form';

const today = '2026-11-25';
const resolve = (values: QuitPlanFormValues) =>
  quitPlanResolver(today)(values, undefined, { fields: {}, shouldUseNativeValidation: false });

function form(overrides: Partial<QuitPlanFormValues> = {}): QuitPlanFormValues {
  const values = initialValues(null, today);
  values.tobacco[0]!.selected = true;
  return { ...values, ...overrides };
}

describe('quit plan form', () => {
  it('prefills every kind with the contract defaults: ₹18 a cigarette, ₹1 a bidi, ₹10 a packet', () => {
    const rows = initialValues(null, today).tobacco;
    expect(rows.map((row) => row.type)).toEqual(['cigarette', 'bidi', 'gutka', 'khaini', 'other']);
    expect(rows.every((row) => !row.selected)).toBe(true);
    expect(defaultCost('cigarette', 10)).toBe(180);
    expect(defaultCost('bidi', 15)).toBe(15);
    expect(defaultCost('gutka', 5)).toBe(50);
    expect(defaultCost('khaini', 3)).toBe(30);
    expect(initialValues(null, today).quit_date).toBe(today);
  });

  it('starts from the saved plan', () => {
    const plan = {
      _id: 'p',
      quit_date: '2026-11-20',
      tobacco: [
        {
          type: 'bidi',
          per_day: 20,
          cost_per_day: 25,
          cost_per_day_paise: 2500,
          unit_cost_paise: 125,
        },
      ],
      reasons: ['My children'],
      created_at: '',
      updated_at: '',
    } satisfies QuitPlan;
    const values = initialValues(plan, today);
    expect(values.quit_date).toBe('2026-11-20');
    expect(values.tobacco[1]).toEqual({
      type: 'bidi',
      selected: true,
      per_day: 20,
      cost_per_day: 25,
    });
    expect(values.tobacco[0]!.selected).toBe(false);
    expect(values.reasons).toEqual([{ text: 'My children' }]);
  });

  it('sends only ticked kinds and non-blank reasons', async () => {
    const result = await resolve(
      form({ reasons: [{ text: '  For my health ' }, { text: '' }, { text: 'Money' }] }),
    );
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({
      quit_date: today,
      tobacco: [{ type: 'cigarette', per_day: 10, cost_per_day: 180 }],
      reasons: ['For my health', 'Money'],
    });
  });

  it('puts each contract error on the row it came from', async () => {
    const values = form();
    values.tobacco[2] = { ...values.tobacco[2]!, selected: true, per_day: Number.NaN };
    const result = await resolve(values);
    expect(result.errors.tobacco?.[2]?.per_day?.message).toBe(Messages.PER_DAY_INVALID.message);
    expect(result.errors.tobacco?.[0]).toBeUndefined();
  });

  it('asks for at least one kind of tobacco', async () => {
    const result = await resolve(initialValues(null, today));
    expect(result.errors.tobacco?.root?.message).toBe(Messages.TOBACCO_REQUIRED.message);
  });

  it('keeps the quit date within a year back and 30 days ahead of today (IST)', async () => {
    expect(quitDateWindow(today)).toEqual({ min: '2025-11-25', max: '2026-12-25' });
    expect((await resolve(form({ quit_date: '2026-12-25' }))).errors).toEqual({});
    expect((await resolve(form({ quit_date: '2026-12-26' }))).errors.quit_date?.message).toBe(
      Messages.QUIT_DATE_INVALID.message,
    );
    expect((await resolve(form({ quit_date: '2025-11-24' }))).errors.quit_date?.message).toBe(
      Messages.QUIT_DATE_INVALID.message,
    );
  });
});
