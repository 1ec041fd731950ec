import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { UserLesson } from '@exhale/contract/programme';
import type { VideoRenditions } from '@exhale/contract/renditions';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessons } from '../src/db/schema/programme';
import { ffmpegPath } from '../src/modules/renditions/ffmpeg';
import { createRenditionWorker } from '../src/modules/renditions/renditions.module';
import { call, createAdmin, createUser, upload, type TestUser } from './admin-fixtures';
import { createTestApp } from './app';
import { startFakeS3, type FakeS3 } from './fakes/fake-s3';

/**
 * Data-saver lessons (decision 057): a lesson video upload queues its renditions, the worker makes
 * a 360p copy of at most 40% of the bytes and an audio-only track, members' lessons carry them,
 * and every file answers range requests, on local disk and in an S3 bucket alike.
 */

/** A 6-second 1280×720 clip with a tone: what an operator's phone export looks like, shorter. */
function makeClip(): Buffer {
  const folder = mkdtempSync(path.join(tmpdir(), 'exhale-clip-'));
  try {
    const file = path.join(folder, 'clip.mp4');
    execFileSync(ffmpegPath(), [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=s=1280x720:r=25:d=6'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=330:duration=6'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '23', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-b:a', '96k', '-shortest', '-movflags', '+faststart', file],
    ]);
    return readFileSync(file);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const clip = makeClip();

async function uploadClip(app: FastifyInstance, admin: TestUser): Promise<string> {
  const res = await upload(app, admin, 'video', {
    filename: 'clip.mp4',
    contentType: 'video/mp4',
    data: clip,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { key: string }).key;
}

async function renditionsOf(app: FastifyInstance, admin: TestUser, key: string) {
  const body = await call<{ data: VideoRenditions }>(app, admin, {
    url: `/api/admin/uploads/renditions?key=${encodeURIComponent(key)}`,
  });
  return body.data;
}

function worker(app: FastifyInstance, maxAttempts = 3) {
  return createRenditionWorker(
    { db: app.db, storage: app.storage, log: app.log },
    { maxAttempts, retryDelayMs: 0 },
  );
}

async function bytesAt(app: FastifyInstance, url: string): Promise<number> {
  const res = await app.inject({ url });
  expect(res.statusCode, url).toBe(200);
  return res.rawPayload.length;
}

async function expectRange(app: FastifyInstance, url: string, type: string) {
  const res = await app.inject({ url, headers: { range: 'bytes=100-299' } });
  expect(res.statusCode, url).toBe(206);
  expect(res.headers['content-range']).toMatch(/^bytes 100-299\/\d+$/);
  expect(res.headers['content-type']).toContain(type);
  expect(res.rawPayload.length).toBe(200);
}

const storages: [string, () => Promise<Record<string, string>>][] = [
  ['local disk', async () => ({})],
  [
    'S3 bucket',
    async () => {
      const fake: FakeS3 = await startFakeS3();
      afterAll(() => fake.close());
      return {
        STORAGE_PROVIDER: 's3',
        S3_ENDPOINT: fake.url,
        S3_REGION: fake.region,
        S3_BUCKET: fake.bucket,
        S3_ACCESS_KEY_ID: fake.accessKeyId,
        S3_SECRET_ACCESS_KEY: fake.secretAccessKey,
      };
    },
  ],
];

describe.each(storages)('renditions of an uploaded lesson video (%s)', (_name, env) => {
  let app: FastifyInstance;
  let admin: TestUser;
  let key: string;

  beforeAll(async () => {
    app = await createTestApp(await env());
    admin = await createAdmin(app);
    key = await uploadClip(app, admin);
  });

  it('queues them with the upload and the worker makes a 360p copy of ≤ 40% of the bytes and an audio track', async () => {
    expect(await renditionsOf(app, admin, key)).toMatchObject({
      status: 'pending',
      progress: 0,
      renditions: [],
      audio_src: null,
    });

    expect(await worker(app).runOnce()).toBe(true);

    const done = await renditionsOf(app, admin, key);
    expect(done).toMatchObject({ status: 'done', progress: 100, error: null });
    expect(done.renditions.map((r) => r.height)).toEqual([360]);
    const original = await bytesAt(app, `/media/${key}`);
    expect(original).toBe(clip.length);
    const small = await bytesAt(app, done.renditions[0]!.src);
    expect(small).toBeGreaterThan(0);
    expect(small / original).toBeLessThanOrEqual(0.4);
    expect(done.audio_src).toMatch(/\.m4a$/);
    expect(await bytesAt(app, done.audio_src!)).toBeGreaterThan(0);

    // All three answer byte ranges, as players seek in them.
    await expectRange(app, `/media/${key}`, 'video/mp4');
    await expectRange(app, done.renditions[0]!.src, 'video/mp4');
    await expectRange(app, done.audio_src!, 'audio/mp4');
    // Nothing else was due.
    expect(await worker(app).runOnce()).toBe(false);
  });

  it("puts them in the member's lesson", async () => {
    await app.db.insert(lessons).values({
      title: 'Breathing',
      day: 1,
      videoOrder: 1,
      source: key,
      totalDuration: 6,
      type: 'free',
    });
    const member = await createUser(app, { step: 1 });
    const res = await app.inject({ url: '/api/user-lesson', headers: member.headers });
    expect(res.statusCode, res.body).toBe(200);
    // Both storages' tests share the database: find this upload's lesson.
    const details = (res.json().data as UserLesson[])
      .map((lesson) => lesson.lesson_details)
      .find((lesson) => lesson.source === `/media/${key}`);
    const made = await renditionsOf(app, admin, key);
    expect(details).toBeDefined();
    expect(details!.renditions).toEqual(made.renditions);
    expect(details!.audio_src).toBe(made.audio_src);
  });
});

describe('a rendition that cannot be made', () => {
  let app: FastifyInstance;
  let admin: TestUser;

  beforeAll(async () => {
    app = await createTestApp();
    admin = await createAdmin(app);
  });

  it('is marked failed with the reason after its last attempt, and an operator can retry it', async () => {
    const key = await uploadClip(app, admin);
    // The stored video vanished (a bucket emptied by hand): every attempt fails.
    await app.storage.delete(key);
    expect(await worker(app, 1).runOnce()).toBe(true);
    const failed = await renditionsOf(app, admin, key);
    expect(failed).toMatchObject({ status: 'failed', renditions: [], audio_src: null });
    expect(failed.error).toMatch(/no longer in storage/);

    await app.storage.put(key, clip, 'video/mp4');
    const retried = await call<{ data: VideoRenditions }>(app, admin, {
      method: 'POST',
      url: '/api/admin/uploads/renditions',
      payload: { key },
    });
    expect(retried.data).toMatchObject({ status: 'pending', error: null });
    expect(await worker(app, 1).runOnce()).toBe(true);
    expect((await renditionsOf(app, admin, key)).status).toBe('done');
  });

  it('cannot be asked for a key that is no uploaded video', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/uploads/renditions',
      headers: admin.headers,
      payload: { key: 'admin/videos/nothing-here.mp4' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('UPLOAD_NOT_FOUND');
  });

  it('is for operators only', async () => {
    const member = await createUser(app, { step: 1 });
    const res = await app.inject({
      url: '/api/admin/uploads/renditions?key=admin/videos/x.mp4',
      headers: member.headers,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("the member's Data saver setting", () => {
  it('is off at first, saved on the server and shown in the profile', async () => {
    const app = await createTestApp();
    const member = await createUser(app, { step: 1 });
    const before = await app.inject({ url: '/api/user/profile', headers: member.headers });
    expect(before.json().data.data_saver).toBe(false);

    const on = await app.inject({
      method: 'PUT',
      url: '/api/user/profile/data-saver',
      headers: member.headers,
      payload: { data_saver: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.data_saver).toBe(true);
    const after = await app.inject({ url: '/api/user/profile', headers: member.headers });
    expect(after.json().data.data_saver).toBe(true);

    const bad = await app.inject({
      method: 'PUT',
      url: '/api/user/profile/data-saver',
      headers: member.headers,
      payload: { data_saver: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
