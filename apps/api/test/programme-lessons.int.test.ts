import { Messages } from '@exhale/contract/messages';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { lessonFeedback, lessons, userLessons } from '../src/db/schema/programme';
import { users } from '../src/db/schema/users';
import { grantPremiumLessons } from '../src/modules/lessons/lessons.module';
import { ManualClock } from './app';
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

// 2026-03-10 12:00 IST.
const clock = new ManualClock(Date.parse('2026-03-10T06:30:00Z'));
// A second app on the same database whose clock sits just before IST midnight.
const local = new ManualClock(Date.parse('2026-03-09T18:20:00Z'));
let app: FastifyInstance;
let dayApp: { app: FastifyInstance };
let db: Database;

beforeAll(async () => {
  ({ app, db } = await programmeApp({ clock, random: new ScriptedRandom().source }));
  dayApp = await programmeApp({ clock: local });
  await seedFixtureCatalogue(db);
});

type Lesson = {
  _id: string;
  status: string;
  isActive: string;
  pause_time: number;
  seconds_viewed: number;
  is_viewed: boolean;
  feedback: string | null;
  exercises: { time: number; route: string }[];
  lesson_details: Record<string, unknown> & { title: string; day: number; type: string };
};

async function listLessons(user: TestUser, day?: number) {
  const res = await app.inject({
    url: `/api/user-lesson${day === undefined ? '' : `?day=${day}`}`,
    headers: user.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: Lesson[];
    total_days: number;
    current_day: number | null;
    day_opens_at: string[] | null;
  };
}

function put(user: TestUser, id: string, payload: Record<string, unknown>) {
  return app.inject({
    method: 'PUT',
    url: `/api/user-lesson/${id}`,
    headers: user.headers,
    payload,
  });
}

async function view(user: TestUser, id: string) {
  const res = await put(user, id, { is_viewed: true });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Lesson; step: number };
}

const statuses = (list: Lesson[]) =>
  list.map((l) => `${String(l.lesson_details.title).replace('Lesson ', '')}:${l.status}`);

describe('GET /user-lesson (free track)', () => {
  it('copies the free track on first read, opens the first lesson and resolves media URLs', async () => {
    const user = await createUser(app, { step: 1 });
    const { data, total_days, current_day } = await listLessons(user);
    expect(statuses(data)).toEqual(['f1:active', 'f2:inactive', 'f3:inactive', 'score:inactive']);
    expect(total_days).toBe(1);
    expect(current_day).toBeNull();
    expect((await listLessons(user)).day_opens_at).toBeNull();
    const [first, , third] = data;
    expect(first).toMatchObject({
      isActive: 'active',
      pause_time: 0,
      seconds_viewed: 0,
      is_viewed: false,
      feedback: null,
      exercises: [{ time: 5, route: 'ex-a' }],
      lesson_details: {
        title: 'Lesson f1',
        content: 'About f1',
        day: 1,
        video_order: 1,
        source: '/media/lessons/f1.mp4',
        thumbnail_img: '/media/lessons/f1.jpg',
        total_duration: 20,
        is_paid: false,
        type: 'free',
        route: null,
        captions: null,
      },
    });
    expect(third!.lesson_details).toMatchObject({
      source: 'https://cdn.example/f3.mp4',
      thumbnail_img: null,
    });
    expect(data[1]!.lesson_details.route).toBe('ex-b');
  });

  it('is idempotent: a second read creates nothing new', async () => {
    const user = await createUser(app, { step: 1 });
    await listLessons(user);
    await listLessons(user);
    const rows = await db.select().from(userLessons).where(eq(userLessons.userId, user.id));
    expect(rows).toHaveLength(4);
  });

  it('filters by day for free users without a day limit', async () => {
    const user = await createUser(app, { step: 1 });
    expect((await listLessons(user, 1)).data).toHaveLength(4);
    expect((await listLessons(user, 2)).data).toHaveLength(0);
  });

  it('needs a session and a sane day', async () => {
    expectError(await app.inject({ url: '/api/user-lesson' }), 401);
    const user = await createUser(app);
    expectError(await app.inject({ url: '/api/user-lesson?day=0', headers: user.headers }), 400);
    expectError(await app.inject({ url: '/api/user-lesson?day=x', headers: user.headers }), 400);
  });
});

describe('PUT /user-lesson/{id}', () => {
  it('keeps each user to their own lessons (404)', async () => {
    const owner = await createUser(app, { step: 1 });
    const other = await createUser(app, { step: 1 });
    const [lesson] = (await listLessons(owner)).data;
    const res = await put(other, lesson!._id, { is_viewed: true });
    expect(expectError(res, 404).code).toBe('LESSON_NOT_FOUND');
    expectError(await put(other, lesson!._id, { pause_time: 3 }), 404);
    expectError(await put(owner, 'not-a-uuid', { pause_time: 3 }), 404);
    expect((await listLessons(owner)).data[0]!.status).toBe('active');
  });

  it('refuses to view a locked lesson', async () => {
    const user = await createUser(app, { step: 1 });
    const { data } = await listLessons(user);
    const res = await put(user, data[2]!._id, { is_viewed: true });
    const body = expectError(res, 403, 'Watch previously unlocked lessons.');
    expect(body.code).toBe('LESSON_LOCKED_PLAYER');
    expectError(await put(user, data[2]!._id, { seconds_viewed: 5 }), 403);
  });

  it('asks for the first test before the free lessons count', async () => {
    const user = await createUser(app, { step: 0 });
    const { data } = await listLessons(user);
    expectError(await put(user, data[0]!._id, { is_viewed: true }), 403, 'Please Take Test');
  });

  it('takes exactly one field', async () => {
    const user = await createUser(app, { step: 1 });
    const [lesson] = (await listLessons(user)).data;
    expectError(await put(user, lesson!._id, {}), 400, 'Please Check Inputs');
    expectError(await put(user, lesson!._id, { is_viewed: true, pause_time: 0 }), 400);
    expectError(await put(user, lesson!._id, { is_viewed: false }), 400);
  });

  it('stores the pause time, capped at the duration', async () => {
    const user = await createUser(app, { step: 1 });
    const [lesson] = (await listLessons(user)).data;
    const res = await put(user, lesson!._id, { pause_time: 7.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { pause_time: 7.5 }, step: 1 });
    expect((await put(user, lesson!._id, { pause_time: 999 })).json().data.pause_time).toBe(20);
  });

  it('only moves seconds_viewed forward, and never beyond the duration', async () => {
    const user = await createUser(app, { step: 1 });
    const [lesson] = (await listLessons(user)).data;
    const seconds = async (value: number) =>
      (await put(user, lesson!._id, { seconds_viewed: value })).json().data.seconds_viewed;
    expect(await seconds(8)).toBe(8);
    expect(await seconds(3)).toBe(8);
    expect(await seconds(500)).toBe(20);
    expect(await seconds(12)).toBe(20);
    expectError(await put(user, lesson!._id, { seconds_viewed: -1 }), 400);
  });

  it('stores a question for the operators', async () => {
    const user = await createUser(app, { step: 1 });
    const [lesson] = (await listLessons(user)).data;
    const res = await put(user, lesson!._id, { feedback: '  Why do I smoke with tea?  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Feedback submitted successfully!',
      data: { feedback: 'Why do I smoke with tea?' },
    });
    const rows = await db.select().from(lessonFeedback).where(eq(lessonFeedback.userId, user.id));
    expect(rows).toMatchObject([
      { userLessonId: lesson!._id, text: 'Why do I smoke with tea?', reply: null },
    ]);
    expectError(
      await put(user, lesson!._id, { feedback: '   ' }),
      400,
      "Please enter your question or click 'I Understood'.",
    );
  });

  it('opens the next lesson on view, and re-viewing changes nothing else', async () => {
    const user = await createUser(app, { step: 1 });
    const { data } = await listLessons(user);
    const viewed = await view(user, data[0]!._id);
    expect(viewed).toMatchObject({
      data: { status: 'completed', is_viewed: true, pause_time: 0, seconds_viewed: 20 },
      step: 1,
    });
    expect(statuses((await listLessons(user)).data)).toEqual([
      'f1:completed',
      'f2:active',
      'f3:inactive',
      'score:inactive',
    ]);
    await view(user, data[0]!._id);
    expect(statuses((await listLessons(user)).data)[1]).toBe('f2:active');
  });
});

describe('the free track, end to end', () => {
  it('test → all free lessons → step 2 → test 2 → step 3 → score video → step 4', async () => {
    const user = await createUser(app, { step: 0 });
    const submit = async (event: 0 | 1) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/user-answer',
        headers: user.headers,
        payload: { answers: await answersFor(app, user, event) },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().step as number;
    };

    expect(await submit(0)).toBe(1);
    const { data } = await listLessons(user);
    expect((await view(user, data[0]!._id)).step).toBe(1);
    expect((await view(user, data[1]!._id)).step).toBe(1);
    expect((await view(user, data[2]!._id)).step).toBe(2);
    expect((await userRow(app, user.id)).step).toBe(2);

    // The score video explains the second test: it stays locked until that test is done.
    for (let read = 0; read < 2; read++) {
      expect(statuses((await listLessons(user)).data)).toEqual([
        'f1:completed',
        'f2:completed',
        'f3:completed',
        'score:inactive',
      ]);
    }
    const locked = expectError(
      await put(user, data[3]!._id, { is_viewed: true }),
      403,
      'Watch previously unlocked lessons.',
    );
    expect(locked.code).toBe('LESSON_LOCKED_PLAYER');
    expectError(await put(user, data[3]!._id, { pause_time: 1 }), 403);

    expect(await submit(1)).toBe(3);
    const [score] = (await listLessons(user)).data.slice(3);
    expect(score).toMatchObject({ _id: data[3]!._id, status: 'active', isActive: 'active' });
    expect((await view(user, data[3]!._id)).step).toBe(4);
    expect((await view(user, data[3]!._id)).step).toBe(4);
    expect(await userRow(app, user.id)).toMatchObject({ step: 4 });
    expect(statuses((await listLessons(user)).data)).toEqual([
      'f1:completed',
      'f2:completed',
      'f3:completed',
      'score:completed',
    ]);
  });

  it('opens the score video on the first request after the second test, even before a list', async () => {
    const user = await createUser(app, { step: 1 });
    const { data } = await listLessons(user);
    for (const lesson of data.slice(0, 3)) await view(user, lesson._id);
    expect((await userRow(app, user.id)).step).toBe(2);
    await db.update(users).set({ step: 3 }).where(eq(users.id, user.id)); // as SIM test 2 does

    const res = await put(user, data[3]!._id, { pause_time: 4 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'active', pause_time: 4 });
    expect((await view(user, data[3]!._id)).step).toBe(4);
  });

  it('does not let PUT /user/profile jump steps', async () => {
    const user = await createUser(app, { step: 0 });
    for (const step of [1, 2, 3, 4]) {
      const res = await app.inject({
        method: 'PUT',
        url: '/api/user/profile',
        headers: user.headers,
        payload: { step },
      });
      expectError(res, 403);
    }
    const echo = await app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: user.headers,
      payload: { step: 0 },
    });
    expect(echo.statusCode, echo.body).toBe(200);
    expect((await userRow(app, user.id)).step).toBe(0);
  });
});

describe('the premium programme', () => {
  async function premiumUser(since: Date, step = 4) {
    const user = await createUser(app, { type: 'premium', premiumSince: since, step });
    await db.transaction((tx) => grantPremiumLessons(tx, user.id));
    return user;
  }

  it('lists only paid lessons, from day 1, and locks later days', async () => {
    const user = await premiumUser(clock.now());
    const list = await listLessons(user);
    expect(statuses(list.data)).toEqual([
      'p1a:active',
      'p1b:inactive',
      'p2a:inactive',
      'p3a:inactive',
    ]);
    expect(list).toMatchObject({ total_days: 3, current_day: 1 });
    expect((await userRow(app, user.id)).currentDay).toBe(1);
    expect((await listLessons(user, 1)).data).toHaveLength(2);

    const res = await app.inject({ url: '/api/user-lesson?day=2', headers: user.headers });
    const body = expectError(res, 403, 'Currently you have access to watch till day 1 lessons.');
    expect(body.code).toBe('DAY_LOCKED');
  });

  it('holds the next day’s lesson until the IST date changes, then opens it', async () => {
    // Bought at 23:30 IST on 9 March; the clock reads 23:50 IST.
    const since = new Date('2026-03-09T18:00:00Z');
    const user = await createUser(dayApp.app, { type: 'premium', premiumSince: since, step: 4 });
    const get = async (day?: number) =>
      dayApp.app.inject({
        url: `/api/user-lesson${day ? `?day=${day}` : ''}`,
        headers: user.headers,
      });
    const viewLesson = (id: string) =>
      dayApp.app.inject({
        method: 'PUT',
        url: `/api/user-lesson/${id}`,
        headers: user.headers,
        payload: { is_viewed: true },
      });

    // Paid lessons reach a premium user on first read too (new catalogue lessons included).
    const first = (await get()).json();
    expect(first.current_day).toBe(1);
    // Each day's opening, midnight IST, so the web can show a locked day without asking for it.
    expect(first.day_opens_at).toEqual([
      '2026-03-08T18:30:00.000Z', // 9 March 00:00 IST, the purchase date
      '2026-03-09T18:30:00.000Z', // 10 March 00:00 IST
      '2026-03-10T18:30:00.000Z',
    ]);
    await viewLesson(first.data[0]._id);
    await viewLesson(first.data[1]._id);
    expect(statuses((await get()).json().data)).toEqual([
      'p1a:completed',
      'p1b:completed',
      'p2a:inactive',
      'p3a:inactive',
    ]);
    expectError(await viewLesson(first.data[2]._id), 403, 'Watch previously unlocked lessons.');

    local.advance(20 * 60_000); // 00:10 IST on 10 March: day 2.
    const next = (await get()).json();
    expect(next.current_day).toBe(2);
    expect(statuses(next.data)[2]).toBe('p2a:active');
    expect((await userRow(dayApp.app, user.id)).currentDay).toBe(2);
    expect((await get(2)).json().data).toHaveLength(1);
    expectError(await get(3), 403, 'Currently you have access to watch till day 2 lessons.');

    local.advance(30 * 86_400_000); // long after: capped at the programme's length
    expect((await get()).json()).toMatchObject({ current_day: 3, total_days: 3 });
  });

  it('sends the user back to step 2 after the last premium lesson, once', async () => {
    const since = new Date(clock.now().getTime() - 5 * 86_400_000);
    const user = await premiumUser(since, 4);
    const { data } = await listLessons(user);
    for (const lesson of data.slice(0, 3)) expect((await view(user, lesson._id)).step).toBe(4);
    expect((await view(user, data[3]!._id)).step).toBe(2);
    await db.update(users).set({ step: 3 }).where(eq(users.id, user.id));
    expect((await view(user, data[3]!._id)).step).toBe(3);
  });

  it('refuses paid lessons to a user who is no longer premium', async () => {
    const user = await premiumUser(clock.now());
    const { data } = await listLessons(user);
    await db.update(users).set({ type: 'free' }).where(eq(users.id, user.id));
    const res = await put(user, data[0]!._id, { is_viewed: true });
    expectError(res, 403, Messages.PURCHASE_TO_CONTINUE.message);
    expect(statuses((await listLessons(user)).data)[0]).toBe('f1:active');
  });

  it('grants the programme idempotently at purchase', async () => {
    const user = await createUser(app, { step: 3 });
    await db.transaction((tx) => grantPremiumLessons(tx, user.id));
    await db.transaction((tx) => grantPremiumLessons(tx, user.id));
    const rows = await db
      .select({ status: userLessons.status, slug: lessons.slug })
      .from(userLessons)
      .innerJoin(lessons, eq(lessons.id, userLessons.lessonId))
      .where(and(eq(userLessons.userId, user.id), eq(lessons.isPaid, true)));
    expect(rows.map((r) => `${r.slug}:${r.status}`).sort()).toEqual([
      'p1a:active',
      'p1b:inactive',
      'p2a:inactive',
      'p3a:inactive',
    ]);
  });
});
