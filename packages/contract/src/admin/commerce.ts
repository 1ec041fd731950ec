// The console's commerce: plans, coupons, live sessions, payments and refunds. Requests carry
// rupees (at most 2 decimals), responses rupees beside their `_paise` twin.
import { z } from 'zod';
import { boundedDateTimeSchema, isDateInputInRange } from '../date-bounds';
import { successEnvelope } from '../envelope';
import { IST_OFFSET_MINUTES } from '../ist';
import {
  couponTypeSchema,
  planDurationTypeSchema,
  refundStatusSchema,
  userPlanStatusSchema,
} from '../payments';
import {
  adminPersonSchema,
  isoOut,
  optionalText,
  pagedEnvelope,
  pageQuerySchema,
  paiseOut,
  rupeesInputSchema,
  rupeesOut,
  text,
  uploadKey,
} from './fields';

// ---------------------------------------------------------------------------------------------
// Plans and coupons
// ---------------------------------------------------------------------------------------------

const planFields = {
  code: z
    .string({ error: 'Give a code.' })
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, {
      error: 'Codes are lowercase letters, digits and dashes.',
    }),
  name: text(100, 'Name'),
  description: optionalText(2000, 'Description'),
  price: rupeesInputSchema,
  special_price: rupeesInputSchema.nullable(),
  features: z.array(text(200, 'Feature')).max(30),
  duration: z.number().int().min(0).max(1000),
  duration_type: planDurationTypeSchema,
  active: z.boolean(),
};

export const adminPlanCreateSchema = z
  .object({
    ...planFields,
    description: planFields.description.default(''),
    special_price: planFields.special_price.default(null),
    features: planFields.features.default([]),
    duration: planFields.duration.default(0),
    active: planFields.active.default(true),
  })
  .refine((plan) => plan.special_price === null || plan.special_price <= plan.price, {
    error: 'The special price cannot be above the price.',
    path: ['special_price'],
  });
export type AdminPlanCreate = z.input<typeof adminPlanCreateSchema>;
export const adminPlanUpdateSchema = z.object(planFields).partial();
export type AdminPlanUpdate = z.input<typeof adminPlanUpdateSchema>;

export const adminPlanSchema = z.object({
  _id: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  price: rupeesOut,
  price_paise: paiseOut,
  special_price: rupeesOut.nullable(),
  special_price_paise: paiseOut.nullable(),
  features: z.array(z.string()),
  duration: z.number().int(),
  duration_type: planDurationTypeSchema,
  active: z.boolean(),
  created_at: isoOut,
});
export type AdminPlan = z.infer<typeof adminPlanSchema>;
export const adminPlanResponseSchema = successEnvelope(adminPlanSchema);
export const adminPlansResponseSchema = successEnvelope(z.array(adminPlanSchema));

const couponFields = {
  code: z
    .string({ error: 'Give a code.' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{6}$/, { error: 'Coupon codes are exactly 6 letters or digits.' }),
  type: couponTypeSchema,
  value: z
    .number({ error: 'Give a value.' })
    .int({ error: 'Use a whole number.' })
    .min(1, { error: 'The value must be at least 1.' })
    .max(10_000_000),
  expires_at: boundedDateTimeSchema('Give a real expiry date and time.').nullable(),
  max_uses: z.number().int().min(0).max(10_000_000).nullable(),
  max_uses_per_user: z.number().int().min(1).max(1000),
  active: z.boolean(),
};

const percentAtMost100 = (coupon: { type?: string; value?: number }) =>
  coupon.type !== 'percent' || coupon.value === undefined || coupon.value <= 100;

export const adminCouponCreateSchema = z
  .object({
    ...couponFields,
    expires_at: couponFields.expires_at.default(null),
    max_uses: couponFields.max_uses.default(null),
    max_uses_per_user: couponFields.max_uses_per_user.default(1),
    active: couponFields.active.default(true),
  })
  .refine(percentAtMost100, { error: 'A percentage is at most 100.', path: ['value'] });
export type AdminCouponCreate = z.input<typeof adminCouponCreateSchema>;
export const adminCouponUpdateSchema = z
  .object(couponFields)
  .partial()
  .refine(percentAtMost100, { error: 'A percentage is at most 100.', path: ['value'] });
export type AdminCouponUpdate = z.input<typeof adminCouponUpdateSchema>;

export const adminCouponSchema = z.object({
  _id: z.string(),
  code: z.string(),
  type: couponTypeSchema,
  value: z.number(),
  expires_at: isoOut.nullable(),
  max_uses: z.number().int().nullable(),
  max_uses_per_user: z.number().int(),
  active: z.boolean(),
  used: z.number().int(),
  created_at: isoOut,
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;
export const adminCouponResponseSchema = successEnvelope(adminCouponSchema);
export const adminCouponsResponseSchema = successEnvelope(z.array(adminCouponSchema));

// ---------------------------------------------------------------------------------------------
// Live sessions
// ---------------------------------------------------------------------------------------------

/** What a datetime-local input holds: a wall-clock time, read as IST. */
export const IST_LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** '2026-03-02T19:00' in IST → the UTC instant; undefined for an impossible date or time. */
export function istLocalToDate(local: string): Date | undefined {
  const match = IST_LOCAL_PATTERN.exec(local);
  if (!match) return undefined;
  const [year, month, day, hours, minutes] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (hours > 23 || minutes > 59) return undefined;
  const utc = Date.UTC(year, month - 1, day, hours, minutes) - IST_OFFSET_MINUTES * 60_000;
  const date = new Date(utc);
  // Reject 31 Feb and the like: the date must read back as typed.
  const check = new Date(utc + IST_OFFSET_MINUTES * 60_000);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined;
  return date;
}

/** The UTC instant as IST wall-clock time for a datetime-local input. */
export function dateToIstLocal(date: Date): string {
  const shifted = new Date(date.getTime() + IST_OFFSET_MINUTES * 60_000);
  return shifted.toISOString().slice(0, 16);
}

const liveSessionFields = {
  title: text(200, 'Title'),
  /** Editor HTML; the server sanitises it before storing. */
  description: optionalText(20_000, 'Description'),
  amount: rupeesInputSchema,
  host: text(120, 'Host'),
  /** Comma-separated, as users see them. */
  tags: optionalText(300, 'Tags'),
  thumbnail_image: uploadKey.nullable(),
  /** Date and time in IST, as 'YYYY-MM-DDTHH:mm'. */
  session_date_ist: z.string({ error: 'Give the date and time (IST).' }).refine(
    (value) => {
      const date = istLocalToDate(value);
      return date !== undefined && isDateInputInRange(date);
    },
    { error: 'Give a real date and time (IST).' },
  ),
  duration_minutes: z
    .number()
    .int()
    .min(5)
    .max(24 * 60),
  /** Mailed to paid registrants only; never listed to users. */
  joining_details: optionalText(2000, 'Joining details'),
  /** The premium programme's closing session: free for premium members (decision 041). */
  included_in_premium: z.boolean(),
  active: z.boolean(),
};

export const adminLiveSessionCreateSchema = z.object({
  ...liveSessionFields,
  description: liveSessionFields.description.default(''),
  tags: liveSessionFields.tags.default(''),
  thumbnail_image: liveSessionFields.thumbnail_image.default(null),
  duration_minutes: liveSessionFields.duration_minutes.default(60),
  joining_details: liveSessionFields.joining_details.default(''),
  included_in_premium: liveSessionFields.included_in_premium.default(false),
  active: liveSessionFields.active.default(true),
});
export type AdminLiveSessionCreate = z.input<typeof adminLiveSessionCreateSchema>;
export const adminLiveSessionUpdateSchema = z.object(liveSessionFields).partial();
export type AdminLiveSessionUpdate = z.input<typeof adminLiveSessionUpdateSchema>;

export const adminLiveSessionSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  amount: rupeesOut,
  amount_paise: paiseOut,
  host: z.string(),
  tags: z.string(),
  thumbnail_image: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  session_date: isoOut,
  session_date_ist: z.string(),
  duration_minutes: z.number().int(),
  joining_details: z.string(),
  included_in_premium: z.boolean(),
  active: z.boolean(),
  registrations: z.number().int(),
  created_at: isoOut,
});
export type AdminLiveSession = z.infer<typeof adminLiveSessionSchema>;
export const adminLiveSessionResponseSchema = successEnvelope(adminLiveSessionSchema);
export const adminLiveSessionsResponseSchema = successEnvelope(z.array(adminLiveSessionSchema));

export const liveSessionEnrolmentSchema = z.object({
  _id: z.string(),
  user: adminPersonSchema.extend({ mobile: z.string().nullable() }),
  status: z.enum(['paid', 'refunded']),
  created_at: isoOut,
});
export const liveSessionEnrolmentsResponseSchema = successEnvelope(
  z.array(liveSessionEnrolmentSchema),
);

// ---------------------------------------------------------------------------------------------
// Payments and refunds
// ---------------------------------------------------------------------------------------------

export const adminPaymentsQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
});

export const adminPaymentSchema = z.object({
  _id: z.string(),
  user: adminPersonSchema.nullable(),
  buyer_name: z.string(),
  purpose: z.enum(['plan', 'live_session']),
  item: z.string(),
  amount: rupeesOut,
  amount_paise: paiseOut,
  status: z.enum(['captured', 'refunded']),
  provider_payment_id: z.string(),
  captured_at: isoOut,
  invoice: z.object({ _id: z.string(), number: z.string() }).nullable(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;
export const adminPaymentsPageSchema = pagedEnvelope(adminPaymentSchema);

export const adminRefundsQuerySchema = pageQuerySchema.extend({
  status: refundStatusSchema.optional(),
});

export const adminRefundSchema = z.object({
  _id: z.string(),
  status: refundStatusSchema,
  amount: rupeesOut,
  amount_paise: paiseOut,
  user: adminPersonSchema.nullable(),
  plan_name: z.string(),
  plan_status: userPlanStatusSchema.nullable(),
  purchased_at: isoOut.nullable(),
  requested_at: isoOut,
  decided_at: isoOut.nullable(),
  decided_by: adminPersonSchema.nullable(),
  rejected_reason: z.string().nullable(),
  /** Why the member asked, in their words (optional when they asked). */
  reason: z.string().nullable(),
  /** The GST credit note an approval issued (decision 029); null before, or for a ₹0 plan. */
  credit_note: z.object({ _id: z.string(), number: z.string() }).nullable(),
  /**
   * 'request': a member asked for their plan's money back. 'duplicate': the automatic refund of
   * a payment that granted nothing (a second payment for what the member had; decision 037).
   */
  kind: z.enum(['request', 'duplicate']),
  /** The provider's payment id the money goes back to (Razorpay's `pay_…`). */
  payment_reference: z.string(),
  /**
   * The member erased their account (decision 021): `user` is null, and the refund is paid back
   * to `payment_reference`, the only link to them that is kept.
   */
  account_erased: z.boolean(),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;
export const adminRefundsPageSchema = pagedEnvelope(adminRefundSchema);
export const adminRefundResponseSchema = successEnvelope(adminRefundSchema);

export const refundRejectSchema = z.object({ reason: text(500, 'Reason') });
