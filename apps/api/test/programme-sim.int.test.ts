import { Messages } from '@exhale/contract/messages';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { userLessons } from '../src/db/schema/programme';
import { testAttempts } from '../src/db/schema/sim';
import { grantPremiumLessons } from '../src/modules/lessons/lessons.module';
import {
  ScriptedRandom,
  answersFor,
  createUser,
  expectError,
  programmeApp,
  seedFixtureCatalogue,
  userRow,
  type TestUser,
} from './programme-fixtures';

const random = new ScriptedRandom();
let app: FastifyInstance;
let db: Database;

beforeAll(async () => {
  ({ app, db } = await programmeApp({ random: random.source }));
  await seedFixtureCatalogue(db);
});

function submit(user: TestUser, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/user-answer', headers: user.headers, payload });
}

describe('GET /question', () => {
  it('serves the landing test (event 0) without a session, in order, without option ids', async () => {
    const res = await app.inject({ url: '/api/question?event=0&limit=inf' });
    expect(res.statusCode).toBe(200);
    const { success, data } = res.json();
    expect(success).toBe(true);
    expect(data.map((q: { question: string }) => q.question)).toEqual([
      'Event 0 statement 1',
      'Event 0 statement 2',
      'Event 0 statement 3',
    ]);
    expect(Object.keys(data[0]).sort()).toEqual(['_id', 'options', 'question', 'question_type']);
    expect(data[0].options[0]).toEqual({ value: 'Strongly Disagree', point: 1 });
    expect(data[0].options[4]).toEqual({ value: 'Strongly Agree', point: 5 });
  });

  it('needs a session for events 1 and 2 and for exercises', async () => {
    for (const query of ['event=1', 'event=2&limit=inf', 'route=ex-a']) {
      expectError(await app.inject({ url: `/api/question?${query}` }), 401, 'Please Login');
    }
    const user = await createUser(app);
    const res = await app.inject({ url: '/api/question?event=1', headers: user.headers });
    expect(res.json().data).toHaveLength(3);
  });

  it('caps the list with a numeric limit', async () => {
    const res = await app.inject({ url: '/api/question?event=0&limit=2' });
    expect(res.json().data).toHaveLength(2);
  });

  it('gives exercise questions their id and route, on the question and its options', async () => {
    // Past the first test: a step-0 member is sent to it first (decision 022).
    const user = await createUser(app, { step: 1 });
    const res = await app.inject({ url: '/api/question?route=ex-a', headers: user.headers });
    expect(res.statusCode).toBe(200);
    const [first, second, third] = res.json().data;
    expect(first).toMatchObject({ id: first._id, route: 'ex-a', question_type: 'radio' });
    expect(first.options[0]).toEqual({
      id: 'o1',
      value: 'Strongly Disagree',
      point: 1,
      route: 'ex-a',
    });
    expect(second.question_type).toBe('checkbox');
    expect(third).toMatchObject({ question_type: 'textarea', options: [] });
  });

  it('answers 404 for an unknown exercise route', async () => {
    const user = await createUser(app, { step: 1 });
    const res = await app.inject({
      url: '/api/question?route=nothing-here',
      headers: user.headers,
    });
    expect(expectError(res, 404, 'No exercise found').code).toBe('EXERCISE_NOT_FOUND');
  });

  it('refuses a query with neither or both of event and route, or a bad event', async () => {
    const user = await createUser(app);
    for (const query of ['', 'event=1&route=ex-a', 'event=3', 'event=0&limit=all']) {
      expectError(await app.inject({ url: `/api/question?${query}`, headers: user.headers }), 400);
    }
  });
});

describe('SIM test', () => {
  it('starts with no attempts and the landing test as the next event', async () => {
    const user = await createUser(app);
    const res = await app.inject({ url: '/api/user-answer', headers: user.headers });
    expect(res.json()).toEqual({ success: true, data: [], next_event: 0 });
  });

  it('scores the first test from the stored points (capped at 99), ignoring a client total', async () => {
    const user = await createUser(app, { step: 0 });
    const answers = await answersFor(app, user, 0, 4);
    const res = await submit(user, { answers, total_points: 250 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      message: "Congratulations! You've completed the test",
      data: { total_points: 12, attempt: 1 },
      step: 1,
    });
    const row = await userRow(app, user.id);
    expect(row.step).toBe(1);
    expect(row.totalPoints).toBe(12);

    const list = await app.inject({ url: '/api/user-answer', headers: user.headers });
    const body = list.json();
    expect(body.next_event).toBe(1);
    expect(body.data).toEqual([
      { total_points: 12, attempt: 1, created_at: expect.stringMatching(/Z$/) },
    ]);
  });

  it('refuses the test at steps 1, 3 and 4 with 403', async () => {
    for (const step of [1, 3, 4]) {
      const user = await createUser(app, { step });
      const res = await submit(user, { answers: await answersFor(app, user, 0) });
      const body = expectError(res, 403, Messages.TEST_NOT_AVAILABLE.message);
      expect(body.code).toBe('TEST_NOT_AVAILABLE');
    }
  });

  it('asks for every statement to be answered', async () => {
    const user = await createUser(app, { step: 0 });
    const answers = await answersFor(app, user, 0);
    const res = await submit(user, { answers: answers.slice(1) });
    expect(expectError(res, 400, 'Please answer all questions').code).toBe('ANSWER_ALL_QUESTIONS');
    expectError(await submit(user, { answers: [] }), 400, 'Please answer all questions');
    expect((await userRow(app, user.id)).step).toBe(0);
  });

  it('refuses points that are not an option, and statements of another event', async () => {
    const user = await createUser(app, { step: 0 });
    const answers = await answersFor(app, user, 0);
    const bad = answers.map((a, i) => (i === 0 ? { ...a, value: 7 } : a));
    expectError(await submit(user, { answers: bad }), 400, Messages.TEST_SAVE_FAILED.message);
    const otherEvent = await answersFor(app, user, 1);
    expectError(
      await submit(user, { answers: otherEvent }),
      400,
      Messages.TEST_SAVE_FAILED.message,
    );
  });

  it('lets only one of two simultaneous submissions through', async () => {
    const user = await createUser(app, { step: 0 });
    const answers = await answersFor(app, user, 0);
    const results = await Promise.all([submit(user, { answers }), submit(user, { answers })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 403]);
    const rows = await db.select().from(testAttempts);
    expect(rows.filter((r) => r.userId === user.id)).toHaveLength(1);
  });

  /** A user at step 2 whose earlier attempts are stored as given. */
  async function atSecondTest(attempts: { raw: number | null; score: number }[], extra = {}) {
    const user = await createUser(app, { step: 2, ...extra });
    for (const [i, a] of attempts.entries()) {
      await db
        .insert(testAttempts)
        .values({ userId: user.id, attempt: i + 1, rawPoints: a.raw, totalPoints: a.score });
    }
    return user;
  }

  it('scores the second test (event 1) above the first, with the injected randomness', async () => {
    const user = await atSecondTest([{ raw: 6, score: 6 }]);
    const landing = await answersFor(app, user, 0, 2);
    expectError(await submit(user, { answers: landing }), 400, Messages.TEST_SAVE_FAILED.message);

    random.next = 0.5; // (6, 250]: 7 + floor(0.5 × 244) = 129
    const res = await submit(user, { answers: await answersFor(app, user, 1, 5) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ data: { total_points: 129, attempt: 2 }, step: 3 });
    expect(await userRow(app, user.id)).toMatchObject({ step: 3, totalPoints: 129 });
  });

  it('keeps the previous score when the raw points are the same', async () => {
    const user = await atSecondTest([
      { raw: 9, score: 9 },
      { raw: 15, score: 180 },
    ]);
    const res = await submit(user, { answers: await answersFor(app, user, 1, 5) });
    expect(res.json()).toMatchObject({ data: { total_points: 180, attempt: 3 }, step: 3 });
  });

  it('lifts a low draw into [101, 249]', async () => {
    const user = await atSecondTest([{ raw: 9, score: 9 }]);
    random.next = 0; // first draw 10 (≤ 100), then the lowest of [101, 249]
    const res = await submit(user, { answers: await answersFor(app, user, 1, 1) });
    expect(res.json().data.total_points).toBe(101);
  });

  it('treats a landing-page score brought to sign-up (no raw points) as different answers', async () => {
    const user = await atSecondTest([{ raw: null, score: 3 }]);
    random.next = 0.5; // (3, 250]: 4 + floor(0.5 × 247) = 127
    const res = await submit(user, { answers: await answersFor(app, user, 1, 1) });
    expect(res.json().data.total_points).toBe(127);
  });

  it('uses event 2 once the premium programme is watched to the end', async () => {
    const user = await atSecondTest(
      [
        { raw: 6, score: 6 },
        { raw: 9, score: 150 },
      ],
      {
        type: 'premium',
        premiumSince: new Date(),
      },
    );
    await db.transaction((tx) => grantPremiumLessons(tx, user.id));
    const before = await app.inject({ url: '/api/user-answer', headers: user.headers });
    expect(before.json().next_event).toBe(1);

    await db
      .update(userLessons)
      .set({ status: 'completed' })
      .where(eq(userLessons.userId, user.id));
    const after = await app.inject({ url: '/api/user-answer', headers: user.headers });
    expect(after.json().next_event).toBe(2);
    expectError(await submit(user, { answers: await answersFor(app, user, 1) }), 400);
    const res = await submit(user, { answers: await answersFor(app, user, 2, 4) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ data: { attempt: 3 }, step: 3 });
  });
});
