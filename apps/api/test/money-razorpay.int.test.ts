import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentOrders, refunds } from '../src/db/schema/money';
import { createTestApp } from './app';
import { startFakeRazorpay, type FakeRazorpay } from './fakes/razorpay';
import {
  createPlanOrder,
  createUser,
  expectError,
  LIFETIME_TOTAL,
  seedCatalogue,
  userRow,
  verifyPlan,
  type TestUser,
} from './money-fixtures';

let fake: FakeRazorpay;
let app: FastifyInstance;
let catalogue: Awaited<ReturnType<typeof seedCatalogue>>;

function razorpayEnv(overrides: Record<string, string> = {}) {
  return {
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: fake.keyId,
    RAZORPAY_KEY_SECRET: fake.keySecret,
    RAZORPAY_WEBHOOK_SECRET: fake.webhookSecret,
    RAZORPAY_API_URL: fake.url,
    ...overrides,
  };
}

beforeAll(async () => {
  fake = await startFakeRazorpay();
  app = await createTestApp(razorpayEnv());
  catalogue = await seedCatalogue(app);
});
afterAll(() => fake.close());

function sendWebhook(delivery: { body: string; signature: string; eventId: string }) {
  return app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': delivery.signature,
      'x-razorpay-event-id': delivery.eventId,
    },
    payload: delivery.body,
  });
}

async function openCheckout(user: TestUser) {
  const res = await createPlanOrder(app, user, {
    plan_id: catalogue.lifetime.id,
    total: LIFETIME_TOTAL,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.payment as { key: string; order_id: string; amount: number };
}

describe('payments through Razorpay (a local fake of its API)', () => {
  it('creates the order at Razorpay and activates on the signature Checkout returns', async () => {
    const user = await createUser(app);
    const payment = await openCheckout(user);
    expect(payment.key).toBe(fake.keyId);
    const order = fake.orders.get(payment.order_id);
    expect(order).toMatchObject({ amount: 589_882, currency: 'INR', status: 'created' });
    const [row] = await app.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.providerOrderId, payment.order_id));
    expect(row).toMatchObject({ provider: 'razorpay', totalPaise: 589_882 });
    expect(order?.receipt).toBe(row!.id);

    const paid = fake.pay(payment.order_id);
    const res = await verifyPlan(app, user, paid, catalogue.lifetime.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Plan Purchased');
    expect((await userRow(app, user.id)).type).toBe('premium');
  });

  it('never lets the sandbox pay when Razorpay is configured', async () => {
    const user = await createUser(app);
    const payment = await openCheckout(user);
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/pay',
      headers: user.headers,
      payload: { order_id: payment.order_id, outcome: 'success' },
    });
    expectError(res, 403);
  });

  it('activates from a payment.captured webhook signed by Razorpay, once', async () => {
    const user = await createUser(app);
    const payment = await openCheckout(user);
    const paid = fake.pay(payment.order_id);
    const delivery = fake.webhook('payment.captured', {
      payment: {
        entity: {
          id: paid.razorpay_payment_id,
          entity: 'payment',
          order_id: payment.order_id,
          amount: 589_882,
          currency: 'INR',
          status: 'captured',
        },
      },
    });
    expect((await sendWebhook(delivery)).json().message).toBe('payment.captured');
    expect((await sendWebhook(delivery)).json().message).toBe('payment.captured (replay)');
    expect((await userRow(app, user.id)).type).toBe('premium');
    // The browser coming back afterwards is answered as done.
    expect((await verifyPlan(app, user, paid)).statusCode).toBe(200);
  });

  it('refunds at Razorpay on approval and confirms on refund.processed', async () => {
    const user = await createUser(app);
    const admin = await createUser(app, { role: 'admin' });
    const payment = await openCheckout(user);
    const paid = fake.pay(payment.order_id);
    const plan = (await verifyPlan(app, user, paid)).json().data;
    await app.inject({
      method: 'PUT',
      url: '/api/user-plan/request-refund',
      headers: user.headers,
      payload: { id: plan._id },
    });
    const [request] = await app.db.select().from(refunds).where(eq(refunds.userPlanId, plan._id));

    fake.refundStatus = 'pending';
    const approved = await app.refunds.approve(request!.id, admin.id);
    fake.refundStatus = 'processed';
    expect(approved.status).toBe('approved');
    const refund = fake.refunds.at(-1)!;
    expect(refund).toMatchObject({ payment_id: paid.razorpay_payment_id, amount: 589_882 });
    expect(approved.providerRefundId).toBe(refund.id);
    expect((await userRow(app, user.id)).type).toBe('free');

    const processed = fake.webhook('refund.processed', {
      refund: { entity: { ...refund, status: 'processed' } },
      payment: {
        entity: { id: paid.razorpay_payment_id, order_id: payment.order_id, amount: 589_882 },
      },
    });
    expect((await sendWebhook(processed)).statusCode).toBe(200);
    const [done] = await app.db.select().from(refunds).where(eq(refunds.id, request!.id));
    expect(done?.status).toBe('processed');
    const [order] = await app.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.providerOrderId, payment.order_id));
    expect(order?.status).toBe('refunded');
  });

  it('leaves a refund request open when Razorpay refuses the refund', async () => {
    const user = await createUser(app);
    const admin = await createUser(app, { role: 'admin' });
    const payment = await openCheckout(user);
    const paid = fake.pay(payment.order_id);
    const plan = (await verifyPlan(app, user, paid)).json().data;
    await app.inject({
      method: 'PUT',
      url: '/api/user-plan/request-refund',
      headers: user.headers,
      payload: { id: plan._id },
    });
    const [request] = await app.db.select().from(refunds).where(eq(refunds.userPlanId, plan._id));
    fake.payments.get(paid.razorpay_payment_id)!.refunded = 589_882; // already refunded elsewhere
    await expect(app.refunds.approve(request!.id, admin.id)).rejects.toMatchObject({
      statusCode: 502,
    });
    const [still] = await app.db.select().from(refunds).where(eq(refunds.id, request!.id));
    expect(still).toMatchObject({ status: 'requested', decidedBy: null });
    expect((await userRow(app, user.id)).type).toBe('premium');
  });

  it('refunds a second capture of one order at Razorpay by itself (decision 037)', async () => {
    const user = await createUser(app);
    const payment = await openCheckout(user);
    const first = fake.pay(payment.order_id);
    const second = fake.pay(payment.order_id); // the member paid twice in Checkout
    expect((await verifyPlan(app, user, first)).statusCode).toBe(200);
    const captured = fake.webhook('payment.captured', {
      payment: {
        entity: { id: second.razorpay_payment_id, order_id: payment.order_id, amount: 589_882 },
      },
    });
    expect((await sendWebhook(captured)).statusCode).toBe(200);

    const refund = fake.refunds.at(-1)!;
    expect(refund).toMatchObject({ payment_id: second.razorpay_payment_id, amount: 589_882 });
    const [row] = await app.db
      .select()
      .from(refunds)
      .where(eq(refunds.providerRefundId, refund.id));
    expect(row).toMatchObject({ kind: 'duplicate', status: 'processed', decidedBy: null });
    expect((await userRow(app, user.id)).type).toBe('premium');
    const [order] = await app.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.providerOrderId, payment.order_id));
    expect(order?.status).toBe('paid');
  });

  it('leaves an automatic refund Razorpay refused to the operator, who can approve it again', async () => {
    const user = await createUser(app);
    const admin = await createUser(app, { role: 'admin' });
    const payment = await openCheckout(user);
    const first = fake.pay(payment.order_id);
    const second = fake.pay(payment.order_id);
    expect((await verifyPlan(app, user, first)).statusCode).toBe(200);
    fake.payments.get(second.razorpay_payment_id)!.refunded = 589_882; // refused at Razorpay
    const refundCalls = fake.refunds.length;
    expectError(
      await verifyPlan(app, user, second),
      409,
      'You already had this, so this payment is being refunded to you automatically.',
    );
    const [pending] = await app.db
      .select()
      .from(refunds)
      .where(and(eq(refunds.kind, 'duplicate'), eq(refunds.userId, user.id)));
    expect(pending).toMatchObject({ status: 'requested', providerRefundId: null });
    expect(fake.refunds).toHaveLength(refundCalls);

    fake.payments.get(second.razorpay_payment_id)!.refunded = 0;
    const approved = await app.refunds.approve(pending!.id, admin.id);
    expect(approved).toMatchObject({ status: 'processed', decidedBy: admin.id });
    expect(fake.refunds.at(-1)).toMatchObject({
      payment_id: second.razorpay_payment_id,
      amount: 589_882,
    });
    expect((await userRow(app, user.id)).type).toBe('premium');
  });

  it('answers 503 when Razorpay refuses our credentials', async () => {
    const broken = await createTestApp(razorpayEnv({ RAZORPAY_KEY_SECRET: 'wrong-secret' }));
    const user = await createUser(broken);
    const res = await createPlanOrder(broken, user, {
      plan_id: catalogue.lifetime.id,
      total: LIFETIME_TOTAL,
    });
    expectError(res, 503, 'Payments are briefly unavailable. Please try again shortly.');
    expect(res.headers['retry-after']).toBe('10');
  });
});
