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
import { createTestApp } from './app';
import {
  createPlanOrder,
  createUser,
  sandboxPay,
  seedCatalogue,
  userRow,
  verifyPlan,
  webhookDelivery,
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
