import { describe, expect, it } from 'vitest';
import {
  formatRupees,
  formatTwoDecimals,
  liveSessionAmounts,
  liveSessionPriceLabel,
  paiseToRupees,
  priceBreakdown,
  rupeesToPaise,
  type CouponTerms,
  type PriceBreakdown,
} from './money';
import { couponVerifyRequestSchema } from './payments';

describe('rupeesToPaise', () => {
  it.each([
    [4999, 499900],
    [49.99, 4999],
    [0.29, 29], // 0.29 * 100 is 28.999… in floating point
    [1.1, 110],
    [10.5, 1050],
    [0.01, 1],
    [0, 0],
    [-2.5, -250],
  ])('%d rupees → %i paise', (rupees, paise) => {
    expect(rupeesToPaise(rupees)).toBe(paise);
  });

  it.each([1.005, 0.001, 1e-7, Number.NaN, Number.POSITIVE_INFINITY, 1e20])(
    'refuses %d (more than 2 decimals, or not a safe amount)',
    (rupees) => {
      expect(() => rupeesToPaise(rupees)).toThrow(RangeError);
    },
  );
});

describe('paiseToRupees', () => {
  it.each([
    [499900, 4999],
    [4999, 49.99],
    [29, 0.29],
    [110, 1.1],
    [1, 0.01],
    [0, 0],
  ])('%i paise → %d rupees', (paise, rupees) => {
    expect(paiseToRupees(paise)).toBe(rupees);
  });

  it('round-trips every amount up to ₹100 exactly', () => {
    for (let paise = 0; paise <= 10_000; paise += 1) {
      expect(rupeesToPaise(paiseToRupees(paise))).toBe(paise);
    }
  });

  it('refuses a fraction of a paisa', () => {
    expect(() => paiseToRupees(1.5)).toThrow(RangeError);
  });
});

describe('formatTwoDecimals', () => {
  it.each([
    [58882, '588.82'],
    [499900, '4999.00'],
    [123450, '1234.50'],
    [5, '0.05'],
    [0, '0.00'],
    [-150, '-1.50'],
  ])('%i paise → %j', (paise, text) => {
    expect(formatTwoDecimals(paise)).toBe(text);
  });
});

describe('formatRupees', () => {
  it.each([
    [499900, '₹4,999'],
    [123450, '₹1,234.50'],
    [99900, '₹999'],
    [10000000, '₹1,00,000'],
    [1000000000, '₹1,00,00,000'],
    [12345678900, '₹12,34,56,789'],
    [5, '₹0.05'],
    [0, '₹0'],
    [-50000, '-₹500'],
  ])('%i paise → %j', (paise, text) => {
    expect(formatRupees(paise)).toBe(text);
  });
});

describe('priceBreakdown', () => {
  const plan = 499900; // the ₹4,999 lifetime plan

  it.each<[string, number, CouponTerms | undefined, Omit<PriceBreakdown, 'pricePaise'>]>([
    [
      'no coupon',
      plan,
      undefined,
      { discountPaise: 0, subTotalPaise: 499900, gstPaise: 89982, totalPaise: 589882 },
    ],
    [
      'flat ₹500 off',
      plan,
      { type: 'off', value: 500 },
      { discountPaise: 50000, subTotalPaise: 449900, gstPaise: 80982, totalPaise: 530882 },
    ],
    [
      'flat ₹0.29 off (paise exact)',
      1000,
      { type: 'off', value: 0.29 },
      { discountPaise: 29, subTotalPaise: 971, gstPaise: 175, totalPaise: 1146 },
    ],
    [
      '10% off',
      plan,
      { type: 'percent', value: 10 },
      { discountPaise: 49990, subTotalPaise: 449910, gstPaise: 80984, totalPaise: 530894 },
    ],
    [
      '12.5% off, discount rounded half up',
      plan,
      { type: 'percent', value: 12.5 },
      { discountPaise: 62488, subTotalPaise: 437412, gstPaise: 78734, totalPaise: 516146 },
    ],
    [
      // 3000 × 4.35% is exactly 130.5 paise; floating point says 130.49999… and would round down.
      '4.35% off a half-paisa discount',
      3000,
      { type: 'percent', value: 4.35 },
      { discountPaise: 131, subTotalPaise: 2869, gstPaise: 516, totalPaise: 3385 },
    ],
    [
      '100% off',
      plan,
      { type: 'percent', value: 100 },
      { discountPaise: 499900, subTotalPaise: 0, gstPaise: 0, totalPaise: 0 },
    ],
    [
      'more than 100% off stops at the price',
      plan,
      { type: 'percent', value: 150 },
      { discountPaise: 499900, subTotalPaise: 0, gstPaise: 0, totalPaise: 0 },
    ],
    [
      'a flat coupon larger than the price stops at the price',
      plan,
      { type: 'off', value: 6000 },
      { discountPaise: 499900, subTotalPaise: 0, gstPaise: 0, totalPaise: 0 },
    ],
    [
      '0% off',
      plan,
      { type: 'percent', value: 0 },
      { discountPaise: 0, subTotalPaise: 499900, gstPaise: 89982, totalPaise: 589882 },
    ],
    [
      'GST of exactly half a paisa rounds up (25 × 0.18 = 4.5)',
      25,
      undefined,
      { discountPaise: 0, subTotalPaise: 25, gstPaise: 5, totalPaise: 30 },
    ],
    [
      'GST of 13.5 paise rounds up',
      75,
      undefined,
      { discountPaise: 0, subTotalPaise: 75, gstPaise: 14, totalPaise: 89 },
    ],
    [
      'GST below half a paisa rounds down (1 × 0.18)',
      1,
      undefined,
      { discountPaise: 0, subTotalPaise: 1, gstPaise: 0, totalPaise: 1 },
    ],
    [
      'a free plan',
      0,
      undefined,
      { discountPaise: 0, subTotalPaise: 0, gstPaise: 0, totalPaise: 0 },
    ],
  ])('%s', (_name, pricePaise, coupon, expected) => {
    expect(priceBreakdown({ pricePaise, coupon })).toEqual({ pricePaise, ...expected });
  });

  it('always adds up: subtotal + GST = total and price − discount = subtotal', () => {
    for (let pricePaise = 0; pricePaise <= 5000; pricePaise += 7) {
      for (const coupon of [
        undefined,
        { type: 'percent', value: 33.33 },
        { type: 'off', value: 9.99 },
      ] as const) {
        const b = priceBreakdown({ pricePaise, coupon });
        expect(b.subTotalPaise + b.gstPaise).toBe(b.totalPaise);
        expect(b.pricePaise - b.discountPaise).toBe(b.subTotalPaise);
        expect(b.subTotalPaise).toBeGreaterThanOrEqual(0);
        expect(b.totalPaise).toBe(Math.floor((b.subTotalPaise * 118 + 50) / 100));
      }
    }
  });

  it.each<[string, number, CouponTerms | undefined]>([
    ['a negative price', -1, undefined],
    ['a fractional price', 10.5, undefined],
    ['a negative coupon', 1000, { type: 'off', value: -5 }],
    ['a percentage with 3 decimals', 1000, { type: 'percent', value: 12.345 }],
  ])('refuses %s', (_name, pricePaise, coupon) => {
    expect(() => priceBreakdown({ pricePaise, coupon })).toThrow(RangeError);
  });
});

describe('liveSessionAmounts', () => {
  it.each([
    [49900, { subTotalPaise: 49900, gstPaise: 8982, totalPaise: 58882 }],
    [99900, { subTotalPaise: 99900, gstPaise: 17982, totalPaise: 117882 }],
    [25, { subTotalPaise: 25, gstPaise: 5, totalPaise: 30 }],
    [1, { subTotalPaise: 1, gstPaise: 0, totalPaise: 1 }],
    [0, { subTotalPaise: 0, gstPaise: 0, totalPaise: 0 }],
  ])('%i paise → %j', (amountPaise, expected) => {
    expect(liveSessionAmounts(amountPaise)).toEqual(expected);
  });

  it('formats the total to two decimals for the registration payload', () => {
    expect(formatTwoDecimals(liveSessionAmounts(49900).totalPaise)).toBe('588.82');
  });

  it.each([-1, 0.5])('refuses %d', (amountPaise) => {
    expect(() => liveSessionAmounts(amountPaise)).toThrow(RangeError);
  });
});

describe('liveSessionPriceLabel', () => {
  it.each([
    [49900, 'Rs.499 + 18 % GST'],
    [49950, 'Rs.499.5 + 18 % GST'],
  ])('%i paise → %j', (amountPaise, text) => {
    expect(liveSessionPriceLabel(amountPaise)).toBe(text);
  });
});

describe('couponVerifyRequestSchema', () => {
  it.each<[unknown, boolean]>([
    [{ code: 'SAVE10' }, true],
    [{ code: ' SAVE10 ' }, true],
    [{ code: 'SAVE1' }, false],
    [{ code: 'SAVE100' }, false],
    [{}, false],
  ])('%j → valid %s', (body, valid) => {
    expect(couponVerifyRequestSchema.safeParse(body).success).toBe(valid);
  });
});
