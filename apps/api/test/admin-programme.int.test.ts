import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADVISORY_LOCKS } from '../src/db/advisory-locks';
import type { Database } from '../src/db/client';
import { mediaUploads } from '../src/db/schema/admin';
import { lessons, userLessons } from '../src/db/schema/programme';
import {
  auditRows,
  call,
  createAdmin,
  createUser,
  expectError,
  programmeApp,
  seedMedia,
  upload,
  uploadSeedImage,
  uploadSeedVideo,
  type TestUser,
} from './admin-fixtures';
import { seedFixtureCatalogue } from './programme-fixtures';

let app: FastifyInstance;
let db: Database;
let admin: TestUser;

beforeAll(async () => {
  ({ app, db } = await programmeApp());
  await seedFixtureCatalogue(db);
  admin = await createAdmin(app);
});

type AdminLesson = {
  _id: string;
  title: string;
  day: number;
  video_order: number;
  type: string;
  is_paid: boolean;
  source: string;
  source_url: string;
  thumbnail_url: string | null;
  total_duration: number;
  exercises: { time: number; route: string }[];
  active: boolean;
};
type UserLesson = { _id: string; status: string; lesson_details: { title: string } };

const lessonId = async (slug: string) =>
  (await db.select().from(lessons).where(eq(lessons.slug, slug)))[0]!.id;

async function userLessonsOf(user: TestUser): Promise<UserLesson[]> {
  const body = await call<{ data: UserLesson[] }>(app, user, { url: '/api/user-lesson' });
  return body.data;
}
const statuses = (list: UserLesson[]) =>
  list.map((l) => `${l.lesson_details.title.replace('Lesson ', '')}:${l.status}`);

async function createLesson(payload: Record<string, unknown>, status = 201) {
  return call<{ data: AdminLesson; errors?: { path: string; message: string }[] }>(app, admin, {
    method: 'POST',
    url: '/api/admin/lessons',
    payload,
    expect: status,
  });
}

describe('POST /admin/uploads', () => {
  it('stores an MP4 and reads its duration from the file, not from the request', async () => {
    const video = await uploadSeedVideo(app, admin, 'score.mp4');
    expect(video.key).toMatch(/^admin\/videos\/[0-9a-f-]{36}\.mp4$/);
    expect(video.duration_seconds).toBe(20);
    const served = await app.inject({ url: video.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(served.rawPayload.equals(seedMedia('score.mp4'))).toBe(true);
    const [row] = await db.select().from(mediaUploads).where(eq(mediaUploads.key, video.key));
    expect(row).toMatchObject({ kind: 'video', durationSeconds: 20, uploadedBy: admin.id });
  });

  it('checks the content: a JPEG named .mp4 is not a video, a text file is not an image', async () => {
    const fake = await upload(app, admin, 'video', {
      filename: 'lesson.mp4',
      contentType: 'video/mp4',
      data: seedMedia('free-1.jpg'),
    });
    expectError(fake, 415);
    const text = await upload(app, admin, 'image', {
      filename: 'photo.jpg',
      contentType: 'image/jpeg',
      data: Buffer.from('hello'),
    });
    expectError(text, 415);
  });

  it('re-encodes images as WebP and records every upload in the audit log', async () => {
    const image = await uploadSeedImage(app, admin);
    expect(image.key).toMatch(/^admin\/images\/.+\.webp$/);
    const served = await app.inject({ url: image.url });
    expect(served.headers['content-type']).toBe('image/webp');
    const [entry] = await auditRows(app, 'media');
    expect(entry).toMatchObject({ action: 'upload', entityId: image.key, adminId: admin.id });
  });
});

describe('lessons CRUD', () => {
  it('refuses incomplete or inconsistent lessons with field errors', async () => {
    const video = await uploadSeedVideo(app, admin); // 18 s
    const missing = await createLesson({ day: 1, type: 'free', source: video.key }, 400);
    expect(missing.errors?.map((e) => e.path)).toContain('title');

    const unknown = await createLesson(
      { title: 'X', day: 1, type: 'free', source: 'admin/videos/not-uploaded.mp4' },
      400,
    );
    expect(unknown.errors?.[0]?.path).toBe('source');

    const late = await createLesson(
      {
        title: 'X',
        day: 1,
        type: 'free',
        source: video.key,
        exercises: [{ time: 30, route: 'ex-a' }],
      },
      400,
    );
    expect(late.errors?.[0]?.path).toBe('exercises.0.time');

    const empty = await createLesson(
      { title: 'X', day: 1, type: 'free', source: video.key, route: 'no-such-exercise' },
      400,
    );
    expect(empty.errors?.[0]?.path).toBe('route');

    const image = await uploadSeedImage(app, admin);
    const videoAsThumb = await createLesson(
      { title: 'X', day: 1, type: 'free', source: image.key },
      400,
    );
    expect(videoAsThumb.errors?.[0]?.path).toBe('source');
  });

  it('creates a lesson last in its day, or at a chosen place, with the duration of its video', async () => {
    const video = await uploadSeedVideo(app, admin, 'day-1-b.mp4'); // 16 s
    const thumb = await uploadSeedImage(app, admin, 'day-1-b.jpg');
    const last = await createLesson({
      title: 'Day 3 practice',
      content: 'Breathe.',
      day: 3,
      type: 'paid',
      source: video.key,
      thumbnail_img: thumb.key,
      exercises: [{ time: 5, route: 'ex-a' }],
      // A client-sent duration is ignored (unknown fields are dropped).
      total_duration: 999,
    });
    expect(last.data).toMatchObject({
      title: 'Day 3 practice',
      day: 3,
      video_order: 2,
      is_paid: true,
      total_duration: 16,
      exercises: [{ time: 5, route: 'ex-a' }],
      active: true,
    });
    expect(last.data.thumbnail_url).toBe(`/media/${thumb.key}`);

    const first = await createLesson({
      title: 'Day 3 opener',
      day: 3,
      video_order: 1,
      type: 'paid',
      source: video.key,
    });
    expect(first.data.video_order).toBe(1);
    const list = await call<{ data: AdminLesson[] }>(app, admin, { url: '/api/admin/lessons' });
    const day3 = list.data.filter((l) => l.is_paid && l.day === 3).map((l) => l.title);
    expect(day3).toEqual(['Day 3 opener', 'Lesson p3a', 'Day 3 practice']);

    const [created] = await auditRows(app, 'lesson');
    expect(created).toMatchObject({ action: 'create', entityId: first.data._id, before: null });
    expect(created!.after).toMatchObject({ title: 'Day 3 opener', videoOrder: 1 });
  });

  it('adds a lesson while a backup runs: the backup holds a lock of its own', async () => {
    const video = await uploadSeedVideo(app, admin, 'day-1-b.mp4');
    // What BackupService.run holds for the whole dump, in another session.
    const pool = (db as Database & { $client: pg.Pool }).$client;
    const backup = await pool.connect();
    try {
      const { rows } = await backup.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock($1) AS locked',
        [ADVISORY_LOCKS.backup],
      );
      expect(rows[0]!.locked).toBe(true);
      const added = await createLesson({
        title: 'During the backup',
        day: 3,
        type: 'paid',
        source: video.key,
      });
      expect(added.data.title).toBe('During the backup');
    } finally {
      await backup.query('SELECT pg_advisory_unlock_all()');
      backup.release();
    }
  });

  it('updates with before and after in the audit log, and refuses moving between tracks', async () => {
    const id = await lessonId('p2a');
    const updated = await call<{ data: AdminLesson }>(app, admin, {
      method: 'PUT',
      url: `/api/admin/lessons/${id}`,
      payload: { title: 'Day 2: the first week', exercises: [{ time: 4, route: 'ex-b' }] },
    });
    // Fields left out stay as they were.
    expect(updated.data).toMatchObject({
      title: 'Day 2: the first week',
      content: 'About p2a',
      total_duration: 20,
    });
    const [entry] = await auditRows(app, 'lesson');
    expect(entry).toMatchObject({ action: 'update', entityId: id });
    expect(entry!.before).toMatchObject({ title: 'Lesson p2a', exercises: [] });
    expect(entry!.after).toMatchObject({ title: 'Day 2: the first week' });

    const moved = await call<{ errors: { path: string }[] }>(app, admin, {
      method: 'PUT',
      url: `/api/admin/lessons/${id}`,
      payload: { type: 'free' },
      expect: 400,
    });
    expect(moved.errors[0]!.path).toBe('type');
    expectError(
      await app.inject({
        method: 'PUT',
        url: '/api/admin/lessons/not-an-id',
        headers: admin.headers,
        payload: { title: 'x' },
      }),
      404,
    );
  });

  it('reorders a day only when every active lesson of it is listed once', async () => {
    const [f1, f2, f3, score] = await Promise.all(['f1', 'f2', 'f3', 'score'].map(lessonId));
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/admin/lessons/reorder',
      headers: admin.headers,
      payload: { track: 'free', day: 1, ids: [f2, f1] },
    });
    expectError(bad, 400);
    const ok = await call<{ data: AdminLesson[] }>(app, admin, {
      method: 'PUT',
      url: '/api/admin/lessons/reorder',
      payload: { track: 'free', day: 1, ids: [f2, f1, f3, score] },
    });
    expect(ok.data.map((l) => `${l.title}:${l.video_order}:${l.active}`)).toEqual([
      'Lesson f2:1:true',
      'Lesson f1:2:true',
      'Lesson f3:3:true',
      'Lesson score:4:true',
      'Lesson retired:5:false',
    ]);
    // Back as it was, for the progress tests below.
    await call(app, admin, {
      method: 'PUT',
      url: '/api/admin/lessons/reorder',
      payload: { track: 'free', day: 1, ids: [f1, f2, f3, score] },
    });
    const [entry] = await auditRows(app, 'lesson');
    expect(entry).toMatchObject({ action: 'reorder', entityId: 'free:1' });
  });
});

describe("catalogue changes and existing users' progress", () => {
  let user: TestUser;

  beforeAll(async () => {
    user = await createUser(app, { step: 1 });
    const list = await userLessonsOf(user);
    await call(app, user, {
      method: 'PUT',
      url: `/api/user-lesson/${list[0]!._id}`,
      payload: { is_viewed: true },
    });
  });

  it('gives users a new lesson at their next visit, locked, their progress untouched', async () => {
    expect(statuses(await userLessonsOf(user))).toEqual([
      'f1:completed',
      'f2:active',
      'f3:inactive',
      'score:inactive',
    ]);
    const video = await uploadSeedVideo(app, admin);
    await createLesson({ title: 'Lesson extra', day: 2, type: 'free', source: video.key });
    expect(statuses(await userLessonsOf(user))).toEqual([
      'f1:completed',
      'f2:active',
      'f3:inactive',
      'score:inactive',
      'extra:inactive',
    ]);
  });

  it('hides a retired lesson, opens what comes next, and keeps the row for a comeback', async () => {
    const f2 = await lessonId('f2');
    const retired = await call<{ data: AdminLesson }>(app, admin, {
      method: 'DELETE',
      url: `/api/admin/lessons/${f2}`,
    });
    expect(retired.data.active).toBe(false);
    expect(statuses(await userLessonsOf(user))).toEqual([
      'f1:completed',
      'f3:active',
      'score:inactive',
      'extra:inactive',
    ]);
    const kept = await db
      .select()
      .from(userLessons)
      .where(and(eq(userLessons.userId, user.id), eq(userLessons.lessonId, f2)));
    expect(kept).toHaveLength(1);
    expect((await auditRows(app, 'lesson'))[0]).toMatchObject({ action: 'delete', entityId: f2 });

    await call(app, admin, {
      method: 'PUT',
      url: `/api/admin/lessons/${f2}`,
      payload: { active: true },
    });
    expect(statuses(await userLessonsOf(user))).toEqual([
      'f1:completed',
      'f2:active',
      'f3:active',
      'score:inactive',
      'extra:inactive',
    ]);
  });
});

type AdminQuestion = {
  _id: string;
  event: number | null;
  route: string | null;
  position: number;
  question: string;
  question_type: string;
  options: { id: string; value: string; point: number }[];
};

describe('questions', () => {
  const scale = [
    { value: 'No', point: 1 },
    { value: 'Yes', point: 5 },
  ];

  it('validates the type against its options and the event/route choice', async () => {
    const post = (payload: Record<string, unknown>) =>
      call<{ errors: { path: string; message: string }[] }>(app, admin, {
        method: 'POST',
        url: '/api/admin/questions',
        payload,
        expect: 400,
      });
    expect(
      (await post({ event: 1, question: 'Q', question_type: 'radio', options: [scale[0]] }))
        .errors[0]!.path,
    ).toBe('options');
    expect(
      (await post({ route: 'ex-b', question: 'Q', question_type: 'textarea', options: scale }))
        .errors[0]!.path,
    ).toBe('options');
    expect(
      (await post({ event: 1, route: 'ex-b', question: 'Q', question_type: 'textarea' })).errors[0]!
        .path,
    ).toBe('event');
    expect((await post({ question: 'Q', question_type: 'textarea' })).errors[0]!.path).toBe(
      'event',
    );
  });

  it('adds a SIM statement last; users get it in their test', async () => {
    const created = await call<{ data: AdminQuestion }>(app, admin, {
      method: 'POST',
      url: '/api/admin/questions',
      payload: {
        event: 1,
        question: 'I smoke after meals',
        question_type: 'radio',
        options: scale,
      },
      expect: 201,
    });
    expect(created.data).toMatchObject({ event: 1, route: null, position: 4 });
    expect(created.data.options.map((o) => o.id)).toHaveLength(2);
    const user = await createUser(app, { step: 2 });
    const test = await call<{ data: { question: string }[] }>(app, user, {
      url: '/api/question?event=1&limit=inf',
    });
    expect(test.data.map((q) => q.question)).toContain('I smoke after meals');
  });

  it('keeps option ids on edit, reorders and deletes, each in the audit log', async () => {
    const list = await call<{ data: AdminQuestion[] }>(app, admin, {
      url: '/api/admin/questions?route=ex-a',
    });
    const checkbox = list.data.find((q) => q.question_type === 'checkbox')!;
    const edited = await call<{ data: AdminQuestion }>(app, admin, {
      method: 'PUT',
      url: `/api/admin/questions/${checkbox._id}`,
      payload: {
        question: 'What sets you off?',
        question_type: 'checkbox',
        options: [...checkbox.options.slice(0, 2), { value: 'Coffee', point: 2 }],
      },
    });
    expect(edited.data.options.slice(0, 2).map((o) => o.id)).toEqual(['o1', 'o2']);
    expect(edited.data.options[2]!.id).toMatch(/^o[0-9a-f]{8}$/);

    const ids = list.data.map((q) => q._id).reverse();
    const reordered = await call<{ data: AdminQuestion[] }>(app, admin, {
      method: 'PUT',
      url: '/api/admin/questions/reorder',
      payload: { route: 'ex-a', ids },
    });
    expect(reordered.data.map((q) => q._id)).toEqual(ids);
    expect(reordered.data.map((q) => q.position)).toEqual([1, 2, 3]);

    await call(app, admin, { method: 'DELETE', url: `/api/admin/questions/${ids[0]}` });
    const after = await call<{ data: AdminQuestion[] }>(app, admin, {
      url: '/api/admin/questions?route=ex-a',
    });
    expect(after.data).toHaveLength(2);
    expect((await auditRows(app, 'question')).slice(0, 3).map((e) => e.action)).toEqual([
      'delete',
      'reorder',
      'update',
    ]);
  });

  it('lists exercise routes with the lessons that open them', async () => {
    const routes = await call<{ data: { route: string; questions: number; lessons: string[] }[] }>(
      app,
      admin,
      { url: '/api/admin/questions/routes' },
    );
    expect(routes.data.find((r) => r.route === 'ex-a')).toMatchObject({
      questions: 2,
      lessons: expect.arrayContaining(['Lesson f1']),
    });
  });
});
