import { Agent } from 'node:https';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/admin';
import { outboxMessages } from '../src/db/schema/outbox';
import { users } from '../src/db/schema/users';
import { PushRepository } from '../src/modules/push/push.repository';
import { WebPushSender } from '../src/providers/push/web-push-sender';
import { ManualClock, createTestApp } from './app';
import { call, createAdmin, createUser, expectError, type TestUser } from './admin-fixtures';
import { CHANNELS_START } from './channels-fixtures';
import { startFakePushService, type FakePushService } from './fake-push-service';
import { startFakeMsg91, type FakeMsg91 } from './fakes/msg91';
import { startFakeWhatsAppCloud, type FakeWhatsAppCloud } from './fakes/whatsapp-cloud';
import { messagingEnv } from './messaging-fixtures';

// Issue 44, the console's channels: 'Send a test' to the operator's own number, browsers or
// email through the configured providers (local fakes of MSG91, Meta and a push service), with
// the provider's answer shown at once and the test audited; and the month's cost estimate from
// the messages sent and the prices the operator set.

const TEST_TEMPLATE = 'msg91-test-template';
const SMS_PRICE = 30;
const WHATSAPP_PRICE = 80;

let app: FastifyInstance;
let msg91: FakeMsg91;
let meta: FakeWhatsAppCloud;
let pushService: FakePushService;
const clock = new ManualClock(CHANNELS_START);

beforeAll(async () => {
  msg91 = await startFakeMsg91(['msg91-otp-template', TEST_TEMPLATE]);
  meta = await startFakeWhatsAppCloud();
  pushService = await startFakePushService();
  app = await createTestApp(
    {
      ...messagingEnv,
      SMS_PROVIDER: 'msg91',
      MSG91_API_URL: msg91.url,
      MSG91_AUTH_KEY: msg91.authKey,
      MSG91_WEBHOOK_TOKEN: 'msg91-report-token-0123',
      MSG91_TEMPLATE_OTP: 'msg91-otp-template',
      MSG91_TEMPLATE_TEST: TEST_TEMPLATE,
      WHATSAPP_PROVIDER: 'meta',
      WHATSAPP_GRAPH_URL: meta.url,
      WHATSAPP_PHONE_NUMBER_ID: meta.phoneNumberId,
      WHATSAPP_ACCESS_TOKEN: meta.accessToken,
      WHATSAPP_APP_SECRET: 'console-meta-app-secret',
      WHATSAPP_VERIFY_TOKEN: 'console-verify-token',
      SMS_PRICE_PAISE: String(SMS_PRICE),
      WHATSAPP_PRICE_PAISE: String(WHATSAPP_PRICE),
    },
    { clock },
  );
  // The app's push sender, trusting the local push service's certificate.
  app.messageSenders.push = new WebPushSender({
    vapid: app.webPush,
    subscriptions: new PushRepository(app.db),
    production: false,
    log: app.log,
    agent: new Agent({ ca: pushService.ca }),
  });
});

afterAll(async () => {
  await msg91.close();
  await meta.close();
  await pushService.close();
});

interface Delivery {
  to: string;
  status: 'sent' | 'failed' | 'not_sent';
  provider_message_id: string | null;
  error: string | null;
}

const sendTest = (admin: TestUser, channel: string, status = 200) =>
  call<{ data: { channel: string; provider: string; deliveries: Delivery[] } }>(app, admin, {
    method: 'POST',
    url: `/api/admin/channels/${channel}/test`,
    expect: status,
  });

async function operator() {
  const admin = await createAdmin(app);
  const number = String(admin.row.mobile);
  await app.db
    .update(users)
    .set({ mobileVerifiedAt: clock.now(), whatsappNo: `7${number.slice(1)}` })
    .where(eq(users.id, admin.id));
  return { admin, mobile: number, whatsapp: `7${number.slice(1)}` };
}

describe('POST /admin/channels/{channel}/test', () => {
  it('sends an SMS to the operator’s verified mobile through MSG91’s test template', async () => {
    const { admin, mobile } = await operator();
    const before = msg91.requests.length;
    const { data } = await sendTest(admin, 'sms');
    const request = msg91.requests[before]!;
    expect(request.body).toMatchObject({
      template_id: TEST_TEMPLATE,
      recipients: [{ mobiles: `91${mobile}` }],
    });
    expect(data).toEqual({
      channel: 'sms',
      provider: 'msg91',
      deliveries: [
        {
          to: `••••••${mobile.slice(-4)}`,
          status: 'sent',
          provider_message_id: request.requestId,
          error: null,
        },
      ],
    });
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.adminId, admin.id), eq(auditLog.action, 'send_test')));
    expect(entry).toMatchObject({ entity: 'channel', entityId: 'sms' });
  });

  it('shows Meta’s refusal in its own words, and sends nothing twice', async () => {
    const { admin, whatsapp } = await operator();
    meta.failNext('template', 190, 'Invalid OAuth access token');
    const before = meta.requests.length;
    const { data } = await sendTest(admin, 'whatsapp');
    expect(meta.requests.slice(before)).toHaveLength(1);
    expect(meta.requests[before]!.body).toMatchObject({ to: `91${whatsapp}`, type: 'template' });
    expect(data.deliveries).toEqual([
      {
        to: `••••••${whatsapp.slice(-4)}`,
        status: 'failed',
        provider_message_id: null,
        error: expect.stringContaining('Invalid OAuth access token') as string,
      },
    ]);
    // A failed test is not retried behind the operator's back.
    const [row] = await app.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.userId, admin.id), eq(outboxMessages.channel, 'whatsapp')));
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('pushes to each of the operator’s browsers and says which one the push service refused', async () => {
    const { admin } = await operator();
    const kept = pushService.browser();
    const gone = pushService.browser();
    for (const browser of [kept, gone]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: {
          ...admin.headers,
          'user-agent':
            browser === kept
              ? 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36'
              : 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
        },
        payload: { endpoint: browser.endpoint, keys: browser.keys },
      });
      expect(res.statusCode).toBe(201);
    }
    pushService.answer(gone, 410);
    const { data } = await sendTest(admin, 'push');
    expect([...data.deliveries].sort((a, b) => a.to.localeCompare(b.to))).toEqual([
      { to: 'Chrome on Android', status: 'sent', provider_message_id: null, error: null },
      {
        to: 'Firefox on Windows',
        status: 'failed',
        provider_message_id: null,
        error: 'push service answered 410',
      },
    ]);
    const [request] = pushService.to(kept);
    expect(kept.read(request!)).toMatchObject({
      title: 'Exhale test message',
      tag: 'exhale-test',
    });
  });

  it('keeps a mail to the operator in the local outbox when no mail server is set', async () => {
    const { admin } = await operator();
    const { data } = await sendTest(admin, 'email');
    expect(data).toMatchObject({ provider: 'outbox', deliveries: [{ status: 'sent' }] });
    expect(data.deliveries[0]!.to).toMatch(/^p••••@example\.com$/);
  });

  it('answers 409 when the operator has no verified number for the channel', async () => {
    const admin = await createAdmin(app);
    const before = msg91.requests.length;
    for (const channel of ['sms', 'whatsapp', 'push']) {
      const body = expectError(await rawTest(admin, channel), 409);
      expect(body.code).toBe('NO_TEST_RECIPIENT');
    }
    expect(msg91.requests.length).toBe(before);
  });

  it('is for operators only, and knows only its four channels', async () => {
    const member = await createUser(app);
    expect((await rawTest(member, 'sms')).statusCode).toBe(403);
    const { admin } = await operator();
    expect((await rawTest(admin, 'fax')).statusCode).toBe(400);
  });
});

function rawTest(user: TestUser, channel: string) {
  return app.inject({
    method: 'POST',
    url: `/api/admin/channels/${channel}/test`,
    headers: user.headers,
  });
}

describe('the month’s cost estimate', () => {
  it('prices this IST month’s sent messages per channel at the operator’s prices', async () => {
    const { admin } = await operator();
    const member = await createUser(app);
    const at = (iso: string, channel: 'sms' | 'whatsapp' | 'push', status = 'sent' as const) => ({
      channel,
      recipient: '9876543210',
      userId: member.id,
      text: '',
      status,
      createdAt: new Date(iso),
    });
    await app.db.insert(outboxMessages).values([
      // 2026-02-28 23:59 IST: last month.
      at('2026-02-28T18:29:00.000Z', 'sms'),
      // 2026-03-01 00:00 IST: this month.
      at('2026-02-28T18:30:00.000Z', 'sms'),
      at('2026-03-05T06:00:00.000Z', 'sms'),
      at('2026-03-09T06:00:00.000Z', 'whatsapp'),
      at('2026-03-09T06:00:00.000Z', 'whatsapp'),
      { ...at('2026-03-09T06:00:00.000Z', 'whatsapp'), status: 'failed' as const },
      at('2026-03-09T06:00:00.000Z', 'push'),
      // 2026-04-01 00:00 IST: next month.
      at('2026-03-31T18:30:00.000Z', 'sms'),
    ]);
    const { data } = await call<{ data: { month: unknown } }>(app, admin, {
      url: '/api/admin/channel-figures?days=7',
    });
    expect(data.month).toEqual({
      month: '2026-03',
      channels: [
        {
          channel: 'sms',
          sent: 2,
          unit_price: 0.3,
          unit_price_paise: SMS_PRICE,
          estimate: 0.6,
          estimate_paise: 2 * SMS_PRICE,
        },
        {
          channel: 'whatsapp',
          sent: 2,
          unit_price: 0.8,
          unit_price_paise: WHATSAPP_PRICE,
          estimate: 1.6,
          estimate_paise: 2 * WHATSAPP_PRICE,
        },
        {
          channel: 'push',
          sent: 1,
          unit_price: 0,
          unit_price_paise: 0,
          estimate: 0,
          estimate_paise: 0,
        },
      ],
      total: 2.2,
      total_paise: 2 * SMS_PRICE + 2 * WHATSAPP_PRICE,
    });
  });
});
