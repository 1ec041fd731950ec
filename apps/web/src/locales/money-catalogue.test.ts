import { describe, expect, it } from 'vitest';
import { liveSessionPriceLabel, paiseToRupees } from '@exhale/contract/money';
import en from './translation/en.json';

// Spec strings of the plans and live-session pages (spec §2, §8), verbatim in English.
describe('money catalogue', () => {
  it('keeps the plans page spec strings', () => {
    // No free trial exists, so the spec's trial header is not shown (decision 044).
    expect(JSON.stringify(en.plans)).not.toMatch(/trial|trail/i);
    expect(en.plans.title).toBe('Start the programme');
    expect(en.plans.card.buyNow).toBe('Buy Now');
    expect(en.plans.current).toMatchObject({
      durationValue: '12 months',
      nextDueDate: 'Next Due Date',
      changePlan: 'Change Plan',
      cancelMembership: 'Cancel Membership',
    });
    expect(en.messages).toMatchObject({
      COUPON_APPLIED: 'Coupon applied',
      PLAN_PURCHASED: 'Plan Purchased',
      PURCHASE_FAILED: 'Purchase Failed',
      REFUND_ALREADY_REQUESTED: 'Refund request already requested',
      REFUND_REQUEST_FAILED: 'Failed requesting refund',
    });
  });

  it('keeps the live-session page spec strings', () => {
    expect(en.liveSessions.empty).toBe('NO LIVE SESSION FOUND');
    expect(en.liveSessions.register).toBe('REGISTER');
    expect(en.messages).toMatchObject({
      ALREADY_ENROLLED: 'Already Enrolled, Check Mail For Details',
      PAYMENT_VERIFICATION_FAILED: 'Payment verification failed!',
      PAYMENT_VERIFICATION_ERROR: 'Payment verification failed. Please try again.',
    });
  });

  it("words the price line like the contract's liveSessionPriceLabel", () => {
    for (const paise of [49_900, 29_950, 100]) {
      expect(en.liveSessions.price.replace('{{amount}}', String(paiseToRupees(paise)))).toBe(
        liveSessionPriceLabel(paise),
      );
    }
  });
});
