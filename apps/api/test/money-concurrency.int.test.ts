import { paiseToRupees, priceBreakdown } from '@exhale/contract/money';
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  couponRedemptions,
  invoiceCounters,
  invoices,
  paymentOrders,
  payments,
  userPlans,
} from '../src/db/schema/money';
import { notifications } from '../src/db/schema/notifications';
import { outboxMessages } from '../src/db/schema/outbox';
import { InvoicesRepository } from '../src/modules/invoices/invoices.repository';
import { ManualClock, createTestApp } from './app';
import {
  createPlanOrder,
  createUser,
  expectError,
  insertCoupon,
  sandboxPay,
  seedCatalogue,
  userRow,
  verifyPlan,
  webhookDelivery,
  type TestUser,
} from './money-fixtures';

let app: FastifyInstance;
let catalogue: Awaited<ReturnType<typeof seedCatalogue>>;

beforeAll(async () => {
  app = await createTestApp();
  catalogue = await seedCatalogue(app);
});

describe('exactly-once activation', () => {
  it('activates once under 50 concurrent verifies and 5 replayed webhooks', async () => {
    const user = await createUser(app);
    const order = await createPlanOrder(app, user, {
      plan_id: catalogue.lifetime.id,
      coupon_id: catalogue.flat500.id,
      total: 5308.82,
    });
    expect(order.statusCode, order.body).toBe(200);
    const paid = await sandboxPay(app, user, order.json().data.payment.order_id);
    const webhook = webhookDelivery(app, 'payment.captured', {
      payment: {
        entity: {
          id: paid.razorpay_payment_id,
          order_id: paid.razorpay_order_id,
          amount: 530_882,
        },
      },
    });

    const responses = await Promise.all([
      ...Array.from({ length: 50 }, () => verifyPlan(app, user, paid)),
      ...Array.from({ length: 5 }, () => webhook.send()),
    ]);
    for (const res of responses) expect(res.statusCode, res.body).toBe(200);
    const replays = responses.slice(50).filter((r) => r.json().message.endsWith('(replay)'));
    expect(replays).toHaveLength(4);

    const [row] = await app.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.providerOrderId, paid.razorpay_order_id));
    const countOf = async (query: Promise<{ n: number }[]>) => (await query)[0]!.n;
    expect(row?.status).toBe('paid');
    expect(
      await countOf(
        app.db.select({ n: count() }).from(payments).where(eq(payments.orderId, row!.id)),
      ),
    ).toBe(1);
    const [payment] = await app.db.select().from(payments).where(eq(payments.orderId, row!.id));
    expect(
      await countOf(
        app.db.select({ n: count() }).from(invoices).where(eq(invoices.paymentId, payment!.id)),
      ),
    ).toBe(1);
    expect(
      await countOf(
        app.db.select({ n: count() }).from(userPlans).where(eq(userPlans.userId, user.id)),
      ),
    ).toBe(1);
    expect(
      await countOf(
        app.db
          .select({ n: count() })
          .from(couponRedemptions)
          .where(eq(couponRedemptions.paymentOrderId, row!.id)),
      ),
    ).toBe(1);
    expect(
      await countOf(
        app.db.select({ n: count() }).from(notifications).where(eq(notifications.userId, user.id)),
      ),
    ).toBe(1);
    expect(
      await countOf(
        app.db
          .select({ n: count() })
          .from(outboxMessages)
          .where(eq(outboxMessages.recipient, user.row.email)),
      ),
    ).toBe(1);
    expect((await userRow(app, user.id)).type).toBe('premium');
  });
});

describe('gap-free invoice numbering', () => {
  it('hands out consecutive serials to concurrent purchases', async () => {
    const buyers = await Promise.all(Array.from({ length: 12 }, () => createUser(app)));
    const orders = await Promise.all(
      buyers.map((user) =>
        createPlanOrder(app, user, { plan_id: catalogue.lifetime.id, total: 5898.82 }),
      ),
    );
    const paid = await Promise.all(
      buyers.map((user, i) => sandboxPay(app, user, orders[i]!.json().data.payment.order_id)),
    );
    const verified = await Promise.all(buyers.map((user, i) => verifyPlan(app, user, paid[i]!)));
    for (const res of verified) expect(res.statusCode, res.body).toBe(200);

    const rows = await app.db
      .select({ seq: invoices.seq, fy: invoices.financialYear })
      .from(invoices);
    const seqs = rows.map((r) => r.seq).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
  });

  it('returns a rolled-back serial, so serials stay consecutive through failures', async () => {
    const fy = '2031-32';
    const attempts = Array.from({ length: 30 }, (_, i) => i);
    const outcomes = await Promise.allSettled(
      attempts.map((i) =>
        app.db.transaction(async (tx) => {
          const seq = await new InvoicesRepository(tx).nextSeq(fy);
          // Every third purchase fails after taking its serial, as a crash mid-purchase would.
          if (i % 3 === 0) throw new Error(`purchase ${i} failed`);
          await tx.execute(sql`select pg_sleep(0.002)`);
          return seq;
        }),
      ),
    );
    const committed = outcomes
      .filter((o): o is PromiseFulfilledResult<number> => o.status === 'fulfilled')
      .map((o) => o.value)
      .sort((a, b) => a - b);
    expect(committed).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const [counter] = await app.db
      .select()
      .from(invoiceCounters)
      .where(inArray(invoiceCounters.financialYear, [fy]));
    expect(counter?.lastSeq).toBe(20);
  });
});

describe('coupon limits under concurrency', () => {
  const USED_UP = 'This coupon is no longer available.';

  /** The total the checkout shows for the lifetime plan with a percent coupon, in rupees. */
  const totalWith = (percent: number) =>
    paiseToRupees(
      priceBreakdown({
        pricePaise: catalogue.lifetime.pricePaise,
        coupon: { type: 'percent', value: percent },
      }).totalPaise,
    );

  const ordersWith = async (couponId: string, target = app) =>
    target.db.select().from(paymentOrders).where(eq(paymentOrders.couponId, couponId));

  const redemptionsOf = async (couponId: string, target = app) =>
    target.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, couponId));

  it.each([
    ['a paid', 'RACE20', 20],
    ['a free (100%)', 'RACE00', 100],
  ])(
    'gives the one use of %s coupon to exactly one of 10 racing checkouts',
    async (_, code, value) => {
      const coupon = await insertCoupon(app, { code, type: 'percent', value, maxUses: 1 });
      const total = totalWith(value);
      const buyers = await Promise.all(Array.from({ length: 10 }, () => createUser(app)));

      const results = await Promise.all(
        buyers.map((buyer) =>
          createPlanOrder(app, buyer, {
            plan_id: catalogue.lifetime.id,
            coupon_id: coupon.id,
            total,
          }),
        ),
      );

      const winners = buyers.filter((_, i) => results[i]!.statusCode === 200);
      expect(winners, results.map((r) => r.body).join('\n')).toHaveLength(1);
      for (const res of results.filter((r) => r.statusCode !== 200)) {
        expectError(res, 400, USED_UP);
      }
      // Only the winner's order carries the coupon.
      const orders = await ordersWith(coupon.id);
      expect(orders.map((o) => o.userId)).toEqual([winners[0]!.id]);

      const [winner] = winners;
      const won = results[buyers.indexOf(winner!)]!.json().data;
      if (value < 100) {
        const paid = await sandboxPay(app, winner!, won.payment.order_id);
        expect((await verifyPlan(app, winner!, paid)).statusCode).toBe(200);
      } else {
        expect(won.payment).toBeNull();
      }
      expect((await userRow(app, winner!.id)).type).toBe('premium');
      expect(await redemptionsOf(coupon.id)).toEqual([
        expect.objectContaining({ userId: winner!.id, paymentOrderId: orders[0]!.id }),
      ]);

      // Used up for good: a latecomer hears the same.
      const latecomer = await createUser(app);
      expectError(
        await createPlanOrder(app, latecomer, {
          plan_id: catalogue.lifetime.id,
          coupon_id: coupon.id,
          total,
        }),
        400,
        USED_UP,
      );
    },
  );

  it('lets an unpaid checkout hold the last use for 30 minutes, then frees it', async () => {
    const clock = new ManualClock();
    const clocked = await createTestApp({}, { clock });
    const coupon = await insertCoupon(clocked, { code: 'HOLD01', maxUses: 1 });
    const total = totalWith(20);
    const order = (user: TestUser) =>
      createPlanOrder(clocked, user, {
        plan_id: catalogue.lifetime.id,
        coupon_id: coupon.id,
        total,
      });
    const [first, second, third] = await Promise.all([
      createUser(clocked),
      createUser(clocked),
      createUser(clocked),
    ]);

    expect((await order(first!)).statusCode).toBe(200);
    expectError(await order(second!), 400, USED_UP);
    const verify = (user: TestUser) =>
      clocked.inject({
        method: 'POST',
        url: '/api/coupon/verify',
        headers: user.headers,
        payload: { code: 'HOLD01' },
      });
    expectError(await verify(second!), 400, USED_UP);
    // The holder may reopen their checkout: the new order takes the old one's place.
    expect((await order(first!)).statusCode).toBe(200);

    clock.advance(30 * 60_000 - 1_000);
    expectError(await order(second!), 400, USED_UP);
    clock.advance(2_000);
    const taken = await order(second!);
    expect(taken.statusCode, taken.body).toBe(200);
    expectError(await order(third!), 400, USED_UP);
    expectError(await order(first!), 400, USED_UP);

    const paid = await sandboxPay(clocked, second!, taken.json().data.payment.order_id);
    expect((await verifyPlan(clocked, second!, paid)).statusCode).toBe(200);
    expect(await redemptionsOf(coupon.id, clocked)).toHaveLength(1);
    expectError(await order(third!), 400, USED_UP);
  });
});
