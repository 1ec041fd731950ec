import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { AwsClient } from 'aws4fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../../../test/fakes/fake-s3';
import { S3Storage, S3StorageError } from './s3-storage';

let fake: FakeS3;
let storage: S3Storage;

const storageWith = (overrides: Partial<ConstructorParameters<typeof S3Storage>[0]> = {}) =>
  new S3Storage({
    endpoint: `${fake.url}/`,
    region: fake.region,
    bucket: fake.bucket,
    accessKeyId: fake.accessKeyId,
    secretAccessKey: fake.secretAccessKey,
    ...overrides,
  });

async function read(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  fake = await startFakeS3();
  storage = storageWith();
});
afterAll(() => fake.close());

describe('S3Storage against a local fake of the S3 API', () => {
  const video = randomBytes(100_000);

  it('puts an object with its type and a year of caching, signed with SigV4', async () => {
    await storage.put('lessons/a.mp4', video, 'video/mp4');
    expect(fake.objects.get('lessons/a.mp4')).toMatchObject({
      contentType: 'video/mp4',
      cacheControl: 'public, max-age=31536000, immutable',
    });
    expect(fake.objects.get('lessons/a.mp4')!.body.equals(video)).toBe(true);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'PUT',
      path: '/exhale-test/lessons/a.mp4',
      status: 200,
    });
  });

  it('streams the whole object with its size and type', async () => {
    const object = (await storage.stream('lessons/a.mp4'))!;
    expect(object).toMatchObject({ size: video.length, contentType: 'video/mp4' });
    expect((await read(object.body)).equals(video)).toBe(true);
  });

  it('streams a byte range, an open-ended one, and one cut at the end', async () => {
    const part = (await storage.stream('lessons/a.mp4', { start: 10, end: 19 }))!;
    expect(part.size).toBe(video.length);
    expect((await read(part.body)).equals(video.subarray(10, 20))).toBe(true);
    expect(fake.requests.at(-1)).toMatchObject({ range: 'bytes=10-19', status: 206 });

    const tail = (await storage.stream('lessons/a.mp4', { start: 99_990 }))!;
    expect((await read(tail.body)).equals(video.subarray(99_990))).toBe(true);
    expect(fake.requests.at(-1)).toMatchObject({ range: 'bytes=99990-', status: 206 });

    const cut = (await storage.stream('lessons/a.mp4', { start: 99_998, end: 200_000 }))!;
    expect((await read(cut.body)).equals(video.subarray(99_998))).toBe(true);
  });

  it('gives an empty body and the size for a range that starts past the end', async () => {
    const past = (await storage.stream('lessons/a.mp4', { start: 100_000, end: 100_009 }))!;
    expect(past.size).toBe(video.length);
    expect(await read(past.body)).toHaveLength(0);
  });

  it('answers undefined for a missing key, with or without a range', async () => {
    expect(await storage.stream('lessons/missing.mp4')).toBeUndefined();
    expect(await storage.stream('lessons/missing.mp4', { start: 0, end: 0 })).toBeUndefined();
  });

  it('deletes, and deleting a missing key is not an error', async () => {
    await storage.put('lessons/b.jpg', Buffer.from('jpeg'), 'image/jpeg');
    await storage.delete('lessons/b.jpg');
    expect(fake.objects.has('lessons/b.jpg')).toBe(false);
    await expect(storage.delete('lessons/b.jpg')).resolves.toBeUndefined();
  });

  it('serves media from our own origin, never the bucket', () => {
    expect(storage.publicUrl('lessons/a.mp4')).toBe('/media/lessons/a.mp4');
    expect(() => storage.publicUrl('../secrets')).toThrow(/invalid storage key/);
  });

  it('fails clearly, without the secret, when the store refuses the signature', async () => {
    const wrong = storageWith({ secretAccessKey: 'not-the-secret-0123456789' });
    const error = await wrong.put('lessons/c.mp4', video, 'video/mp4').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(S3StorageError);
    expect((error as Error).message).toBe(
      'S3 PUT exhale-test/lessons/c.mp4 failed: 403 SignatureDoesNotMatch',
    );
    await expect(wrong.stream('lessons/a.mp4')).rejects.toThrow(/403 SignatureDoesNotMatch/);
    await expect(wrong.delete('lessons/a.mp4')).rejects.toThrow(/403/);
    expect(fake.objects.has('lessons/c.mp4')).toBe(false);
    expect(fake.objects.has('lessons/a.mp4')).toBe(true);

    const unknownKey = storageWith({ accessKeyId: 'AKIAUNKNOWN' });
    await expect(unknownKey.stream('lessons/a.mp4')).rejects.toThrow(/403 InvalidAccessKeyId/);
  });

  it('fails clearly when the store cannot be reached', async () => {
    const closed = storageWith({ endpoint: 'http://127.0.0.1:9' });
    await expect(closed.stream('lessons/a.mp4')).rejects.toThrow(
      /^S3 GET lessons\/a\.mp4: http:\/\/127\.0\.0\.1:9 unreachable/,
    );
  });
});

describe('the fake S3 is as strict as S3 about signatures', () => {
  const signer = () =>
    new AwsClient({
      accessKeyId: fake.accessKeyId,
      secretAccessKey: fake.secretAccessKey,
      service: 's3',
      region: fake.region,
    });
  const url = () => `${fake.url}/${fake.bucket}/lessons/a.mp4`;

  it('refuses an unsigned request', async () => {
    const res = await fetch(url());
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('<Code>AccessDenied</Code>');
  });

  it('refuses a signed request changed on the way', async () => {
    const signed = await signer().sign(url(), { method: 'GET', headers: { 'x-amz-meta-a': '1' } });
    const headers = new Headers(signed.headers);
    headers.set('x-amz-meta-a', '2');
    const res = await fetch(signed.url, { headers });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
  });

  it('refuses a body that does not match its signed hash, and a wrong region', async () => {
    const body = Buffer.from('the real body');
    const signed = await signer().sign(url(), {
      method: 'PUT',
      body,
      headers: { 'x-amz-content-sha256': createHash('sha256').update(body).digest('hex') },
    });
    const res = await fetch(signed.url, {
      method: 'PUT',
      headers: signed.headers,
      body: Buffer.from('another body!'),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('<Code>XAmzContentSHA256Mismatch</Code>');

    const elsewhere = await storageWith({ region: 'us-east-1' })
      .stream('lessons/a.mp4')
      .catch((e: unknown) => e);
    expect((elsewhere as Error).message).toMatch(/400 AuthorizationHeaderMalformed/);
  });
});
