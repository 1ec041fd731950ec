import { readFileSync } from 'node:fs';
import { simScoreBand } from '@exhale/contract/sim-scale';
import { asc, count, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { lessons, questions } from '../src/db/schema/programme';
import {
  seedExercises,
  seedLessons,
  seedMediaFolder,
  seedSimTest,
  simStatementOptions,
} from '../src/db/seed/programme';
import { EXERCISES } from '../src/db/seed/programme-content';
import { createUser, programmeApp } from './programme-fixtures';

let app: FastifyInstance;
let db: Database;

async function seedAll() {
  await seedSimTest(db);
  await seedExercises(db);
  await seedLessons(db, app.storage);
}

beforeAll(async () => {
  ({ app, db } = await programmeApp());
  await seedAll();
});

describe('demo programme seed', () => {
  it('is idempotent', async () => {
    const before = {
      statements: await db.select({ n: count() }).from(questions).where(isNotNull(questions.event)),
      exercise: await db.select({ n: count() }).from(questions).where(isNull(questions.event)),
      lessons: await db.select({ n: count() }).from(lessons),
    };
    await seedAll();
    expect(
      await db.select({ n: count() }).from(questions).where(isNotNull(questions.event)),
    ).toEqual(before.statements);
    expect(before.statements[0]!.n).toBe(150);
    const exerciseQuestions = Object.values(EXERCISES).reduce((n, list) => n + list.length, 0);
    expect(before.exercise[0]!.n).toBe(exerciseQuestions);
    expect(await db.select({ n: count() }).from(lessons)).toEqual(before.lessons);
    expect(before.lessons[0]!.n).toBe(18);
  });

  it('serves 50 five-point statements for each test', async () => {
    const user = await createUser(app);
    for (const event of [0, 1, 2]) {
      const res = await app.inject({
        url: `/api/question?event=${event}&limit=inf`,
        headers: user.headers,
      });
      const data = res.json().data as { options: { value: string; point: number }[] }[];
      expect(data).toHaveLength(50);
      for (const q of data) {
        // Statements are phrased as dependence: agreeing earns the fewest points (decision 042).
        expect(q.options.map((o) => o.point)).toEqual([5, 4, 3, 2, 1]);
        expect(q.options[0]!.value).toBe('Strongly Disagree');
        expect(q.options[4]!.value).toBe('Strongly Agree');
      }
    }
  });

  it('scores the heaviest answers lowest and the lightest highest', async () => {
    const statements = (await app.inject({ url: '/api/question?event=0&limit=inf' })).json()
      .data as { _id: string; options: { value: string; point: number }[] }[];
    const scoreWhenAll = async (answer: string) => {
      const answers = statements.map((q) => ({
        question_id: q._id,
        value: q.options.find((o) => o.value === answer)!.point,
      }));
      const res = await app.inject({
        method: 'POST',
        url: '/api/question/score',
        payload: { answers },
      });
      expect(res.statusCode).toBe(200);
      return res.json().data.total_points as number;
    };
    const heaviest = await scoreWhenAll('Strongly Agree');
    const middle = await scoreWhenAll('Agree');
    const lightest = await scoreWhenAll('Strongly Disagree');
    // 50 statements at 1 point; a first attempt shows at most 99 (spec §9).
    expect(heaviest).toBe(50);
    expect(middle).toBe(99);
    expect(lightest).toBe(99);
    expect(simScoreBand(heaviest)).toBe('strong');
    expect(simScoreBand(lightest)).not.toBe('strong');

    // Later attempts only rise above the first, so a first attempt's order is what the keys decide.
    const mixed = statements.map((q, i) => ({
      question_id: q._id,
      value: q.options.find((o) => o.value === (i < 40 ? 'Strongly Agree' : 'Agree'))!.point,
    }));
    const res = await app.inject({
      method: 'POST',
      url: '/api/question/score',
      payload: { answers: mixed },
    });
    expect(res.json().data.total_points).toBe(40 * 1 + 10 * 2);
  });

  it('re-keys statements seeded before decision 042 and leaves an operator’s edits alone', async () => {
    const [first, second] = await db
      .select()
      .from(questions)
      .where(eq(questions.event, 1))
      .orderBy(asc(questions.position))
      .limit(2);
    // The old keys: 'Strongly Disagree' 1 up to 'Strongly Agree' 5.
    const agreementKeyed = simStatementOptions().map((o, i) => ({ ...o, point: i + 1 }));
    expect(agreementKeyed.map((o) => o.point)).toEqual([1, 2, 3, 4, 5]);
    const custom = agreementKeyed.map((o) => ({ ...o, point: o.point * 2 }));
    await db.update(questions).set({ options: agreementKeyed }).where(eq(questions.id, first!.id));
    await db.update(questions).set({ options: custom }).where(eq(questions.id, second!.id));

    await seedSimTest(db);

    const after = await db
      .select()
      .from(questions)
      .where(inArray(questions.id, [first!.id, second!.id]));
    const byId = new Map(after.map((q) => [q.id, q.options]));
    expect(byId.get(first!.id)).toEqual(simStatementOptions());
    expect(byId.get(second!.id)).toEqual(custom);
    await db
      .update(questions)
      .set({ options: simStatementOptions() })
      .where(eq(questions.id, second!.id));
  });

  it('gives a free user the free track and a premium user 7 days of 2 lessons', async () => {
    const free = await createUser(app, { step: 1 });
    const freeList = (await app.inject({ url: '/api/user-lesson', headers: free.headers })).json();
    expect(
      freeList.data.map((l: { lesson_details: { type: string } }) => l.lesson_details.type),
    ).toEqual(['free', 'free', 'free', 'score_explanation']);
    const premium = await createUser(app, { type: 'premium', premiumSince: new Date(), step: 3 });
    const premiumList = (
      await app.inject({ url: '/api/user-lesson', headers: premium.headers })
    ).json();
    expect(premiumList).toMatchObject({ total_days: 7, current_day: 1 });
    expect(premiumList.data).toHaveLength(14);
  });

  it('points lessons only at exercises that exist', async () => {
    // Premium, so the paid lessons' exercises open too.
    const user = await createUser(app, { step: 1, type: 'premium' });
    const rows = await db
      .select({ route: lessons.route, exercises: lessons.exercises })
      .from(lessons);
    const routes = new Set(rows.flatMap((r) => [r.route, ...r.exercises.map((e) => e.route)]));
    routes.delete(null);
    expect(routes.size).toBeGreaterThan(0);
    for (const route of routes) {
      const res = await app.inject({ url: `/api/question?route=${route}`, headers: user.headers });
      expect(res.statusCode, String(route)).toBe(200);
    }
  });
});

describe('lesson media', () => {
  let source: string;
  let thumbnail: string;
  const original = readFileSync(`${seedMediaFolder}free-1.mp4`);

  beforeAll(async () => {
    const user = await createUser(app, { step: 1 });
    const list = (await app.inject({ url: '/api/user-lesson', headers: user.headers })).json();
    ({ source, thumbnail_img: thumbnail } = list.data[0].lesson_details);
  });

  it('lives under a content-addressed key', () => {
    expect(source).toMatch(/^\/media\/lessons\/free-1-[0-9a-f]{12}\.mp4$/);
    expect(thumbnail).toMatch(/^\/media\/lessons\/free-1-[0-9a-f]{12}\.jpg$/);
  });

  it('streams byte ranges (206) with long-lived caching', async () => {
    const res = await app.inject({
      url: source,
      headers: { range: 'bytes=0-99', 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 0-99/${original.length}`);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBe(100);
    expect(res.rawPayload.equals(original.subarray(0, 100))).toBe(true);
  });

  it('serves a later range for seeking, the whole file without a range, and 416 beyond the end', async () => {
    const tail = await app.inject({
      url: source,
      headers: { range: `bytes=${original.length - 10}-` },
    });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe(
      `bytes ${original.length - 10}-${original.length - 1}/${original.length}`,
    );
    expect(tail.rawPayload.equals(original.subarray(-10))).toBe(true);

    const whole = await app.inject({ url: source });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(original)).toBe(true);

    const beyond = await app.inject({
      url: source,
      headers: { range: `bytes=${original.length + 10}-${original.length + 20}` },
    });
    expect(beyond.statusCode).toBe(416);
  });

  it('serves the thumbnail as a JPEG', async () => {
    const res = await app.inject({ url: thumbnail });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
  });
});
