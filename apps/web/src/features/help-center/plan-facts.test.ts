import { describe, expect, it } from 'vitest';
import { planFacts } from './plan-facts';

describe('planFacts', () => {
  it('quotes ₹4,999 plus 18% GST and the 10-business-day refund window', () => {
    expect(planFacts()).toEqual({
      price: '₹4,999',
      gst: '₹899.82',
      total: '₹5,898.82',
      percent: 18,
      days: 10,
    });
  });
});
