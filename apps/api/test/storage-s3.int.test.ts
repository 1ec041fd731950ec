import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogs } from '../src/db/schema/content';
import { lessons } from '../src/db/schema/programme';
import { seedDemo } from '../src/db/seed';
import { createStorage } from '../src/plugins/storage';
import { createAdmin, seedMedia, uploadSeedImage, uploadSeedVideo } from './admin-fixtures';
import { createTestApp } from './app';
import { startFakeS3, type FakeS3 } from './fakes/fake-s3';
import { multipart } from './multipart';
import { createUser, type TestUser } from './programme-fixtures';

let fake: FakeS3;
let app: FastifyInstance;
let admin: TestUser;

beforeAll(async () => {
  fake = await startFakeS3();
  app = await createTestApp({
    STORAGE_PROVIDER: 's3',
    S3_ENDPOINT: fake.url,
    S3_REGION: fake.region,
    S3_BUCKET: fake.bucket,
    S3_ACCESS_KEY_ID: fake.accessKeyId,
    S3_SECRET_ACCESS_KEY: fake.secretAccessKey,
  });
  admin = await createAdmin(app);
});
afterAll(() => fake.close());

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('STORAGE_PROVIDER=s3: uploads go to the bucket, /media/ streams them back', () => {
  let key: string;
  let url: string;
  const video = seedMedia('score.mp4');
  const size = video.length;

  beforeAll(async () => {
    ({ key, url } = await uploadSeedVideo(app, admin, 'score.mp4'));
  });

  it('stores an admin upload in the bucket and gives a /media/ URL on our origin', () => {
    expect(url).toBe(`/media/${key}`);
    expect(fake.objects.get(key)).toMatchObject({
      contentType: 'video/mp4',
      cacheControl: IMMUTABLE,
    });
    expect(fake.objects.get(key)!.body.equals(video)).toBe(true);
  });

  it('serves the whole object with its length, type and a year of caching', async () => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': String(size),
      'accept-ranges': 'bytes',
      'cache-control': IMMUTABLE,
    });
    expect(res.rawPayload.equals(video)).toBe(true);
  });

  it('answers a byte range with 206 and Content-Range, as a seeking video asks', async () => {
    const first = await app.inject({ url, headers: { range: 'bytes=0-99' } });
    expect(first.statusCode).toBe(206);
    expect(first.headers).toMatchObject({
      'content-range': `bytes 0-99/${size}`,
      'content-length': '100',
      'content-type': 'video/mp4',
      'accept-ranges': 'bytes',
    });
    expect(first.rawPayload.equals(video.subarray(0, 100))).toBe(true);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', range: 'bytes=0-99' });

    const rest = await app.inject({ url, headers: { range: `bytes=${size - 10}-` } });
    expect(rest.statusCode).toBe(206);
    expect(rest.headers['content-range']).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    expect(rest.rawPayload.equals(video.subarray(size - 10))).toBe(true);

    const beyond = await app.inject({ url, headers: { range: `bytes=${size - 5}-${size + 500}` } });
    expect(beyond.headers['content-range']).toBe(`bytes ${size - 5}-${size - 1}/${size}`);
    expect(beyond.rawPayload.equals(video.subarray(size - 5))).toBe(true);

    const last = await app.inject({ url, headers: { range: 'bytes=-20' } });
    expect(last.statusCode).toBe(206);
    expect(last.headers['content-range']).toBe(`bytes ${size - 20}-${size - 1}/${size}`);
    expect(last.rawPayload.equals(video.subarray(size - 20))).toBe(true);
  });

  it('answers 416 for a range past the end, and ignores a Range it does not understand', async () => {
    const past = await app.inject({ url, headers: { range: `bytes=${size}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);

    for (const range of ['bytes=0-1,5-9', 'items=0-9', 'bytes=9-0']) {
      const whole = await app.inject({ url, headers: { range } });
      expect(whole.statusCode, range).toBe(200);
      expect(whole.rawPayload.length).toBe(size);
    }
  });

  it('answers HEAD with the headers only, without downloading the object', async () => {
    const head = await app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers).toMatchObject({
      'content-length': String(size),
      'content-type': 'video/mp4',
      'accept-ranges': 'bytes',
      'cache-control': IMMUTABLE,
    });
    expect(head.rawPayload).toHaveLength(0);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', range: 'bytes=0-0' });

    const ranged = await app.inject({ method: 'HEAD', url, headers: { range: 'bytes=10-19' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers).toMatchObject({
      'content-range': `bytes 10-19/${size}`,
      'content-length': '10',
    });
  });

  it('serves re-encoded images as WebP', async () => {
    const image = await uploadSeedImage(app, admin);
    const res = await app.inject({ url: image.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.rawPayload.equals(fake.objects.get(image.key)!.body)).toBe(true);
  });

  it('answers 404 (JSON, never the web app) for missing and invalid keys', async () => {
    for (const path of [
      '/media/admin/videos/missing.mp4',
      '/media/Admin/Videos/X.mp4',
      '/media/admin/..%2F..%2Fetc/passwd',
      '/media/',
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await app.inject({ method, url: path });
        expect(res.statusCode, `${method} ${path}`).toBe(404);
        if (method === 'GET') expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
      }
    }
    const missingRange = await app.inject({
      url: '/media/admin/videos/missing.mp4',
      headers: { range: 'bytes=-10' },
    });
    expect(missingRange.statusCode).toBe(404);
  });
});

describe('Explore pictures with STORAGE_PROVIDER=s3', () => {
  it('serves a pending picture only through its signed link, under no path trick, never cached for a year', async () => {
    const member = await createUser(app);
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const body = multipart({ image: { filename: 'me.png', contentType: 'image/png', data: png } });
    const shared = await app.inject({
      method: 'POST',
      url: '/api/explore',
      headers: { ...member.headers, ...body.headers },
      payload: body.payload,
    });
    expect(shared.statusCode, shared.body).toBe(201);
    const { _id: id, image } = shared.json().data as { _id: string; image: string };
    const bare = image.split('?')[0]!;
    const file = bare.slice('/media/explore/'.length);
    expect(fake.objects.has(`explore/${file}`)).toBe(true);

    for (const url of [
      bare,
      `/media//explore/${file}`,
      `/media/%2e/explore/${file}`,
      `/media/explore%2f${file}`,
      `/media/Explore/${file}`,
      `/media/explore/${file};`,
      `/media/explore%5c${file}`,
    ]) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
    const own = await app.inject({ url: image });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');

    const approved = await app.inject({
      method: 'POST',
      url: `/api/admin/explore/${id}/approve`,
      headers: admin.headers,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const open = await app.inject({ url: bare });
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toBe('public, max-age=300');
  });
});

describe('the demo seed with STORAGE_PROVIDER=s3', () => {
  it('puts lesson videos and covers in the bucket, served at /media/', async () => {
    // As main.ts does: the seed runs before the app, with a storage of its own.
    await seedDemo(app.db, createStorage(app.config), app.config);
    const [lesson] = await app.db.select().from(lessons).where(eq(lessons.slug, 'free-1'));
    expect(fake.objects.has(lesson!.source)).toBe(true);
    expect(fake.objects.has(lesson!.thumbnailImg!)).toBe(true);
    const video = await app.inject({
      url: `/media/${lesson!.source}`,
      headers: { range: 'bytes=0-1023' },
    });
    expect(video.statusCode).toBe(206);
    expect(video.rawPayload.equals(seedMedia('free-1.mp4').subarray(0, 1024))).toBe(true);

    const [blog] = await app.db.select().from(blogs).limit(1);
    const cover = await app.inject({ url: `/media/${blog!.image!}` });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/webp');
  });
});
