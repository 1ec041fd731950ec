import { Messages } from '@exhale/contract/messages';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, createTestApp } from './app';
import { createUser, expectError, type TestUser } from './programme-fixtures';

// The quit plan, the progress the server computes (API.md "Counting", "Streaks",
// "Milestones") and the daily check-in. The clock is moved by hand to cross IST midnights.

let app: FastifyInstance;
// 12:00 IST on 10 March 2026.
const clock = new ManualClock(Date.parse('2026-03-10T06:30:00.000Z'));
const setNow = (iso: string) => clock.advance(Date.parse(iso) - clock.now().getTime());

beforeAll(async () => {
  app = await createTestApp({}, { clock });
});

const cigarettes = { type: 'cigarette', per_day: 10, cost_per_day: 180 };

async function savePlan(user: TestUser, body: Record<string, unknown>) {
  return app.inject({ method: 'PUT', url: '/api/quit-plan', headers: user.headers, payload: body });
}

async function progress(user: TestUser) {
  const res = await app.inject({ url: '/api/quit-plan/progress', headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function logSlip(user: TestUser, at: string, units: number, tobacco_type?: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/cravings',
    headers: user.headers,
    payload: { intensity: 4, trigger: 'stress', outcome: 'slipped', units, at, tobacco_type },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

describe('PUT and GET /quit-plan', () => {
  it('has no plan at first, then stores one with paise and the floored unit cost', async () => {
    setNow('2026-03-10T06:30:00.000Z');
    const user = await createUser(app);
    const none = await app.inject({ url: '/api/quit-plan', headers: user.headers });
    expect(none.json()).toEqual({ success: true, data: null });
    expectError(
      await app.inject({ url: '/api/quit-plan/progress', headers: user.headers }),
      404,
      Messages.NO_QUIT_PLAN.message,
    );

    const saved = await savePlan(user, {
      quit_date: '2026-03-01',
      tobacco: [cigarettes, { type: 'gutka', per_day: 3, cost_per_day: 10 }],
      reasons: ['  My daughter  ', 'Money'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      quit_date: '2026-03-01',
      tobacco: [
        {
          type: 'cigarette',
          per_day: 10,
          cost_per_day: 180,
          cost_per_day_paise: 18_000,
          unit_cost_paise: 1800,
        },
        {
          type: 'gutka',
          per_day: 3,
          cost_per_day: 10,
          cost_per_day_paise: 1000,
          unit_cost_paise: 333,
        },
      ],
      reasons: ['My daughter', 'Money'],
    });
    const read = await app.inject({ url: '/api/quit-plan', headers: user.headers });
    expect(read.json().data).toEqual(saved.json().data);
  });

  it('keeps one plan per member: a new quit date replaces the old one and keeps the log', async () => {
    setNow('2026-03-10T06:30:00.000Z');
    const user = await createUser(app);
    const first = await savePlan(user, { quit_date: '2026-03-01', tobacco: [cigarettes] });
    await logSlip(user, '2026-03-05T06:00:00.000Z', 2);
    const second = await savePlan(user, { quit_date: '2026-03-06', tobacco: [cigarettes] });
    expect(second.json().data._id).toBe(first.json().data._id);
    expect(second.json().data.quit_date).toBe('2026-03-06');
    const log = await app.inject({ url: '/api/cravings', headers: user.headers });
    expect(log.json().data).toHaveLength(1);
    // The slip of 5 March is before the new quit date: it stays in the log, not in the count.
    expect(await progress(user)).toMatchObject({ slips: 0, elapsed_days: 4, not_used: 40 });
  });

  it.each([
    ['a year and a day back', '2025-03-09'],
    ['31 days ahead', '2026-04-10'],
  ])('refuses a quit date %s (IST today is the reference)', async (_name, quitDate) => {
    setNow('2026-03-10T06:30:00.000Z');
    const user = await createUser(app);
    const body = expectError(
      await savePlan(user, { quit_date: quitDate, tobacco: [cigarettes] }),
      400,
      Messages.QUIT_DATE_INVALID.message,
    );
    expect(body.errors).toEqual([
      { path: 'quit_date', message: Messages.QUIT_DATE_INVALID.message },
    ]);
  });

  it('accepts the edges of the window: 365 days back and 30 ahead', async () => {
    setNow('2026-03-10T06:30:00.000Z');
    const user = await createUser(app);
    expect(
      (await savePlan(user, { quit_date: '2025-03-10', tobacco: [cigarettes] })).statusCode,
    ).toBe(200);
    expect(
      (await savePlan(user, { quit_date: '2026-04-09', tobacco: [cigarettes] })).statusCode,
    ).toBe(200);
  });

  it('refuses repeated tobacco types with the field named', async () => {
    const user = await createUser(app);
    const body = expectError(
      await savePlan(user, { quit_date: '2026-03-10', tobacco: [cigarettes, cigarettes] }),
      400,
      Messages.TOBACCO_TYPE_REPEATED.message,
    );
    expect(body.errors?.[0]?.path).toBe('tobacco.1.type');
  });
});

describe('GET /quit-plan/progress', () => {
  it('before the quit date: not started and all zeros', async () => {
    setNow('2026-03-10T06:30:00.000Z');
    const user = await createUser(app);
    await savePlan(user, { quit_date: '2026-03-20', tobacco: [cigarettes] });
    const p = await progress(user);
    expect(p).toMatchObject({
      quit_date: '2026-03-20',
      started: false,
      smoke_free_since: null,
      days_smoke_free: 0,
      longest_streak_days: 0,
      not_used: 0,
      money_saved: 0,
      money_saved_paise: 0,
      slips: 0,
      next_milestone: null,
    });
    expect(p.milestones).toHaveLength(8);
  });

  it('turns at IST midnight, not UTC midnight', async () => {
    const user = await createUser(app);
    setNow('2026-03-10T06:30:00.000Z');
    await savePlan(user, { quit_date: '2026-03-11', tobacco: [cigarettes] });
    setNow('2026-03-10T18:29:59.000Z'); // 23:59:59 IST on 10 March
    expect(await progress(user)).toMatchObject({ started: false, today: '2026-03-10' });
    setNow('2026-03-10T18:30:00.000Z'); // 00:00 IST on 11 March, still 10 March in UTC
    expect(await progress(user)).toMatchObject({
      started: true,
      today: '2026-03-11',
      elapsed_days: 0,
      smoke_free_since: '2026-03-10T18:30:00.000Z',
    });
    setNow('2026-03-11T18:29:00.000Z'); // 23:59 IST on 11 March
    expect(await progress(user)).toMatchObject({ elapsed_days: 0, not_used: 0 });
    setNow('2026-03-11T18:31:00.000Z'); // 00:01 IST on 12 March
    expect(await progress(user)).toMatchObject({
      elapsed_days: 1,
      days_smoke_free: 1,
      not_used: 10,
      money_saved: 180,
      money_saved_paise: 18_000,
    });
  });

  it('counts several tobacco types and slips in the past, priced by type', async () => {
    setNow('2026-03-10T06:30:00.000Z');
    const user = await createUser(app);
    await savePlan(user, {
      quit_date: '2026-03-01',
      tobacco: [cigarettes, { type: 'gutka', per_day: 3, cost_per_day: 10 }],
    });
    await logSlip(user, '2026-03-04T06:00:00.000Z', 2, 'gutka');
    await logSlip(user, '2026-03-06T06:00:00.000Z', 1); // no type: the plan's first (cigarette)
    const p = await progress(user);
    expect(p).toMatchObject({
      started: true,
      elapsed_days: 9,
      slips: 2,
      not_used: (10 + 3) * 9 - 3,
      money_saved_paise: 19_000 * 9 - 2 * 333 - 1800,
      money_saved: (19_000 * 9 - 2 * 333 - 1800) / 100,
      smoke_free_since: '2026-03-06T06:00:00.000Z',
      days_smoke_free: 4,
      longest_streak_days: 4,
    });
    // Runs: 1→4 March (3 days), 4→6 (2), 6→10 (4).
  });

  it('keeps the longest streak when a later slip restarts the run, and resets milestones', async () => {
    setNow('2026-03-20T06:30:00.000Z');
    const user = await createUser(app);
    await savePlan(user, { quit_date: '2026-03-01', tobacco: [cigarettes] });
    const before = await progress(user);
    expect(before).toMatchObject({ days_smoke_free: 19, longest_streak_days: 19 });
    expect(before.milestones.find((m: { key: string }) => m.key === 'circulation').reached).toBe(
      true,
    );

    await logSlip(user, '2026-03-19T14:00:00.000Z', 1);
    const after = await progress(user);
    expect(after).toMatchObject({
      smoke_free_since: '2026-03-19T14:00:00.000Z',
      days_smoke_free: 1,
      longest_streak_days: 18,
      slips: 1,
      not_used: 190 - 1,
    });
    const byKey = Object.fromEntries(
      after.milestones.map((m: { key: string }) => [m.key, m]),
    ) as Record<string, { reached: boolean; reached_at: string | null }>;
    expect(byKey.pulse).toEqual(
      expect.objectContaining({ reached: true, reached_at: '2026-03-19T14:20:00.000Z' }),
    );
    expect(byKey.oxygen!.reached).toBe(true);
    expect(byKey.carbon_monoxide).toEqual(
      expect.objectContaining({ reached: false, reached_at: null }),
    );
    // 16.5 of the 24 hours since the slip.
    expect(after.next_milestone).toEqual({
      key: 'carbon_monoxide',
      after_hours: 24,
      due_at: '2026-03-20T14:00:00.000Z',
      progress: 16.5 / 24,
    });
  });

  it('keeps the milestones reached before a slip as reached, with the date first reached', async () => {
    setNow('2026-03-20T06:30:00.000Z');
    const user = await createUser(app);
    await savePlan(user, { quit_date: '2026-03-01', tobacco: [cigarettes] });
    // Runs: 00:00 IST 1 March → 19 March 19:30 IST (18.8 days), then 15 hours, then the current.
    await logSlip(user, '2026-03-19T14:00:00.000Z', 1);
    await logSlip(user, '2026-03-20T05:00:00.000Z', 1);
    const p = await progress(user);
    const byKey = Object.fromEntries(p.milestones.map((m: { key: string }) => [m.key, m]));
    // Reached in the current run (since 10:30 IST) and, first, 20 minutes after the quit date.
    expect(byKey.pulse).toEqual({
      key: 'pulse',
      after_hours: 1 / 3,
      reached: true,
      reached_at: '2026-03-20T05:20:00.000Z',
      first_reached_at: '2026-02-28T18:50:00.000Z',
    });
    // Not yet in this run, but reached in the first: 24 hours and 14 days after 00:00 IST 1 March.
    expect(byKey.carbon_monoxide).toMatchObject({
      reached: false,
      reached_at: null,
      first_reached_at: '2026-03-01T18:30:00.000Z',
    });
    expect(byKey.circulation).toMatchObject({
      reached: false,
      first_reached_at: '2026-03-14T18:30:00.000Z',
    });
    // The first run did not last 30 days.
    expect(byKey.lungs_clearing).toMatchObject({ reached: false, first_reached_at: null });
    // The ring still measures the current run: 1.5 of the 8 hours to the oxygen milestone.
    expect(p.next_milestone).toMatchObject({ key: 'oxygen', progress: 1.5 / 8 });
  });

  it('never counts below zero', async () => {
    setNow('2026-03-02T06:30:00.000Z');
    const user = await createUser(app);
    await savePlan(user, { quit_date: '2026-03-01', tobacco: [cigarettes] });
    await logSlip(user, '2026-03-01T06:00:00.000Z', 100);
    expect(await progress(user)).toMatchObject({ not_used: 0, money_saved_paise: 0 });
  });

  it('stays one aggregate over a long log (1,000 entries)', async () => {
    setNow('2026-03-10T06:30:00.000Z');
    const user = await createUser(app);
    await savePlan(user, { quit_date: '2025-09-01', tobacco: [cigarettes] });
    const { cravings } = await import('../src/db/schema/companion');
    const start = Date.parse('2025-09-02T00:00:00.000Z');
    await app.db.insert(cravings).values(
      Array.from({ length: 1000 }, (_, i) => ({
        userId: user.id,
        at: new Date(start + i * 4 * 3600_000),
        intensity: 3,
        trigger: 'stress' as const,
        outcome: i % 10 === 0 ? ('slipped' as const) : ('resisted' as const),
        units: i % 10 === 0 ? 1 : null,
      })),
    );
    const p = await progress(user);
    expect(p.slips).toBe(100);
    // The last slip is entry 990, 3,960 hours after the start; the gap between slips is 40 h.
    expect(p.smoke_free_since).toBe(new Date(start + 990 * 4 * 3600_000).toISOString());
  });
});

describe('GET /quit-plan/progress and the session', () => {
  it('refuses a logged-out session although the token is still signed', async () => {
    setNow('2026-03-10T06:30:00.000Z');
    const user = await createUser(app);
    await savePlan(user, { quit_date: '2026-03-01', tobacco: [cigarettes] });
    await progress(user);
    const logout = await app.inject({
      method: 'POST',
      url: '/api/auth/user/logout',
      headers: user.headers,
    });
    expect(logout.statusCode).toBe(200);
    expectError(await app.inject({ url: '/api/quit-plan/progress', headers: user.headers }), 401);
  });
});

describe('PUT /check-ins/{date}', () => {
  async function checkIn(user: TestUser, date: string, body: Record<string, unknown>) {
    return app.inject({
      method: 'PUT',
      url: `/api/check-ins/${date}`,
      headers: user.headers,
      payload: body,
    });
  }

  it('takes today and yesterday (IST) only; 409 outside', async () => {
    setNow('2026-03-10T18:45:00.000Z'); // 00:15 IST on 11 March
    const user = await createUser(app);
    await savePlan(user, { quit_date: '2026-03-01', tobacco: [cigarettes] });
    expect((await checkIn(user, '2026-03-11', { used: false, mood: 4 })).statusCode).toBe(200);
    expect((await checkIn(user, '2026-03-10', { used: false, mood: 3 })).statusCode).toBe(200);
    expectError(
      await checkIn(user, '2026-03-09', { used: false, mood: 3 }),
      409,
      Messages.CHECK_IN_DATE_INVALID.message,
    );
    expectError(await checkIn(user, '2026-03-12', { used: false, mood: 3 }), 409);
    expectError(await checkIn(user, '2026-02-30', { used: false, mood: 3 }), 400);
    const list = await app.inject({ url: '/api/check-ins', headers: user.headers });
    expect(list.json().data.map((c: { date: string }) => c.date)).toEqual([
      '2026-03-10',
      '2026-03-11',
    ]);
  });

  it("'used' records a slip at 21:00 IST; a second PUT replaces; 'not used' removes it", async () => {
    setNow('2026-03-10T06:30:00.000Z');
    const user = await createUser(app);
    await savePlan(user, { quit_date: '2026-03-01', tobacco: [cigarettes] });

    const used = await checkIn(user, '2026-03-09', { used: true, units: 3, mood: 2 });
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json().data).toMatchObject({ date: '2026-03-09', used: true, units: 3, mood: 2 });
    let log = (await app.inject({ url: '/api/cravings', headers: user.headers })).json();
    expect(log.data).toHaveLength(1);
    expect(log.data[0]).toMatchObject({
      at: '2026-03-09T15:30:00.000Z',
      outcome: 'slipped',
      units: 3,
      source: 'check_in',
      trigger: null,
      intensity: null,
    });
    expect(await progress(user)).toMatchObject({ slips: 1, not_used: 90 - 3 });

    await checkIn(user, '2026-03-09', { used: true, units: 1, mood: 2 });
    expect(await progress(user)).toMatchObject({ slips: 1, not_used: 90 - 1 });

    const back = await checkIn(user, '2026-03-09', { used: false, mood: 4 });
    expect(back.json().data).toMatchObject({ used: false, units: null, mood: 4 });
    log = (await app.inject({ url: '/api/cravings', headers: user.headers })).json();
    expect(log.data).toHaveLength(0);
    expect(await progress(user)).toMatchObject({ slips: 0, not_used: 90 });
    const list = await app.inject({ url: '/api/check-ins', headers: user.headers });
    expect(list.json().data).toHaveLength(1);
  });

  it('adds no second slip when the member already logged one that date, and defaults to 1 unit', async () => {
    setNow('2026-03-10T06:30:00.000Z');
    const user = await createUser(app);
    await savePlan(user, { quit_date: '2026-03-01', tobacco: [cigarettes] });
    await logSlip(user, '2026-03-10T04:00:00.000Z', 2);
    await checkIn(user, '2026-03-10', { used: true, mood: 2 });
    expect(await progress(user)).toMatchObject({ slips: 1, not_used: 90 - 2 });

    await checkIn(user, '2026-03-09', { used: true, mood: 2 });
    expect(await progress(user)).toMatchObject({ slips: 2, not_used: 90 - 3 });
  });

  it("refuses 'not used' on a day the member logged a slip, and keeps the slip", async () => {
    setNow('2026-03-10T06:30:00.000Z');
    const user = await createUser(app);
    await savePlan(user, { quit_date: '2026-03-01', tobacco: [cigarettes] });
    await logSlip(user, '2026-03-10T04:00:00.000Z', 2);
    expectError(
      await checkIn(user, '2026-03-10', { used: false, mood: 4 }),
      409,
      Messages.CHECK_IN_CONTRADICTS_LOG.message,
    );
    const list = await app.inject({ url: '/api/check-ins', headers: user.headers });
    expect(list.json().data).toEqual([]);
    expect(await progress(user)).toMatchObject({ slips: 1, not_used: 90 - 2 });
    // Yesterday had no slip: 'not used' is taken there.
    expect((await checkIn(user, '2026-03-09', { used: false, mood: 4 })).statusCode).toBe(200);
    expect((await checkIn(user, '2026-03-10', { used: true, units: 2, mood: 2 })).statusCode).toBe(
      200,
    );
  });

  it('refuses units without use and a mood outside 1–5', async () => {
    const user = await createUser(app);
    const today = new Date(clock.now().getTime() + 5.5 * 3600_000).toISOString().slice(0, 10);
    expectError(await checkIn(user, today, { used: false, units: 2, mood: 3 }), 400);
    expectError(
      await checkIn(user, today, { used: false, mood: 6 }),
      400,
      Messages.CHECK_IN_MOOD_INVALID.message,
    );
  });
});
