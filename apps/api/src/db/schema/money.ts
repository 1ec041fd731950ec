import { sql } from 'drizzle-orm';
import {
  boolean,
  type AnyPgColumn,
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { COUPON_TYPES } from '@exhale/contract/money';
import { REFUND_STATUSES } from '@exhale/contract/payments';
import { users } from './users';

// Every amount is integer paise (ARCHITECTURE §5). Rows that are tax records (orders, payments,
// invoices) outlive the account that made them: their user reference is SET NULL on deletion,
// never CASCADE, because GST law keeps invoices for years.

export const PLAN_DURATION_TYPES = ['day', 'month', 'year', 'lifetime'] as const;

/**
 * What can be bought. `code` is a stable handle for the seed and the admin console; `duration` 0
 * means the free plan (spec §3). `special_price_paise`, when set, is the price charged and
 * `price_paise` the list price shown struck through.
 */
export const plans = pgTable(
  'plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    pricePaise: integer('price_paise').notNull(),
    specialPricePaise: integer('special_price_paise'),
    features: jsonb('features')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    duration: integer('duration').notNull().default(0),
    durationType: text('duration_type', { enum: PLAN_DURATION_TYPES }).notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('plans_code_key').on(t.code),
    check('plans_price_check', sql`${t.pricePaise} >= 0`),
    check(
      'plans_special_price_check',
      sql`${t.specialPricePaise} IS NULL OR ${t.specialPricePaise} >= 0`,
    ),
    check('plans_duration_check', sql`${t.duration} >= 0`),
  ],
);

/**
 * Discount codes. Codes are stored upper-cased and compared upper-cased, so 'exhale' and 'EXHALE'
 * are one coupon. `value` is whole rupees for 'off' and a percentage for 'percent'.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: char('code', { length: 6 }).notNull(),
    type: text('type', { enum: COUPON_TYPES }).notNull(),
    value: integer('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    maxUses: integer('max_uses'),
    maxUsesPerUser: integer('max_uses_per_user').notNull().default(1),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code_key').on(t.code),
    check('coupons_code_check', sql`${t.code} ~ '^[A-Z0-9]{6}$'`),
    check(
      'coupons_value_check',
      sql`${t.value} > 0 AND (${t.type} <> 'percent' OR ${t.value} <= 100)`,
    ),
    check('coupons_max_uses_check', sql`${t.maxUses} IS NULL OR ${t.maxUses} >= 0`),
    check('coupons_max_uses_per_user_check', sql`${t.maxUsesPerUser} >= 1`),
  ],
);

/**
 * Sessions an operator runs live. `joining_details` (meeting link, passcode) is only ever mailed to
 * paid registrants; no list endpoint selects it.
 */
export const liveSessions = pgTable(
  'live_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    /** Sanitised HTML (sanitised on write). */
    description: text('description').notNull().default(''),
    amountPaise: integer('amount_paise').notNull(),
    host: text('host').notNull(),
    /** Comma-separated, as the spec's client shows them. */
    tags: text('tags').notNull().default(''),
    thumbnailImage: text('thumbnail_image'),
    sessionDate: timestamp('session_date', { withTimezone: true }).notNull(),
    /** Only for the calendar file's end time; the spec shows no duration. */
    durationMinutes: integer('duration_minutes').notNull().default(60),
    joiningDetails: text('joining_details').notNull().default(''),
    /**
     * The premium programme's closing session (decision 041): a premium member registers for it
     * at no charge; everyone else pays its price.
     */
    includedInPremium: boolean('included_in_premium').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('live_sessions_session_date_idx').on(t.sessionDate),
    check('live_sessions_amount_check', sql`${t.amountPaise} >= 0`),
    check('live_sessions_duration_check', sql`${t.durationMinutes} > 0`),
  ],
);

/**
 * One checkout attempt: the amounts the server computed (never the client's) and the provider's
 * order id the checkout widget pays. Amounts are frozen here so a later price change cannot alter
 * what an open checkout charges or what its invoice says.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    purpose: text('purpose', { enum: ['plan', 'live_session'] }).notNull(),
    planId: uuid('plan_id').references(() => plans.id),
    liveSessionId: uuid('live_session_id').references(() => liveSessions.id),
    couponId: uuid('coupon_id').references(() => coupons.id),
    /** 'none' for a zero total (100% coupon, free session): nothing to pay, no provider order. */
    provider: text('provider', { enum: ['sandbox', 'razorpay', 'none'] }).notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    currency: text('currency').notNull().default('INR'),
    pricePaise: integer('price_paise').notNull(),
    discountPaise: integer('discount_paise').notNull().default(0),
    subTotalPaise: integer('sub_total_paise').notNull(),
    gstPaise: integer('gst_paise').notNull(),
    totalPaise: integer('total_paise').notNull(),
    /**
     * 'cancelled': replaced by a newer checkout of the member's (another plan, coupon or price).
     * It holds no coupon use and is no longer reused, but a payment that still lands on it is
     * taken like any other (decision 037).
     */
    status: text('status', { enum: ['created', 'paid', 'failed', 'refunded', 'cancelled'] })
      .notNull()
      .default('created'),
    /** When the checkout was opened, or last reopened: a coupon's hold runs from here. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_orders_provider_order_id_key').on(t.providerOrderId),
    index('payment_orders_user_id_idx').on(t.userId, t.createdAt),
    // One open checkout per member for a plan, and per member and live session: a repeated
    // checkout reuses it or replaces it, even when two API processes race (decision 037).
    uniqueIndex('payment_orders_one_open_plan_key')
      .on(t.userId)
      .where(sql`${t.purpose} = 'plan' AND ${t.status} IN ('created', 'failed')`),
    uniqueIndex('payment_orders_one_open_session_key')
      .on(t.userId, t.liveSessionId)
      .where(sql`${t.purpose} = 'live_session' AND ${t.status} IN ('created', 'failed')`),
    check(
      'payment_orders_target_check',
      sql`(${t.purpose} = 'plan' AND ${t.planId} IS NOT NULL AND ${t.liveSessionId} IS NULL) OR (${t.purpose} = 'live_session' AND ${t.liveSessionId} IS NOT NULL AND ${t.planId} IS NULL)`,
    ),
    check(
      'payment_orders_amounts_check',
      sql`${t.discountPaise} >= 0 AND ${t.subTotalPaise} = ${t.pricePaise} - ${t.discountPaise} AND ${t.totalPaise} = ${t.subTotalPaise} + ${t.gstPaise} AND ${t.gstPaise} >= 0`,
    ),
  ],
);

/**
 * A captured payment. The unique `order_id` (among payments that are not duplicates) is what makes
 * activation exactly-once: however many verify calls and webhooks race for one order, only one
 * insert of its payment can succeed. A `duplicate` capture granted nothing (a second payment of
 * the order, or of something the member already had) and is refunded automatically (decision 037).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => paymentOrders.id),
    providerPaymentId: text('provider_payment_id').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    capturedAt: timestamp('captured_at', { withTimezone: true }).notNull().defaultNow(),
    /** The buyer's name when they paid, for the invoice; anonymised if the account is erased. */
    buyerName: text('buyer_name').notNull(),
    status: text('status', { enum: ['captured', 'refunded'] })
      .notNull()
      .default('captured'),
    duplicate: boolean('duplicate').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_order_id_key')
      .on(t.orderId)
      .where(sql`NOT ${t.duplicate}`),
    uniqueIndex('payments_provider_payment_id_key').on(t.providerPaymentId),
    // Admin metrics (revenue per day) and the payments list, newest first.
    index('payments_captured_at_idx').on(t.capturedAt),
  ],
);

export const USER_PLAN_STATUSES = [
  'active',
  'refund_requested',
  'refund_rejected',
  'refunded',
] as const;

/** A purchased plan. A user holds at most one that is not refunded (the partial index). */
export const userPlans = pgTable(
  'user_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    status: text('status', { enum: USER_PLAN_STATUSES }).notNull().default('active'),
    rejectedReason: text('rejected_reason'),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull().defaultNow(),
    /** NULL for the lifetime plan: it never expires and never renews. */
    expiryDate: timestamp('expiry_date', { withTimezone: true }),
    refundRequestedAt: timestamp('refund_requested_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_plans_payment_id_key').on(t.paymentId),
    uniqueIndex('user_plans_one_current_per_user_key')
      .on(t.userId)
      .where(sql`${t.status} <> 'refunded'`),
    index('user_plans_user_id_idx').on(t.userId, t.purchasedAt),
  ],
);

/** One use of a coupon; one per order, so a replayed activation cannot count a use twice. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    paymentOrderId: uuid('payment_order_id')
      .notNull()
      .references(() => paymentOrders.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_payment_order_id_key').on(t.paymentOrderId),
    index('coupon_redemptions_coupon_user_idx').on(t.couponId, t.userId),
  ],
);

/**
 * A refund from request to money back. `user_plan_id` is unique, so a plan can be asked to be
 * refunded only once, even by two requests at the same instant. A 'duplicate' refund is the
 * automatic one of a capture that granted nothing (decision 037): it has no plan, and one
 * payment has at most one.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['request', 'duplicate'] })
      .notNull()
      .default('request'),
    userPlanId: uuid('user_plan_id').references(() => userPlans.id),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    amountPaise: integer('amount_paise').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('requested'),
    rejectedReason: text('rejected_reason'),
    /** Why the member asked (optional, at most 500 characters); shown to operators. */
    reason: text('reason'),
    providerRefundId: text('provider_refund_id'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refunds_user_plan_id_key').on(t.userPlanId),
    uniqueIndex('refunds_duplicate_payment_id_key')
      .on(t.paymentId)
      .where(sql`${t.kind} = 'duplicate'`),
    check('refunds_kind_check', sql`(${t.kind} = 'request') = (${t.userPlanId} IS NOT NULL)`),
    uniqueIndex('refunds_provider_refund_id_key').on(t.providerRefundId),
    index('refunds_status_idx').on(t.status, t.requestedAt),
    index('refunds_payment_id_idx').on(t.paymentId),
    // Admin metrics: refunds paid out per day.
    index('refunds_processed_at_idx').on(t.processedAt),
  ],
);

/** Paid places in live sessions; one paid place per user and session. */
export const liveSessionRegistrations = pgTable(
  'live_session_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    liveSessionId: uuid('live_session_id')
      .notNull()
      .references(() => liveSessions.id, { onDelete: 'cascade' }),
    paymentOrderId: uuid('payment_order_id').references(() => paymentOrders.id),
    status: text('status', { enum: ['paid', 'refunded'] })
      .notNull()
      .default('paid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('live_session_registrations_paid_key')
      .on(t.userId, t.liveSessionId)
      .where(sql`${t.status} = 'paid'`),
    uniqueIndex('live_session_registrations_payment_order_id_key').on(t.paymentOrderId),
    index('live_session_registrations_session_idx').on(t.liveSessionId),
  ],
);

/** The numbering every GST document carries: its number and the serial it was made from. */
const serialNumber = () => ({
  number: text('number').notNull(),
  financialYear: text('financial_year').notNull(),
  seq: integer('seq').notNull(),
});

/** The amounts of a GST document, in paise: taxable value, tax by kind, total. */
const gstAmounts = () => ({
  taxablePaise: integer('taxable_paise').notNull(),
  cgstPaise: integer('cgst_paise').notNull().default(0),
  sgstPaise: integer('sgst_paise').notNull().default(0),
  igstPaise: integer('igst_paise').notNull().default(0),
  totalPaise: integer('total_paise').notNull(),
});

/** The total is the taxable value plus every tax: the database refuses a document that is not. */
const gstTotalCheck = (
  table: string,
  t: {
    totalPaise: AnyPgColumn;
    taxablePaise: AnyPgColumn;
    cgstPaise: AnyPgColumn;
    sgstPaise: AnyPgColumn;
    igstPaise: AnyPgColumn;
  },
) =>
  check(
    `${table}_total_check`,
    sql`${t.totalPaise} = ${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise}`,
  );

/**
 * The last invoice serial of each Indian financial year. Serials are taken by updating this row
 * inside the purchase transaction: a rolled-back purchase rolls its serial back too, so the
 * numbers have no gaps (a sequence would leave one on every rollback).
 */
export const invoiceCounters = pgTable('invoice_counters', {
  financialYear: text('financial_year').primaryKey(),
  lastSeq: integer('last_seq').notNull(),
});

/**
 * GST tax invoices. Seller details are copied in at issue time, so an invoice reads the same
 * years later whatever the configuration says then.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    ...serialNumber(),
    sellerName: text('seller_name').notNull(),
    sellerAddress: text('seller_address').notNull(),
    sellerGstin: text('seller_gstin').notNull(),
    sellerStateCode: text('seller_state_code').notNull(),
    placeOfSupply: text('place_of_supply').notNull(),
    buyerName: text('buyer_name').notNull(),
    description: text('description').notNull(),
    sac: text('sac').notNull(),
    ...gstAmounts(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_payment_id_key').on(t.paymentId),
    uniqueIndex('invoices_number_key').on(t.number),
    uniqueIndex('invoices_financial_year_seq_key').on(t.financialYear, t.seq),
    gstTotalCheck('invoices', t),
  ],
);

/** The last credit-note serial of each financial year: a series of its own (CGST Rules, rule 53). */
export const creditNoteCounters = pgTable('credit_note_counters', {
  financialYear: text('financial_year').primaryKey(),
  lastSeq: integer('last_seq').notNull(),
});

/**
 * GST credit notes (CGST Act s. 34): issued when an approved refund cancels an invoiced plan,
 * against that invoice. Seller, place of supply and SAC are the invoice's; the amounts are what
 * the refund gives back.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    refundId: uuid('refund_id')
      .notNull()
      .references(() => refunds.id),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    ...serialNumber(),
    buyerName: text('buyer_name').notNull(),
    ...gstAmounts(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_notes_refund_id_key').on(t.refundId),
    uniqueIndex('credit_notes_number_key').on(t.number),
    uniqueIndex('credit_notes_financial_year_seq_key').on(t.financialYear, t.seq),
    index('credit_notes_invoice_id_idx').on(t.invoiceId),
    gstTotalCheck('credit_notes', t),
  ],
);

/** Provider webhook deliveries already handled; a replayed delivery finds its id here. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  event: text('event').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export type PlanRow = typeof plans.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;
export type CreditNoteRow = typeof creditNotes.$inferSelect;
export type LiveSessionRow = typeof liveSessions.$inferSelect;
export type PaymentOrderRow = typeof paymentOrders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type UserPlanRow = typeof userPlans.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
