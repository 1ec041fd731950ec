import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { liveSessionRegistrations, liveSessions } from '../src/db/schema/money';
import { notifications } from '../src/db/schema/notifications';
import { createTestApp } from './app';
import { auditRows, call, createAdmin, uploadSeedImage } from './admin-fixtures';
import {
  buyLifetime,
  createPlanOrder,
  createUser,
  expectError,
  mailsTo,
  refundRequested,
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
  admin = await createAdmin(app);
});

type Refund = {
  _id: string;
  status: string;
  user: { email: string } | null;
  plan_status: string;
  credit_note: { _id: string; number: string } | null;
};

describe('plans', () => {
  it('creates and edits plans in rupees, refusing a special price above the price', async () => {
    const bad = await call<{ errors: { path: string }[] }>(app, admin, {
      method: 'POST',
      url: '/api/admin/plans',
      payload: {
        code: 'gold',
        name: 'Gold',
        price: 100,
        special_price: 200,
        duration_type: 'year',
      },
      expect: 400,
    });
    expect(bad.errors[0]!.path).toBe('special_price');
    const decimals = await call<{ errors: { path: string }[] }>(app, admin, {
      method: 'POST',
      url: '/api/admin/plans',
      payload: { code: 'gold', name: 'Gold', price: 99.999, duration_type: 'year' },
      expect: 400,
    });
    expect(decimals.errors[0]!.path).toBe('price');

    const created = await call<{ data: { _id: string; price_paise: number } }>(app, admin, {
      method: 'POST',
      url: '/api/admin/plans',
      payload: {
        code: 'Gold',
        name: 'Gold',
        price: 2999.5,
        features: ['Coach calls'],
        duration: 1,
        duration_type: 'year',
      },
      expect: 201,
    });
    expect(created.data).toMatchObject({ code: 'gold', price: 2999.5, price_paise: 299_950 });
    const taken = await app.inject({
      method: 'POST',
      url: '/api/admin/plans',
      headers: admin.headers,
      payload: { code: 'gold', name: 'Again', price: 1, duration_type: 'year' },
    });
    expectError(taken, 409);

    await call(app, admin, {
      method: 'PUT',
      url: `/api/admin/plans/${created.data._id}`,
      payload: { active: false },
    });
    const user = await createUser(app);
    const onSale = await call<{ data: { _id: string }[] }>(app, user, { url: '/api/plan' });
    expect(onSale.data.map((p) => p._id)).not.toContain(created.data._id);
    const [entry] = await auditRows(app, 'plan');
    expect(entry).toMatchObject({ action: 'update', entityId: created.data._id });
    expect(entry!.before).toMatchObject({ active: true });
    expect(entry!.after).toMatchObject({ active: false });
  });
});

describe('coupons', () => {
  it('needs 6 letters or digits, a percentage of at most 100, and a unique code', async () => {
    const post = (payload: Record<string, unknown>, status: number) =>
      call<{ errors?: { path: string }[]; data?: { _id: string; code: string; used: number } }>(
        app,
        admin,
        { method: 'POST', url: '/api/admin/coupons', payload, expect: status },
      );
    expect((await post({ code: 'ABC', type: 'off', value: 10 }, 400)).errors![0]!.path).toBe(
      'code',
    );
    expect(
      (await post({ code: 'ABCDEF', type: 'percent', value: 120 }, 400)).errors![0]!.path,
    ).toBe('value');
    const created = await post(
      { code: 'diwali', type: 'percent', value: 25, expires_at: '2030-01-01T00:00:00+05:30' },
      201,
    );
    expect(created.data).toMatchObject({ code: 'DIWALI', used: 0, max_uses_per_user: 1 });
    expectError(
      await app.inject({
        method: 'POST',
        url: '/api/admin/coupons',
        headers: admin.headers,
        payload: { code: 'DIWALI', type: 'off', value: 100 },
      }),
      409,
    );

    // Users can apply it; switched off, they cannot.
    const user = await createUser(app);
    const verify = () =>
      app.inject({
        method: 'POST',
        url: '/api/coupon/verify',
        headers: user.headers,
        payload: { code: 'DIWALI' },
      });
    expect((await verify()).statusCode).toBe(200);
    const off = await call<{ data: { active: boolean; expires_at: string } }>(app, admin, {
      method: 'PUT',
      url: `/api/admin/coupons/${created.data!._id}`,
      payload: { active: false },
    });
    // Only what was sent changes.
    expect(off.data).toMatchObject({ active: false, expires_at: '2029-12-31T18:30:00.000Z' });
    expect((await verify()).statusCode).not.toBe(200);
    expect((await auditRows(app, 'coupon')).map((e) => e.action)).toEqual(['update', 'create']);
  });

  it('counts how often each coupon was used', async () => {
    const buyer = await createUser(app);
    const order = await createPlanOrder(app, buyer, {
      plan_id: catalogue.lifetime.id,
      coupon_id: catalogue.full.id,
      total: 0,
    });
    expect(order.statusCode, order.body).toBe(200);
    const list = await call<{ data: { code: string; used: number }[] }>(app, admin, {
      url: '/api/admin/coupons',
    });
    expect(list.data.find((c) => c.code === 'NOCOST')).toMatchObject({ used: 1 });
    expect(list.data.find((c) => c.code === 'EXHALE')).toMatchObject({ used: 0 });
  });
});

describe('live sessions', () => {
  it('stores the description sanitised and the date entered in IST; lists enrolments', async () => {
    const thumb = await uploadSeedImage(app, admin);
    const created = await call<{
      data: {
        _id: string;
        description: string;
        session_date: string;
        session_date_ist: string;
        thumbnail_url: string;
        amount_paise: number;
        tags: string;
      };
    }>(app, admin, {
      method: 'POST',
      url: '/api/admin/live-sessions',
      payload: {
        title: 'Managing cravings',
        description:
          '<p onclick="x()">Join us</p><script>alert(1)</script><a href="javascript:x">l</a>',
        amount: 499,
        host: 'Dr Rao',
        tags: ' cravings , ,live ',
        thumbnail_image: thumb.key,
        session_date_ist: '2030-03-02T19:00',
        joining_details: 'https://meet.example/abc',
      },
      expect: 201,
    });
    expect(created.data.description).toBe('<p>Join us</p><a>l</a>');
    expect(created.data.session_date).toBe('2030-03-02T13:30:00.000Z');
    expect(created.data.session_date_ist).toBe('2030-03-02T19:00');
    expect(created.data).toMatchObject({ amount_paise: 49_900, tags: 'cravings,live' });
    expect(created.data.thumbnail_url).toBe(`/media/${thumb.key}`);

    const impossible = await call<{ errors: { path: string }[] }>(app, admin, {
      method: 'POST',
      url: '/api/admin/live-sessions',
      payload: { title: 'X', amount: 1, host: 'H', session_date_ist: '2030-02-31T10:00' },
      expect: 400,
    });
    expect(impossible.errors[0]!.path).toBe('session_date_ist');

    const edited = await call<{ data: { description: string } }>(app, admin, {
      method: 'PUT',
      url: `/api/admin/live-sessions/${created.data._id}`,
      payload: { description: '<h2>New</h2><img src=x onerror=alert(1)>' },
    });
    expect(edited.data.description).toBe('<h2>New</h2>');

    // Users see it without the joining details; the enrolled list starts empty.
    const user = await createUser(app);
    const listed = await app.inject({ url: '/api/live-session', headers: user.headers });
    expect(listed.body).toContain('Managing cravings');
    expect(listed.body).not.toContain('meet.example/abc');
    const enrolled = await call<{ data: unknown[] }>(app, admin, {
      url: `/api/admin/live-sessions/${created.data._id}/enrolments`,
    });
    expect(enrolled.data).toEqual([]);
    const [row] = await app.db
      .select()
      .from(liveSessions)
      .where(eq(liveSessions.id, created.data._id));
    expect(row!.joiningDetails).toBe('https://meet.example/abc');

    // A paid place shows in the count and in the enrolled list.
    await app.db
      .insert(liveSessionRegistrations)
      .values({ userId: user.id, liveSessionId: created.data._id });
    const sessions = await call<{ data: { _id: string; registrations: number }[] }>(app, admin, {
      url: '/api/admin/live-sessions',
    });
    expect(sessions.data.find((s) => s._id === created.data._id)?.registrations).toBe(1);
    const after = await call<{ data: { user: { email: string }; status: string }[] }>(app, admin, {
      url: `/api/admin/live-sessions/${created.data._id}/enrolments`,
    });
    expect(after.data).toEqual([
      expect.objectContaining({
        status: 'paid',
        user: expect.objectContaining({ email: user.row.email }),
      }),
    ]);
  });
});

describe('payments and refunds', () => {
  it('lists payments with their invoice, downloadable as PDF', async () => {
    const user = await createUser(app, { name: 'Asha Verma' });
    await buyLifetime(app, user, catalogue.lifetime);
    const page = await call<{
      data: { _id: string; user: { email: string }; invoice: { _id: string; number: string } }[];
      total: number;
    }>(app, admin, { url: `/api/admin/payments?q=${encodeURIComponent('asha')}` });
    expect(page.total).toBe(1);
    const [payment] = page.data;
    expect(payment!.user.email).toBe(user.row.email);
    const pdf = await app.inject({
      url: `/api/admin/payments/${payment!._id}/invoice`,
      headers: admin.headers,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await pdfLines(pdf.rawPayload)).join(' ')).toContain(payment!.invoice.number);
    const asMember = await app.inject({
      url: `/api/admin/payments/${payment!._id}/invoice`,
      headers: user.headers,
    });
    expect(asMember.statusCode).toBe(403);
  });

  it("prints a refund's credit note with labels in the buyer's language too", async () => {
    const user = await createUser(app, { language: 'bn' });
    const { refundId } = await refundRequested(app, user, catalogue.lifetime);
    await call(app, admin, { method: 'POST', url: `/api/admin/refunds/${refundId}/approve` });
    const pdf = await app.inject({
      url: `/api/admin/refunds/${refundId}/credit-note`,
      headers: admin.headers,
    });
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfLines(pdf.rawPayload)).join('\n');
    expect(text).toMatch(/CREDIT NOTE \/\s*[\u0980-\u09FF]/);
  });

  it('approving a refund puts the user back on free, tells them, and is audited', async () => {
    const user = await createUser(app);
    const { refundId } = await refundRequested(app, user, catalogue.lifetime);
    expect((await userRow(app, user.id)).type).toBe('premium');
    const queue = await call<{ data: Refund[] }>(app, admin, {
      url: '/api/admin/refunds?status=requested',
    });
    expect(queue.data.map((r) => r._id)).toContain(refundId);

    const approved = await call<{ data: Refund }>(app, admin, {
      method: 'POST',
      url: `/api/admin/refunds/${refundId}/approve`,
    });
    expect(approved.data).toMatchObject({ status: 'processed', plan_status: 'refunded' });
    expect(approved.data.credit_note?.number).toMatch(/^EXC\/\d\d-\d\d\/\d{6}$/);
    expect((await userRow(app, user.id)).type).toBe('free');
    // The credit note downloads by refund id or by its own, and is listed with the refund.
    for (const id of [refundId, approved.data.credit_note!._id]) {
      const pdf = await app.inject({
        url: `/api/admin/refunds/${id}/credit-note`,
        headers: admin.headers,
      });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['cache-control']).toBe('private, no-store');
      expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="credit-note-EXC-/);
      expect(await pdfLines(pdf.rawPayload)).toContain(approved.data.credit_note!.number);
    }
    const listed = await call<{ data: Refund[] }>(app, admin, { url: '/api/admin/refunds' });
    expect(listed.data.find((r) => r._id === refundId)?.credit_note).toEqual(
      approved.data.credit_note,
    );
    const bell = await app.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(bell.map((n) => n.title)).toContain('Refund approved');
    expect((await mailsTo(app, user.row.email)).map((m) => m.subject)).toContain(
      'Your Exhale refund is approved',
    );
    const [entry] = await auditRows(app, 'refund');
    expect(entry).toMatchObject({ action: 'approve', entityId: refundId, adminId: admin.id });
    expect(entry!.before).toMatchObject({ status: 'requested' });
    expect(entry!.after).toMatchObject({ status: 'processed', decidedBy: admin.id });

    const again = await app.inject({
      method: 'POST',
      url: `/api/admin/refunds/${refundId}/approve`,
      headers: admin.headers,
    });
    expectError(again, 409);
  });

  it('rejecting needs a reason, keeps the plan, and shows the reason to the user', async () => {
    const user = await createUser(app);
    const { refundId } = await refundRequested(app, user, catalogue.lifetime);
    const noReason = await app.inject({
      method: 'POST',
      url: `/api/admin/refunds/${refundId}/reject`,
      headers: admin.headers,
      payload: { reason: '   ' },
    });
    expectError(noReason, 400);
    const rejected = await call<{ data: Refund & { rejected_reason: string } }>(app, admin, {
      method: 'POST',
      url: `/api/admin/refunds/${refundId}/reject`,
      payload: { reason: 'Requested after the refund window.' },
    });
    expect(rejected.data).toMatchObject({
      status: 'rejected',
      plan_status: 'refund_rejected',
      rejected_reason: 'Requested after the refund window.',
    });
    expect(rejected.data.credit_note).toBeNull();
    const none = await app.inject({
      url: `/api/admin/refunds/${refundId}/credit-note`,
      headers: admin.headers,
    });
    expectError(none, 404);
    expect((await userRow(app, user.id)).type).toBe('premium');
    const current = await call<{ data: { status: string; rejected_reason: string } }>(app, user, {
      url: '/api/user-plan/current',
    });
    expect(current.data).toMatchObject({
      status: 'refund_rejected',
      rejected_reason: 'Requested after the refund window.',
    });
    expect((await auditRows(app, 'refund'))[0]).toMatchObject({
      action: 'reject',
      entityId: refundId,
    });
  });
});
