import { intlLocale, LANGUAGES } from '@exhale/contract/languages';
import { describe, expect, it } from 'vitest';
import { groupIndian } from './indian-grouping';

const samples = [
  0,
  7,
  42,
  350,
  999,
  1000,
  4_800,
  48_000,
  99_999,
  1_00_000,
  1_25_000,
  6_80_000,
  12_50_000,
  1_00_00_000,
  98_76_54_321,
  -1_25_000,
  Number.MAX_SAFE_INTEGER,
];

describe('groupIndian', () => {
  it.each(LANGUAGES)('writes whole numbers as Intl does in %s', (language) => {
    const intl = new Intl.NumberFormat(intlLocale(language));
    for (const value of samples) expect(groupIndian(value)).toBe(intl.format(value));
  });

  it('refuses what is not a whole number rather than print it wrongly', () => {
    expect(() => groupIndian(1.5)).toThrow(RangeError);
    expect(() => groupIndian(Number.NaN)).toThrow(RangeError);
  });
});
