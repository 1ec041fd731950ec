import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { exploreReviews } from '../src/db/schema/content';
import { outboxFor } from './accounts';
import { createTestApp } from './app';
import { multipart } from './multipart';
import { createUser, type TestUser } from './programme-fixtures';

let app: FastifyInstance;
let admin: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  admin = await createUser(app, { role: 'admin', name: 'Operator' });
});

function png(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
}

function upload(user: TestUser, parts: Parameters<typeof multipart>[0]) {
  const body = multipart(parts);
  return app.inject({
    method: 'POST',
    url: '/api/explore',
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
}

async function share(user: TestUser, title?: string): Promise<string> {
  const res = await upload(user, {
    image: { filename: 'me.png', contentType: 'image/png', data: await png() },
    ...(title === undefined ? {} : { title }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id;
}

function moderate(id: string, status: 'approved' | 'rejected', as: TestUser = admin) {
  // The operator console's audited moderation routes.
  const decision = status === 'approved' ? 'approve' : 'reject';
  return app.inject({
    method: 'POST',
    url: `/api/admin/explore/${id}/${decision}`,
    headers: as.headers,
  });
}

async function feed(user: TestUser, status?: string) {
  return app.inject({
    url: status ? `/api/explore?status=${status}` : '/api/explore?status=approved',
    headers: user.headers,
  });
}

const idsIn = async (user: TestUser, status?: string) =>
  ((await feed(user, status)).json().data as { _id: string }[]).map((p) => p._id);

function uploadsFile(url: string): string {
  return path.join(app.config.DATA_DIR, 'uploads', url.replace(/^\/media\//, '').split('?')[0]!);
}

describe('POST /explore', () => {
  it('stores a re-encoded WebP (at most 1280 px, no metadata) and files the post as pending', async () => {
    const user = await createUser(app);
    const big = await sharp({
      create: { width: 3000, height: 2000, channels: 3, background: '#fff' },
    })
      .jpeg()
      .withMetadata({ orientation: 1, exif: { IFD0: { Copyright: 'GPS here' } } })
      .toBuffer();
    const res = await upload(user, {
      image: { filename: 'photo.jpg', contentType: 'image/jpeg', data: big },
      title: '  30 days smoke-free  ',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Post submitted for review',
      data: { title: '30 days smoke-free', status: 'pending' },
    });
    const url = res.json().data.image as string;
    // Pending: a signed link only its author (and admins) get (decision 038).
    expect(url).toMatch(/^\/media\/explore\/[0-9a-f-]+\.webp\?exp=\d+&sig=[\w-]+$/);
    const stored = await app.inject({ url });
    expect(stored.headers['content-type']).toBe('image/webp');
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1280, height: 853 });
    expect(meta.exif).toBeUndefined();
  });

  it('refuses a file over 5 MB with 413, whatever it claims to be', async () => {
    const user = await createUser(app);
    const res = await upload(user, {
      image: {
        filename: 'huge.png',
        contentType: 'image/png',
        data: Buffer.alloc(5 * 1024 * 1024 + 1, 1),
      },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('This image is too large. Please choose a smaller one.');
  });

  it('checks the content, not the name: a GIF or text called .png is 415', async () => {
    const user = await createUser(app);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    for (const data of [gif, Buffer.from('not an image at all')]) {
      const res = await upload(user, {
        image: { filename: 'x.png', contentType: 'image/png', data },
      });
      expect(res.statusCode).toBe(415);
    }
  });

  it('needs an image and a session', async () => {
    const user = await createUser(app);
    const res = await upload(user, { title: 'no picture' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please choose an image to upload.');
    const body = multipart({
      image: { filename: 'a.png', contentType: 'image/png', data: await png() },
    });
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/explore',
      headers: body.headers,
      payload: body.payload,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /explore', () => {
  it('never lists pending or rejected posts to members', async () => {
    const user = await createUser(app);
    const pending = await share(user, 'pending one');
    const rejected = await share(user, 'rejected one');
    const approved = await share(user, 'approved one');
    expect((await moderate(rejected, 'rejected')).statusCode).toBe(200);
    expect((await moderate(approved, 'approved')).statusCode).toBe(200);

    const listed = await idsIn(user);
    expect(listed).toContain(approved);
    expect(listed).not.toContain(pending);
    expect(listed).not.toContain(rejected);
    expect(await idsIn(user, undefined)).toEqual(listed);
  });

  it('lists approved posts newest first', async () => {
    const user = await createUser(app);
    const first = await share(user);
    const second = await share(user);
    await moderate(second, 'approved');
    await moderate(first, 'approved');
    const listed = await idsIn(user);
    expect(listed.indexOf(second)).toBeLessThan(listed.indexOf(first));
  });

  it('keeps the moderation queues for admins: other statuses are 403 for members', async () => {
    const user = await createUser(app);
    const pending = await share(user);
    for (const status of ['pending', 'rejected']) {
      expect((await feed(user, status)).statusCode).toBe(403);
    }
    expect(await idsIn(admin, 'pending')).toContain(pending);
    expect((await feed(user, 'everything')).statusCode).toBe(400);
  });
});

describe('moderation (POST /admin/explore/{id}/approve|reject)', () => {
  it('is for admins only', async () => {
    const user = await createUser(app);
    const post = await share(user);
    expect((await moderate(post, 'approved', user)).statusCode).toBe(403);
    expect(await idsIn(user)).not.toContain(post);
    expect((await moderate('00000000-0000-4000-8000-000000000000', 'approved')).statusCode).toBe(
      404,
    );
  });

  it('tells the uploader in the bell and by email (community email is on by default), once', async () => {
    const user = await createUser(app, { whatsappNo: '9123456780' });
    const post = await share(user, 'My first week');
    await moderate(post, 'approved');
    await moderate(post, 'approved'); // deciding again changes nothing and notifies nobody

    const bell = await app.inject({ url: '/api/notification', headers: user.headers });
    const notices = bell.json().data as { title: string; message: string }[];
    expect(notices.filter((n) => n.title === 'Post approved')).toHaveLength(1);
    expect(notices[0]!.message).toContain('"My first week"');

    const mails = (await outboxFor(app, user.row.email)).filter((m) =>
      m.subject?.startsWith('Post approved'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.channel).toBe('email');
    // WhatsApp copies of community news are off by default.
    expect(await outboxFor(app, '9123456780')).toHaveLength(0);
  });

  it("names an untitled post as the uploader's picture, in a sentence that reads", async () => {
    const user = await createUser(app);
    await moderate(await share(user), 'approved');
    await moderate(await share(user), 'rejected');
    const bell = await app.inject({ url: '/api/notification', headers: user.headers });
    const messages = (bell.json().data as { message: string }[]).map((n) => n.message);
    expect(messages).toContain(
      'Your picture on Explore is now live for the community. Thank you for sharing!',
    );
    expect(messages).toContain(
      'Your picture on Explore was not approved, as it does not follow the community guidelines. You are welcome to share another picture.',
    );
  });

  it('sends no email when the uploader turned community emails off, and WhatsApp when on', async () => {
    const user = await createUser(app, { whatsappNo: '9123456781' });
    const settings = (
      await app.inject({ url: '/api/user-notification', headers: user.headers })
    ).json().data as { _id: string; notification_id: { title: string; setting: string } }[];
    const setting = (title: string, name: string) =>
      settings.find(
        (s) => s.notification_id.title === title && s.notification_id.setting === name,
      )!;
    for (const [id, status] of [
      [setting('Community', 'Email updates')._id, false],
      [setting('Community', 'WhatsApp updates')._id, true],
    ] as const) {
      const res = await app.inject({
        method: 'PUT',
        url: `/api/user-notification/${id}`,
        headers: user.headers,
        payload: { status },
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    await moderate(await share(user), 'rejected');
    const bell = (await app.inject({ url: '/api/notification', headers: user.headers })).json()
      .data as { title: string }[];
    expect(bell.map((n) => n.title)).toContain('Post not approved');
    expect(await outboxFor(app, user.row.email)).toHaveLength(0);
    const whatsapp = await outboxFor(app, '9123456781');
    expect(whatsapp).toHaveLength(1);
    expect(whatsapp[0]!.text).toContain('Post not approved');
  });
});

describe('reviews', () => {
  async function approvedPost(): Promise<string> {
    const owner = await createUser(app);
    const post = await share(owner);
    await moderate(post, 'approved');
    return post;
  }

  function review(user: TestUser, payload: Record<string, unknown>) {
    return app.inject({
      method: 'POST',
      url: '/api/explore-review',
      headers: user.headers,
      payload,
    });
  }

  const reviewsOf = (user: TestUser, post: string) =>
    app.inject({ url: `/api/explore-review?explore_id=${post}`, headers: user.headers });

  it('adds a trimmed review and lists it with the author name only', async () => {
    const post = await approvedPost();
    const reader = await createUser(app, { name: 'Kiran Das' });
    const res = await review(reader, { explore_id: post, review: '  Well done, keep going!  ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      explore_id: post,
      review: 'Well done, keep going!',
      user_id: { name: 'Kiran Das' },
    });
    const list = await reviewsOf(reader, post);
    expect(list.statusCode).toBe(200);
    const [first] = list.json().data;
    expect(first).toEqual({
      _id: res.json().data._id,
      explore_id: post,
      review: 'Well done, keep going!',
      user_id: { name: 'Kiran Das' },
      createdAt: expect.any(String),
    });
  });

  it('refuses blank and over-long reviews with the review message', async () => {
    const post = await approvedPost();
    const reader = await createUser(app);
    for (const text of ['', '    ', 'x'.repeat(1001)]) {
      const res = await review(reader, { explore_id: post, review: text });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('A review must be between 1 and 1000 characters.');
    }
    expect((await review(reader, { explore_id: post, review: 'x'.repeat(1000) })).statusCode).toBe(
      201,
    );
  });

  it('only takes and shows reviews of approved posts', async () => {
    const owner = await createUser(app);
    const pending = await share(owner);
    const rejected = await share(owner);
    await moderate(rejected, 'rejected');
    for (const post of [pending, rejected, 'not-an-id']) {
      expect((await review(owner, { explore_id: post, review: 'hi' })).statusCode).toBe(404);
      expect((await reviewsOf(owner, post)).statusCode).toBe(404);
    }
  });

  it('leaves hidden reviews out', async () => {
    const post = await approvedPost();
    const reader = await createUser(app);
    const kept = (await review(reader, { explore_id: post, review: 'kept' })).json().data._id;
    const hidden = (await review(reader, { explore_id: post, review: 'hidden' })).json().data._id;
    await app.db.update(exploreReviews).set({ hidden: true }).where(eq(exploreReviews.id, hidden));
    const ids = (await reviewsOf(reader, post)).json().data.map((r: { _id: string }) => r._id);
    expect(ids).toEqual([kept]);
  });

  it('allows 10 reviews a minute per member', async () => {
    const post = await approvedPost();
    const reader = await createUser(app);
    for (let i = 1; i <= 10; i += 1) {
      expect((await review(reader, { explore_id: post, review: `note ${i}` })).statusCode).toBe(
        201,
      );
    }
    const limited = await review(reader, { explore_id: post, review: 'one more' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another member is not affected.
    expect(
      (await review(await createUser(app), { explore_id: post, review: 'me too' })).statusCode,
    ).toBe(201);
  });
});

describe('account deletion', () => {
  it("removes the member's Explore pictures from storage", async () => {
    const user = await createUser(app);
    const res = await upload(user, {
      image: { filename: 'a.png', contentType: 'image/png', data: await png() },
    });
    const file = uploadsFile(res.json().data.image);
    expect(existsSync(file)).toBe(true);
    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/auth/user/delete',
      headers: user.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(existsSync(file)).toBe(false);
    expect(await idsIn(admin, 'pending')).not.toContain(res.json().data._id);
  });
});
