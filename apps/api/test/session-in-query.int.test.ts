import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { lessons, userLessons } from '../src/db/schema/programme';
import { sessions } from '../src/db/schema/users';
import { createUser, expectError, programmeApp, seedFixtureCatalogue } from './programme-fixtures';

// GET /user-lesson and GET /user/profile check the session in the query that reads their data
// (`authenticateInQuery`) instead of a separate lookup; these pin that the check still holds.
let app: FastifyInstance;
let db: Database;

beforeAll(async () => {
  ({ app, db } = await programmeApp());
  await seedFixtureCatalogue(db);
});

const READS = ['/api/user-lesson', '/api/user/profile'] as const;

async function sessionIdOf(token: string): Promise<string> {
  const claims = await app.tokens.verify(token);
  return claims!.sid!;
}

describe('reads that check the session in their own query', () => {
  it.each(READS)('%s answers 401 once the session is revoked', async (url) => {
    const user = await createUser(app, { step: 1 });
    expect((await app.inject({ url, headers: user.headers })).statusCode).toBe(200);
    await app.sessions.revoke(await sessionIdOf(user.token));
    const body = expectError(await app.inject({ url, headers: user.headers }), 401);
    expect(body.code).toBe('SESSION_REVOKED');
  });

  it.each(READS)('%s answers 401 once the session has expired', async (url) => {
    const user = await createUser(app, { step: 1 });
    await db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.id, await sessionIdOf(user.token)));
    expectError(await app.inject({ url, headers: user.headers }), 401);
  });

  it.each(READS)('%s refuses a session id that belongs to another user', async (url) => {
    const owner = await createUser(app, { step: 1 });
    const other = await createUser(app, { step: 1 });
    const forged = await app.tokens.sign({
      sub: other.id,
      kind: 'session',
      sid: await sessionIdOf(owner.token),
    });
    const res = await app.inject({ url, headers: { authorization: `Bearer ${forged}` } });
    expectError(res, 401);
  });

  it.each(READS)('%s refuses tokens of other kinds (403) and no token (401)', async (url) => {
    const user = await createUser(app, { step: 1 });
    const otp = await app.tokens.sign({ sub: user.id, kind: 'otp', jti: crypto.randomUUID() });
    expectError(await app.inject({ url, headers: { authorization: `Bearer ${otp}` } }), 403);
    expectError(await app.inject({ url }), 401);
  });
});

describe('GET /user-lesson for a returning user', () => {
  it('answers a repeat visit from one read, without writing', async () => {
    const user = await createUser(app, { step: 1 });
    const first = await app.inject({ url: '/api/user-lesson', headers: user.headers });
    expect(first.statusCode, first.body).toBe(200);
    const before = await db
      .select({ id: userLessons.id, updatedAt: userLessons.updatedAt })
      .from(userLessons)
      .where(eq(userLessons.userId, user.id));
    const again = await app.inject({ url: '/api/user-lesson', headers: user.headers });
    expect(again.json()).toEqual(first.json());
    const after = await db
      .select({ id: userLessons.id, updatedAt: userLessons.updatedAt })
      .from(userLessons)
      .where(eq(userLessons.userId, user.id));
    expect(after).toEqual(before);
  });

  it('still brings a lesson added to the catalogue after the first visit', async () => {
    const user = await createUser(app, { step: 1 });
    const res = await app.inject({ url: '/api/user-lesson', headers: user.headers });
    const before = (res.json() as { data: unknown[] }).data.length;
    await db.insert(lessons).values({
      title: 'Lesson late',
      day: 2,
      videoOrder: 1,
      source: 'lessons/late.mp4',
      totalDuration: 20,
      isPaid: false,
      type: 'free',
    });
    const list = await app.inject({ url: '/api/user-lesson', headers: user.headers });
    const { data, total_days } = list.json() as {
      data: { lesson_details: { title: string } }[];
      total_days: number;
    };
    expect(data).toHaveLength(before + 1);
    expect(data.at(-1)!.lesson_details.title).toBe('Lesson late');
    expect(total_days).toBe(2);
    const rows = await db.select().from(userLessons).where(eq(userLessons.userId, user.id));
    expect(rows).toHaveLength(before + 1);
  });

  it('shows a catalogue edit or retirement made elsewhere on the very next list', async () => {
    const user = await createUser(app, { step: 1 });
    const titles = async () =>
      (
        (await app.inject({ url: '/api/user-lesson', headers: user.headers })).json() as {
          data: { lesson_details: { title: string } }[];
        }
      ).data.map((lesson) => lesson.lesson_details.title);
    const [first, second] = await titles();
    // Straight in the database, as another API process or an operator's script would.
    await db.update(lessons).set({ title: 'Lesson renamed' }).where(eq(lessons.title, first!));
    expect((await titles())[0]).toBe('Lesson renamed');
    await db.update(lessons).set({ active: false }).where(eq(lessons.title, second!));
    expect(await titles()).not.toContain(second);
  });
});
