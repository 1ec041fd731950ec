import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatTwoDecimals } from '@exhale/contract/money';
import {
  creditNotes,
  invoices,
  paymentOrders,
  payments,
  refunds,
  userPlans,
} from '../src/db/schema/money';
import { contentTexts } from '../src/db/schema/content-texts';
import { notifications } from '../src/db/schema/notifications';
import { text } from '../src/lib/texts/texts';
import { sourceHashOf } from '../src/modules/content-texts/content-texts.service';
import { createTestApp } from './app';
import {
  buyLifetime,
  createPlanOrder,
  createUser,
  expectError,
  LIFETIME_TOTAL,
  mailsTo,
  seedCatalogue,
  userRow,
  type TestUser,
} from './money-fixtures';
import { pdfLines } from './pdf-text';
import { seedFixtureCatalogue } from './programme-fixtures';

let app: FastifyInstance;
let catalogue: Awaited<ReturnType<typeof seedCatalogue>>;
let admin: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  catalogue = await seedCatalogue(app);
  await seedFixtureCatalogue(app.db);
  admin = await createUser(app, { role: 'admin' });
});

const requestRefund = (user: TestUser, id: string) =>
  app.inject({
    method: 'PUT',
    url: '/api/user-plan/request-refund',
    headers: user.headers,
    payload: { id },
  });

async function refundOf(userPlanId: string) {
  const [row] = await app.db.select().from(refunds).where(eq(refunds.userPlanId, userPlanId));
  return row!;
}

const currentPlan = async (user: TestUser) =>
  (await app.inject({ url: '/api/user-plan/current', headers: user.headers })).json().data;

describe('PUT /user-plan/request-refund', () => {
  it('accepts one request; asking again answers "Refund request already requested"', async () => {
    const user = await createUser(app);
    const plan = await buyLifetime(app, user, catalogue.lifetime);
    const first = await requestRefund(user, plan._id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ success: true, message: 'Refund request submitted.' });
    expect((await currentPlan(user)).status).toBe('refund_requested');
    const second = await requestRefund(user, plan._id);
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toEqual({
      success: false,
      message: 'Refund request already requested',
    });
    expect((await refundOf(plan._id)).status).toBe('requested');
  });

  it('records exactly one request when several arrive at once', async () => {
    const user = await createUser(app);
    const plan = await buyLifetime(app, user, catalogue.lifetime);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => requestRefund(user, plan._id)),
    );
    expect(answers.filter((a) => a.json().data.success)).toHaveLength(1);
  });

  it('refuses once the 10-business-day window has passed', async () => {
    const user = await createUser(app);
    const plan = await buyLifetime(app, user, catalogue.lifetime);
    await app.db
      .update(userPlans)
      .set({ purchasedAt: sql`now() - interval '30 days'` })
      .where(eq(userPlans.id, plan._id));
    expectError(
      await requestRefund(user, plan._id),
      400,
      'Refunds can only be requested within 10 business days of purchase.',
    );
    expect((await currentPlan(user)).status).toBe('active');
  });

  it("answers 404 for someone else's plan", async () => {
    const owner = await createUser(app);
    const plan = await buyLifetime(app, owner, catalogue.lifetime);
    const other = await createUser(app);
    expectError(await requestRefund(other, plan._id), 404, 'Failed requesting refund');
    expectError(await requestRefund(other, 'x'), 404);
  });
});

describe('operator decisions', () => {
  it('approving refunds the payment, returns the user to free and hides the paid lessons', async () => {
    const user = await createUser(app, { step: 3 });
    const plan = await buyLifetime(app, user, catalogue.lifetime);
    const paidLessons = await app.inject({ url: '/api/user-lesson', headers: user.headers });
    expect(paidLessons.statusCode, paidLessons.body).toBe(200);
    expect(
      paidLessons
        .json()
        .data.every((l: { lesson_details: { is_paid: boolean } }) => l.lesson_details.is_paid),
    ).toBe(true);

    await requestRefund(user, plan._id);
    const refund = await refundOf(plan._id);
    const approved = await app.refunds.approve(refund.id, admin.id);
    expect(approved).toMatchObject({ status: 'processed', decidedBy: admin.id });

    const row = await userRow(app, user.id);
    expect(row).toMatchObject({ type: 'free', step: 3, premiumSince: null });
    expect(await currentPlan(user)).toBeNull();
    const [payment] = await app.db.select().from(payments).where(eq(payments.id, plan.payment_id));
    expect(payment?.status).toBe('refunded');
    const [order] = await app.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.id, payment!.orderId));
    expect(order?.status).toBe('refunded');

    const freeLessons = await app.inject({ url: '/api/user-lesson', headers: user.headers });
    expect(
      freeLessons
        .json()
        .data.some((l: { lesson_details: { is_paid: boolean } }) => l.lesson_details.is_paid),
    ).toBe(false);

    const bell = await app.inject({ url: '/api/notification', headers: user.headers });
    expect(bell.json().data[0]).toMatchObject({ title: 'Refund approved' });
    const mails = await mailsTo(app, user.row.email);
    const refundMail = mails.at(-1)!;
    expect(refundMail.subject).toBe('Your Exhale refund is approved');

    // The GST credit note cancels the plan's invoice, figure for figure, in a series of its own.
    const [invoice] = await app.db
      .select()
      .from(invoices)
      .where(eq(invoices.paymentId, plan.payment_id));
    const [note] = await app.db
      .select()
      .from(creditNotes)
      .where(eq(creditNotes.refundId, refund.id));
    expect(note).toMatchObject({
      invoiceId: invoice!.id,
      buyerName: invoice!.buyerName,
      taxablePaise: invoice!.taxablePaise,
      cgstPaise: invoice!.cgstPaise,
      sgstPaise: invoice!.sgstPaise,
      igstPaise: invoice!.igstPaise,
      totalPaise: invoice!.totalPaise,
    });
    expect(note!.number).toMatch(/^EXC\/\d\d-\d\d\/\d{6}$/);
    expect(refundMail.text).toContain(`Your GST credit note ${note!.number} is attached`);
    expect(bell.json().data[0].message).toContain(`Credit note ${note!.number} is in your mail.`);
    const [attachment] = refundMail.attachments ?? [];
    expect(attachment?.filename).toBe(`credit-note-${note!.number.replaceAll('/', '-')}.pdf`);
    const pdf = await pdfLines(Buffer.from(attachment!.contentBase64, 'base64'));
    expect(pdf).toContain('CREDIT NOTE');
    expect(pdf).toContain(note!.number);
    expect(pdf).toContain(invoice!.number);
    expect(pdf).toContain(`₹ ${formatTwoDecimals(invoice!.totalPaise)}`);

    await expect(app.refunds.approve(refund.id, admin.id)).rejects.toMatchObject({
      statusCode: 409,
      message: 'This refund request has already been decided.',
    });
    // Free again, so the plan can be bought again.
    const again = await createPlanOrder(app, user, {
      plan_id: catalogue.lifetime.id,
      total: LIFETIME_TOTAL,
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it("tells a member of the request and the approval in their account's language", async () => {
    const user = await createUser(app);
    const saved = await app.inject({
      method: 'PATCH',
      url: '/api/user/profile/language',
      headers: user.headers,
      payload: { language: 'bn' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const plan = await buyLifetime(app, user, catalogue.lifetime);
    await requestRefund(user, plan._id);
    const requested = await app.inject({ url: '/api/notification', headers: user.headers });
    expect(requested.json().data[0]).toMatchObject({
      title: 'রিফান্ডের অনুরোধ করা হয়েছে',
      message: 'আমরা আপনার রিফান্ডের অনুরোধ পেয়েছি। 3 কার্যদিবসের মধ্যে আমরা আপনার সঙ্গে যোগাযোগ করব।',
    });
    const refund = await refundOf(plan._id);
    await app.refunds.approve(refund.id, admin.id);
    const [note] = await app.db
      .select()
      .from(creditNotes)
      .where(eq(creditNotes.refundId, refund.id));
    const bell = await app.inject({ url: '/api/notification', headers: user.headers });
    expect(bell.json().data[0]).toMatchObject({
      title: 'রিফান্ড অনুমোদিত হয়েছে',
      message: `আপনার রিফান্ড অনুমোদিত হয়েছে। টাকা যে অ্যাকাউন্ট থেকে পেমেন্ট করেছিলেন সেখানেই ফিরে যাবে। ক্রেডিট নোট ${note!.number} আপনার মেলে আছে।`,
    });
  });

  it('rejecting keeps the plan, shows the reason and forbids asking again', async () => {
    const user = await createUser(app);
    const plan = await buyLifetime(app, user, catalogue.lifetime);
    await requestRefund(user, plan._id);
    const refund = await refundOf(plan._id);
    const rejected = await app.refunds.reject(
      refund.id,
      admin.id,
      'More than half of the programme was watched.',
    );
    expect(rejected).toMatchObject({ status: 'rejected', decidedBy: admin.id });
    expect(await currentPlan(user)).toMatchObject({
      status: 'refund_rejected',
      rejected_reason: 'More than half of the programme was watched.',
    });
    expect((await userRow(app, user.id)).type).toBe('premium');
    expect((await requestRefund(user, plan._id)).json().data).toEqual({
      success: false,
      message: 'Your refund request was rejected and cannot be made again.',
    });
    await expect(app.refunds.reject(refund.id, admin.id, 'again')).rejects.toMatchObject({
      statusCode: 409,
    });
    await expect(app.refunds.approve(refund.id, admin.id)).rejects.toMatchObject({
      statusCode: 409,
    });
    const mails = await mailsTo(app, user.row.email);
    expect(mails.at(-1)?.text).toContain('More than half of the programme was watched.');
    expect(
      await app.db.select().from(creditNotes).where(eq(creditNotes.refundId, refund.id)),
    ).toEqual([]);
  });

  it('needs a reason to reject and a known refund to decide', async () => {
    await expect(
      app.refunds.reject('00000000-0000-4000-8000-000000000000', admin.id, ' '),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      app.refunds.approve('00000000-0000-4000-8000-000000000000', admin.id),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe("the plan's name in the member's language (decision 064)", () => {
  const HINDI_NAME = 'लाइफ़टाइम प्लान';

  beforeAll(async () => {
    await app.db.insert(contentTexts).values({
      entity: 'plans',
      entityId: catalogue.lifetime.id,
      field: 'name',
      language: 'hi',
      text: HINDI_NAME,
      sourceHash: sourceHashOf(catalogue.lifetime.name),
    });
  });

  const noticesOf = (user: TestUser) =>
    app.db.select().from(notifications).where(eq(notifications.userId, user.id));

  it('names it so in the purchase notice and receipt mail; the invoice keeps the English name', async () => {
    const user = await createUser(app, { language: 'hi' });
    await buyLifetime(app, user, catalogue.lifetime);
    const [notice] = (await noticesOf(user)).filter(
      (n) => n.title === text('hi', 'notice.planPurchased.title'),
    );
    expect(notice?.message).toMatch(
      new RegExp(`^${HINDI_NAME} में आपका स्वागत है! .+ बीजक EXH/\\d\\d-\\d\\d/\\d{6} आपके मेल में है।$`),
    );
    const [receipt] = await mailsTo(app, user.row.email);
    expect(receipt?.subject).toMatch(new RegExp(`^Exhale रसीद: ${HINDI_NAME} \\(बीजक EXH/`));
    expect(receipt?.text).toContain(`${HINDI_NAME} खरीदने के लिए धन्यवाद।`);
    expect(receipt?.text).not.toContain('Lifetime');
    const pdf = await pdfLines(Buffer.from(receipt!.attachments![0]!.contentBase64, 'base64'));
    expect(pdf.join('\n')).toContain('Lifetime Plan - quit-smoking programme');
  });

  it('names it so in the refund approval and rejection mails', async () => {
    const approvedUser = await createUser(app, { language: 'hi' });
    const approved = await buyLifetime(app, approvedUser, catalogue.lifetime);
    await requestRefund(approvedUser, approved._id);
    await app.refunds.approve((await refundOf(approved._id)).id, admin.id);
    const approval = (await mailsTo(app, approvedUser.row.email)).at(-1)!;
    expect(approval.subject).toBe(text('hi', 'refundApproved.subject'));
    expect(approval.text).toContain(`${HINDI_NAME} के लिए आपका ₹5,898.82 का रिफ़ंड मंज़ूर हो गया है।`);
    expect(approval.text).not.toContain('Lifetime');

    const rejectedUser = await createUser(app, { language: 'hi' });
    const rejected = await buyLifetime(app, rejectedUser, catalogue.lifetime);
    await requestRefund(rejectedUser, rejected._id);
    await app.refunds.reject((await refundOf(rejected._id)).id, admin.id, 'आधा कार्यक्रम देखा गया।');
    const rejection = (await mailsTo(app, rejectedUser.row.email)).at(-1)!;
    expect(rejection.subject).toBe(text('hi', 'refundRejected.subject'));
    expect(rejection.text).toContain(`हम आपके ${HINDI_NAME} का रिफ़ंड मंज़ूर नहीं कर सके।`);
    expect(rejection.text).not.toContain('Lifetime');
  });

  it('leaves an English member the English name', async () => {
    const user = await createUser(app);
    const bought = await buyLifetime(app, user, catalogue.lifetime);
    const [notice] = await noticesOf(user);
    expect(notice?.message).toMatch(/^Welcome to the Lifetime Plan! /);
    const [receipt] = await mailsTo(app, user.row.email);
    expect(receipt?.subject).toMatch(/^Exhale receipt: Lifetime Plan \(invoice EXH\//);
    await requestRefund(user, bought._id);
    await app.refunds.reject((await refundOf(bought._id)).id, admin.id, 'Too late.');
    expect((await mailsTo(app, user.row.email)).at(-1)?.text).toContain(
      'We could not approve the refund of your Lifetime Plan.',
    );
  });
});
