import { existsSync, readFileSync } from 'node:fs';
import { Agent } from 'node:https';
import path from 'node:path';
import { LANGUAGES } from '@exhale/contract/languages';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { messagingPreferences } from '../src/db/schema/messaging';
import { outboxMessages } from '../src/db/schema/outbox';
import { pushSubscriptions } from '../src/db/schema/push';
import { createProgrammeScheduler } from '../src/modules/messaging/messaging.module';
import { notify } from '../src/modules/notifications/notifications.module';
import { createOutboxWorker } from '../src/modules/outbox/outbox.module';
import { enqueuePush } from '../src/modules/push/push.module';
import { MAX_PUSH_SUBSCRIPTIONS } from '../src/modules/push/push.repository';
import { createPushService } from '../src/modules/push/push.module';
import { isAllowedPushEndpoint } from '../src/providers/push/endpoint-guard';
import { WebPushSender } from '../src/providers/push/web-push-sender';
import { PushRepository } from '../src/modules/push/push.repository';
import { ManualClock, createTestApp } from './app';
import { startFakePushService, type FakeBrowser, type FakePushService } from './fake-push-service';
import { messagingEnv, savePlan } from './messaging-fixtures';
import { createUser, type TestUser } from './programme-fixtures';

// Issue 44, Web Push: subscriptions behind the endpoint guard, deliveries through the outbox
// worker to a local HTTPS push service that decrypts what it receives as a browser would.

let app: FastifyInstance;
let pushService: FakePushService;

beforeAll(async () => {
  app = await createTestApp();
  pushService = await startFakePushService();
});
afterAll(() => pushService.close());

/** The outbox worker with the app's push sender, trusting the fake's certificate. */
function worker() {
  const push = new WebPushSender({
    vapid: app.webPush,
    subscriptions: new PushRepository(app.db),
    production: false,
    log: app.log,
    agent: new Agent({ ca: pushService.ca }),
  });
  return createOutboxWorker(
    { db: app.db, senders: { ...app.messageSenders, push }, log: app.log },
    { batchSize: 100 },
  );
}

async function subscribe(user: TestUser, browser: Pick<FakeBrowser, 'endpoint' | 'keys'>) {
  return app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: {
      ...user.headers,
      'user-agent':
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
    },
    payload: { endpoint: browser.endpoint, keys: browser.keys },
  });
}

async function subscribed(user: TestUser, browser: FakeBrowser): Promise<string> {
  const res = await subscribe(user, browser);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: { _id: string } }).data._id;
}

const subscriptionsOf = (user: TestUser) =>
  app.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, user.id))
    .orderBy(pushSubscriptions.createdAt);

const pushRowsOf = (user: TestUser) =>
  app.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.userId, user.id))
    .then((rows) => rows.filter((row) => row.channel === 'push'));

describe('GET /push/key', () => {
  it('serves the VAPID public key, generated once into DATA_DIR/secrets', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/push/key' });
    expect(res.statusCode).toBe(200);
    const key = (res.json() as { data: { public_key: string } }).data.public_key;
    // An uncompressed P-256 point: 65 bytes starting with 0x04.
    const bytes = Buffer.from(key, 'base64url');
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
    const file = path.join(app.config.DATA_DIR, 'secrets', 'web-push-vapid.json');
    expect(existsSync(file)).toBe(true);
    expect((JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string }).publicKey).toBe(key);

    // A second process on the same data dir signs with the same pair.
    const again = await createTestApp({ DATA_DIR: app.config.DATA_DIR });
    expect(again.webPush.publicKey).toBe(key);
  });

  it('takes the pair from WEB_PUSH_PUBLIC_KEY and WEB_PUSH_PRIVATE_KEY when set', async () => {
    const pair = webpush.generateVAPIDKeys();
    const configured = await createTestApp({
      WEB_PUSH_PUBLIC_KEY: pair.publicKey,
      WEB_PUSH_PRIVATE_KEY: pair.privateKey,
      WEB_PUSH_SUBJECT: 'mailto:operator@exhale.example',
    });
    const res = await configured.inject({ method: 'GET', url: '/api/push/key' });
    expect(res.json()).toEqual({ success: true, data: { public_key: pair.publicKey } });
    expect(configured.webPush.privateKey).toBe(pair.privateKey);
    expect(configured.webPush.subject).toBe('mailto:operator@exhale.example');
  });
});

describe('POST and DELETE /push/subscriptions', () => {
  it('needs a session', async () => {
    const browser = pushService.browser();
    const res = await app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: { endpoint: browser.endpoint, keys: browser.keys },
    });
    expect(res.statusCode).toBe(401);
  });

  it('saves a browser once: the same endpoint again updates its keys', async () => {
    const user = await createUser(app);
    const browser = pushService.browser();
    const id = await subscribed(user, browser);
    const renewed = pushService.browser();
    const again = await subscribe(user, { endpoint: browser.endpoint, keys: renewed.keys });
    expect(again.statusCode).toBe(201);
    expect((again.json() as { data: { _id: string } }).data._id).toBe(id);
    const rows = await subscriptionsOf(user);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id,
      p256dh: renewed.keys.p256dh,
      auth: renewed.keys.auth,
      userAgent: 'Chrome on Android',
    });
  });

  it('refuses keys that are not a browser’s', async () => {
    const user = await createUser(app);
    const browser = pushService.browser();
    for (const keys of [
      { p256dh: 'short', auth: browser.keys.auth },
      { p256dh: browser.keys.p256dh, auth: 'not base64 at all!!!!!!' },
    ]) {
      const res = await subscribe(user, { endpoint: browser.endpoint, keys });
      expect(res.statusCode).toBe(400);
    }
    expect(await subscriptionsOf(user)).toHaveLength(0);
  });

  it('keeps at most 10 browsers a member: the oldest goes', async () => {
    const user = await createUser(app);
    const ids: string[] = [];
    for (let i = 0; i < MAX_PUSH_SUBSCRIPTIONS + 1; i++) {
      ids.push(await subscribed(user, pushService.browser()));
    }
    const kept = (await subscriptionsOf(user)).map((row) => row.id);
    expect(kept).toHaveLength(MAX_PUSH_SUBSCRIPTIONS);
    expect(kept).not.toContain(ids[0]);
    expect(kept).toContain(ids[MAX_PUSH_SUBSCRIPTIONS]);
  });

  it('forgets a browser on DELETE, and only the caller’s', async () => {
    const user = await createUser(app);
    const other = await createUser(app);
    const browser = pushService.browser();
    await subscribed(user, browser);
    const foreign = await app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: other.headers,
      payload: { endpoint: browser.endpoint },
    });
    expect(foreign.statusCode).toBe(204);
    expect(await subscriptionsOf(user)).toHaveLength(1);
    const own = await app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: user.headers,
      payload: { endpoint: browser.endpoint },
    });
    expect(own.statusCode).toBe(204);
    expect(await subscriptionsOf(user)).toHaveLength(0);
  });
});

describe('the endpoint guard', () => {
  const refused = [
    'http://127.0.0.1:8443/push/1',
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://evil.example/push',
    'https://169.254.169.254/latest/meta-data',
    'https://10.0.0.5/push',
    'https://fcm.googleapis.com.evil.example/fcm/send/abc',
    'https://push.apple.com.evil.example/3/device',
    'https://user:pass@fcm.googleapis.com/fcm/send/abc',
    'file:///etc/passwd',
    'not a url',
  ];
  const services = [
    'https://fcm.googleapis.com/fcm/send/dXk2:APA91b',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
    'https://web.push.apple.com/QGx1ZW',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
  ];

  it('outside production accepts the push services and https on loopback, nothing else', async () => {
    const user = await createUser(app);
    const browser = pushService.browser();
    for (const endpoint of [
      ...services,
      browser.endpoint,
      'https://localhost:8443/push/1',
      'https://[::1]:8443/push/1',
    ]) {
      const res = await subscribe(user, { endpoint, keys: browser.keys });
      expect(res.statusCode, endpoint).toBe(201);
    }
    for (const endpoint of refused) {
      const res = await subscribe(user, { endpoint, keys: browser.keys });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
    }
    const saved = (await subscriptionsOf(user)).map((row) => row.endpoint);
    for (const endpoint of refused) expect(saved).not.toContain(endpoint);
  });

  it('in production accepts only the known push services', async () => {
    const user = await createUser(app);
    const production = createPushService({
      db: app.db,
      outbox: app.outbox,
      clock: app.clock,
      production: true,
    });
    const browser = pushService.browser();
    for (const endpoint of services) {
      expect(isAllowedPushEndpoint(endpoint, true), endpoint).toBe(true);
      await production.subscribe(user.id, { endpoint, keys: browser.keys }, undefined);
    }
    for (const endpoint of [...refused, browser.endpoint, 'https://localhost/push/1']) {
      expect(isAllowedPushEndpoint(endpoint, true), endpoint).toBe(false);
      await expect(
        production.subscribe(user.id, { endpoint, keys: browser.keys }, undefined),
      ).rejects.toMatchObject({ statusCode: 400, code: 'PUSH_ENDPOINT_NOT_ALLOWED' });
    }
    expect(await subscriptionsOf(user)).toHaveLength(services.length);
  });
});

describe('deliveries', () => {
  it('POST /push/test sends each browser one encrypted, VAPID-signed message in the member’s language', async () => {
    const user = await createUser(app, { language: 'hi' });
    const phone = pushService.browser();
    const laptop = pushService.browser();
    await subscribed(user, phone);
    await subscribed(user, laptop);

    const res = await app.inject({ method: 'POST', url: '/api/push/test', headers: user.headers });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ success: true, data: { sent: 2 } });

    await worker().drainOnce();
    for (const browser of [phone, laptop]) {
      const [request, ...more] = pushService.to(browser);
      expect(more).toHaveLength(0);
      expect(request!.headers).toMatchObject({
        ttl: '300',
        urgency: 'high',
        'content-encoding': 'aes128gcm',
        'content-type': 'application/octet-stream',
      });
      expect(request!.headers.topic).toBeUndefined();
      expect(request!.headers.authorization).toMatch(
        new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${app.webPush.publicKey}$`),
      );
      expect(browser.read(request!)).toEqual({
        title: 'सूचनाएँ चालू हैं',
        body: 'Exhale इसी तरह इस फ़ोन तक पहुँचेगा: आपका रोज़ का संदेश, रिमाइंडर और जवाब।',
        url: '/notifications',
        tag: 'exhale-test',
      });
    }
    // Delivered exactly once: another pass of the worker sends nothing more.
    const before = pushService.requests.length;
    await worker().drainOnce();
    expect(pushService.requests.length).toBe(before);
    expect((await pushRowsOf(user)).map((row) => row.status)).toEqual(['sent', 'sent']);
    const [row] = await subscriptionsOf(user);
    expect(row!.lastUsedAt.getTime()).toBeGreaterThanOrEqual(row!.createdAt.getTime());
  });

  it('answers sent: 0 to a member with no browser, and queues nothing', async () => {
    const user = await createUser(app);
    const res = await app.inject({ method: 'POST', url: '/api/push/test', headers: user.headers });
    expect(res.json()).toEqual({ success: true, data: { sent: 0 } });
    expect(await pushRowsOf(user)).toHaveLength(0);
  });

  it('sends the day’s programme message at normal urgency for 12 hours under one topic', async () => {
    const user = await createUser(app);
    const browser = pushService.browser();
    await subscribed(user, browser);
    await enqueuePush(
      app.db,
      user.id,
      { title: 'Your Exhale message for today', body: 'Day 3: drink water.', url: '/dashboard' },
      'programme',
      new Date(),
    );
    await worker().drainOnce();
    const [request] = pushService.to(browser);
    expect(request!.headers).toMatchObject({
      ttl: String(12 * 60 * 60),
      urgency: 'normal',
      topic: 'exhale-programme',
    });
    expect(browser.read(request!)).toMatchObject({
      body: 'Day 3: drink water.',
      url: '/dashboard',
    });
  });

  it.each([404, 410])(
    'deletes a subscription the push service answers %i for, and gives the message up',
    async (status) => {
      const user = await createUser(app);
      const gone = pushService.browser();
      const alive = pushService.browser();
      await subscribed(user, gone);
      await subscribed(user, alive);
      pushService.answer(gone, status);
      await app.inject({ method: 'POST', url: '/api/push/test', headers: user.headers });
      await worker().drainOnce();
      expect((await subscriptionsOf(user)).map((row) => row.endpoint)).toEqual([alive.endpoint]);
      const rows = await pushRowsOf(user);
      expect(rows.map((row) => row.status).sort()).toEqual(['failed', 'sent']);
      expect(rows.find((row) => row.status === 'failed')).toMatchObject({
        attempts: 1,
        lastError: `push service answered ${status}`,
      });
    },
  );

  it('retries a push the service could not take (5xx), keeping the subscription', async () => {
    const user = await createUser(app);
    const browser = pushService.browser();
    await subscribed(user, browser);
    pushService.answer(browser, 503);
    await app.inject({ method: 'POST', url: '/api/push/test', headers: user.headers });
    await worker().drainOnce();
    const [row] = await pushRowsOf(user);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(await subscriptionsOf(user)).toHaveLength(1);
  });

  it('keeps every payload under 3 KB in every language, however long the text', async () => {
    for (const language of LANGUAGES) {
      const user = await createUser(app, { language });
      const browser = pushService.browser();
      await subscribed(user, browser);
      await app.inject({ method: 'POST', url: '/api/push/test', headers: user.headers });
      const long = 'அறிவிப்பு সতর্কতা सूचना '.repeat(400);
      await enqueuePush(
        app.db,
        user.id,
        { title: long, body: long, url: '/notifications' },
        'notice',
        new Date(),
      );
      await worker().drainOnce();
      const requests = pushService.to(browser);
      expect(requests).toHaveLength(2);
      for (const request of requests) {
        expect(request.body.length, language).toBeLessThan(3 * 1024);
        const payload = browser.read(request) as { title: string; body: string };
        expect(payload.title.length).toBeGreaterThan(0);
        expect(payload.body.length).toBeGreaterThan(0);
      }
      const notice = requests
        .map((request) => browser.read(request) as { tag: string; body: string })
        .find((payload) => payload.tag === 'exhale-notice');
      expect(notice!.body.endsWith('…')).toBe(true);
    }
  });

  it('lists push messages at /dev/outbox outside production', async () => {
    const user = await createUser(app);
    const id = await subscribed(user, pushService.browser());
    await app.inject({ method: 'POST', url: '/api/push/test', headers: user.headers });
    const res = await app.inject({ method: 'GET', url: `/dev/outbox.json?to=${id}` });
    const [entry] = (res.json() as { data: { channel: string; subject: string }[] }).data;
    expect(entry).toMatchObject({ channel: 'push', subject: 'Notifications are on' });
  });
});

describe('push as a channel of the programme and the notices', () => {
  // 2026-03-10 10:00 IST, the members' quit date.
  const clock = new ManualClock(Date.parse('2026-03-10T04:30:00.000Z'));
  let programme: FastifyInstance;
  beforeAll(async () => {
    programme = await createTestApp(messagingEnv, { clock });
  });

  const scheduler = () =>
    createProgrammeScheduler({ db: programme.db, outbox: programme.outbox, clock });
  const drain = () =>
    createOutboxWorker(
      {
        db: programme.db,
        senders: {
          ...programme.messageSenders,
          push: new WebPushSender({
            vapid: programme.webPush,
            subscriptions: new PushRepository(programme.db),
            production: false,
            log: programme.log,
            agent: new Agent({ ca: pushService.ca }),
          }),
        },
        log: programme.log,
        clock,
      },
      { batchSize: 100 },
    ).drainOnce();

  async function enrolled(
    channel: 'whatsapp' | 'push',
    overrides: Parameters<typeof createUser>[1] = {},
  ) {
    const user = await createUser(programme, { name: 'Asha Verma', ...overrides });
    await savePlan(programme, user, '2026-03-10');
    const browser = pushService.browser();
    const res = await programme.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: user.headers,
      payload: { endpoint: browser.endpoint, keys: browser.keys },
    });
    expect(res.statusCode).toBe(201);
    await programme.db
      .insert(messagingPreferences)
      .values({ userId: user.id, channel, sendMinute: 10 * 60, language: 'hi', optedOut: false });
    return { user, browser };
  }

  const rowsOf = (user: TestUser) =>
    programme.db.select().from(outboxMessages).where(eq(outboxMessages.userId, user.id));

  it('offers push beside WhatsApp and SMS once a browser accepted, and needs no number', async () => {
    const user = await createUser(programme, { mobile: null });
    const refused = await programme.inject({
      method: 'PUT',
      url: '/api/messaging/preferences',
      headers: user.headers,
      payload: { channel: 'push', send_at: '09:00', language: 'en' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'NO_PUSH_SUBSCRIPTION' });

    const browser = pushService.browser();
    await programme.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: user.headers,
      payload: { endpoint: browser.endpoint, keys: browser.keys },
    });
    const saved = await programme.inject({
      method: 'PUT',
      url: '/api/messaging/preferences',
      headers: user.headers,
      payload: { channel: 'push', send_at: '09:00', language: 'en' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ data: { channel: 'push', push_available: true } });
  });

  it('sends the day’s message by push to a member who chose it, in their language, with the daily topic', async () => {
    const { user, browser } = await enrolled('push');
    expect(await scheduler().runOnce(clock.now())).toMatchObject({ enqueued: 1 });
    await drain();
    const [request] = pushService.to(browser);
    expect(request!.headers).toMatchObject({ urgency: 'normal', topic: 'exhale-programme' });
    const payload = browser.read(request!) as { title: string; body: string; url: string };
    expect(payload.title).toBe('आज का आपका Exhale संदेश');
    expect(payload.url).toBe('/dashboard');
    const [row] = await rowsOf(user);
    expect(row).toMatchObject({ channel: 'push', status: 'sent' });
    expect(payload.body).toBe(JSON.parse(row!.text === '' ? '{}' : row!.text).body);
    expect(payload.body.length).toBeGreaterThan(10);
  });

  it('goes by push, not SMS, when the member’s WhatsApp number is not there', async () => {
    const { user, browser } = await enrolled('whatsapp', { whatsappNo: null });
    expect(await scheduler().runOnce(clock.now())).toMatchObject({ enqueued: 1 });
    expect((await rowsOf(user)).map((row) => row.channel)).toEqual(['push']);
    await drain();
    expect(pushService.to(browser)).toHaveLength(1);
  });

  it('re-sends a failed WhatsApp message by push before SMS', async () => {
    const whatsappNo = `9${String(Date.now()).slice(-9)}`;
    const { user, browser } = await enrolled('whatsapp', { whatsappNo });
    await scheduler().runOnce(clock.now());
    const [whatsapp] = await rowsOf(user);
    expect(whatsapp).toMatchObject({ channel: 'whatsapp', recipient: whatsappNo });
    await programme.db
      .update(outboxMessages)
      .set({ status: 'failed' })
      .where(eq(outboxMessages.id, whatsapp!.id));

    expect(await scheduler().runOnce(clock.now())).toEqual({ enqueued: 0, fellBack: 1 });
    expect(await scheduler().runOnce(clock.now())).toEqual({ enqueued: 0, fellBack: 0 });
    const channels = (await rowsOf(user)).map((row) => row.channel).sort();
    expect(channels).toEqual(['push', 'whatsapp']);
    await drain();
    const [request] = pushService.to(browser);
    expect((browser.read(request!) as { body: string }).body).toBe(whatsapp!.text);
  });

  it('copies a quit milestone notice to the member’s browsers as a reminder', async () => {
    const user = await createUser(programme);
    const browser = pushService.browser();
    await programme.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: user.headers,
      payload: { endpoint: browser.endpoint, keys: browser.keys },
    });
    await programme.db.transaction((tx) =>
      notify(tx, user.id, {
        title: '24 hours smoke-free',
        message: 'Your blood oxygen is back to normal.',
        topic: 'quit',
      }),
    );
    // A notice is due by the database's clock, not this describe's manual one.
    await worker().drainOnce();
    const [request] = pushService.to(browser);
    expect(request!.headers).toMatchObject({ ttl: String(12 * 60 * 60), urgency: 'normal' });
    expect(browser.read(request!)).toEqual({
      title: '24 hours smoke-free',
      body: 'Your blood oxygen is back to normal.',
      url: '/dashboard',
      tag: 'exhale-reminder',
    });
  });
});
