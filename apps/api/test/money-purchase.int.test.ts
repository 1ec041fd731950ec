import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  couponRedemptions,
  invoices,
  paymentOrders,
  payments,
  userPlans,
} from '../src/db/schema/money';
import { indianFinancialYear } from '../src/modules/invoices/financial-year';
import { createTestApp } from './app';
import {
  buyLifetime,
  createPlanOrder,
  createUser,
  expectError,
  insertCoupon,
  LIFETIME_TOTAL,
  mailsTo,
  sandboxPay,
  seedCatalogue,
  userRow,
  verifyPlan,
  webhookDelivery,
} from './money-fixtures';
import { pdfLines } from './pdf-text';

let app: FastifyInstance;
let catalogue: Awaited<ReturnType<typeof seedCatalogue>>;

beforeAll(async () => {
  app = await createTestApp();
  catalogue = await seedCatalogue(app);
});

describe('GET /plan', () => {
  it('lists the free plan first, then the lifetime plan at ₹4,999, in rupees and paise', async () => {
    const res = await app.inject({ url: '/api/plan' });
    expect(res.statusCode).toBe(200);
    const [free, lifetime] = res.json().data;
    expect(free).toMatchObject({ name: 'Free', price: 0, price_paise: 0, duration: 0 });
    expect(lifetime).toMatchObject({
      _id: catalogue.lifetime.id,
      name: 'Lifetime Plan',
      price: 4999,
      price_paise: 499_900,
      special_price: null,
      duration_type: 'lifetime',
    });
    expect(lifetime.features.length).toBeGreaterThan(3);
  });
});

describe('POST /coupon/verify', () => {
  const verify = (user: { headers: Record<string, string> }, code: string) =>
    app.inject({
      method: 'POST',
      url: '/api/coupon/verify',
      headers: user.headers,
      payload: { code },
    });

  it('applies a known coupon, whatever its case', async () => {
    const user = await createUser(app);
    for (const code of ['EXHALE', 'exhale']) {
      const res = await verify(user, code);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: 'Coupon applied',
        data: { id: catalogue.tenPercent.id, type: 'percent', value: 10 },
      });
    }
  });

  it('refuses unknown, inactive, expired and used-up coupons with their reasons', async () => {
    const user = await createUser(app);
    expectError(await verify(user, 'NOSUCH'), 404, 'This coupon code is not valid.');
    expectError(await verify(user, 'SHORT'), 400, 'This coupon code is not valid.');
    await insertCoupon(app, { code: 'PAUSED', active: false });
    expectError(await verify(user, 'PAUSED'), 400, 'This coupon is not active.');
    await insertCoupon(app, { code: 'OLDONE', expiresAt: new Date(Date.now() - 60_000) });
    expectError(await verify(user, 'OLDONE'), 400, 'This coupon has expired.');
    await insertCoupon(app, { code: 'NOUSES', maxUses: 0 });
    expectError(await verify(user, 'NOUSES'), 400, 'This coupon is no longer available.');
  });

  it('needs a session', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/coupon/verify',
      payload: { code: 'EXHALE' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('buying the lifetime plan through the sandbox', () => {
  it('opens a checkout in Razorpay’s shape with server-computed amounts', async () => {
    const user = await createUser(app, { name: 'Kavya Nair', mobile: '9123456780' });
    const res = await createPlanOrder(app, user, {
      plan_id: catalogue.lifetime.id,
      total: LIFETIME_TOTAL,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.payment).toEqual({
      key: 'rzp_sandbox',
      amount: 589_882,
      currency: 'INR',
      name: 'Exhale',
      description: 'Lifetime Plan',
      image: '/favicon.svg',
      order_id: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
      prefill: { name: 'Kavya Nair', email: user.row.email, contact: '9123456780' },
      theme: { color: '#0f766e' },
    });
    expect(data).toMatchObject({
      price: 4999,
      price_paise: 499_900,
      discount: 0,
      discount_paise: 0,
      sub_total: 4999,
      sub_total_paise: 499_900,
      gst: 899.82,
      gst_paise: 89_982,
      total: 5898.82,
      total_paise: 589_882,
      current_plan: null,
    });
    expect(data.plan._id).toBe(catalogue.lifetime.id);
  });

  it('activates once on a valid signature: premium from day 1, plan, invoice, bell, receipt', async () => {
    const user = await createUser(app, { step: 3 });
    const order = await createPlanOrder(app, user, {
      plan_id: catalogue.lifetime.id,
      total: '5898.82',
    });
    const paid = await sandboxPay(app, user, order.json().data.payment.order_id);
    const res = await verifyPlan(app, user, paid, catalogue.lifetime.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Plan Purchased');
    expect(body.data).toMatchObject({
      plan_id: { _id: catalogue.lifetime.id, name: 'Lifetime Plan' },
      expiry_date: null,
      status: 'active',
      rejected_reason: null,
      total: 5898.82,
      total_paise: 589_882,
    });
    expect(new Date(body.data.refundable_until).getTime()).toBeGreaterThan(Date.now());

    const row = await userRow(app, user.id);
    expect(row.type).toBe('premium');
    expect(row.currentDay).toBe(1);
    expect(row.step).toBe(3); // a purchase never lowers the step
    expect(row.premiumSince).not.toBeNull();

    const current = await app.inject({ url: '/api/user-plan/current', headers: user.headers });
    expect(current.json().data).toEqual(body.data);

    const bell = await app.inject({ url: '/api/notification', headers: user.headers });
    expect(bell.json().data).toEqual([
      expect.objectContaining({ title: 'Plan Purchased', read: false }),
    ]);

    // The receipt carries the invoice as a PDF naming its number.
    const [invoice] = await app.db
      .select()
      .from(invoices)
      .where(eq(invoices.paymentId, body.data.payment_id));
    expect(invoice).toMatchObject({
      financialYear: indianFinancialYear(new Date()),
      taxablePaise: 499_900,
      cgstPaise: 44_991,
      sgstPaise: 44_991,
      igstPaise: 0,
      totalPaise: 589_882,
      sac: '999293',
      placeOfSupply: '29',
    });
    const [receipt] = await mailsTo(app, user.row.email);
    expect(receipt?.subject).toContain(invoice!.number);
    const attachment = receipt?.attachments?.[0];
    expect(attachment?.contentType).toBe('application/pdf');
    const pdf = Buffer.from(attachment!.contentBase64, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pdfLines(pdf)).toContain(invoice!.number);

    // Replaying the verification changes nothing and still answers success.
    const again = await verifyPlan(app, user, paid);
    expect(again.statusCode).toBe(200);
    const [counted] = await app.db
      .select({ n: count() })
      .from(payments)
      .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
      .where(eq(paymentOrders.userId, user.id));
    expect(counted?.n).toBe(1);
    expect(await mailsTo(app, user.row.email)).toHaveLength(1);

    // Already premium: no second checkout.
    const second = await createPlanOrder(app, user, {
      plan_id: catalogue.lifetime.id,
      total: LIFETIME_TOTAL,
    });
    expectError(second, 409, 'You already have the premium plan.');
  });

  it('serves the invoice PDF to its owner only, by invoice or payment id', async () => {
    const user = await createUser(app);
    const plan = await buyLifetime(app, user, catalogue.lifetime);
    for (const id of [plan.invoice_id, plan.payment_id]) {
      const res = await app.inject({ url: `/api/user-plan/invoice/${id}`, headers: user.headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="invoice-EXH-/);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const lines = await pdfLines(res.rawPayload);
      expect(lines).toContain('TAX INVOICE');
      expect(lines).toContain('GSTIN: 29AAACE1234F1Z2');
      expect(lines).toContain('₹ 5898.82');
      expect(lines.some((l) => /^EXH\/\d\d-\d\d\/\d{6}$/.test(l))).toBe(true);
    }
    const stranger = await createUser(app);
    const res = await app.inject({
      url: `/api/user-plan/invoice/${plan.invoice_id}`,
      headers: stranger.headers,
    });
    expectError(res, 404, 'This invoice was not found.');
    expectError(
      await app.inject({ url: '/api/user-plan/invoice/not-an-id', headers: user.headers }),
      404,
    );
  });

  it("labels the downloaded invoice in the buyer's language too, for them and for the console", async () => {
    const user = await createUser(app);
    const saved = await app.inject({
      method: 'PATCH',
      url: '/api/user/profile/language',
      headers: user.headers,
      payload: { language: 'ta' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const plan = await buyLifetime(app, user, catalogue.lifetime);
    const admin = await createUser(app, { role: 'admin' });
    for (const [url, headers] of [
      [`/api/user-plan/invoice/${plan.invoice_id}`, user.headers],
      [`/api/admin/payments/${plan.payment_id}/invoice`, admin.headers],
    ] as const) {
      const res = await app.inject({ url, headers });
      expect(res.statusCode, url).toBe(200);
      const text = (await pdfLines(res.rawPayload)).join('\n');
      expect(text, url).toMatch(/TAX INVOICE \/\s*வரி/);
      expect(text, url).toContain('GSTIN: 29AAACE1234F1Z2');
    }
  });

  it("writes the purchase's bell notice in the buyer's language, the plan name and invoice number as they are, and says which language it is in", async () => {
    const user = await createUser(app);
    const saved = await app.inject({
      method: 'PATCH',
      url: '/api/user/profile/language',
      headers: user.headers,
      payload: { language: 'hi' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await buyLifetime(app, user, catalogue.lifetime);
    const bell = await app.inject({ url: '/api/notification', headers: user.headers });
    expect(bell.json().data).toEqual([
      expect.objectContaining({
        title: 'प्लान खरीद लिया गया',
        // The web does not send a notice in the reader's language to POST /translate.
        language: 'hi',
        message: expect.stringMatching(
          /^Lifetime Plan में आपका स्वागत है! .+ बीजक EXH\/\d\d-\d\d\/\d{6} आपके मेल में है।$/,
        ),
      }),
    ]);
  });

  it('refuses a tampered signature with "Purchase Failed" and leaves the user free', async () => {
    const user = await createUser(app);
    const order = await createPlanOrder(app, user, {
      plan_id: catalogue.lifetime.id,
      total: LIFETIME_TOTAL,
    });
    const paid = await sandboxPay(app, user, order.json().data.payment.order_id);
    const flipped = paid.razorpay_signature.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    expectError(
      await verifyPlan(app, user, { ...paid, razorpay_signature: flipped }),
      400,
      'Purchase Failed',
    );
    expectError(
      await verifyPlan(app, user, { ...paid, razorpay_payment_id: 'pay_somethingElse1' }),
      400,
      'Purchase Failed',
    );
    expectError(await verifyPlan(app, user, { ...paid, razorpay_signature: '' }), 400);
    expect((await userRow(app, user.id)).type).toBe('free');
  });

  it("answers 404 for someone else's order, even with its valid signature", async () => {
    const owner = await createUser(app);
    const thief = await createUser(app);
    const order = await createPlanOrder(app, owner, {
      plan_id: catalogue.lifetime.id,
      total: LIFETIME_TOTAL,
    });
    const paid = await sandboxPay(app, owner, order.json().data.payment.order_id);
    expectError(await verifyPlan(app, thief, paid), 404, 'This order was not found.');
    expect((await userRow(app, thief.id)).type).toBe('free');
    const theft = await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/pay',
      headers: thief.headers,
      payload: { order_id: paid.razorpay_order_id, outcome: 'success' },
    });
    expectError(theft, 404);
  });

  it('asks the user to retry when their total differs from the server’s', async () => {
    const user = await createUser(app);
    for (const total of [4999, 5898.8, 5898.825, '5898.83']) {
      expectError(
        await createPlanOrder(app, user, { plan_id: catalogue.lifetime.id, total }),
        409,
        'The price has changed. Please try again.',
      );
    }
    const [counted] = await app.db
      .select({ n: count() })
      .from(paymentOrders)
      .where(eq(paymentOrders.userId, user.id));
    expect(counted?.n).toBe(0);
  });

  it('refuses the free plan and unknown plans', async () => {
    const user = await createUser(app);
    expectError(
      await createPlanOrder(app, user, { plan_id: catalogue.free.id, total: 0 }),
      400,
      'The free plan needs no purchase.',
    );
    expectError(
      await createPlanOrder(app, user, { plan_id: 'nope', total: 0 }),
      404,
      'This plan is not available.',
    );
  });
});

describe('coupons at checkout', () => {
  it('prices 10% and flat ₹500 coupons on the server', async () => {
    const user = await createUser(app);
    const ten = await createPlanOrder(app, user, {
      plan_id: catalogue.lifetime.id,
      coupon_id: catalogue.tenPercent.id,
      total: 5308.94,
    });
    expect(ten.statusCode, ten.body).toBe(200);
    expect(ten.json().data).toMatchObject({ discount_paise: 49_990, total_paise: 530_894 });
    const flat = await createPlanOrder(app, user, {
      plan_id: catalogue.lifetime.id,
      coupon_id: catalogue.flat500.id,
      total: 5308.82,
    });
    expect(flat.statusCode, flat.body).toBe(200);
    expect(flat.json().data).toMatchObject({
      discount: 500,
      total: 5308.82,
      payment: { amount: 530_882 },
    });
  });

  it('records the redemption on payment, so the same user cannot use the coupon again', async () => {
    const user = await createUser(app);
    const order = await createPlanOrder(app, user, {
      plan_id: catalogue.lifetime.id,
      coupon_id: catalogue.tenPercent.id,
      total: 5308.94,
    });
    const paid = await sandboxPay(app, user, order.json().data.payment.order_id);
    expect((await verifyPlan(app, user, paid)).statusCode).toBe(200);
    const redemptions = await app.db
      .select()
      .from(couponRedemptions)
      .where(
        and(
          eq(couponRedemptions.couponId, catalogue.tenPercent.id),
          eq(couponRedemptions.userId, user.id),
        ),
      );
    expect(redemptions).toHaveLength(1);
    const reuse = await app.inject({
      method: 'POST',
      url: '/api/coupon/verify',
      headers: user.headers,
      payload: { code: 'EXHALE' },
    });
    expectError(reuse, 400, 'You have already used this coupon.');
  });

  it('refuses expired, used-up and inactive coupons at checkout too', async () => {
    const user = await createUser(app);
    const expired = await insertCoupon(app, {
      code: 'GONE01',
      expiresAt: new Date(Date.now() - 1000),
    });
    const usedUp = await insertCoupon(app, { code: 'FULL01', maxUses: 0 });
    const off = await insertCoupon(app, { code: 'OFF001', active: false });
    for (const [coupon, message] of [
      [expired, 'This coupon has expired.'],
      [usedUp, 'This coupon is no longer available.'],
      [off, 'This coupon is not active.'],
    ] as const) {
      expectError(
        await createPlanOrder(app, user, {
          plan_id: catalogue.lifetime.id,
          coupon_id: coupon.id,
          total: 4719.06,
        }),
        400,
        message,
      );
    }
  });

  it('completes a 100% coupon purchase at once, with no payment to take', async () => {
    const user = await createUser(app);
    const res = await createPlanOrder(app, user, {
      plan_id: catalogue.lifetime.id,
      coupon_id: catalogue.full.id,
      total: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Plan Purchased');
    expect(body.data).toMatchObject({ payment: null, total: 0, total_paise: 0, discount: 4999 });
    expect(body.data.current_plan).toMatchObject({ status: 'active', total_paise: 0 });
    expect((await userRow(app, user.id)).type).toBe('premium');
    const [invoice] = await app.db
      .select()
      .from(invoices)
      .where(eq(invoices.paymentId, body.data.current_plan.payment_id));
    expect(invoice).toMatchObject({ taxablePaise: 0, totalPaise: 0 });
  });
});

describe('sandbox checkout and webhooks', () => {
  it('marks an order failed on a failed payment and still accepts a later success', async () => {
    const user = await createUser(app);
    const order = await createPlanOrder(app, user, {
      plan_id: catalogue.lifetime.id,
      total: LIFETIME_TOTAL,
    });
    const orderId = order.json().data.payment.order_id;
    const failed = await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/pay',
      headers: user.headers,
      payload: { order_id: orderId, outcome: 'failure' },
    });
    expect(failed.statusCode).toBe(200);
    expect(failed.json().data.error).toMatchObject({
      reason: 'payment_failed',
      metadata: { order_id: orderId },
    });
    const [row] = await app.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.providerOrderId, orderId));
    expect(row?.status).toBe('failed');
    const paid = await sandboxPay(app, user, orderId);
    expect((await verifyPlan(app, user, paid)).statusCode).toBe(200);
    const payAgain = await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/pay',
      headers: user.headers,
      payload: { order_id: orderId, outcome: 'success' },
    });
    expectError(payAgain, 409, 'This order has already been paid.');
  });

  it('activates from a payment.captured webhook alone (the browser never came back)', async () => {
    const user = await createUser(app);
    const order = await createPlanOrder(app, user, {
      plan_id: catalogue.lifetime.id,
      total: LIFETIME_TOTAL,
    });
    const orderId = order.json().data.payment.order_id;
    const delivery = webhookDelivery(app, 'payment.captured', {
      payment: { entity: { id: 'pay_webhookOnly01', order_id: orderId, amount: 589_882 } },
    });
    const res = await delivery.send();
    expect(res.statusCode, res.body).toBe(200);
    expect((await userRow(app, user.id)).type).toBe('premium');
    const replay = await delivery.send();
    expect(replay.json().message).toBe('payment.captured (replay)');
  });

  it('does not activate when the captured amount differs from the order', async () => {
    const user = await createUser(app);
    const order = await createPlanOrder(app, user, {
      plan_id: catalogue.lifetime.id,
      total: LIFETIME_TOTAL,
    });
    const res = await webhookDelivery(app, 'payment.captured', {
      payment: {
        entity: {
          id: 'pay_short000000001',
          order_id: order.json().data.payment.order_id,
          amount: 100,
        },
      },
    }).send();
    expect(res.statusCode).toBe(200);
    expect((await userRow(app, user.id)).type).toBe('free');
  });

  it('refuses a webhook with a bad or missing signature', async () => {
    const body = JSON.stringify({ event: 'payment.captured', payload: {} });
    for (const signature of ['0'.repeat(64), undefined]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'x-razorpay-signature': signature } : {}),
        },
        payload: body,
      });
      expectError(res, 400, 'Invalid webhook signature.');
    }
  });

  it('records payment.failed from the webhook', async () => {
    const user = await createUser(app);
    const order = await createPlanOrder(app, user, {
      plan_id: catalogue.lifetime.id,
      total: LIFETIME_TOTAL,
    });
    const orderId = order.json().data.payment.order_id;
    const res = await webhookDelivery(app, 'payment.failed', {
      payment: { entity: { id: 'pay_failed00000001', order_id: orderId, amount: 589_882 } },
    }).send();
    expect(res.statusCode).toBe(200);
    const [row] = await app.db
      .select({ status: paymentOrders.status })
      .from(paymentOrders)
      .where(eq(paymentOrders.providerOrderId, orderId));
    expect(row?.status).toBe('failed');
    const plans = await app.db.select().from(userPlans).where(eq(userPlans.userId, user.id));
    expect(plans).toHaveLength(0);
  });
});

describe('the sandbox outside development', () => {
  it('refuses to pay in production', async () => {
    const prod = await createTestApp({
      NODE_ENV: 'production',
      JWT_SECRET: '9b1f4c7e2a6d08f3b5c1e9a7d4f2b60c8e3a5d1f7b9c2e4a6d8f0b1c3e5a7d9f',
      PUBLIC_URL: 'https://exhale.example',
      SELLER_GSTIN: '29AAACE1234F1Z2',
      // Production names its provider (decision 038); the sandbox is the one under test.
      PAYMENT_PROVIDER: 'sandbox',
      WEB_PUSH_SUBJECT: 'mailto:ops@exhale.example',
      MESSAGING_INBOUND_SECRET: 'c1f5a9e3d7b2084f6a1c5e9d3b7f2a6e',
    });
    await seedCatalogue(prod);
    const user = await createUser(prod);
    const order = await createPlanOrder(prod, user, {
      plan_id: catalogue.lifetime.id,
      total: LIFETIME_TOTAL,
    });
    const res = await prod.inject({
      method: 'POST',
      url: '/api/payments/sandbox/pay',
      headers: user.headers,
      payload: { order_id: order.json().data.payment.order_id, outcome: 'success' },
    });
    expectError(res, 403, 'The sandbox checkout is not available here.');
  });
});
