import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { coupons, plans, refunds, type CouponRow, type PlanRow } from '../src/db/schema/money';
import { outboxMessages } from '../src/db/schema/outbox';
import { seedCoupons, seedPlans } from '../src/db/seed/money';
import type { SandboxPaymentProvider } from '../src/providers/payments/sandbox-payment-provider';
import type { TestUser } from './programme-fixtures';

export { createUser, userRow, type TestUser } from './programme-fixtures';

/** The seeded catalogue: the free and lifetime plans and the three demo coupons. */
export async function seedCatalogue(app: FastifyInstance) {
  await seedPlans(app.db);
  await seedCoupons(app.db);
  const [free] = await app.db.select().from(plans).where(eq(plans.code, 'free'));
  const [lifetime] = await app.db.select().from(plans).where(eq(plans.code, 'lifetime'));
  const byCode = async (code: string) =>
    (await app.db.select().from(coupons).where(eq(coupons.code, code)))[0]!;
  return {
    free: free as PlanRow,
    lifetime: lifetime as PlanRow,
    tenPercent: await byCode('EXHALE'),
    flat500: await byCode('OFF500'),
    full: await byCode('NOCOST'),
  };
}

export async function insertCoupon(
  app: FastifyInstance,
  values: Partial<typeof coupons.$inferInsert> & { code: string },
): Promise<CouponRow> {
  const [row] = await app.db
    .insert(coupons)
    .values({ type: 'percent', value: 20, ...values })
    .returning();
  return row!;
}

export const LIFETIME_TOTAL = 5898.82; // ₹4,999 + 18% GST

/** POST /user-plan as the spec's client sends it. */
export function createPlanOrder(
  app: FastifyInstance,
  user: TestUser,
  body: { plan_id: string; coupon_id?: string; total: number | string },
) {
  return app.inject({
    method: 'POST',
    url: '/api/user-plan',
    headers: user.headers,
    payload: { sub_total: 0, gst: 0, ...body },
  });
}

/** The sandbox checkout dialog's "Pay" for the caller's order. */
export async function sandboxPay(app: FastifyInstance, user: TestUser, orderId: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/pay',
    headers: user.headers,
    payload: { order_id: orderId, outcome: 'success' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    razorpay_payment_id: string;
    razorpay_order_id: string;
    razorpay_signature: string;
  };
}

export function verifyPlan(
  app: FastifyInstance,
  user: TestUser,
  paid: { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string },
  planId?: string,
) {
  return app.inject({
    method: 'POST',
    url: '/api/user-plan/verify',
    headers: { ...user.headers, 'x-razorpay-signature': paid.razorpay_signature },
    payload: {
      order_id: paid.razorpay_order_id,
      payment_id: paid.razorpay_payment_id,
      ...(planId ? { id: planId } : {}),
    },
  });
}

/** Buys the lifetime plan end to end through the sandbox; returns the current plan. */
export async function buyLifetime(app: FastifyInstance, user: TestUser, plan: PlanRow) {
  const order = await createPlanOrder(app, user, { plan_id: plan.id, total: LIFETIME_TOTAL });
  expect(order.statusCode, order.body).toBe(200);
  const paid = await sandboxPay(app, user, order.json().data.payment.order_id);
  const verified = await verifyPlan(app, user, paid, plan.id);
  expect(verified.statusCode, verified.body).toBe(200);
  return verified.json().data as { _id: string; payment_id: string; invoice_id: string };
}

/** A user who bought the lifetime plan and asked for their money back: the plan and the request. */
export async function refundRequested(app: FastifyInstance, user: TestUser, plan: PlanRow) {
  const bought = await buyLifetime(app, user, plan);
  const res = await app.inject({
    method: 'PUT',
    url: '/api/user-plan/request-refund',
    headers: user.headers,
    payload: { id: bought._id },
  });
  expect(res.json().data.success, res.body).toBe(true);
  const [row] = await app.db.select().from(refunds).where(eq(refunds.userPlanId, bought._id));
  return { plan: bought, refundId: row!.id };
}

/** A Razorpay webhook delivery signed with the app's (sandbox) webhook secret. */
export function webhookDelivery(
  app: FastifyInstance,
  event: string,
  payload: Record<string, unknown>,
  eventId = `evt_${Math.random().toString(36).slice(2)}`,
) {
  const body = JSON.stringify({ entity: 'event', event, payload, created_at: 0 });
  const provider = app.paymentProvider as SandboxPaymentProvider;
  return {
    eventId,
    send: () =>
      app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': provider.signWebhook(body),
          'x-razorpay-event-id': eventId,
        },
        payload: body,
      }),
  };
}

export { expectError } from './programme-fixtures';

/** Every message queued for a recipient, oldest first, with attachments. */
export async function mailsTo(app: FastifyInstance, to: string) {
  return app.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, to))
    .orderBy(outboxMessages.createdAt);
}
