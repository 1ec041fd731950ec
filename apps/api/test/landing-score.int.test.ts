import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAttempts } from '../src/db/schema/sim';
import type { Database } from '../src/db/client';
import { expectError, programmeApp, seedFixtureCatalogue } from './programme-fixtures';

let app: FastifyInstance;
let db: Database;

beforeAll(async () => {
  ({ app, db } = await programmeApp({}));
  await seedFixtureCatalogue(db);
});

async function landingAnswers(point: number) {
  const res = await app.inject({ url: '/api/question?event=0&limit=inf' });
  return (res.json().data as { _id: string }[]).map((q) => ({ question_id: q._id, value: point }));
}

describe('POST /question/score (the landing-page test)', () => {
  it('scores a visitor’s answers on the server without a session and saves nothing', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/question/score',
      payload: { answers: await landingAnswers(4), total_points: 99 },
    });
    expect(res.statusCode).toBe(200);
    // Three fixture statements answered with 4 points each: a first attempt keeps its raw total.
    expect(res.json()).toEqual({ success: true, data: { total_points: 12 } });
    expect(await db.select().from(testAttempts)).toHaveLength(0);
  });

  it('refuses unanswered statements and points that are not options', async () => {
    const answers = await landingAnswers(3);
    expectError(
      await app.inject({
        method: 'POST',
        url: '/api/question/score',
        payload: { answers: answers.slice(1) },
      }),
      400,
      'Please answer all questions',
    );
    const forged = answers.map((a) => ({ ...a, value: 50 }));
    const res = await app.inject({
      method: 'POST',
      url: '/api/question/score',
      payload: { answers: forged },
    });
    expect(res.statusCode).toBe(400);
  });
});
