import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cravings, quitPlans } from '../src/db/schema/companion';
import { QuitPlanRepository, storedSlips } from '../src/modules/companion/quit-plan.repository';
import { ManualClock, createTestApp } from './app';
import { createUser, type TestUser } from './programme-fixtures';

// The slip summary the database keeps on each quit plan (migration 0018, decision 066), which
// GET /quit-plan/progress reads instead of the log: after every kind of write it must equal the
// aggregate of the log itself, and slips logged at the same moment must all be counted.

let app: FastifyInstance;
// 12:00 IST on 10 March 2026.
const clock = new ManualClock(Date.parse('2026-03-10T06:30:00.000Z'));
const setNow = (iso: string) => clock.advance(Date.parse(iso) - clock.now().getTime());

beforeAll(async () => {
  app = await createTestApp({}, { clock });
});

const cigarettes = { type: 'cigarette', per_day: 10, cost_per_day: 180 };
const gutka = { type: 'gutka', per_day: 3, cost_per_day: 10 };

async function put(user: TestUser, url: string, payload: Record<string, unknown>) {
  const res = await app.inject({ method: 'PUT', url, headers: user.headers, payload });
  expect(res.statusCode, res.body).toBe(200);
}

async function logSlip(user: TestUser, at: string, units: number, tobacco_type?: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/cravings',
    headers: user.headers,
    payload: { intensity: 4, trigger: 'stress', outcome: 'slipped', units, at, tobacco_type },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { _id: string };
}

async function progress(user: TestUser) {
  const res = await app.inject({ url: '/api/quit-plan/progress', headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** The stored summary next to the log's own aggregate, at a moment after every slip. */
async function summaries(user: TestUser) {
  const repository = new QuitPlanRepository(app.db);
  const plan = (await repository.findByUser(user.id))!;
  const later = new Date('2026-04-01T00:00:00.000Z');
  return { stored: storedSlips(plan, later), fromLog: await repository.slipsAt(plan, later) };
}

const slipRow = (userId: string, at: string, units = 1) => ({
  userId,
  at: new Date(at),
  outcome: 'slipped' as const,
  units,
  intensity: 3,
  trigger: 'stress' as const,
});

describe('the slip summary of a quit plan', () => {
  it('equals the aggregate of the log after every kind of write', async () => {
    const user = await createUser(app);
    const expectInStep = async (count: number) => {
      const { stored, fromLog } = await summaries(user);
      expect(stored).toEqual(fromLog);
      expect(fromLog.count).toBe(count);
    };

    setNow('2026-02-21T06:30:00.000Z');
    await logSlip(user, '2026-02-20T06:00:00.000Z', 4); // before any plan
    await put(user, '/api/quit-plan', { quit_date: '2026-02-15', tobacco: [cigarettes, gutka] });
    await expectInStep(1);
    setNow('2026-03-07T06:30:00.000Z');
    await logSlip(user, '2026-03-02T06:00:00.000Z', 2, 'gutka');
    const untyped = await logSlip(user, '2026-03-06T20:00:00.000Z', 1); // 01:30 IST on the 7th
    await expectInStep(3);
    setNow('2026-03-10T06:30:00.000Z');
    await put(user, '/api/check-ins/2026-03-09', { used: true, units: 3, mood: 2 });
    await expectInStep(4);
    await put(user, '/api/check-ins/2026-03-09', { used: true, units: 1, mood: 2 });
    expect((await summaries(user)).stored?.unitsByType).toEqual({ cigarette: 4 + 1 + 1, gutka: 2 });
    await put(user, '/api/check-ins/2026-03-09', { used: false, mood: 4 });
    await expectInStep(3);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/cravings/${untyped._id}`,
      headers: user.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await expectInStep(2);
    // A later quit date leaves the February slip out; another first type takes the untyped slips.
    await put(user, '/api/quit-plan', { quit_date: '2026-03-01', tobacco: [gutka, cigarettes] });
    await expectInStep(1);
    await put(user, '/api/quit-plan', { quit_date: '2026-02-15', tobacco: [gutka, cigarettes] });
    await expectInStep(2);
    expect((await summaries(user)).stored).toMatchObject({ unitsByType: { gutka: 4 + 2 } });
  });

  it('is not used while a slip lies ahead of now: a slip logged for later counts as now', async () => {
    setNow('2026-03-10T06:30:00.000Z'); // 12:00 IST
    const user = await createUser(app);
    await put(user, '/api/quit-plan', { quit_date: '2026-03-01', tobacco: [cigarettes] });
    // Stored straight in the log, 21:00 IST tonight: no request can log one ahead of now.
    await app.db.insert(cravings).values(slipRow(user.id, '2026-03-10T15:30:00.000Z', 2));
    expect(await progress(user)).toMatchObject({
      slips: 1,
      not_used: 90 - 2,
      smoke_free_since: '2026-03-10T06:30:00.000Z',
      days_smoke_free: 0,
    });
    setNow('2026-03-10T16:00:00.000Z'); // 21:30 IST: the slip is in the past now
    expect(await progress(user)).toMatchObject({
      slips: 1,
      smoke_free_since: '2026-03-10T15:30:00.000Z',
    });
  });

  it('counts slips that two devices log at the same moment', async () => {
    setNow('2026-03-10T06:30:00.000Z');
    const user = await createUser(app);
    await put(user, '/api/quit-plan', { quit_date: '2026-03-01', tobacco: [cigarettes] });

    // The first transaction has logged its slip (and holds the plan) but not committed when the
    // second logs its own; the second must count both once the first commits.
    let commitFirst!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => (commitFirst = resolve));
    let firstLogged!: () => void;
    const firstHasLogged = new Promise<void>((resolve) => (firstLogged = resolve));
    const first = app.db.transaction(async (tx) => {
      await tx.insert(cravings).values(slipRow(user.id, '2026-03-03T06:00:00.000Z'));
      firstLogged();
      await firstMayCommit;
    });
    await firstHasLogged;
    const second = app.db.insert(cravings).values(slipRow(user.id, '2026-03-05T06:00:00.000Z'));
    const secondDone = second.then(() => 'done');
    expect(
      await Promise.race([secondDone, new Promise((r) => setTimeout(r, 200, 'waiting'))]),
    ).toBe('waiting');
    commitFirst();
    await Promise.all([first, secondDone]);

    const { stored, fromLog } = await summaries(user);
    expect(fromLog.count).toBe(2);
    expect(stored).toEqual(fromLog);
    expect(await progress(user)).toMatchObject({ slips: 2 });
  });

  it('counts a slip being logged while the member saves their first plan', async () => {
    setNow('2026-03-10T06:30:00.000Z');
    const user = await createUser(app);
    let commitSlip!: () => void;
    const slipMayCommit = new Promise<void>((resolve) => (commitSlip = resolve));
    let slipLogged!: () => void;
    const slipHasLogged = new Promise<void>((resolve) => (slipLogged = resolve));
    const slip = app.db.transaction(async (tx) => {
      await tx.insert(cravings).values(slipRow(user.id, '2026-03-04T06:00:00.000Z', 3));
      slipLogged();
      await slipMayCommit;
    });
    await slipHasLogged;
    const save = put(user, '/api/quit-plan', { quit_date: '2026-03-01', tobacco: [cigarettes] });
    setTimeout(commitSlip, 200);
    await Promise.all([slip, save]);

    const [plan] = await app.db.select().from(quitPlans).where(eq(quitPlans.userId, user.id));
    expect(plan).toMatchObject({ slipCount: 1, slipUnits: { cigarette: 3 } });
    expect(await progress(user)).toMatchObject({ slips: 1, not_used: 90 - 3 });
  });

  it("reads many members' plans and slips at once, as it reads each member's", async () => {
    setNow('2026-03-10T06:30:00.000Z'); // 12:00 IST
    const [summarised, slipAhead, noPlan] = await Promise.all([
      createUser(app),
      createUser(app),
      createUser(app),
    ]);
    await put(summarised, '/api/quit-plan', { quit_date: '2026-03-01', tobacco: [cigarettes] });
    await logSlip(summarised, '2026-03-04T06:00:00.000Z', 3);
    await put(slipAhead, '/api/quit-plan', { quit_date: '2026-03-01', tobacco: [gutka] });
    // 21:00 IST tonight: the stored summary is not used, the log is read instead.
    await app.db.insert(cravings).values(slipRow(slipAhead.id, '2026-03-10T15:30:00.000Z', 2));

    const repository = new QuitPlanRepository(app.db);
    const now = clock.now();
    const together = await repository.plansWithSlips([summarised.id, slipAhead.id, noPlan.id], now);
    expect([...together.keys()].sort()).toEqual([summarised.id, slipAhead.id].sort());
    for (const user of [summarised, slipAhead]) {
      expect(together.get(user.id)).toEqual(await repository.planWithSlips(user.id, now));
    }
    expect(together.get(summarised.id)!.slips).toMatchObject({ count: 1 });
    expect(together.get(slipAhead.id)!.slips).toMatchObject({ count: 1 });
    expect(await repository.plansWithSlips([], now)).toEqual(new Map());
  });
});
