// Request and response schemas for plans, coupons, checkout, refunds, live sessions and the bell
// (API.md "Plans, coupons, payments, refunds", "Live sessions", "Notifications"). Amounts follow
// API.md "Conventions": rupees (at most 2 decimals) beside an integer `_paise` twin, except the
// checkout options in `payment`, which are Razorpay's own shape and units (paise).
import { z } from 'zod';
import { successEnvelope } from './envelope';
import { LANGUAGES } from './languages';
import { Messages } from './messages';
import { COUPON_CODE_LENGTH, COUPON_TYPES } from './money';
import { stripInvisibleCharacters } from './text';

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/**
 * A rupee amount the client shows and sends back (`total`, `sub_total`, `gst`). Accepted as a
 * number or a numeric string, because a client following the spec formats live-session amounts
 * with two decimals. The server never uses it except to check that the client saw its price.
 *
 * A fresh schema per field: fastify-type-provider-zod drops the string branch of a union that one
 * object reuses (its override filters branches zod has not filled in yet), and the OpenAPI
 * document would then say only numbers are accepted.
 */
export const clientRupeesSchema = () =>
  z.union(
    [
      z.number().finite().nonnegative(),
      z
        .string()
        .trim()
        .regex(/^\d+(\.\d+)?$/)
        .transform(Number),
    ],
    { error: Messages.VALIDATION_ERROR.message },
  );

const id = (message: string) => z.string({ error: message }).trim().min(1, { error: message });

/** POST /user-plan. */
export const userPlanCreateRequestSchema = z.object({
  plan_id: id(Messages.PLAN_NOT_FOUND.message),
  coupon_id: z.string().trim().min(1).nullish(),
  total: clientRupeesSchema(),
  sub_total: clientRupeesSchema().optional(),
  gst: clientRupeesSchema().optional(),
});
export type UserPlanCreateRequest = z.infer<typeof userPlanCreateRequestSchema>;

/**
 * POST /user-plan/verify and /user-live-session/verify: what the checkout widget handed back
 * (`razorpay_order_id`, `razorpay_payment_id`) and the id of what was bought; the signature
 * travels in the `x-razorpay-signature` header.
 */
export const paymentVerifyRequestSchema = z.object({
  order_id: id(Messages.PURCHASE_FAILED.message),
  payment_id: id(Messages.PURCHASE_FAILED.message),
  id: z.string().trim().min(1).optional(),
});
export type PaymentVerifyRequest = z.infer<typeof paymentVerifyRequestSchema>;

/** PUT /user-plan/request-refund: `id` is the current plan's `_id`. */
export const REFUND_REASON_MAX_LENGTH = 500;
export const refundRequestSchema = z.object({
  id: id(Messages.REFUND_REQUEST_FAILED.message),
  /** Why the member is leaving, in their words; optional, shown to operators. */
  reason: z
    .string({ error: Messages.VALIDATION_ERROR.message })
    .overwrite(stripInvisibleCharacters)
    .trim()
    .max(REFUND_REASON_MAX_LENGTH, { error: Messages.VALIDATION_ERROR.message })
    .optional(),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

/** POST /user-live-session. */
export const liveSessionRegisterRequestSchema = z.object({
  live_session: id(Messages.LIVE_SESSION_NOT_FOUND.message),
  total: clientRupeesSchema(),
  sub_total: clientRupeesSchema().optional(),
  gst: clientRupeesSchema().optional(),
});
export type LiveSessionRegisterRequest = z.infer<typeof liveSessionRegisterRequestSchema>;

/** POST /payments/sandbox/pay: the built-in checkout dialog's Pay and Fail buttons. */
export const sandboxPayRequestSchema = z.object({
  order_id: id(Messages.ORDER_NOT_FOUND.message),
  outcome: z.enum(['success', 'failure']),
});
export type SandboxPayRequest = z.infer<typeof sandboxPayRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

const rupees = z.number();
const paise = z.number().int();

export const planDurationTypeSchema = z.enum(['day', 'month', 'year', 'lifetime']);

/** A plan card. `duration` 0 is the free plan; `special_price`, when set, is what is charged. */
export const planSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  price: rupees,
  price_paise: paise,
  special_price: rupees.nullable(),
  special_price_paise: paise.nullable(),
  features: z.array(z.string()),
  duration: z.number().int(),
  duration_type: planDurationTypeSchema,
});
export type Plan = z.infer<typeof planSchema>;

export const plansResponseSchema = successEnvelope(z.array(planSchema));

export const couponTypeSchema = z.enum(COUPON_TYPES);

/** POST /coupon/verify. */
export const couponVerifyRequestSchema = z.object({
  code: z
    .string({ error: Messages.COUPON_NOT_FOUND.message })
    .trim()
    .length(COUPON_CODE_LENGTH, { error: Messages.COUPON_NOT_FOUND.message }),
});
export type CouponVerifyRequest = z.infer<typeof couponVerifyRequestSchema>;

/** POST /coupon/verify: `value` is rupees for 'off', a percentage otherwise. */
export const couponSchema = z.object({ id: z.string(), type: couponTypeSchema, value: z.number() });
export const couponVerifyResponseSchema = successEnvelope(couponSchema);

/** Razorpay Checkout options, identical for the sandbox dialog and Razorpay's widget. */
export const checkoutOptionsSchema = z.object({
  key: z.string(),
  /** Paise, as Razorpay expects. */
  amount: paise,
  currency: z.literal('INR'),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  order_id: z.string(),
  prefill: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
  theme: z.object({ color: z.string() }),
});
export type CheckoutOptions = z.infer<typeof checkoutOptionsSchema>;

export const userPlanStatusSchema = z.enum([
  'active',
  'refund_requested',
  'refund_rejected',
  'refunded',
]);
export type UserPlanStatus = z.infer<typeof userPlanStatusSchema>;

/**
 * GET /user-plan/current. `expiry_date` is null for the lifetime plan (no renewal is ever due);
 * `refundable_until` is when the refund window closes, so the refund button can hide itself.
 */
export const currentPlanSchema = z.object({
  _id: z.string(),
  plan_id: planSchema,
  expiry_date: z.iso.datetime().nullable(),
  status: userPlanStatusSchema,
  rejected_reason: z.string().nullable(),
  purchased_at: z.iso.datetime(),
  refundable_until: z.iso.datetime(),
  payment_id: z.string(),
  invoice_id: z.string().nullable(),
  total: rupees,
  total_paise: paise,
});
export type CurrentPlan = z.infer<typeof currentPlanSchema>;

export const currentPlanResponseSchema = successEnvelope(currentPlanSchema.nullable());

/**
 * A refund is asked for, then approved or rejected by an operator; an approved one is processed
 * (paid back) or failed at the provider. The database column, the console's filter and both
 * answers read this one list.
 */
export const REFUND_STATUSES = [
  'requested',
  'approved',
  'rejected',
  'processed',
  'failed',
] as const;
export const refundStatusSchema = z.enum(REFUND_STATUSES);
export type RefundStatus = z.infer<typeof refundStatusSchema>;

/** The caller's latest refund request, whatever became of it (the Plans page shows its state). */
export const refundStateSchema = z.object({
  _id: z.string(),
  status: refundStatusSchema,
  amount: rupees,
  amount_paise: paise,
  reason: z.string().nullable(),
  rejected_reason: z.string().nullable(),
  requested_at: z.iso.datetime(),
  decided_at: z.iso.datetime().nullable(),
});
export type RefundState = z.infer<typeof refundStateSchema>;

/**
 * GET /user-plan/current: the plan, plus what the server decides for the pages around it:
 * `can_buy_premium` (the one rule for every Upgrade and Buy button, decision 040) and the latest
 * refund request.
 */
export const currentPlanStateResponseSchema = successEnvelope(currentPlanSchema.nullable(), {
  can_buy_premium: z.boolean(),
  refund: refundStateSchema.nullable(),
});

const amountFields = {
  sub_total: rupees,
  sub_total_paise: paise,
  gst: rupees,
  gst_paise: paise,
  total: rupees,
  total_paise: paise,
};

/**
 * POST /user-plan. `payment` is null when nothing is left to pay (a 100% coupon): the purchase is
 * then already complete and `current_plan` holds it.
 */
export const userPlanOrderSchema = z.object({
  payment: checkoutOptionsSchema.nullable(),
  plan: planSchema,
  price: rupees,
  price_paise: paise,
  discount: rupees,
  discount_paise: paise,
  ...amountFields,
  current_plan: currentPlanSchema.nullable(),
});
export const userPlanOrderResponseSchema = successEnvelope(userPlanOrderSchema);

export const refundResultSchema = z.object({ success: z.boolean(), message: z.string() });
export const refundResponseSchema = successEnvelope(refundResultSchema);

/** A live-session card. Joining details are never part of it: they are mailed to registrants. */
export const liveSessionSchema = z.object({
  _id: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  description: z.string(),
  amount: rupees,
  amount_paise: paise,
  host: z.string(),
  tags: z.string(),
  thumbnail_image: z.string().nullable(),
  session_date: z.iso.datetime(),
  registered: z.boolean(),
  /**
   * The premium programme's closing session and the caller is premium: it is part of their plan,
   * registration costs nothing (decision 041).
   */
  included_in_plan: z.boolean(),
});
export type LiveSession = z.infer<typeof liveSessionSchema>;
export const liveSessionsResponseSchema = successEnvelope(z.array(liveSessionSchema));

/**
 * POST /user-live-session. `payment` is null when there is nothing to pay: the user is already
 * enrolled (message 'Already Enrolled, Check Mail For Details') or the session is free.
 */
export const liveSessionRegistrationSchema = z.object({
  payment: checkoutOptionsSchema.nullable(),
  session_id: z.string(),
  registered: z.boolean(),
  ...amountFields,
});
export const liveSessionRegistrationResponseSchema = successEnvelope(liveSessionRegistrationSchema);

/** The bell's list (API.md "Notifications"). */
export const notificationSchema = z.object({
  _id: z.string(),
  title: z.string(),
  message: z.string(),
  /**
   * Beyond API.md: the language title and message are written in, when the API wrote them from
   * its catalogues (decision 065); null for text someone typed, such as an operator's message.
   * The web translates a notice only when this is not the reader's language.
   */
  language: z.enum(LANGUAGES).nullable().optional(),
  created_at: z.iso.datetime(),
  read: z.boolean(),
});
export const notificationsResponseSchema = successEnvelope(z.array(notificationSchema));

/**
 * POST /payments/sandbox/pay: what Razorpay Checkout hands its `handler` on success, or the
 * `error` object of its `payment.failed` event.
 */
export const sandboxPayResultSchema = z.union([
  z.object({
    razorpay_payment_id: z.string(),
    razorpay_order_id: z.string(),
    razorpay_signature: z.string(),
  }),
  z.object({
    error: z.object({
      code: z.string(),
      description: z.string(),
      source: z.string(),
      step: z.string(),
      reason: z.string(),
      metadata: z.object({ order_id: z.string(), payment_id: z.string() }),
    }),
  }),
]);
export const sandboxPayResponseSchema = successEnvelope(sandboxPayResultSchema);
