import { describe, expect, it } from 'vitest';
import { planOnSale, priceWithGst } from './plan-price';

describe('priceWithGst', () => {
  it("announces the lifetime plan's price with its GST and total", () => {
    expect(priceWithGst({ price_paise: 499_900, special_price_paise: null })).toEqual({
      price: '₹4,999',
      percent: 18,
      total: '₹5,898.82',
    });
  });

  it('announces the special price when there is one', () => {
    expect(priceWithGst({ price_paise: 499_900, special_price_paise: 299_900 })).toEqual({
      price: '₹2,999',
      percent: 18,
      total: '₹3,538.82',
    });
  });
});

describe('planOnSale', () => {
  it('skips the free plan', () => {
    expect(planOnSale([{ duration: 0 }, { duration: 1 }])).toEqual({ duration: 1 });
    expect(planOnSale([{ duration: 0 }])).toBeUndefined();
  });
});
