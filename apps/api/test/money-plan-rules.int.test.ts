import { refundLastDayLabel } from '@exhale/contract/refund-window';
import { Step } from '@exhale/contract/steps';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PlanRow } from '../src/db/schema/money';
import {
  invoices,
  liveSessionRegistrations,
  liveSessions,
  paymentOrders,
} from '../src/db/schema/money';
import { seedLiveSessions } from '../src/db/seed/money';
import { createAdmin } from './admin-fixtures';
import { createTestApp } from './app';
import {
  buyLifetime,
  createPlanOrder,
  createUser,
  expectError,
  LIFETIME_TOTAL,
  mailsTo,
  seedCatalogue,
  type TestUser,
} from './money-fixtures';

// The one purchase rule, the refund request with its reason and
// state, one refund deadline in mail and API, and the premium programme's closing live session.

let app: FastifyInstance;
let lifetime: PlanRow;
let closing: typeof liveSessions.$inferSelect;
let cravings: typeof liveSessions.$inferSelect;

beforeAll(async () => {
  app = await createTestApp();
  ({ lifetime } = await seedCatalogue(app));
  await seedLiveSessions(app.db);
  const sessions = await app.db.select().from(liveSessions);
  closing = sessions.find((s) => s.title === 'Your first smoke-free week')!;
  cravings = sessions.find((s) => s.title === 'Beating cravings: live Q&A')!;
});

const current = (user: TestUser) =>
  app.inject({ url: '/api/user-plan/current', headers: user.headers });

const requestRefund = (user: TestUser, payload: Record<string, unknown>) =>
  app.inject({
    method: 'PUT',
    url: '/api/user-plan/request-refund',
    headers: user.headers,
    payload,
  });

describe('can_buy_premium: one purchase rule for every button', () => {
  it('lets a free member buy at any step, and says so before they try', async () => {
    for (const step of [
      Step.WATCHING_FREE_LESSONS,
      Step.SECOND_TEST_PENDING,
      Step.SCORE_VIDEO_UNLOCKED,
    ]) {
      const user = await createUser(app, { step });
      const res = await current(user);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ data: null, can_buy_premium: true, refund: null });
      const order = await createPlanOrder(app, user, {
        plan_id: lifetime.id,
        total: LIFETIME_TOTAL,
      });
      expect(order.statusCode, order.body).toBe(200);
    }
  });

  it('answers false for a premium member, and the checkout refuses them', async () => {
    const user = await createUser(app, { step: Step.WATCHING_FREE_LESSONS });
    await buyLifetime(app, user, lifetime);
    expect((await current(user)).json().can_buy_premium).toBe(false);
    expectError(
      await createPlanOrder(app, user, { plan_id: lifetime.id, total: LIFETIME_TOTAL }),
      409,
      'You already have the premium plan.',
    );
  });
});

describe('asking for a refund', () => {
  it('stores the reason, shows the request’s state to the member and the reason to operators', async () => {
    const user = await createUser(app, { step: Step.WATCHING_FREE_LESSONS });
    const plan = await buyLifetime(app, user, lifetime);
    const asked = await requestRefund(user, {
      id: plan._id,
      reason: '  The evening calls do not fit my shifts.  ',
    });
    expect(asked.json().data).toEqual({ success: true, message: 'Refund request submitted.' });

    const state = (await current(user)).json();
    expect(state.data.status).toBe('refund_requested');
    expect(state.can_buy_premium).toBe(false);
    expect(state.refund).toMatchObject({
      status: 'requested',
      amount: LIFETIME_TOTAL,
      amount_paise: 589_882,
      reason: 'The evening calls do not fit my shifts.',
      rejected_reason: null,
      decided_at: null,
    });

    const admin = await createAdmin(app);
    const list = await app.inject({
      url: '/api/admin/refunds?status=requested',
      headers: admin.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    const row = (list.json().data as { _id: string; reason: string | null }[]).find(
      (r) => r._id === state.refund._id,
    );
    expect(row?.reason).toBe('The evening calls do not fit my shifts.');

    // Approved: the plan is gone, the member may buy again and sees what happened.
    const approved = await app.inject({
      method: 'POST',
      url: `/api/admin/refunds/${state.refund._id}/approve`,
      headers: admin.headers,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const after = (await current(user)).json();
    expect(after.data).toBeNull();
    expect(after.can_buy_premium).toBe(true);
    expect(after.refund.status).toBe('processed');
    expect(after.refund.decided_at).not.toBeNull();
  });

  it('takes no reason from an older client, and refuses one over 500 characters', async () => {
    const user = await createUser(app, { step: Step.WATCHING_FREE_LESSONS });
    const plan = await buyLifetime(app, user, lifetime);
    expectError(await requestRefund(user, { id: plan._id, reason: 'x'.repeat(501) }), 400);
    expect((await requestRefund(user, { id: plan._id })).json().data.success).toBe(true);
    expect((await current(user)).json().refund.reason).toBeNull();
  });

  it('names in the receipt mail the last day the Plans page names', async () => {
    const user = await createUser(app, { step: Step.WATCHING_FREE_LESSONS });
    await buyLifetime(app, user, lifetime);
    const plan = (await current(user)).json().data as { refundable_until: string };
    const receipt = (await mailsTo(app, user.row.email)).find((m) =>
      m.subject?.includes('receipt'),
    );
    const label = refundLastDayLabel(plan.refundable_until);
    expect(label).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    expect(receipt?.text).toContain(`from the Plans page until ${label}.`);
  });
});

describe('the premium programme’s closing live session', () => {
  const list = async (user: TestUser) =>
    (await app.inject({ url: '/api/live-session', headers: user.headers })).json().data as {
      _id: string;
      included_in_plan: boolean;
    }[];
  const register = (user: TestUser, session: { id: string }, total: number) =>
    app.inject({
      method: 'POST',
      url: '/api/user-live-session',
      headers: user.headers,
      payload: { live_session: session.id, total },
    });

  it('is included for a premium member: registered at once, no checkout, no invoice', async () => {
    const member = await createUser(app, {
      type: 'premium',
      premiumSince: new Date(),
      step: Step.WATCHING_FREE_LESSONS,
    });
    const sessions = await list(member);
    expect(sessions.find((s) => s._id === closing.id)?.included_in_plan).toBe(true);
    expect(sessions.find((s) => s._id === cravings.id)?.included_in_plan).toBe(false);

    // A client that still shows the list price is not asked to pay it.
    const res = await register(member, closing, 352.82);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Registration successful. Check your mail for the details.',
      data: { payment: null, registered: true, total: 0, total_paise: 0 },
    });
    const places = await app.db
      .select()
      .from(liveSessionRegistrations)
      .where(eq(liveSessionRegistrations.userId, member.id));
    expect(places.map((p) => p.liveSessionId)).toEqual([closing.id]);
    const [order] = await app.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.id, places[0]!.paymentOrderId!));
    expect(order).toMatchObject({ provider: 'none', totalPaise: 0, status: 'paid' });
    const invoiced = await app.db.select().from(invoices);
    expect(invoiced.some((i) => i.description.includes(closing.title))).toBe(false);
    const mail = (await mailsTo(app, member.row.email)).find((m) =>
      m.subject?.startsWith('You are registered'),
    );
    expect(mail?.text).toContain('Passcode: 7730');
  });

  it('still costs a premium member the other sessions, and a free member the closing one', async () => {
    const member = await createUser(app, {
      type: 'premium',
      premiumSince: new Date(),
      step: Step.WATCHING_FREE_LESSONS,
    });
    const other = await register(member, cravings, 588.82);
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().data.payment).not.toBeNull();

    const free = await createUser(app, { step: Step.WATCHING_FREE_LESSONS });
    expect((await list(free)).every((s) => !s.included_in_plan)).toBe(true);
    expectError(await register(free, closing, 0), 409, 'The price has changed. Please try again.');
    const paid = await register(free, closing, 352.82);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ registered: false, total_paise: 35_282 });
  });
});
