import { randomInt } from 'node:crypto';
import type { ErrorBody } from '@exhale/contract/envelope';
import type { RandomSource } from '@exhale/contract/sim-score';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, expect } from 'vitest';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/client';
import { lessons, questions, type QuestionOptionRecord } from '../src/db/schema/programme';
import type { UserRow } from '../src/db/schema/users';
import type { Clock } from '../src/lib/clock';
import { UsersRepository, type NewUser } from '../src/modules/users/users.repository';
import { testConfig } from './app';
import { testDatabase } from './database';

/** A random source a test sets draw by draw; 0.5 unless told otherwise. */
export class ScriptedRandom {
  next = 0.5;
  readonly source: RandomSource = () => this.next;
}

/** The real app on this file's database, with the scoring randomness and clock under control. */
export async function programmeApp(options: { random?: RandomSource; clock?: Clock } = {}) {
  const database = await testDatabase();
  const app = await buildApp({
    config: testConfig(),
    db: database.db,
    pool: database.pool,
    ...options,
  });
  await app.ready();
  afterAll(() => app.close());
  return { app, db: database.db };
}

export interface TestUser {
  id: string;
  token: string;
  headers: { authorization: string };
  row: UserRow;
}

/** A user with a live session, made through the repositories (any type, step or day). */
export async function createUser(
  app: FastifyInstance,
  overrides: Partial<NewUser> = {},
): Promise<TestUser> {
  const n = randomInt(1e9);
  const row = await new UsersRepository(app.db).insert({
    name: 'Test User',
    email: `programme.${n}@example.com`,
    mobile: `8${String(n).padStart(9, '0')}`,
    dob: 35,
    gender: 'male',
    ...overrides,
  });
  const sid = await app.sessions.create(row.id, new Date(Date.now() + 3600_000));
  const token = await app.tokens.sign({ sub: row.id, kind: 'session', sid });
  return { id: row.id, token, headers: { authorization: `Bearer ${token}` }, row };
}

export async function userRow(app: FastifyInstance, id: string): Promise<UserRow> {
  const row = await new UsersRepository(app.db).findById(id);
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

const scale = (
  ['Strongly Disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly Agree'] as const
).map((value, i): QuestionOptionRecord => ({ id: `o${i + 1}`, value, point: i + 1 }));

/**
 * A small catalogue with every kind of row: three statements per SIM event, two exercise
 * routes, a free track of three lessons and the score video, and a paid programme of three days.
 */
export async function seedFixtureCatalogue(db: Database) {
  await db.insert(questions).values(
    [0, 1, 2].flatMap((event) =>
      [1, 2, 3].map((position) => ({
        event,
        position,
        question: `Event ${event} statement ${position}`,
        questionType: 'radio' as const,
        options: scale,
      })),
    ),
  );
  await db.insert(questions).values([
    { route: 'ex-a', position: 1, question: 'Radio', questionType: 'radio', options: scale },
    {
      route: 'ex-a',
      position: 2,
      question: 'Checkbox',
      questionType: 'checkbox',
      options: [
        { id: 'o1', value: 'Tea', point: 1 },
        { id: 'o2', value: 'Stress', point: 1 },
        { id: 'o3', value: 'Friends', point: 1 },
      ],
    },
    { route: 'ex-a', position: 3, question: 'Text', questionType: 'textarea', options: [] },
    { route: 'ex-b', position: 1, question: 'Only text', questionType: 'textarea', options: [] },
  ]);
  const lesson = (
    slug: string,
    type: 'free' | 'score_explanation' | 'paid',
    day: number,
    videoOrder: number,
    extra: Partial<typeof lessons.$inferInsert> = {},
  ) => ({
    slug,
    title: `Lesson ${slug}`,
    content: `About ${slug}`,
    day,
    videoOrder,
    source: `lessons/${slug}.mp4`,
    thumbnailImg: `lessons/${slug}.jpg`,
    totalDuration: 20,
    isPaid: type === 'paid',
    type,
    ...extra,
  });
  await db
    .insert(lessons)
    .values([
      lesson('f1', 'free', 1, 1, { exercises: [{ time: 5, route: 'ex-a' }] }),
      lesson('f2', 'free', 1, 2, { route: 'ex-b' }),
      lesson('f3', 'free', 1, 3, { source: 'https://cdn.example/f3.mp4', thumbnailImg: null }),
      lesson('score', 'score_explanation', 1, 4),
      lesson('p1a', 'paid', 1, 1),
      lesson('p1b', 'paid', 1, 2),
      lesson('p2a', 'paid', 2, 1),
      lesson('p3a', 'paid', 3, 1),
      lesson('retired', 'free', 1, 5, { active: false }),
    ]);
}

/** Answers for every statement of one event, each with `point`. */
export async function answersFor(
  app: FastifyInstance,
  user: TestUser,
  event: 0 | 1 | 2,
  point = 3,
) {
  const res = await app.inject({
    url: `/api/question?event=${event}&limit=inf`,
    headers: user.headers,
  });
  expect(res.statusCode).toBe(200);
  return (res.json().data as { _id: string }[]).map((q) => ({ question_id: q._id, value: point }));
}

/**
 * The one check of a refusal in the API tests: the status, the contract's error body, and the
 * message when given. Returns the body for checks of `code` and field `errors`.
 */
export function expectError(res: LightMyRequestResponse, status: number, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body.success).toBe(false);
  if (message !== undefined) expect(body.message).toBe(message);
  return body as ErrorBody;
}
