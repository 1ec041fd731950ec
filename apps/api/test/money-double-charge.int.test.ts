import { Messages } from '@exhale/contract/messages';
import { paiseToRupees, priceBreakdown } from '@exhale/contract/money';
import { Step } from '@exhale/contract/steps';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  couponRedemptions,
  creditNotes,
  invoices,
  liveSessionRegistrations,
  liveSessions,
  paymentOrders,
  payments,
  plans,
  refunds,
  userPlans,
} from '../src/db/schema/money';
import { contentTexts } from '../src/db/schema/content-texts';
import { notifications } from '../src/db/schema/notifications';
import { seedLiveSessions } from '../src/db/seed/money';
import { text } from '../src/lib/texts/texts';
import { sourceHashOf } from '../src/modules/content-texts/content-texts.service';
import { istDateTimeLabel, whenLabel } from '../src/modules/payments/payments.mails';
import { createAdmin } from './admin-fixtures';
import { createTestApp } from './app';
import {
  createPlanOrder,
  createUser,
  expectError,
  insertCoupon,
  LIFETIME_TOTAL,
  mailsTo,
  refundRequested,
  sandboxPay,
  seedCatalogue,
  userRow,
  verifyPlan,
  webhookDelivery,
  type TestUser,
} from './money-fixtures';

// Decision 037: one open checkout per member and thing sold, and an automatic refund for any
// capture that still grants nothing. Two app instances on one database stand for two API
// processes: nothing here may rely on memory shared between requests.
let app: FastifyInstance;
let other: FastifyInstance;
let catalogue: Awaited<ReturnType<typeof seedCatalogue>>;
let cravings: typeof liveSessions.$inferSelect;

beforeAll(async () => {
  app = await createTestApp();
  other = await createTestApp();
  catalogue = await seedCatalogue(app);
  await seedLiveSessions(app.db);
  const [session] = await app.db
    .select()
    .from(liveSessions)
    .where(eq(liveSessions.title, 'Beating cravings: live Q&A'));
  cravings = session!;
});

const ordersOf = (user: TestUser) =>
  app.db.select().from(paymentOrders).where(eq(paymentOrders.userId, user.id));

async function openPlanCheckout(
  user: TestUser,
  body: { coupon_id?: string; total?: number; plan_id?: string } = {},
  target = app,
) {
  const res = await createPlanOrder(target, user, {
    plan_id: catalogue.lifetime.id,
    total: LIFETIME_TOTAL,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { payment: { order_id: string; amount: number } };
}

async function paymentRow(providerPaymentId: string) {
  const [row] = await app.db
    .select()
    .from(payments)
    .where(eq(payments.providerPaymentId, providerPaymentId));
  return row!;
}

async function refundOf(providerPaymentId: string) {
  const payment = await paymentRow(providerPaymentId);
  return app.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
}

async function consoleRefund(admin: TestUser, id: string) {
  const res = await app.inject({ url: '/api/admin/refunds?page_size=100', headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { _id: string }[]).find((row) => row._id === id) as
    Record<string, unknown> | undefined;
}

const bell = (user: TestUser, title: string) =>
  app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, user.id), eq(notifications.title, title)));

describe('a repeated checkout', () => {
  it('reuses the open order: same order id and amounts, from a second tab and after a failed payment', async () => {
    const user = await createUser(app);
    const first = await openPlanCheckout(user);
    const second = await openPlanCheckout(user, {}, other);
    expect(second.payment).toEqual(first.payment);

    const failed = await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/pay',
      headers: user.headers,
      payload: { order_id: first.payment.order_id, outcome: 'failure' },
    });
    expect(failed.statusCode).toBe(200);
    const retry = await openPlanCheckout(user);
    expect(retry.payment.order_id).toBe(first.payment.order_id);
    expect(await ordersOf(user)).toHaveLength(1);
  });

  it('opens one order when two processes take the same checkout at the same instant', async () => {
    const user = await createUser(app);
    const opened = await Promise.all(
      Array.from({ length: 6 }, (_, i) => openPlanCheckout(user, {}, i % 2 ? other : app)),
    );
    expect(new Set(opened.map((o) => o.payment.order_id)).size).toBe(1);
    expect(await ordersOf(user)).toHaveLength(1);
  });

  it('replaces the open order when the amounts differ (a coupon), cancelling the old one', async () => {
    const user = await createUser(app);
    const plain = await openPlanCheckout(user);
    const discounted = await openPlanCheckout(user, {
      coupon_id: catalogue.flat500.id,
      total: 5308.82,
    });
    expect(discounted.payment.order_id).not.toBe(plain.payment.order_id);
    const rows = await ordersOf(user);
    const status = Object.fromEntries(rows.map((row) => [row.providerOrderId, row.status]));
    expect(status).toEqual({
      [plain.payment.order_id]: 'cancelled',
      [discounted.payment.order_id]: 'created',
    });
  });
});

describe('a once-per-member coupon', () => {
  it('sits in one open checkout only, even when two processes open checkouts for two plans with it', async () => {
    const once = await insertCoupon(app, { code: 'ONCE37', maxUsesPerUser: 1 });
    const [yearly] = await app.db
      .insert(plans)
      .values({
        code: 'yearly-037',
        name: 'Yearly Plan',
        pricePaise: 299_900,
        duration: 1,
        durationType: 'year',
      })
      .returning();
    const user = await createUser(app);
    const total = (pricePaise: number) =>
      paiseToRupees(
        priceBreakdown({ pricePaise, coupon: { type: 'percent', value: 20 } }).totalPaise,
      );
    await Promise.all([
      openPlanCheckout(user, { coupon_id: once.id, total: total(499_900) }, app),
      openPlanCheckout(
        user,
        { coupon_id: once.id, total: total(299_900), plan_id: yearly!.id },
        other,
      ),
    ]);
    const open = (await ordersOf(user)).filter(
      (row) => row.couponId === once.id && ['created', 'failed'].includes(row.status),
    );
    expect(open).toHaveLength(1);
  });
});

describe('a second capture', () => {
  it('of another checkout for a plan already bought: one plan, refunded automatically, told, in the console', async () => {
    const admin = await createAdmin(app);
    const user = await createUser(app, { name: 'Tara Dutt' });
    // Two tabs with different amounts: the older order is cancelled, but Razorpay can still take it.
    const withCoupon = await openPlanCheckout(user, {
      coupon_id: catalogue.flat500.id,
      total: 5308.82,
    });
    const plain = await openPlanCheckout(user);
    const paidOld = await sandboxPay(app, user, withCoupon.payment.order_id);
    const paidNew = await sandboxPay(app, user, plain.payment.order_id);

    const granted = await verifyPlan(app, user, paidNew);
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().message).toBe('Plan Purchased');
    const second = await verifyPlan(other, user, paidOld);
    expectError(second, 409, Messages.DUPLICATE_PAYMENT_REFUNDED.message);
    // The client retrying hears the same.
    expectError(
      await verifyPlan(app, user, paidOld),
      409,
      Messages.DUPLICATE_PAYMENT_REFUNDED.message,
    );

    expect(await app.db.select().from(userPlans).where(eq(userPlans.userId, user.id))).toHaveLength(
      1,
    );
    expect((await userRow(app, user.id)).type).toBe('premium');
    const duplicate = await paymentRow(paidOld.razorpay_payment_id);
    expect(duplicate).toMatchObject({ duplicate: true, status: 'refunded', amountPaise: 530_882 });
    // A capture that grants nothing is not a supply: no invoice, so no credit note, no coupon use.
    expect(
      await app.db.select().from(invoices).where(eq(invoices.paymentId, duplicate.id)),
    ).toEqual([]);
    expect(
      await app.db.select().from(couponRedemptions).where(eq(couponRedemptions.userId, user.id)),
    ).toEqual([]);
    const [refund] = await refundOf(paidOld.razorpay_payment_id);
    expect(refund).toMatchObject({
      kind: 'duplicate',
      status: 'processed',
      amountPaise: 530_882,
      userId: user.id,
      decidedBy: null,
    });
    expect(
      await app.db.select().from(creditNotes).where(eq(creditNotes.refundId, refund!.id)),
    ).toEqual([]);
    const [oldOrder] = await app.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.providerOrderId, withCoupon.payment.order_id));
    expect(oldOrder?.status).toBe('refunded');

    expect(await bell(user, 'Plan Purchased')).toHaveLength(1);
    const [notice] = await bell(user, 'Duplicate payment refunded');
    expect(notice?.message).toContain('₹5,308.82');
    const mails = (await mailsTo(app, user.row.email)).map((mail) => mail.subject ?? '');
    expect(mails.filter((s) => s.includes('receipt'))).toHaveLength(1);
    expect(mails.filter((s) => s.includes('refunding a duplicate payment'))).toHaveLength(1);

    expect(await consoleRefund(admin, refund!.id)).toMatchObject({
      kind: 'duplicate',
      status: 'processed',
      amount_paise: 530_882,
      plan_name: catalogue.lifetime.name,
      payment_reference: paidOld.razorpay_payment_id,
      user: expect.objectContaining({ name: 'Tara Dutt' }),
      account_erased: false,
      credit_note: null,
    });
    // Nobody rejects money the member is owed.
    const reject = await app.inject({
      method: 'POST',
      url: `/api/admin/refunds/${refund!.id}/reject`,
      headers: admin.headers,
      payload: { reason: 'no' },
    });
    expect(reject.statusCode).toBe(409);
  });

  /** A plan bought and verified, then the same order captured again (a webhook) as `secondId`. */
  async function payTwiceForOneOrder(user: TestUser, secondId: string) {
    const checkout = await openPlanCheckout(user);
    const paid = await sandboxPay(app, user, checkout.payment.order_id);
    expect((await verifyPlan(app, user, paid)).statusCode).toBe(200);
    const webhook = webhookDelivery(app, 'payment.captured', {
      payment: { entity: { id: secondId, order_id: checkout.payment.order_id, amount: 589_882 } },
    });
    expect((await webhook.send()).statusCode).toBe(200);
    return { checkout, paid, webhook };
  }

  it('of the same order (a webhook after verify with another payment): the plan stays, the second is refunded', async () => {
    const user = await createUser(app);
    const { checkout, paid, webhook } = await payTwiceForOneOrder(user, 'pay_Second0000037');
    expect((await webhook.send()).json().message).toBe('payment.captured (replay)');

    const [order] = await app.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.providerOrderId, checkout.payment.order_id));
    expect(order?.status).toBe('paid');
    expect(await paymentRow(paid.razorpay_payment_id)).toMatchObject({
      duplicate: false,
      status: 'captured',
    });
    expect(await paymentRow('pay_Second0000037')).toMatchObject({
      duplicate: true,
      status: 'refunded',
    });
    expect(await refundOf('pay_Second0000037')).toEqual([
      expect.objectContaining({ kind: 'duplicate', status: 'processed' }),
    ]);
    expect((await userRow(app, user.id)).type).toBe('premium');
    expect(await bell(user, 'Duplicate payment refunded')).toHaveLength(1);
  });

  it("is told in the buyer's language, the plan's name as an operator wrote it (decision 064)", async () => {
    const user = await createUser(app, { language: 'hi' });
    await app.db.insert(contentTexts).values({
      entity: 'plans',
      entityId: catalogue.lifetime.id,
      field: 'name',
      language: 'hi',
      text: 'लाइफ़टाइम प्लान',
      sourceHash: sourceHashOf(catalogue.lifetime.name),
    });
    await payTwiceForOneOrder(user, 'pay_Hindi00000037');

    const [notice] = await bell(user, 'दोहरा भुगतान लौटाया जा रहा है');
    expect(notice?.message).toMatch(
      /^आपने लाइफ़टाइम प्लान के लिए दो बार भुगतान किया। हम ₹5,898.82 उसी खाते में लौटा रहे हैं/,
    );
    const [mail] = (await mailsTo(app, user.row.email)).filter(
      (m) => m.subject === text('hi', 'duplicate.subject'),
    );
    expect(mail?.text).toContain(
      'हमें लाइफ़टाइम प्लान के लिए ₹5,898.82 का दूसरा भुगतान मिला, जो आपके पास पहले से था।',
    );
    expect(mail?.text).not.toMatch(/Lifetime|the /);
  });
});

describe('verifying a refunded order', () => {
  it("answers 409 'refunded', not 'Plan Purchased'", async () => {
    const admin = await createAdmin(app);
    const user = await createUser(app);
    const checkout = await openPlanCheckout(user);
    const paid = await sandboxPay(app, user, checkout.payment.order_id);
    const plan = (await verifyPlan(app, user, paid)).json().data as { _id: string };
    await app.inject({
      method: 'PUT',
      url: '/api/user-plan/request-refund',
      headers: user.headers,
      payload: { id: plan._id },
    });
    const [request] = await app.db.select().from(refunds).where(eq(refunds.userPlanId, plan._id));
    await app.refunds.approve(request!.id, admin.id);

    expectError(await verifyPlan(app, user, paid), 409, Messages.ORDER_REFUNDED.message);
    expect(await bell(user, 'Plan Purchased')).toHaveLength(1);
  });
});

/** The member's checkout for the cravings live session (its price, in rupees, as the client sends it). */
const register = (user: TestUser, target = app) =>
  target.inject({
    method: 'POST',
    url: '/api/user-live-session',
    headers: user.headers,
    payload: { live_session: cravings.id, total: 588.82 },
  });
const verify = (user: TestUser, paid: Awaited<ReturnType<typeof sandboxPay>>) =>
  app.inject({
    method: 'POST',
    url: '/api/user-live-session/verify',
    headers: { ...user.headers, 'x-razorpay-signature': paid.razorpay_signature },
    payload: { order_id: paid.razorpay_order_id, payment_id: paid.razorpay_payment_id },
  });

describe('live sessions', () => {
  const AFTER_FIRST_TEST = { step: Step.WATCHING_FREE_LESSONS };

  it('reuse the open order, and refund a second capture automatically', async () => {
    const user = await createUser(app, AFTER_FIRST_TEST);
    const [a, b] = await Promise.all([register(user, app), register(user, other)]);
    expect(a.statusCode, a.body).toBe(200);
    const orderId = a.json().data.payment.order_id as string;
    expect(b.json().data.payment.order_id).toBe(orderId);
    expect(await ordersOf(user)).toHaveLength(1);

    // The price changes while the first tab is open: the second tab's order replaces it.
    await app.db
      .update(liveSessions)
      .set({ amountPaise: 59_900 })
      .where(eq(liveSessions.id, cravings.id));
    try {
      const repriced = await app.inject({
        method: 'POST',
        url: '/api/user-live-session',
        headers: user.headers,
        payload: { live_session: cravings.id, total: 706.82 },
      });
      expect(repriced.statusCode, repriced.body).toBe(200);
      const newOrderId = repriced.json().data.payment.order_id as string;
      expect(newOrderId).not.toBe(orderId);

      const paidNew = await sandboxPay(app, user, newOrderId);
      const paidOld = await sandboxPay(app, user, orderId);
      expect((await verify(user, paidNew)).statusCode).toBe(200);
      expectError(await verify(user, paidOld), 409, Messages.DUPLICATE_PAYMENT_REFUNDED.message);

      expect(
        await app.db
          .select()
          .from(liveSessionRegistrations)
          .where(eq(liveSessionRegistrations.userId, user.id)),
      ).toHaveLength(1);
      const old = await paymentRow(paidOld.razorpay_payment_id);
      expect(old).toMatchObject({ duplicate: true, status: 'refunded', amountPaise: 58_882 });
      expect(await app.db.select().from(invoices).where(eq(invoices.paymentId, old.id))).toEqual(
        [],
      );
      expect(await refundOf(paidOld.razorpay_payment_id)).toEqual([
        expect.objectContaining({ kind: 'duplicate', status: 'processed', amountPaise: 58_882 }),
      ]);
      const [notice] = await bell(user, 'Duplicate payment refunded');
      expect(notice?.message).toBe(
        `You paid twice for the live session "Beating cravings: live Q&A" on ${istDateTimeLabel(cravings.sessionDate)}. We are refunding ₹588.82 to the account you paid from; what you bought first stays as it is.`,
      );
      expect(await bell(user, 'Live session registered')).toHaveLength(1);
    } finally {
      await app.db
        .update(liveSessions)
        .set({ amountPaise: cravings.amountPaise })
        .where(eq(liveSessions.id, cravings.id));
    }
  });
});

describe('a live session bought twice by a Tamil member', () => {
  it('is told in Tamil: the title as stored, the IST date written the Tamil way', async () => {
    const user = await createUser(app, { step: Step.WATCHING_FREE_LESSONS, language: 'ta' });
    const res = await register(user);
    expect(res.statusCode, res.body).toBe(200);
    const orderId = res.json().data.payment.order_id as string;
    const verified = await verify(user, await sandboxPay(app, user, orderId));
    expect(verified.statusCode, verified.body).toBe(200);
    const webhook = webhookDelivery(app, 'payment.captured', {
      payment: { entity: { id: 'pay_Tamil00000037', order_id: orderId, amount: 58_882 } },
    });
    expect((await webhook.send()).statusCode).toBe(200);

    const [notice] = await bell(user, 'இரட்டைக் கட்டணம் திருப்பியளிக்கப்படுகிறது');
    const when = whenLabel(cravings.sessionDate, 'ta');
    expect(when).not.toMatch(/Mon|Tue|Wed|Thu|Fri|Sat|Sun/);
    expect(notice?.message).toMatch(
      new RegExp(
        `^${escapeRegExp(when)} அன்று நடைபெறும் "Beating cravings: live Q&A" நேரலை அமர்வு-க்கு நீங்கள் இரண்டு முறை`,
      ),
    );
  });
});

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('a refund pending when the account is erased (decision 021)', () => {
  it('stays in the console as the erased account’s, with the payment reference and amount to pay back', async () => {
    const admin = await createAdmin(app);
    const user = await createUser(app, { name: 'Veer Malhotra' });
    const { refundId } = await refundRequested(app, user, catalogue.lifetime);
    const [refund] = await app.db.select().from(refunds).where(eq(refunds.id, refundId));
    const [payment] = await app.db
      .select()
      .from(payments)
      .where(eq(payments.id, refund!.paymentId));

    const erased = await app.inject({
      method: 'DELETE',
      url: '/api/auth/user/delete',
      headers: user.headers,
    });
    expect(erased.statusCode, erased.body).toBe(200);

    const res = await app.inject({
      url: '/api/admin/refunds?status=requested&page_size=100',
      headers: admin.headers,
    });
    const row = (res.json().data as { _id: string }[]).find((r) => r._id === refundId);
    expect(row).toMatchObject({
      status: 'requested',
      kind: 'request',
      user: null,
      account_erased: true,
      payment_reference: payment!.providerPaymentId,
      amount_paise: 589_882,
      plan_name: catalogue.lifetime.name,
    });
    expect(JSON.stringify(row)).not.toContain('Veer');

    // The operator pays the person back to that payment.
    const approved = await app.inject({
      method: 'POST',
      url: `/api/admin/refunds/${refundId}/approve`,
      headers: admin.headers,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'processed', account_erased: true });
    const [after] = await app.db
      .select()
      .from(payments)
      .where(inArray(payments.id, [payment!.id]));
    expect(after?.status).toBe('refunded');
  });
});
