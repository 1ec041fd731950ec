import { Step } from '@exhale/contract/steps';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { userExercises } from '../src/db/schema/programme';
import {
  createUser,
  expectError,
  programmeApp,
  seedFixtureCatalogue,
  type TestUser,
} from './programme-fixtures';

/** The programme (exercises, live sessions) opens with the first SIM test taken. */
const AFTER_FIRST_TEST = { step: Step.WATCHING_FREE_LESSONS };

let app: FastifyInstance;
let db: Database;
let ids: string[];

beforeAll(async () => {
  ({ app, db } = await programmeApp());
  await seedFixtureCatalogue(db);
  const user = await createUser(app, AFTER_FIRST_TEST);
  const res = await app.inject({ url: '/api/question?route=ex-a', headers: user.headers });
  ids = res.json().data.map((q: { _id: string }) => q._id);
});

function submit(user: TestUser, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/user-exercise', headers: user.headers, payload });
}

const complete = () => [
  { question_id: ids[0], value: 4 },
  { question_id: ids[1], value: ['Tea', 'Stress'] },
  { question_id: ids[2], value: '  A walk after lunch  ' },
];

describe('exercises', () => {
  it("refuses a user who has not taken the first test with 'Please Take Test', storing nothing", async () => {
    const user = await createUser(app, { step: Step.FIRST_TEST_PENDING });
    expectError(
      await submit(user, { exercise: 'ex-a', answers: complete() }),
      403,
      'Please Take Test',
    );
    expect(await db.select().from(userExercises).where(eq(userExercises.userId, user.id))).toEqual(
      [],
    );
  });

  it('stores a complete submission once and lists it', async () => {
    const user = await createUser(app, AFTER_FIRST_TEST);
    const empty = await app.inject({ url: '/api/user-exercise/list', headers: user.headers });
    expect(empty.json()).toEqual({ success: true, data: [] });

    const res = await submit(user, { exercise: 'ex-a', answers: complete() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Exercise completed and submitted successfully',
      data: { exercise: 'ex-a' },
    });
    const [row] = await db.select().from(userExercises).where(eq(userExercises.userId, user.id));
    expect(row!.answers).toEqual([
      { question_id: ids[0], value: 4 },
      { question_id: ids[1], value: ['Tea', 'Stress'] },
      { question_id: ids[2], value: 'A walk after lunch' },
    ]);

    const list = await app.inject({ url: '/api/user-exercise/list', headers: user.headers });
    expect(list.json().data).toEqual([
      { exercise: 'ex-a', created_at: expect.stringMatching(/Z$/) },
    ]);
  });

  it('answers 409 when the exercise was already answered', async () => {
    const user = await createUser(app, AFTER_FIRST_TEST);
    expect((await submit(user, { exercise: 'ex-a', answers: complete() })).statusCode).toBe(201);
    const again = await submit(user, { exercise: 'ex-a', answers: complete() });
    expect(expectError(again, 409).code).toBe('EXERCISE_ALREADY_SUBMITTED');
  });

  it('lets only one of two simultaneous submissions through', async () => {
    const user = await createUser(app, AFTER_FIRST_TEST);
    const results = await Promise.all([
      submit(user, { exercise: 'ex-b', answers: [{ question_id: 'x', value: 'x' }] }),
      submit(user, { exercise: 'ex-a', answers: complete() }),
      submit(user, { exercise: 'ex-a', answers: complete() }),
    ]);
    expect(
      results
        .slice(1)
        .map((r) => r.statusCode)
        .sort(),
    ).toEqual([201, 409]);
  });

  it('asks for every question to be answered', async () => {
    const user = await createUser(app, AFTER_FIRST_TEST);
    const missing = complete().slice(0, 2);
    const res = await submit(user, { exercise: 'ex-a', answers: missing });
    expect(expectError(res, 400, 'Please complete all exercise questions').code).toBe(
      'EXERCISE_INCOMPLETE',
    );
    const blank = complete().map((a, i) => (i === 2 ? { ...a, value: '   ' } : a));
    expectError(await submit(user, { exercise: 'ex-a', answers: blank }), 400);
    const none = complete().map((a, i) => (i === 1 ? { ...a, value: [] } : a));
    expectError(await submit(user, { exercise: 'ex-a', answers: none }), 400);
    const list = await app.inject({ url: '/api/user-exercise/list', headers: user.headers });
    expect(list.json().data).toEqual([]);
  });

  it('checks each value against its question type', async () => {
    const user = await createUser(app, AFTER_FIRST_TEST);
    const replace = (i: number, value: unknown) =>
      complete().map((a, j) => (j === i ? { ...a, value } : a));
    for (const answers of [
      replace(0, 9),
      replace(0, 'Maybe'),
      replace(1, ['Coffee']),
      replace(1, 'Tea'),
      replace(2, 3),
      replace(2, 'a'.repeat(2001)),
    ]) {
      expectError(await submit(user, { exercise: 'ex-a', answers }), 400);
    }
    // A radio answer may also be the option's text.
    const byText = await submit(user, { exercise: 'ex-a', answers: replace(0, 'Agree') });
    expect(byText.statusCode, byText.body).toBe(201);
  });

  it('answers 404 for an unknown route and 401 without a session', async () => {
    const user = await createUser(app, AFTER_FIRST_TEST);
    const res = await submit(user, { exercise: 'no-such-thing', answers: complete() });
    expectError(res, 404, 'No exercise found');
    expectError(await app.inject({ url: '/api/user-exercise/list' }), 401);
    expectError(await app.inject({ method: 'POST', url: '/api/user-exercise', payload: {} }), 401);
  });
});
