import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagingWebhookEvents } from '../src/db/schema/messaging';
import { ManualClock, createTestApp } from './app';
import {
  CHANNELS_START,
  applyWebhookEvents,
  deliverOutbox,
  msg91Env,
  outboxRow,
} from './channels-fixtures';
import { startFakeMsg91, type FakeMsg91 } from './fakes/msg91';
import { messagesTo, messagingEnv } from './messaging-fixtures';
import { createAdmin } from './admin-fixtures';
import { createUser } from './programme-fixtures';

// Issue 44: SMS over DLT through MSG91's Flow API, against a local fake: the request shape and
// auth header, one template per kind (and nothing sent for a kind without one), and the
// token-guarded delivery reports in MSG91's shapes, duplicated and out of order.

const REPORT_TOKEN = 'msg91-report-token-0123';
const TEMPLATES = { OTP: 'tpl-otp-6650', REPLY: 'tpl-reply-6651' };

let app: FastifyInstance;
let msg91: FakeMsg91;
const clock = new ManualClock(CHANNELS_START);

beforeAll(async () => {
  msg91 = await startFakeMsg91(Object.values(TEMPLATES));
  // No PROGRAMME template on purpose: nothing may be sent for a kind without one.
  app = await createTestApp(
    { ...messagingEnv, ...msg91Env(msg91, REPORT_TOKEN, TEMPLATES) },
    {
      clock,
    },
  );
});

afterAll(() => msg91.close());

const deliver = () => deliverOutbox(app, clock);
const handleWebhooks = () => applyWebhookEvents(app, clock);
const row = (id: string) => outboxRow(app, id);

function report(body: string, contentType: string, token: string | null = REPORT_TOKEN) {
  return app.inject({
    method: 'POST',
    url: `/api/messaging/status/msg91${token === null ? '' : `?token=${encodeURIComponent(token)}`}`,
    headers: { 'content-type': contentType },
    payload: body,
  });
}

/** MSG91's v2 report: form-encoded `data` holding a JSON array. */
const v2Report = (requestId: string, number: string, status: string, desc: string) =>
  `data=${encodeURIComponent(
    JSON.stringify([
      {
        senderId: 'EXHALE',
        requestId,
        report: [{ date: '2026-03-10 12:00:05', number: `91${number}`, status, desc }],
        userId: '271234',
        campaignName: 'API',
      },
    ]),
  )}`;

async function smsSent(kind: 'reply' | 'otp', params: Record<string, string>) {
  const user = await createUser(app, { name: 'Ravi Kumar' });
  const id = await app.outbox.enqueue({
    channel: 'sms',
    to: user.row.mobile!,
    userId: user.id,
    text: params.text ?? `Your Exhale code is ${params.code}`,
    kind,
    params,
    language: 'en',
  });
  await deliver();
  return { user, id, message: await row(id) };
}

describe('sending through the Flow API', () => {
  it('sends a sign-in code through the OTP template, with the authkey header', async () => {
    const user = await createUser(app, { name: 'Meena Iyer' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/user/login',
      payload: { mobile: user.row.mobile },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [queued] = await messagesTo(app, user.row.mobile!);
    expect(queued).toMatchObject({ channel: 'sms', kind: 'otp' });
    const code = queued!.params!.code!;
    expect(code).toMatch(/^\d{6}$/);

    await deliver();
    const request = msg91.requests.at(-1)!;
    expect(request.path).toBe('/api/v5/flow/');
    expect(request.authkey).toBe(msg91.authKey);
    expect(request.contentType).toBe('application/json');
    expect(request.body).toEqual({
      template_id: TEMPLATES.OTP,
      recipients: [{ mobiles: `91${user.row.mobile}`, otp: code }],
    });
    const sent = await row(queued!.id);
    expect(sent).toMatchObject({
      status: 'sent',
      providerMessageId: request.requestId,
      deliveryStatus: 'sent',
    });
    // Delivered, the code is gone from the row with the text (decision 039).
    expect(sent.params).toBeNull();
    expect(sent.text).toBe('');
  });

  it('sends a keyword reply through its own template, its text one line', async () => {
    const { user, message } = await smsSent('reply', {
      text: 'Noted: one slip.\nStart again now.',
    });
    expect(msg91.requests.at(-1)!.body).toEqual({
      template_id: TEMPLATES.REPLY,
      recipients: [{ mobiles: `91${user.row.mobile}`, text: 'Noted: one slip. Start again now.' }],
    });
    expect(message.status).toBe('sent');
  });

  it('does not send a kind with no DLT template, and records why', async () => {
    const user = await createUser(app, { name: 'Sunil Das' });
    const before = msg91.requests.length;
    const id = await app.outbox.enqueue({
      channel: 'sms',
      to: user.row.mobile!,
      userId: user.id,
      text: 'Day 3: the worst of the cravings is behind you.',
      kind: 'programme',
      params: { day: '3', text: 'the worst of the cravings is behind you.' },
      language: 'en',
    });
    await deliver();
    expect(msg91.requests.length).toBe(before);
    const message = await row(id);
    expect(message).toMatchObject({
      status: 'failed',
      deliveryStatus: 'not_sent',
      lastError: 'no DLT template',
      attempts: 1,
    });
    // Not retried: nothing can change without a template.
    clock.advance(2 * 60 * 60 * 1000);
    try {
      expect(await deliver()).toBe(0);
    } finally {
      clock.advance(-2 * 60 * 60 * 1000);
    }
  });

  it('retries a refusal MSG91 answers with 200 and type "error"', async () => {
    msg91.failNext('Insufficient balance');
    const { message } = await smsSent('reply', { text: 'Reply CRAVE when a craving hits.' });
    expect(message.status).toBe('pending');
    expect(message.lastError).toContain('Insufficient balance');
    expect(message.providerMessageId).toBeNull();
  });
});

describe('delivery reports', () => {
  it('refuses a missing or wrong token with 401 and records nothing', async () => {
    const { user, message } = await smsSent('reply', { text: 'Hello' });
    const body = v2Report(message.providerMessageId!, user.row.mobile!, '1', 'DELIVERED');
    const before = (await app.db.select().from(messagingWebhookEvents)).length;
    for (const token of [null, 'wrong-token', `${REPORT_TOKEN}x`, '']) {
      const res = await report(body, 'application/x-www-form-urlencoded', token);
      expect(res.statusCode, String(token)).toBe(401);
    }
    expect(await app.db.select().from(messagingWebhookEvents)).toHaveLength(before);
    await handleWebhooks();
    expect((await row(message.id)).deliveryStatus).toBe('sent');
  });

  it('applies a v2 (form-encoded) report once, and a late failure does not undo delivery', async () => {
    const { user, message } = await smsSent('reply', { text: 'Hello' });
    const requestId = message.providerMessageId!;
    const delivered = v2Report(requestId, user.row.mobile!, '1', 'DELIVERED');
    expect((await report(delivered, 'application/x-www-form-urlencoded')).statusCode).toBe(200);
    expect((await report(delivered, 'application/x-www-form-urlencoded')).statusCode).toBe(200);
    await handleWebhooks();
    let after = await row(message.id);
    expect(after.deliveryStatus).toBe('delivered');
    expect(after.deliveredAt?.toISOString()).toBe(clock.now().toISOString());

    // A v3 (flat JSON) failure for the same request, arriving late: delivered stays.
    const failed = JSON.stringify({
      requestId,
      number: `91${user.row.mobile}`,
      status: '2',
      desc: 'FAILED',
      senderId: 'EXHALE',
    });
    expect((await report(failed, 'application/json')).statusCode).toBe(200);
    await handleWebhooks();
    after = await row(message.id);
    expect(after.deliveryStatus).toBe('delivered');
  });

  it('records a failure (NDNC, rejected) for a message not delivered', async () => {
    const { user, message } = await smsSent('reply', { text: 'Hello' });
    const body = JSON.stringify({
      data: JSON.stringify([
        {
          requestId: message.providerMessageId,
          report: [{ number: `91${user.row.mobile}`, status: '16', desc: 'REJECTED' }],
        },
      ]),
    });
    expect((await report(body, 'application/json')).statusCode).toBe(200);
    await handleWebhooks();
    expect((await row(message.id)).deliveryStatus).toBe('failed');
  });
});

describe('the console', () => {
  it('counts per channel and day, with the reasons, and names the missing DLT templates', async () => {
    const admin = await createAdmin(app);
    const res = await app.inject({
      url: '/api/admin/channel-figures?days=7',
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { providers, problems, days } = res.json().data as {
      providers: { sms: string };
      problems: { code: string; detail: string | null }[];
      days: {
        date: string;
        channel: string;
        sent: number;
        delivered: number;
        failed: number;
        not_sent: number;
        reasons: { reason: string; count: number }[];
      }[];
    };
    expect(providers.sms).toBe('msg91');
    const missing = problems.find((p) => p.code === 'sms_template_missing');
    expect(missing?.detail).toContain('MSG91_TEMPLATE_PROGRAMME');
    expect(missing?.detail).not.toContain('MSG91_TEMPLATE_OTP');
    expect(problems.map((p) => p.code)).toContain('push_subject_unset');
    // Rows are dated by the database's clock, so this file's messages share one day.
    const sms = days.filter((d) => d.channel === 'sms');
    expect(sms).toHaveLength(1);
    const [day] = sms;
    expect(day!.not_sent).toBe(1);
    expect(day!.sent).toBeGreaterThanOrEqual(5);
    expect(day!.delivered).toBe(1);
    expect(day!.failed).toBe(1);
    expect(day!.reasons).toContainEqual({ reason: 'no DLT template', count: 1 });
  });
});
