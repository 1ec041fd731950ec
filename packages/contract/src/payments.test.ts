import { describe, expect, it } from 'vitest';
import {
  clientRupeesSchema,
  liveSessionRegisterRequestSchema,
  paymentVerifyRequestSchema,
  userPlanCreateRequestSchema,
} from './payments';

describe('clientRupeesSchema', () => {
  it.each<[unknown, number]>([
    [5898.82, 5898.82],
    ['588.82', 588.82],
    [' 0 ', 0],
    ['4999.00', 4999],
  ])('%j → %d', (input, output) => {
    expect(clientRupeesSchema().parse(input)).toBe(output);
  });

  it.each([-1, '-1', 'abc', '', Number.NaN, Number.POSITIVE_INFINITY, null])(
    'refuses %j',
    (input) => {
      expect(clientRupeesSchema().safeParse(input).success).toBe(false);
    },
  );
});

describe('checkout request schemas', () => {
  it('takes the spec’s POST /user-plan body, with an optional coupon', () => {
    expect(
      userPlanCreateRequestSchema.parse({
        plan_id: 'p1',
        coupon_id: null,
        total: 5898.82,
        sub_total: 4999,
        gst: 899.82,
      }),
    ).toMatchObject({ plan_id: 'p1', total: 5898.82 });
    expect(userPlanCreateRequestSchema.safeParse({ total: 1 }).success).toBe(false);
  });

  it('takes the live-session registration body with string amounts', () => {
    expect(
      liveSessionRegisterRequestSchema.parse({
        live_session: 's1',
        total: '588.82',
        sub_total: '499.00',
        gst: '89.82',
      }),
    ).toEqual({ live_session: 's1', total: 588.82, sub_total: 499, gst: 89.82 });
  });

  it('needs the order and payment ids to verify', () => {
    expect(
      paymentVerifyRequestSchema.safeParse({ order_id: 'order_x', payment_id: 'pay_y', id: 'p' })
        .success,
    ).toBe(true);
    expect(paymentVerifyRequestSchema.safeParse({ order_id: 'order_x' }).success).toBe(false);
  });
});
