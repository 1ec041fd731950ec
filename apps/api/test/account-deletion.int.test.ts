import { existsSync } from 'node:fs';
import path from 'node:path';
import { addIstDays, istDateString } from '@exhale/contract/ist';
import { Messages } from '@exhale/contract/messages';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { creditNotes, invoices, paymentOrders, payments, plans } from '../src/db/schema/money';
import { bearer, latestLink, outboxFor, registerAccount, type TestAccount } from './accounts';
import { createAdmin } from './admin-fixtures';
import { ManualClock, createTestApp } from './app';
import { testDatabase } from './database';
import {
  buyLifetime,
  createPlanOrder,
  createUser,
  refundRequested,
  sandboxPay,
  seedCatalogue,
  verifyPlan,
} from './money-fixtures';
import { pdfLines } from './pdf-text';
import { multipart } from './multipart';

let app: FastifyInstance;
const clock = new ManualClock();

beforeAll(async () => {
  app = await createTestApp({}, { clock });
});

async function requestDeletion(account: TestAccount) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/user/delete-request',
    headers: bearer(account.token),
  });
  expect(res.statusCode).toBe(200);
  const link = await latestLink(app, account.email, '/user-delete');
  return link.searchParams.get('token')!;
}

function deleteAccount(token: string, target = app) {
  return target.inject({ method: 'DELETE', url: '/api/auth/user/delete', headers: bearer(token) });
}

async function rowsOf(userId: string) {
  const { pool } = await testDatabase();
  const counts: Record<string, number> = {};
  for (const table of [
    'users',
    'sessions',
    'one_time_tokens',
    'otp_challenges',
    'test_attempts',
    'outbox_messages',
  ]) {
    const column = table === 'users' ? 'id' : 'user_id';
    const { rows } = await pool.query(
      `SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`,
      [userId],
    );
    counts[table] = rows[0].n;
  }
  return counts;
}

describe('account deletion', () => {
  it('mails a single-use /user-delete link that erases the account, its data and its files', async () => {
    const account = await registerAccount(app, { step: 1, total_points: 50 });
    const other = await registerAccount(app);
    // Leave personal data in every table: a sign-in code, a picture, a second session.
    await app.inject({
      method: 'POST',
      url: '/api/auth/user/login',
      payload: { email: account.email },
    });
    const picture = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#0f766e' },
    })
      .png()
      .toBuffer();
    const upload = multipart({
      profile: { filename: 'me.png', contentType: 'image/png', data: picture },
    });
    const uploaded = await app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: { ...bearer(account.token), ...upload.headers },
      payload: upload.payload,
    });
    const file = path.join(
      app.config.DATA_DIR,
      'uploads',
      uploaded.json().data.profile.replace('/media/', ''),
    );
    expect(existsSync(file)).toBe(true);

    const token = await requestDeletion(account);
    const [mail] = await outboxFor(app, account.email);
    expect(mail!.subject).toMatch(/deleting your/);
    const before = await rowsOf(account.id);
    expect(before).toMatchObject({
      users: 1,
      test_attempts: 1,
      otp_challenges: 1,
      one_time_tokens: 2, // the delete link and the sign-up's address confirmation link
    });

    const res = await deleteAccount(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Your account has been successfully deleted.',
    });

    expect(await rowsOf(account.id)).toEqual({
      users: 0,
      sessions: 0,
      one_time_tokens: 0,
      otp_challenges: 0,
      test_attempts: 0,
      outbox_messages: 0,
    });
    expect(existsSync(file)).toBe(false);
    expect(
      (await app.inject({ url: '/api/user/profile', headers: bearer(account.token) })).statusCode,
    ).toBe(401);
    expect((await deleteAccount(token)).statusCode).toBe(401);

    // Nobody else's data went with it.
    expect((await rowsOf(other.id)).users).toBe(1);
    expect(
      (await app.inject({ url: '/api/user/profile', headers: bearer(other.token) })).statusCode,
    ).toBe(200);
  });

  it("erases the member's quit companion: plan, craving log, check-ins, test results, follow-ups", async () => {
    const account = await registerAccount(app);
    const other = await registerAccount(app);
    const today = istDateString(clock.now());
    const call = (method: 'PUT' | 'POST', url: string, payload: object, token = account.token) =>
      app.inject({ method, url, headers: bearer(token), payload });
    const plan = {
      quit_date: addIstDays(today, -28),
      tobacco: [{ type: 'khaini', per_day: 4, cost_per_day: 40 }],
    };
    for (const token of [account.token, other.token]) {
      expect((await call('PUT', '/api/quit-plan', plan, token)).statusCode).toBe(200);
    }
    const writes = [
      await call('POST', '/api/cravings', {
        intensity: 4,
        trigger: 'friends',
        outcome: 'slipped',
        units: 1,
        note: 'At the wedding',
      }),
      await call('PUT', `/api/check-ins/${today}`, { used: true, mood: 2 }),
      await call('POST', '/api/dependence-test', {
        variant: 'smokeless',
        answers: [1, 2, 3, 4, 5, 6].map((n) => ({ question_id: `ftnd_st_${n}`, value: 1 })),
      }),
      await call('PUT', '/api/follow-ups/4', { smoked_last_7_days: true }),
    ];
    for (const res of writes) expect(res.statusCode, res.body).toBeLessThan(300);
    const tables = ['quit_plans', 'cravings', 'check_ins', 'dependence_tests', 'follow_ups'];
    const { pool } = await testDatabase();
    const countsOf = async (userId: string) =>
      Object.fromEntries(
        await Promise.all(
          tables.map(async (table) => {
            const { rows } = await pool.query(
              `SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1`,
              [userId],
            );
            return [table, rows[0].n as number];
          }),
        ),
      );
    expect(await countsOf(account.id)).toEqual({
      quit_plans: 1,
      cravings: 1,
      check_ins: 1,
      dependence_tests: 1,
      follow_ups: 1,
    });

    expect((await deleteAccount(account.token)).statusCode).toBe(200);
    expect(await countsOf(account.id)).toEqual({
      quit_plans: 0,
      cravings: 0,
      check_ins: 0,
      dependence_tests: 0,
      follow_ups: 0,
    });
    expect((await countsOf(other.id)).quit_plans).toBe(1);
  });

  it('lets a signed-in user delete their own account with the session token', async () => {
    const account = await registerAccount(app);
    const res = await deleteAccount(account.token);
    expect(res.statusCode).toBe(200);
    expect((await rowsOf(account.id)).users).toBe(0);
  });

  it('refuses a delete link of an account already gone', async () => {
    const account = await registerAccount(app);
    const token = await requestDeletion(account);
    expect((await deleteAccount(account.token)).statusCode).toBe(200);
    expect((await deleteAccount(token)).statusCode).toBe(401);
  });

  it('refuses temp and reset tokens, and a delete token anywhere else', async () => {
    const account = await registerAccount(app);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/user/login',
      payload: { email: account.email },
    });
    expect((await deleteAccount(login.json().token)).statusCode).toBe(403);

    const token = await requestDeletion(account);
    const profile = await app.inject({ url: '/api/user/profile', headers: bearer(token) });
    expect(profile.statusCode).toBe(403);
    expect((await rowsOf(account.id)).users).toBe(1);
  });

  it('needs a session to ask for the link', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/user/delete-request' });
    expect(res.statusCode).toBe(401);
  });

  it('keeps a delete link working until 24 hours have passed, then refuses it and keeps the account', async () => {
    const early = await registerAccount(app);
    const earlyToken = await requestDeletion(early);
    const late = await registerAccount(app);
    const lateToken = await requestDeletion(late);

    // The link's own row says when it expires: 24 hours after it was mailed, on the app's clock.
    clock.advance(24 * 3600_000 - 60_000);
    const inTime = await deleteAccount(earlyToken);
    expect(inTime.statusCode, inTime.body).toBe(200);
    expect(inTime.json().message).toBe(Messages.ACCOUNT_DELETED.message);
    expect((await rowsOf(early.id)).users).toBe(0);

    clock.advance(2 * 60_000);
    const expired = await deleteAccount(lateToken);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({
      success: false,
      code: 'DELETE_LINK_INVALID',
      message: 'Failed to delete your account. Please try again.',
    });
    expect((await rowsOf(late.id)).users).toBe(1);
    expect(
      (await app.inject({ url: '/api/user/profile', headers: bearer(late.token) })).statusCode,
    ).toBe(200);
  });
});

describe('account deletion and payment records', () => {
  let money: FastifyInstance;
  let catalogue: Awaited<ReturnType<typeof seedCatalogue>>;

  beforeAll(async () => {
    money = await createTestApp();
    catalogue = await seedCatalogue(money);
  });

  function searchPayments(admin: { headers: Record<string, string> }, q: string) {
    return money.inject({
      url: `/api/admin/payments?q=${encodeURIComponent(q)}`,
      headers: admin.headers,
    });
  }

  it('keeps the payment and its invoice with their amounts, without the name, email or mobile', async () => {
    const admin = await createAdmin(money);
    const user = await createUser(money, { name: 'Zoravar Pathania' });
    const { payment_id: paymentId } = await buyLifetime(money, user, catalogue.lifetime);
    const [before] = await money.db
      .select()
      .from(payments)
      .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
      .innerJoin(invoices, eq(invoices.paymentId, payments.id))
      .where(eq(payments.id, paymentId));
    expect(before!.payments.buyerName).toBe('Zoravar Pathania');
    expect(before!.invoices.buyerName).toBe('Zoravar Pathania');
    expect((await searchPayments(admin, 'Zoravar')).json().total).toBe(1);

    expect((await deleteAccount(user.token, money)).statusCode).toBe(200);

    const [after] = await money.db
      .select()
      .from(payments)
      .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
      .innerJoin(invoices, eq(invoices.paymentId, payments.id))
      .where(eq(payments.id, paymentId));
    expect(after, 'the payment row is kept').toBeDefined();
    expect(after!.payments).toMatchObject({
      id: paymentId,
      amountPaise: 589_882,
      providerPaymentId: before!.payments.providerPaymentId,
      status: 'captured',
      buyerName: 'Erased account',
    });
    expect(after!.payment_orders).toMatchObject({
      userId: null,
      pricePaise: 499_900,
      subTotalPaise: 499_900,
      gstPaise: 89_982,
      totalPaise: 589_882,
      status: 'paid',
    });
    // The invoice is a statutory record: number, date, seller and tax unchanged.
    expect(after!.invoices).toEqual({ ...before!.invoices, buyerName: 'Erased account' });
    const kept = JSON.stringify(after).toLowerCase();
    for (const personal of [user.row.name, user.row.email, user.row.mobile!]) {
      expect(kept).not.toContain(personal.toLowerCase());
    }
    expect(kept).not.toContain('zoravar');
    expect(kept).not.toContain('pathania');

    // The admin console finds nothing by the old name or email, and the invoice no longer
    // prints it, but the payment is still there by its invoice number.
    for (const q of ['Zoravar', 'Pathania', user.row.email]) {
      const found = await searchPayments(admin, q);
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json()).toMatchObject({ data: [], total: 0 });
    }
    const byNumber = await searchPayments(admin, before!.invoices.number);
    expect(byNumber.json().data).toEqual([
      expect.objectContaining({ _id: paymentId, user: null, buyer_name: 'Erased account' }),
    ]);
    const pdf = await money.inject({
      url: `/api/admin/payments/${paymentId}/invoice`,
      headers: admin.headers,
    });
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfLines(pdf.rawPayload)).join('\n');
    expect(text).toContain(before!.invoices.number);
    expect(text).toContain('Erased account');
    expect(text).not.toContain('Zoravar');
  });

  it("erases the name from a refunded plan's credit note as from its invoice", async () => {
    const admin = await createAdmin(money);
    const user = await createUser(money, { name: 'Meher Kapoor' });
    const { refundId } = await refundRequested(money, user, catalogue.lifetime);
    await money.refunds.approve(refundId, admin.id);
    const creditNote = () =>
      money.db.select().from(creditNotes).where(eq(creditNotes.refundId, refundId));
    const [before] = await creditNote();
    expect(before?.buyerName).toBe('Meher Kapoor');

    expect((await deleteAccount(user.token, money)).statusCode).toBe(200);

    expect(await creditNote()).toEqual([{ ...before, buyerName: 'Erased account' }]);
  });

  it('keeps the name on an invoice of ₹50,000 or more, which the law needs, but not on the payment', async () => {
    const [premium] = await money.db
      .insert(plans)
      .values({
        code: 'retreat',
        name: 'Retreat',
        pricePaise: 6_000_000,
        duration: 1,
        durationType: 'year',
      })
      .returning();
    const user = await createUser(money, { name: 'Ishaan Wadhwa' });
    const order = await createPlanOrder(money, user, { plan_id: premium!.id, total: 70_800 });
    expect(order.statusCode, order.body).toBe(200);
    const paid = await sandboxPay(money, user, order.json().data.payment.order_id);
    expect((await verifyPlan(money, user, paid)).statusCode).toBe(200);

    expect((await deleteAccount(user.token, money)).statusCode).toBe(200);

    const [row] = await money.db
      .select()
      .from(payments)
      .innerJoin(invoices, eq(invoices.paymentId, payments.id))
      .where(eq(payments.providerPaymentId, paid.razorpay_payment_id));
    expect(row!.payments).toMatchObject({ amountPaise: 7_080_000, buyerName: 'Erased account' });
    expect(row!.invoices).toMatchObject({ taxablePaise: 6_000_000, buyerName: 'Ishaan Wadhwa' });
  });
});
