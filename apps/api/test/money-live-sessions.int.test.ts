import { Step } from '@exhale/contract/steps';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  invoices,
  liveSessionRegistrations,
  liveSessions,
  paymentOrders,
  payments,
} from '../src/db/schema/money';
import { seedLiveSessions } from '../src/db/seed/money';
import { LiveSessionsRepository } from '../src/modules/live-sessions/live-sessions.repository';
import { createLiveSessionsCatalogue } from '../src/modules/live-sessions/live-sessions.module';
import { istDateTimeLabel } from '../src/modules/payments/payments.mails';
import { createTestApp } from './app';
import { createUser, expectError, mailsTo, type TestUser } from './money-fixtures';

/** The programme (exercises, live sessions) opens with the first SIM test taken. */
const AFTER_FIRST_TEST = { step: Step.WATCHING_FREE_LESSONS };

let app: FastifyInstance;
let cravings: typeof liveSessions.$inferSelect;

beforeAll(async () => {
  app = await createTestApp();
  await seedLiveSessions(app.db);
  const [row] = await app.db
    .select()
    .from(liveSessions)
    .where(eq(liveSessions.title, 'Beating cravings: live Q&A'));
  cravings = row!;
});

const list = (user: TestUser) => app.inject({ url: '/api/live-session', headers: user.headers });

const register = (user: TestUser, body: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/api/user-live-session',
    headers: user.headers,
    payload: body,
  });

async function pay(user: TestUser, orderId: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/pay',
    headers: user.headers,
    payload: { order_id: orderId, outcome: 'success' },
  });
  return res.json().data as {
    razorpay_payment_id: string;
    razorpay_order_id: string;
    razorpay_signature: string;
  };
}

const verify = (user: TestUser, paid: Awaited<ReturnType<typeof pay>>, id?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/user-live-session/verify',
    headers: { ...user.headers, 'x-razorpay-signature': paid.razorpay_signature },
    payload: { order_id: paid.razorpay_order_id, payment_id: paid.razorpay_payment_id, id },
  });

describe('GET /live-session', () => {
  it('lists upcoming sessions first, in rupees and paise, without joining details', async () => {
    const past = await new LiveSessionsRepository(app.db).insert({
      title: 'Last month',
      amountPaise: 10_000,
      host: 'Host',
      sessionDate: new Date(Date.now() - 30 * 86_400_000),
      joiningDetails: 'https://meet.example/old',
    });
    const user = await createUser(app, AFTER_FIRST_TEST);
    const res = await list(user);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.map((s: { title: string }) => s.title)).toEqual([
      'Beating cravings: live Q&A',
      'Your first smoke-free week',
      'Last month',
    ]);
    expect(data[0]).toMatchObject({
      _id: cravings.id,
      amount: 499,
      amount_paise: 49_900,
      host: 'Dr. Meera Iyer',
      tags: 'Cravings,Q&A,Live',
      registered: false,
    });
    expect(data[0].description).toContain('<strong>4 Ds</strong>');
    expect(res.body).not.toContain('meet.exhale.example');
    expect(res.body).not.toContain('Passcode');
    expect(res.body).not.toContain('joining');
    await app.db.delete(liveSessions).where(eq(liveSessions.id, past.id));
  });
});

describe('creating a live session', () => {
  it('sanitises the description on write', async () => {
    const created = await createLiveSessionsCatalogue({ db: app.db }).create(app.db, {
      title: 'Sanitised',
      description:
        '<p onclick="x()">Hi <script>alert(1)</script><a href="javascript:x">there</a></p>',
      amountPaise: 100,
      host: 'Host',
      tags: ' a, b ,,c ',
      sessionDate: new Date(Date.now() + 2 * 86_400_000),
      joiningDetails: 'secret',
    });
    expect(created.description).toBe('<p>Hi <a>there</a></p>');
    expect(created.tags).toBe('a,b,c');
    await app.db.delete(liveSessions).where(eq(liveSessions.id, created.id));
  });
});

describe('registering for a live session', () => {
  it('charges amount + 18% GST, mails the joining details with a calendar file, once', async () => {
    const user = await createUser(app, AFTER_FIRST_TEST);
    const res = await register(user, {
      live_session: cravings.id,
      total: '588.82',
      sub_total: '499.00',
      gst: '89.82',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      session_id: cravings.id,
      registered: false,
      sub_total: 499,
      gst: 89.82,
      gst_paise: 8_982,
      total: 588.82,
      total_paise: 58_882,
      payment: {
        amount: 58_882,
        currency: 'INR',
        description: 'Live session: Beating cravings: live Q&A',
      },
    });

    const paid = await pay(user, data.payment.order_id);
    const ok = await verify(user, paid, data.session_id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({
      success: true,
      message: 'Registration successful. Check your mail for the details.',
    });
    expect((await list(user)).json().data[0].registered).toBe(true);

    const [mail] = await mailsTo(app, user.row.email);
    expect(mail?.subject).toBe('You are registered: Beating cravings: live Q&A');
    expect(mail?.text).toContain('https://meet.exhale.example/cravings-qa');
    const [ics, invoicePdf] = mail!.attachments!;
    expect(ics?.filename).toBe('live-session.ics');
    const calendar = Buffer.from(ics!.contentBase64, 'base64').toString('utf8');
    expect(calendar).toContain('BEGIN:VEVENT');
    expect(calendar).toContain(
      `DTSTART:${cravings.sessionDate.toISOString().replace(/[-:]/g, '').replace('.000', '')}`,
    );
    expect(calendar.replace(/\r\n /g, '')).toContain('Passcode: 4821');
    expect(invoicePdf?.contentType).toBe('application/pdf');

    // Replayed verification: still one registration and one mail.
    expect((await verify(user, paid)).statusCode).toBe(200);
    const registrations = await app.db
      .select()
      .from(liveSessionRegistrations)
      .where(eq(liveSessionRegistrations.userId, user.id));
    expect(registrations).toHaveLength(1);
    expect(await mailsTo(app, user.row.email)).toHaveLength(1);

    // Registering again: the spec's warning, and nothing to pay.
    const again = await register(user, { live_session: cravings.id, total: 588.82 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      message: 'Already Enrolled, Check Mail For Details',
      data: { payment: null, registered: true, session_id: cravings.id },
    });
  });

  it('issues a GST invoice for the session payment', async () => {
    const user = await createUser(app, { ...AFTER_FIRST_TEST, name: 'Farida Contractor' });
    const res = await register(user, { live_session: cravings.id, total: 588.82 });
    const paid = await pay(user, res.json().data.payment.order_id);
    expect((await verify(user, paid)).statusCode).toBe(200);
    // This payment's own invoice: earlier tests in this file paid for the same session.
    const rows = await app.db
      .select({ invoice: invoices, payment: payments, order: paymentOrders })
      .from(invoices)
      .innerJoin(payments, eq(payments.id, invoices.paymentId))
      .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
      .where(eq(payments.providerPaymentId, paid.razorpay_payment_id));
    expect(rows).toHaveLength(1);
    const [{ invoice, payment, order }] = rows as [(typeof rows)[number]];
    expect(order).toMatchObject({
      userId: user.id,
      providerOrderId: paid.razorpay_order_id,
      liveSessionId: cravings.id,
    });
    expect(payment.amountPaise).toBe(58_882);
    expect(invoice).toMatchObject({
      buyerName: 'Farida Contractor',
      description: `Live session: Beating cravings: live Q&A (${istDateTimeLabel(cravings.sessionDate)})`,
      taxablePaise: 49_900,
      cgstPaise: 4_491,
      sgstPaise: 4_491,
      igstPaise: 0,
      totalPaise: 58_882,
      number: expect.stringMatching(/^EXH\/\d{2}-\d{2}\/\d{6}$/),
    });
  });

  it('refuses a wrong total, a tampered signature and another user’s order', async () => {
    const user = await createUser(app, AFTER_FIRST_TEST);
    expectError(
      await register(user, { live_session: cravings.id, total: 499 }),
      409,
      'The price has changed. Please try again.',
    );
    const res = await register(user, { live_session: cravings.id, total: 588.82 });
    const paid = await pay(user, res.json().data.payment.order_id);
    expectError(
      await verify(user, { ...paid, razorpay_signature: 'f'.repeat(64) }),
      400,
      'Payment verification failed!',
    );
    expectError(await verify(user, paid, '00000000-0000-4000-8000-000000000000'), 400);
    const other = await createUser(app, AFTER_FIRST_TEST);
    expectError(await verify(other, paid), 404);
  });

  it("refuses a user who has not taken the first test with 'Please Take Test', opening no order", async () => {
    const user = await createUser(app, { step: Step.FIRST_TEST_PENDING });
    const [session] = await app.db.select().from(liveSessions).limit(1);
    expectError(
      await register(user, { live_session: session!.id, total: 0 }),
      403,
      'Please Take Test',
    );
    expect(
      await app.db.select().from(paymentOrders).where(eq(paymentOrders.userId, user.id)),
    ).toEqual([]);
  });

  it('closes registration once the session has started, and 404s unknown sessions', async () => {
    const user = await createUser(app, AFTER_FIRST_TEST);
    const started = await new LiveSessionsRepository(app.db).insert({
      title: 'Started',
      amountPaise: 10_000,
      host: 'Host',
      sessionDate: new Date(Date.now() - 60_000),
    });
    expectError(
      await register(user, { live_session: started.id, total: 118 }),
      400,
      'Registration for this live session is closed.',
    );
    expectError(
      await register(user, { live_session: 'nope', total: 0 }),
      404,
      'This live session was not found.',
    );
  });

  it('registers for a free session without a payment', async () => {
    const user = await createUser(app, AFTER_FIRST_TEST);
    const free = await new LiveSessionsRepository(app.db).insert({
      title: 'Open house',
      amountPaise: 0,
      host: 'Host',
      sessionDate: new Date(Date.now() + 86_400_000),
      joiningDetails: 'https://meet.example/open',
    });
    const res = await register(user, { live_session: free.id, total: 0 });
    expect(res.json()).toMatchObject({
      message: 'Registration successful. Check your mail for the details.',
      data: { payment: null, registered: true },
    });
    const [mail] = await mailsTo(app, user.row.email);
    expect(mail?.attachments).toHaveLength(1); // the calendar file; no invoice for ₹0
  });
});
