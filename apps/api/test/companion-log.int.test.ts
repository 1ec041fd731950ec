import { randomUUID } from 'node:crypto';
import { Messages } from '@exhale/contract/messages';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from './admin-fixtures';
import { ManualClock, createTestApp } from './app';
import { createUser, expectError, type TestUser } from './programme-fixtures';

// The craving and slip log, follow-ups, the operator's outcomes and the dependence test.

let app: FastifyInstance;
const clock = new ManualClock(Date.parse('2026-03-10T06:30:00.000Z')); // 12:00 IST
const setNow = (iso: string) => clock.advance(Date.parse(iso) - clock.now().getTime());

beforeAll(async () => {
  app = await createTestApp({}, { clock });
});

const craving = (overrides: Record<string, unknown> = {}) => ({
  intensity: 3,
  trigger: 'tea_coffee',
  outcome: 'resisted',
  ...overrides,
});

async function log(user: TestUser, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/cravings', headers: user.headers, payload: body });
}

async function list(user: TestUser, query = '') {
  const res = await app.inject({ url: `/api/cravings${query}`, headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function savePlan(user: TestUser, quitDate: string) {
  const res = await app.inject({
    method: 'PUT',
    url: '/api/quit-plan',
    headers: user.headers,
    payload: { quit_date: quitDate, tobacco: [{ type: 'bidi', per_day: 20, cost_per_day: 20 }] },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('POST /cravings', () => {
  it('logs a craving now by default and a slip with its units', async () => {
    setNow('2026-03-10T06:30:00.000Z');
    const user = await createUser(app);
    const resisted = await log(user, craving({ note: '  chai break  ' }));
    expect(resisted.statusCode, resisted.body).toBe(201);
    expect(resisted.json().data).toMatchObject({
      at: '2026-03-10T06:30:00.000Z',
      intensity: 3,
      trigger: 'tea_coffee',
      outcome: 'resisted',
      units: null,
      note: 'chai break',
      source: 'craving',
    });
    const slipped = await log(
      user,
      craving({
        outcome: 'slipped',
        units: 2,
        tobacco_type: 'bidi',
        at: '2026-03-09T10:00:00+05:30',
      }),
    );
    expect(slipped.statusCode, slipped.body).toBe(201);
    expect(slipped.json().data).toMatchObject({
      at: '2026-03-09T04:30:00.000Z',
      units: 2,
      tobacco_type: 'bidi',
    });
  });

  it('takes `at` within the last 7 days and not in the future', async () => {
    setNow('2026-03-10T06:30:00.000Z');
    const user = await createUser(app);
    expect((await log(user, craving({ at: '2026-03-03T06:30:00.000Z' }))).statusCode).toBe(201);
    for (const at of ['2026-03-03T06:29:00.000Z', '2026-03-10T06:40:00.000Z']) {
      const body = expectError(
        await log(user, craving({ at })),
        400,
        Messages.CRAVING_TIME_INVALID.message,
      );
      expect(body.errors).toEqual([{ path: 'at', message: Messages.CRAVING_TIME_INVALID.message }]);
    }
  });

  it('requires units for a slip and refuses them for a resisted craving', async () => {
    const user = await createUser(app);
    expectError(
      await log(user, craving({ outcome: 'slipped' })),
      400,
      Messages.SLIP_UNITS_INVALID.message,
    );
    expectError(await log(user, craving({ units: 2 })), 400, Messages.UNITS_ONLY_FOR_SLIPS.message);
    expectError(
      await log(user, craving({ outcome: 'slipped', units: 101 })),
      400,
      Messages.SLIP_UNITS_INVALID.message,
    );
    expectError(
      await log(user, craving({ trigger: 'rain' })),
      400,
      Messages.CRAVING_TRIGGER_INVALID.message,
    );
    expectError(await log(user, craving({ intensity: 6 })), 400);
    expectError(await log(user, craving({ note: 'x'.repeat(501) })), 400);
  });

  it('stores a retried client_id once: 201 first, then 200 with the stored entry', async () => {
    setNow('2026-03-10T06:30:00.000Z');
    const user = await createUser(app);
    const clientId = randomUUID();
    const first = await log(user, craving({ client_id: clientId, intensity: 2 }));
    expect(first.statusCode).toBe(201);
    setNow('2026-03-10T07:30:00.000Z');
    const retry = await log(user, craving({ client_id: clientId, intensity: 5 }));
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data).toEqual(first.json().data);
    expect((await list(user)).data).toHaveLength(1);

    // Concurrent retries: still one entry.
    const concurrent = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => log(user, craving({ client_id: concurrent }))),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.json().data._id)).size).toBe(1);

    // Another member's client_id is theirs alone.
    const other = await createUser(app);
    expect((await log(other, craving({ client_id: clientId }))).statusCode).toBe(201);
  });
});

describe('GET /cravings', () => {
  it('pages newest first with a cursor and summarises the whole range by trigger and IST hour', async () => {
    setNow('2026-03-10T06:30:00.000Z');
    const user = await createUser(app);
    await savePlan(user, '2026-03-01');
    // 07:00, 08:00 … 11:00 IST on 8 March: 5 entries, the last two slips.
    for (let i = 0; i < 5; i++) {
      const at = new Date(Date.parse('2026-03-08T01:30:00.000Z') + i * 3600_000).toISOString();
      const body =
        i < 3
          ? craving({ at, trigger: i === 0 ? 'waking_up' : 'stress' })
          : craving({ at, trigger: 'after_meal', outcome: 'slipped', units: 1 });
      expect((await log(user, body)).statusCode).toBe(201);
    }
    // A check-in slip counts as a slip but not in the trigger and hour charts.
    await app.inject({
      method: 'PUT',
      url: '/api/check-ins/2026-03-09',
      headers: user.headers,
      payload: { used: true, mood: 2 },
    });

    const first = await list(user, '?limit=4');
    expect(first.data.map((e: { at: string }) => e.at)).toEqual([
      '2026-03-09T15:30:00.000Z',
      '2026-03-08T05:30:00.000Z',
      '2026-03-08T04:30:00.000Z',
      '2026-03-08T03:30:00.000Z',
    ]);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await list(user, `?limit=4&cursor=${first.next_cursor}`);
    expect(second.data.map((e: { at: string }) => e.at)).toEqual([
      '2026-03-08T02:30:00.000Z',
      '2026-03-08T01:30:00.000Z',
    ]);
    expect(second.next_cursor).toBeNull();

    const { summary } = first;
    expect(summary).toEqual(second.summary);
    expect(summary.resisted).toBe(3);
    expect(summary.slipped).toBe(3);
    expect(summary.by_trigger).toMatchObject({ waking_up: 1, stress: 2, after_meal: 2, other: 0 });
    expect(summary.by_hour).toHaveLength(24);
    expect(summary.by_hour.slice(7, 12)).toEqual([1, 1, 1, 1, 1]);
    expect(summary.by_hour.reduce((a: number, b: number) => a + b, 0)).toBe(5);
  });

  it('limits entries and summary to the IST dates asked for', async () => {
    setNow('2026-03-10T06:30:00.000Z');
    const user = await createUser(app);
    await log(user, craving({ at: '2026-03-08T18:29:00.000Z' })); // 23:59 IST on 8 March
    await log(user, craving({ at: '2026-03-08T18:30:00.000Z' })); // 00:00 IST on 9 March
    const march9 = await list(user, '?from=2026-03-09&to=2026-03-09');
    expect(march9.data.map((e: { at: string }) => e.at)).toEqual(['2026-03-08T18:30:00.000Z']);
    expect(march9.summary.resisted).toBe(1);
    expect(march9.summary.by_hour[0]).toBe(1);
    const march8 = await list(user, '?to=2026-03-08');
    expect(march8.data.map((e: { at: string }) => e.at)).toEqual(['2026-03-08T18:29:00.000Z']);
    expect(march8.summary.by_hour[23]).toBe(1);
  });

  it('refuses a cursor it did not give', async () => {
    const user = await createUser(app);
    expectError(
      await app.inject({ url: '/api/cravings?cursor=not-a-cursor', headers: user.headers }),
      400,
    );
  });
});

describe('DELETE /cravings/{id}', () => {
  it("deletes the caller's entry; another member's is not found", async () => {
    setNow('2026-03-10T06:30:00.000Z');
    const owner = await createUser(app);
    const other = await createUser(app);
    const id = (await log(owner, craving())).json().data._id;
    const url = `/api/cravings/${id}`;
    expectError(
      await app.inject({ method: 'DELETE', url, headers: other.headers }),
      404,
      Messages.CRAVING_NOT_FOUND.message,
    );
    expect((await list(owner)).data).toHaveLength(1);
    expect((await app.inject({ method: 'DELETE', url, headers: owner.headers })).statusCode).toBe(
      200,
    );
    expect((await list(owner)).data).toHaveLength(0);
    expectError(await app.inject({ method: 'DELETE', url, headers: owner.headers }), 404);
    expectError(
      await app.inject({ method: 'DELETE', url: '/api/cravings/nope', headers: owner.headers }),
      404,
    );
  });

  it("never shows one member's log to another", async () => {
    const owner = await createUser(app);
    const other = await createUser(app);
    await log(owner, craving());
    expect((await list(other)).data).toEqual([]);
    expect((await list(other)).summary.resisted).toBe(0);
  });
});

describe('follow-ups', () => {
  async function followUps(user: TestUser) {
    const res = await app.inject({ url: '/api/follow-ups', headers: user.headers });
    return res;
  }
  const answer = (user: TestUser, week: number, smoked: boolean) =>
    app.inject({
      method: 'PUT',
      url: `/api/follow-ups/${week}`,
      headers: user.headers,
      payload: { smoked_last_7_days: smoked },
    });

  it('needs a quit plan', async () => {
    const user = await createUser(app);
    expectError(await followUps(user), 404, Messages.NO_QUIT_PLAN.message);
    expectError(await answer(user, 4, false), 404, Messages.NO_QUIT_PLAN.message);
  });

  it('falls due 4, 12 and 26 weeks after the quit date and is open for 28 days', async () => {
    setNow('2026-01-31T06:30:00.000Z');
    const user = await createUser(app);
    await savePlan(user, '2026-01-31');
    const before = await followUps(user);
    expect(before.json().data).toEqual([
      { week: 4, due_on: '2026-02-28', open: false, answered_at: null, smoked_last_7_days: null },
      { week: 12, due_on: '2026-04-25', open: false, answered_at: null, smoked_last_7_days: null },
      { week: 26, due_on: '2026-08-01', open: false, answered_at: null, smoked_last_7_days: null },
    ]);
    setNow('2026-02-27T18:29:00.000Z'); // 23:59 IST on 27 February
    expectError(await answer(user, 4, false), 409, Messages.FOLLOW_UP_NOT_OPEN.message);
    setNow('2026-02-27T18:30:00.000Z'); // 00:00 IST on 28 February
    const answered = await answer(user, 4, false);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().data).toEqual({
      week: 4,
      due_on: '2026-02-28',
      open: true,
      answered_at: '2026-02-27T18:30:00.000Z',
      smoked_last_7_days: false,
    });
    // Changed while open.
    expect((await answer(user, 4, true)).json().data.smoked_last_7_days).toBe(true);
    setNow('2026-03-27T18:29:00.000Z'); // 23:59 IST on 27 March: day 27, still open
    expect((await answer(user, 4, false)).statusCode).toBe(200);
    setNow('2026-03-27T18:30:00.000Z'); // 28 March: closed
    expectError(await answer(user, 4, true), 409, Messages.FOLLOW_UP_NOT_OPEN.message);
    expect((await followUps(user)).json().data[0]).toMatchObject({
      open: false,
      smoked_last_7_days: false,
    });
    expectError(await answer(user, 5, true), 400, Messages.FOLLOW_UP_WEEK_INVALID.message);
  });
});

describe('GET /admin/outcomes', () => {
  it('reports cohorts by month of quit date with responder and everyone-counted rates', async () => {
    const admin = await createAdmin(app);
    // Three members quit in a cohort month of their own (so other tests' plans do not mix in).
    setNow('2025-06-01T06:30:00.000Z');
    const members = await Promise.all([1, 2, 3].map(() => createUser(app)));
    for (const m of members) await savePlan(m, '2025-05-20');
    const late = await createUser(app);
    await savePlan(late, '2025-05-31');
    // Week 4 of 20 May is 17 June; of 31 May, 28 June.
    setNow('2025-06-18T06:30:00.000Z');
    const put = (user: TestUser, smoked: boolean) =>
      app.inject({
        method: 'PUT',
        url: '/api/follow-ups/4',
        headers: user.headers,
        payload: { smoked_last_7_days: smoked },
      });
    expect((await put(members[0]!, false)).statusCode).toBe(200);
    expect((await put(members[1]!, true)).statusCode).toBe(200);
    // members[2] does not answer; `late` is not due yet.

    const res = await app.inject({
      url: '/api/admin/outcomes?group=month',
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const may = res.json().data.find((c: { cohort: string }) => c.cohort === '2025-05');
    expect(may).toEqual({
      cohort: '2025-05',
      members: 4,
      week4: { due: 3, answered: 2, abstinent: 1, rate_responders: 0.5, rate_all: 0.3333 },
      week12: { due: 0, answered: 0, abstinent: 0, rate_responders: null, rate_all: null },
      week26: { due: 0, answered: 0, abstinent: 0, rate_responders: null, rate_all: null },
    });
    const member = await createUser(app);
    expect(
      (await app.inject({ url: '/api/admin/outcomes', headers: member.headers })).statusCode,
    ).toBe(403);
  });
});

describe('dependence test', () => {
  const answers = (variant: 'smoking' | 'smokeless', points: number[]) =>
    points.map((value, i) => ({
      question_id: variant === 'smoking' ? `ftnd_${i + 1}` : `ftnd_st_${i + 1}`,
      value,
    }));

  it('serves the questions of each variant publicly', async () => {
    const smoking = await app.inject({ url: '/api/dependence-test?variant=smoking' });
    expect(smoking.statusCode).toBe(200);
    expect(smoking.json().data).toHaveLength(6);
    expect(smoking.json().data[0]).toMatchObject({
      _id: 'ftnd_1',
      options: [
        { value: 'Within 5 minutes', point: 3 },
        { value: '6–30 minutes', point: 2 },
        { value: '31–60 minutes', point: 1 },
        { value: 'After 60 minutes', point: 0 },
      ],
    });
    const smokeless = await app.inject({ url: '/api/dependence-test?variant=smokeless' });
    expect(smokeless.json().data.map((q: { _id: string }) => q._id)).toEqual([
      'ftnd_st_1',
      'ftnd_st_2',
      'ftnd_st_3',
      'ftnd_st_4',
      'ftnd_st_5',
      'ftnd_st_6',
    ]);
    expectError(await app.inject({ url: '/api/dependence-test?variant=hookah' }), 400);
  });

  it('scores anonymously without storing, and stores with a session', async () => {
    setNow('2026-03-10T06:30:00.000Z');
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/dependence-test',
      payload: { variant: 'smoking', answers: answers('smoking', [3, 1, 1, 2, 1, 0]) },
    });
    expect(anonymous.statusCode, anonymous.body).toBe(200);
    expect(anonymous.json().data).toEqual({
      score: 8,
      level: 'very_high',
      variant: 'smoking',
      stored: false,
    });

    const user = await createUser(app);
    const post = (body: object, headers = user.headers) =>
      app.inject({ method: 'POST', url: '/api/dependence-test', headers, payload: body });
    const first = await post({
      variant: 'smokeless',
      answers: answers('smokeless', [2, 1, 0, 1, 1, 0]),
    });
    expect(first.json().data).toEqual({
      score: 5,
      level: 'medium',
      variant: 'smokeless',
      stored: true,
    });
    setNow('2026-03-11T06:30:00.000Z');
    await post({ variant: 'smoking', answers: answers('smoking', [0, 0, 0, 0, 0, 1]) });
    // An expired or forged token leaves the caller anonymous: scored, not stored.
    const forged = await post(
      { variant: 'smoking', answers: answers('smoking', [0, 0, 0, 0, 0, 0]) },
      { authorization: 'Bearer not.a.token' },
    );
    expect(forged.json().data).toMatchObject({ score: 0, stored: false });

    const history = await app.inject({
      url: '/api/dependence-test/history',
      headers: user.headers,
    });
    expect(history.json().data).toEqual([
      { variant: 'smokeless', score: 5, level: 'medium', created_at: '2026-03-10T06:30:00.000Z' },
      { variant: 'smoking', score: 1, level: 'very_low', created_at: '2026-03-11T06:30:00.000Z' },
    ]);
    const other = await createUser(app);
    const none = await app.inject({ url: '/api/dependence-test/history', headers: other.headers });
    expect(none.json().data).toEqual([]);
  });

  it('refuses unanswered, unknown and out-of-scale answers', async () => {
    const post = (body: object) =>
      app.inject({ method: 'POST', url: '/api/dependence-test', payload: body });
    expectError(
      await post({ variant: 'smoking', answers: answers('smoking', [3, 1, 1, 2, 1]) }),
      400,
      Messages.ANSWER_ALL_QUESTIONS.message,
    );
    expectError(
      await post({ variant: 'smoking', answers: answers('smokeless', [0, 0, 0, 0, 0, 0]) }),
      400,
      Messages.DEPENDENCE_ANSWER_UNKNOWN.message,
    );
    const body = expectError(
      await post({ variant: 'smoking', answers: answers('smoking', [3, 2, 1, 2, 1, 0]) }),
      400,
      Messages.DEPENDENCE_ANSWER_UNKNOWN.message,
    );
    expect(body.errors).toEqual([
      { path: 'answers.1.value', message: Messages.DEPENDENCE_ANSWER_UNKNOWN.message },
    ]);
  });
});

describe('the console member detail', () => {
  it("shows the member's quit plan, progress and latest log, or null", async () => {
    setNow('2026-03-10T06:30:00.000Z');
    const admin = await createAdmin(app);
    const user = await createUser(app);
    const detail = async () =>
      (await app.inject({ url: `/api/admin/users/${user.id}`, headers: admin.headers })).json()
        .data;
    expect((await detail()).quit).toBeNull();
    await savePlan(user, '2026-03-01');
    await log(user, craving({ outcome: 'slipped', units: 3 }));
    const { quit } = await detail();
    expect(quit.plan).toMatchObject({ quit_date: '2026-03-01' });
    expect(quit.progress).toMatchObject({ started: true, slips: 1, not_used: 20 * 9 - 3 });
    expect(quit.recent_log).toHaveLength(1);
  });
});
