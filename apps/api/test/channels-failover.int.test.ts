import { Agent } from 'node:https';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagingPreferences, programmeSends } from '../src/db/schema/messaging';
import { outboxMessages } from '../src/db/schema/outbox';
import { createProgrammeScheduler } from '../src/modules/messaging/messaging.module';
import { createOutboxWorker } from '../src/modules/outbox/outbox.module';
import { PushRepository } from '../src/modules/push/push.repository';
import type { MessageSender, OutgoingMessage } from '../src/providers/messaging/messaging';
import { WebPushSender } from '../src/providers/push/web-push-sender';
import { ManualClock, createTestApp } from './app';
import { startFakePushService, type FakeBrowser, type FakePushService } from './fake-push-service';
import { messagingEnv, savePlan } from './messaging-fixtures';
import { createUser, type TestUser } from './programme-fixtures';

// Issue 44, the failover order: the member's channel, then push, then SMS. A WhatsApp message
// that went again by push goes by SMS when that push fails too, once, and not at all when one of
// the member's browsers took it. Push goes to a local HTTPS push service.

// 2026-03-10 10:00 IST, the members' quit date.
const clock = new ManualClock(Date.parse('2026-03-10T04:30:00.000Z'));
let app: FastifyInstance;
let pushService: FakePushService;

beforeAll(async () => {
  app = await createTestApp(messagingEnv, { clock });
  pushService = await startFakePushService();
});
afterAll(() => pushService.close());

/** Every SMS handed to the provider, in order. */
const smsSent: OutgoingMessage[] = [];
const sms: MessageSender = {
  name: 'sms',
  send: (message) => {
    smsSent.push(message);
    return Promise.resolve();
  },
};
/** Meta refusing the send outright (a 4xx): no retry, the programme's failover takes over. */
const whatsappRefusing: MessageSender = {
  name: 'whatsapp',
  send: () =>
    Promise.reject(Object.assign(new Error('whatsapp (meta) answered 400'), { permanent: true })),
};

const drain = () =>
  createOutboxWorker(
    {
      db: app.db,
      senders: {
        email: sms,
        sms,
        whatsapp: whatsappRefusing,
        push: new WebPushSender({
          vapid: app.webPush,
          subscriptions: new PushRepository(app.db),
          production: false,
          log: app.log,
          agent: new Agent({ ca: pushService.ca }),
        }),
      },
      log: app.log,
      clock,
    },
    { batchSize: 100 },
  ).drainOnce();

const scheduler = () => createProgrammeScheduler({ db: app.db, outbox: app.outbox, clock });

async function subscribe(user: TestUser): Promise<FakeBrowser> {
  const browser = pushService.browser();
  const res = await app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: user.headers,
    payload: { endpoint: browser.endpoint, keys: browser.keys },
  });
  expect(res.statusCode, res.body).toBe(201);
  return browser;
}

/** A WhatsApp member with a verified mobile, and `browsers` browsers that accepted notifications. */
async function whatsappMember(browsers: number) {
  const suffix = String(Date.now() + Math.floor(Math.random() * 1e6)).slice(-9);
  const user = await createUser(app, {
    whatsappNo: `9${suffix}`,
    mobile: `8${suffix}`,
    mobileVerifiedAt: new Date(),
  });
  await savePlan(app, user, '2026-03-10');
  const subscribed: FakeBrowser[] = [];
  for (let i = 0; i < browsers; i += 1) subscribed.push(await subscribe(user));
  await app.db
    .insert(messagingPreferences)
    .values({ userId: user.id, channel: 'whatsapp', sendMinute: 600, language: 'en' });
  return { user, browsers: subscribed };
}

const rowsOf = (user: TestUser) =>
  app.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.userId, user.id))
    .orderBy(outboxMessages.createdAt);

const smsTo = (user: TestUser) => smsSent.filter((message) => message.to === user.row.mobile);

/** The WhatsApp send fails for good and the next scheduler run sends it by push. */
async function whatsappFailsOverToPush(user: TestUser) {
  expect(await scheduler().runOnce(clock.now())).toMatchObject({ enqueued: 1 });
  // The day's text, read before the failed send's content goes (decision 039).
  const { text } = (await rowsOf(user))[0]!;
  await drain();
  const [whatsapp] = await rowsOf(user);
  expect(whatsapp).toMatchObject({ channel: 'whatsapp', status: 'failed' });
  expect(await scheduler().runOnce(clock.now())).toEqual({ enqueued: 0, fellBack: 1 });
  return { text };
}

describe('WhatsApp, then push, then SMS', () => {
  it.each([
    [410, 'the browser dropped the subscription'],
    [500, 'the push service keeps failing'],
  ])('sends by SMS, once, when the push fallback fails (%i: %s)', async (status) => {
    const { user, browsers } = await whatsappMember(1);
    pushService.answer(browsers[0]!, status);
    const whatsapp = await whatsappFailsOverToPush(user);

    // The outbox retries a 5xx (30 s, 1 min, 2 min…) and gives up; a 410 fails at once.
    for (let i = 0; i < 10; i += 1) {
      const push = (await rowsOf(user)).find((row) => row.channel === 'push');
      if (push!.status !== 'pending') break;
      await drain();
      clock.advance(5 * 60_000);
    }
    const push = (await rowsOf(user)).find((row) => row.channel === 'push');
    expect(push).toMatchObject({ status: 'failed' });
    expect(pushService.to(browsers[0]!).length).toBeGreaterThan(0);

    expect(await scheduler().runOnce(clock.now())).toEqual({ enqueued: 0, fellBack: 1 });
    expect(await scheduler().runOnce(clock.now())).toEqual({ enqueued: 0, fellBack: 0 });
    await drain();
    await drain();
    expect(smsTo(user).map((message) => message.text)).toEqual([whatsapp.text]);
    expect(smsTo(user)[0]).toMatchObject({ kind: 'programme', params: { text: whatsapp.text } });
    expect((await rowsOf(user)).map((row) => row.channel)).toEqual(['whatsapp', 'push', 'sms']);

    // The day's send names the SMS as what went instead, and keeps no text for another one.
    const [send] = await app.db
      .select()
      .from(programmeSends)
      .where(eq(programmeSends.userId, user.id));
    const smsRow = (await rowsOf(user)).find((row) => row.channel === 'sms');
    expect(send).toMatchObject({ fallbackOutboxId: smsRow!.id, fallbackText: null });
  });

  it('sends no SMS when one of the member’s browsers took the push', async () => {
    const { user, browsers } = await whatsappMember(2);
    pushService.answer(browsers[0]!, 410);
    await whatsappFailsOverToPush(user);
    await drain();
    const pushes = (await rowsOf(user)).filter((row) => row.channel === 'push');
    expect(pushes.map((row) => row.status).sort()).toEqual(['failed', 'sent']);
    expect(pushService.to(browsers[1]!)).toHaveLength(1);

    expect(await scheduler().runOnce(clock.now())).toEqual({ enqueued: 0, fellBack: 0 });
    await drain();
    expect(smsTo(user)).toHaveLength(0);
  });

  it('sends by SMS when the push the member chose fails on every browser, and only then', async () => {
    const user = await createUser(app, { mobileVerifiedAt: new Date() });
    await savePlan(app, user, '2026-03-10');
    const first = await subscribe(user);
    const second = await subscribe(user);
    await app.db
      .insert(messagingPreferences)
      .values({ userId: user.id, channel: 'push', sendMinute: 600, language: 'en' });
    pushService.answer(first, 404);
    pushService.answer(second, 503);
    expect(await scheduler().runOnce(clock.now())).toMatchObject({ enqueued: 1 });
    await drain();
    // One browser's copy failed for good, the other's is still being retried: no SMS yet.
    expect(await scheduler().runOnce(clock.now())).toEqual({ enqueued: 0, fellBack: 0 });

    pushService.answer(second, 410);
    clock.advance(60_000);
    await drain();
    expect(await scheduler().runOnce(clock.now())).toEqual({ enqueued: 0, fellBack: 1 });
    await drain();
    expect(smsTo(user)).toHaveLength(1);
  });
});
