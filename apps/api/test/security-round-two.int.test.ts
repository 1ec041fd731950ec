import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { upload, uploadSeedImage } from './admin-fixtures';
import { createTestApp } from './app';
import { messagingInbound } from '../src/db/schema/messaging';
import { outboxMessages } from '../src/db/schema/outbox';
import { callback, messagingEnv } from './messaging-fixtures';
import { multipart } from './multipart';
import { createUser, type TestUser } from './programme-fixtures';

// Issue 47, a black-box probe's second round: moderated pictures reached by path tricks, dates
// PostgreSQL cannot hold, an MP4 whose header claims years, check-in slips in the future, replies
// to strangers, and invisible characters in what members write.

/** A clock a test sets to the instant it needs. */
class SetClock {
  private at = Date.parse('2026-03-10T06:30:00.000Z'); // 12:00 IST
  now(): Date {
    return new Date(this.at);
  }
  set(iso: string): void {
    this.at = Date.parse(iso);
  }
  advance(ms: number): void {
    this.at += ms;
  }
}

let app: FastifyInstance;
const clock = new SetClock();
let admin: TestUser;

beforeAll(async () => {
  app = await createTestApp(messagingEnv, { clock });
  admin = await createUser(app, { role: 'admin' });
});

/** Shares an Explore picture as `user`; returns the post id and the (signed) picture link. */
async function share(user: TestUser): Promise<{ id: string; image: string; bare: string }> {
  const png = await sharp({
    create: { width: 32, height: 24, channels: 3, background: '#0f766e' },
  })
    .png()
    .toBuffer();
  const body = multipart({
    image: { filename: 'me.png', contentType: 'image/png', data: png },
    title: 'Week one',
  });
  const res = await app.inject({
    method: 'POST',
    url: '/api/explore',
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  const image = res.json().data.image as string;
  return { id: res.json().data._id, image, bare: image.split('?')[0]! };
}

async function moderate(id: string, decision: 'approve' | 'reject') {
  const res = await app.inject({
    method: 'POST',
    url: `/api/admin/explore/${id}/${decision}`,
    headers: admin.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Every spelling of a picture's address a file server might normalise back to the file. */
function pathTricks(bare: string): string[] {
  const file = bare.slice('/media/explore/'.length);
  return [
    `/media//explore/${file}`,
    `/media///explore/${file}`,
    `/media/%2e/explore/${file}`,
    `/media/%2E/explore/${file}`,
    `/media/./explore/${file}`,
    `/media/explore/./${file}`,
    `/media/x/../explore/${file}`,
    `/media/x/%2e%2e/explore/${file}`,
    `/media/explore%2f${file}`,
    `/media/explore%2F${file}`,
    `/media/%65xplore/${file}`,
    `/media/explore/%${file.charCodeAt(0).toString(16)}${file.slice(1)}`,
    `/media/Explore/${file}`,
    `/media/EXPLORE/${file}`,
    `/media/explore/${file.toUpperCase()}`,
    `/media/explore/${file};`,
    `/media/explore/${file};.webp`,
    `/media/explore/${file}%3b`,
    `/media/explore%5c${file}`,
    `/media/%5cexplore/${file}`,
    `/media/explore\\${file}`,
    `/media/explore/${file}/`,
    `/media/explore/${file}%00`,
    `/media/explore/${file}%20`,
    `/media/explore//${file}`,
  ];
}

describe('Explore pictures: the signed-link guard checks the path that is served', () => {
  it('refuses a pending and a rejected picture under every path trick, GET and HEAD', async () => {
    const pending = await share(await createUser(app));
    const rejected = await share(await createUser(app));
    await moderate(rejected.id, 'reject');
    for (const post of [pending, rejected]) {
      expect((await app.inject({ url: post.bare })).statusCode).toBe(404);
      for (const url of pathTricks(post.bare)) {
        for (const method of ['GET', 'HEAD'] as const) {
          const res = await app.inject({ method, url });
          expect(res.statusCode, `${method} ${url}`).not.toBe(200);
          expect(res.statusCode, `${method} ${url}`).not.toBe(206);
          expect(res.headers['content-type'] ?? '', url).not.toBe('image/webp');
        }
      }
      // The author's signed link still works, kept out of every cache.
      const own = await app.inject({ url: post.image });
      expect(own.statusCode).toBe(200);
      expect(own.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('does not let an approved picture be cached for a year, and stops serving it once rejected', async () => {
    const post = await share(await createUser(app));
    await moderate(post.id, 'approve');
    const open = await app.inject({ url: post.bare });
    expect(open.statusCode).toBe(200);
    const cacheControl = open.headers['cache-control'] as string;
    expect(cacheControl).not.toContain('immutable');
    const maxAge = Number(/max-age=(\d+)/.exec(cacheControl)?.[1] ?? 0);
    expect(maxAge).toBeLessThanOrEqual(300);

    await moderate(post.id, 'reject');
    expect((await app.inject({ url: post.bare })).statusCode).toBe(404);
    for (const url of pathTricks(post.bare)) {
      expect((await app.inject({ url })).statusCode, url).not.toBe(200);
    }
  });

  it('still serves other media as before: a year of caching, byte ranges', async () => {
    const { url } = await uploadSeedImage(app, admin);
    const whole = await app.inject({ url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const ranged = await app.inject({ url, headers: { range: 'bytes=0-3' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.body).toBe('RIFF');
    // The same tricks on an ordinary file are simply not found.
    expect((await app.inject({ url: url.replace('/media/', '/media//') })).statusCode).toBe(404);
  });
});

describe('dates PostgreSQL cannot hold are a 400, never a 500', () => {
  const cursor = (at: string) =>
    Buffer.from(JSON.stringify([at, '0b5e3c1a-8d7e-4f6a-9b2c-1d3e5f7a9b0c'])).toString('base64url');

  it('refuses a /cravings cursor whose date is out of range', async () => {
    const user = await createUser(app);
    for (const at of [
      '-200000-01-01',
      '+275760-09-13',
      '-271821-04-20T00:00:00.000Z',
      '+100000-01-01T00:00:00.000Z',
      '0000-01-01T00:00:00.000Z',
      '9999-12-31T23:59:59.999Z',
    ]) {
      const res = await app.inject({
        url: `/api/cravings?cursor=${cursor(at)}`,
        headers: user.headers,
      });
      expect(res.statusCode, `${at}: ${res.body}`).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    // A real cursor still pages.
    const ok = await app.inject({
      url: `/api/cravings?cursor=${cursor('2026-03-01T00:00:00.000Z')}`,
      headers: user.headers,
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses far-off dates in every date query, path and body', async () => {
    const user = await createUser(app);
    const get = (url: string) => app.inject({ url, headers: user.headers });
    for (const date of ['9999-12-31', '0100-01-01', '1899-12-31', '2200-01-01']) {
      for (const url of [
        `/api/cravings?to=${date}`,
        `/api/cravings?from=${date}`,
        `/api/check-ins?to=${date}`,
        `/api/check-ins?from=${date}`,
      ]) {
        expect((await get(url)).statusCode, url).toBe(400);
      }
      const checkIn = await app.inject({
        method: 'PUT',
        url: `/api/check-ins/${date}`,
        headers: user.headers,
        payload: { used: false, mood: 3 },
      });
      expect(checkIn.statusCode, date).toBe(400);
      const plan = await app.inject({
        method: 'PUT',
        url: '/api/quit-plan',
        headers: user.headers,
        payload: {
          quit_date: date,
          tobacco: [{ type: 'cigarette', per_day: 10, cost_per_day: 100 }],
        },
      });
      expect(plan.statusCode, date).toBe(400);
    }
    for (const at of ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59+05:30']) {
      const craving = await app.inject({
        method: 'POST',
        url: '/api/cravings',
        headers: user.headers,
        payload: { intensity: 3, trigger: 'stress', outcome: 'resisted', at },
      });
      expect(craving.statusCode, at).toBe(400);
    }
  });

  it("refuses far-off dates in the console's coupons and live sessions", async () => {
    const post = (url: string, payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url, headers: admin.headers, payload });
    for (const expires of ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59Z']) {
      const res = await post('/api/admin/coupons', {
        code: 'FAR001',
        type: 'percent',
        value: 10,
        expires_at: expires,
      });
      expect(res.statusCode, `${expires}: ${res.body}`).toBe(400);
    }
    for (const when of ['0100-01-01T10:00', '9999-12-31T23:59']) {
      const res = await post('/api/admin/live-sessions', {
        title: 'Far away',
        amount: 100,
        host: 'Dr Rao',
        session_date_ist: when,
      });
      expect(res.statusCode, `${when}: ${res.body}`).toBe(400);
    }
  });
});

/** The smallest MP4 the upload accepts: `ftyp`, then `moov` with a version-1 `mvhd`. */
function mp4Claiming(duration: bigint, timescale = 1): Buffer {
  const ftyp = Buffer.alloc(16);
  ftyp.writeUInt32BE(16, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  const mvhd = Buffer.alloc(40);
  mvhd.writeUInt32BE(40, 0);
  mvhd.write('mvhd', 4, 'latin1');
  mvhd.writeUInt8(1, 8); // version 1: 64-bit times
  mvhd.writeUInt32BE(timescale, 8 + 20);
  mvhd.writeBigUInt64BE(duration, 8 + 24);
  const moov = Buffer.alloc(8);
  moov.writeUInt32BE(8 + mvhd.length, 0);
  moov.write('moov', 4, 'latin1');
  return Buffer.concat([ftyp, moov, mvhd]);
}

function storedVideos(): string[] {
  const dir = path.join(app.config.DATA_DIR, 'uploads', 'admin', 'videos');
  return existsSync(dir) ? readdirSync(dir) : [];
}

describe('an admin video whose MP4 header claims an absurd length', () => {
  it('is a 400 naming the problem, and leaves no stored file behind', async () => {
    const before = storedVideos();
    for (const [duration, timescale] of [
      [2n ** 40n, 1],
      [0xffff_fffen, 1],
      [7n * 3600n * 1000n, 1000],
    ] as const) {
      const res = await upload(app, admin, 'video', {
        filename: 'long.mp4',
        contentType: 'video/mp4',
        data: mp4Claiming(duration, timescale),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VIDEO_TOO_LONG' });
    }
    expect(storedVideos()).toEqual(before);
    // A plausible length is stored as before.
    const ok = await upload(app, admin, 'video', {
      filename: 'short.mp4',
      contentType: 'video/mp4',
      data: mp4Claiming(90n * 600n, 600),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.duration_seconds).toBe(90);
    expect(storedVideos()).toHaveLength(before.length + 1);
  });
});

describe("a 'used' check-in", () => {
  const checkIn = (user: TestUser, date: string, body: Record<string, unknown>) =>
    app.inject({
      method: 'PUT',
      url: `/api/check-ins/${date}`,
      headers: user.headers,
      payload: body,
    });
  const planFor = (user: TestUser, quitDate: string) =>
    app.inject({
      method: 'PUT',
      url: '/api/quit-plan',
      headers: user.headers,
      payload: {
        quit_date: quitDate,
        tobacco: [{ type: 'cigarette', per_day: 10, cost_per_day: 100 }],
      },
    });
  const slipTimes = async (user: TestUser) =>
    (
      (await app.inject({ url: '/api/cravings', headers: user.headers })).json().data as {
        at: string;
        source: string;
      }[]
    ).map((entry) => `${entry.source} ${entry.at}`);

  it("stores today's slip at now before 21:00 IST, never in the future", async () => {
    clock.set('2026-03-10T13:30:00.000Z'); // 19:00 IST
    const user = await createUser(app);
    expect((await planFor(user, '2026-03-01')).statusCode).toBe(200);
    const res = await checkIn(user, '2026-03-10', { used: true, units: 2, mood: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await slipTimes(user)).toEqual(['check_in 2026-03-10T13:30:00.000Z']);
    // Yesterday's keeps its 21:00 IST, which is past.
    const yesterday = await checkIn(user, '2026-03-09', { used: true, mood: 2 });
    expect(yesterday.statusCode, yesterday.body).toBe(200);
    expect(await slipTimes(user)).toEqual([
      'check_in 2026-03-10T13:30:00.000Z',
      'check_in 2026-03-09T15:30:00.000Z',
    ]);
    // Progress counts the slip from when it happened, not from 21:00 tonight.
    const progress = await app.inject({ url: '/api/quit-plan/progress', headers: user.headers });
    expect(progress.json().data.smoke_free_since).toBe('2026-03-10T13:30:00.000Z');
  });

  it('stores it at 21:00 IST when the check-in comes later that evening', async () => {
    clock.set('2026-03-10T17:00:00.000Z'); // 22:30 IST
    const user = await createUser(app);
    expect((await planFor(user, '2026-03-01')).statusCode).toBe(200);
    expect((await checkIn(user, '2026-03-10', { used: true, mood: 2 })).statusCode).toBe(200);
    expect(await slipTimes(user)).toEqual(['check_in 2026-03-10T15:30:00.000Z']);
  });

  it('needs a quit plan: 404 NO_QUIT_PLAN, and nothing is stored', async () => {
    clock.set('2026-03-10T13:30:00.000Z');
    const user = await createUser(app);
    const res = await checkIn(user, '2026-03-10', { used: true, units: 1, mood: 2 });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NO_QUIT_PLAN' });
    expect(await slipTimes(user)).toEqual([]);
    const list = await app.inject({ url: '/api/check-ins', headers: user.headers });
    expect(list.json().data).toEqual([]);
  });
});

describe('inbound messages: `from` must be an Indian mobile number', () => {
  const inboundRows = (messageId: string) =>
    app.db.select().from(messagingInbound).where(eq(messagingInbound.messageId, messageId));
  let n = 0;
  const post = (from: unknown, text = 'STOP') => {
    const messageId = `r2-${(n += 1)}`;
    return {
      messageId,
      res: callback(app, '/api/messaging/inbound/http', {
        from,
        text,
        channel: 'sms',
        message_id: messageId,
      }),
    };
  };

  it('refuses anything else with 400 and records nothing', async () => {
    for (const from of [
      '5876543210', // starts below 6
      '987654321', // nine digits
      '98765432101', // eleven
      '09876543210', // a leading 0
      '0919876543210',
      '+9198765432100',
      '+91 98765 43210',
      '98765-43210',
      '+449876543210',
      '449876543210',
      '++919876543210',
      '९८७६५४३२१०', // Devanagari digits
      'alice',
      '',
    ]) {
      const { messageId, res } = post(from);
      const answer = await res;
      expect(answer.statusCode, JSON.stringify(from)).toBe(400);
      expect(await inboundRows(messageId), JSON.stringify(from)).toEqual([]);
    }
  });

  it('accepts a number with or without 91 or +91', async () => {
    const user = await createUser(app);
    const mobile = user.row.mobile!;
    for (const from of [mobile, `91${mobile}`, `+91${mobile}`]) {
      const { messageId, res } = post(from, 'CRAVE');
      expect((await res).statusCode, from).toBe(200);
      expect(await inboundRows(messageId)).toHaveLength(1);
    }
  });

  it('sends nothing to a number that matches no member, whatever it says', async () => {
    const stranger = `7${String(Date.now()).slice(-9)}`;
    for (const text of ['STOP', 'START', 'HELP', 'SLIP', 'hello']) {
      for (const from of [stranger, `+91${stranger}`]) {
        const { res } = post(from, text);
        expect((await res).statusCode).toBe(200);
      }
    }
    const sent = await app.db
      .select()
      .from(outboxMessages)
      .where(inArray(outboxMessages.recipient, [stranger, `91${stranger}`, `+91${stranger}`]));
    expect(sent).toEqual([]);
  });

  it('refuses the same through the local outbox reply box', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/dev/outbox/reply',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'from=12345&channel=sms&text=STOP',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('what members write is stored without invisible characters (decision 081)', () => {
  const hidden = '\u202E\u200B\u2066\u2060\uFEFF\u200E';

  it('strips overrides and zero-width characters, keeping Indic joiners', async () => {
    clock.set('2026-03-10T06:30:00.000Z');
    const user = await createUser(app);
    const plan = await app.inject({
      method: 'PUT',
      url: '/api/quit-plan',
      headers: user.headers,
      payload: {
        quit_date: '2026-03-01',
        tobacco: [{ type: 'bidi', per_day: 10, cost_per_day: 10 }],
        reasons: [`For my ${hidden}daughter`, 'क्\u200Dष and র\u200D্য'],
      },
    });
    expect(plan.statusCode, plan.body).toBe(200);
    expect(plan.json().data.reasons).toEqual(['For my daughter', 'क्\u200Dष and র\u200D্য']);

    const craving = await app.inject({
      method: 'POST',
      url: '/api/cravings',
      headers: user.headers,
      payload: { intensity: 3, trigger: 'stress', outcome: 'resisted', note: `gpj${hidden}.exe` },
    });
    expect(craving.statusCode, craving.body).toBe(201);
    expect(craving.json().data.note).toBe('gpj.exe');

    const post = await share(user);
    await moderate(post.id, 'approve');
    const review = await app.inject({
      method: 'POST',
      url: '/api/explore-review',
      headers: user.headers,
      payload: { explore_id: post.id, review: `Well done${hidden} 👩\u200D⚕️` },
    });
    expect(review.statusCode, review.body).toBe(201);
    expect(review.json().data.review).toBe('Well done 👩\u200D⚕️');
    // Nothing but invisible characters is no review at all.
    const empty = await app.inject({
      method: 'POST',
      url: '/api/explore-review',
      headers: user.headers,
      payload: { explore_id: post.id, review: hidden },
    });
    expect(empty.statusCode).toBe(400);
  });

  it('strips them from an Explore post title', async () => {
    const user = await createUser(app);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const body = multipart({
      image: { filename: 'a.png', contentType: 'image/png', data: png },
      title: `Day ${hidden}30`,
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/explore',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.title).toBe('Day 30');
  });
});
