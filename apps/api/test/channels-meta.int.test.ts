import { createHmac, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  messagingInbound,
  messagingProviderState,
  messagingWebhookEvents,
  whatsappWindows,
} from '../src/db/schema/messaging';
import { ManualClock, createTestApp } from './app';
import {
  CHANNELS_START,
  applyWebhookEvents,
  deliverOutbox,
  msg91Env,
  outboxRow,
} from './channels-fixtures';
import { startFakeMsg91, type FakeMsg91 } from './fakes/msg91';
import { startFakeWhatsAppCloud, type FakeWhatsAppCloud } from './fakes/whatsapp-cloud';
import { messagesTo, messagingEnv } from './messaging-fixtures';
import { createUser, type TestUser } from './programme-fixtures';

// Issue 44: the WhatsApp Business Cloud API adapter against a local fake of Meta's Graph API:
// request shapes, the 24-hour rule, the webhook handshake and signature, statuses out of order,
// and the 131047 fallback to the template and then to SMS (MSG91, also faked).

const APP_SECRET = 'meta-app-secret-for-tests';
const VERIFY_TOKEN = 'exhale-verify-word';
const MILESTONE_TEMPLATE = 'msg91-milestone-template';

let app: FastifyInstance;
let meta: FakeWhatsAppCloud;
let msg91: FakeMsg91;
const clock = new ManualClock(CHANNELS_START);

beforeAll(async () => {
  meta = await startFakeWhatsAppCloud();
  msg91 = await startFakeMsg91(['msg91-otp-template', MILESTONE_TEMPLATE]);
  app = await createTestApp(
    {
      ...messagingEnv,
      WHATSAPP_PROVIDER: 'meta',
      WHATSAPP_GRAPH_URL: meta.url,
      WHATSAPP_PHONE_NUMBER_ID: meta.phoneNumberId,
      WHATSAPP_ACCESS_TOKEN: meta.accessToken,
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
      ...msg91Env(msg91, 'msg91-report-token-0123', {
        OTP: 'msg91-otp-template',
        MILESTONE: MILESTONE_TEMPLATE,
      }),
    },
    { clock },
  );
});

afterAll(async () => {
  await meta.close();
  await msg91.close();
});

/** The outbox worker and the webhook worker, as main.ts runs them, one pass each. */
const deliver = () => deliverOutbox(app, clock);
const handleWebhooks = () => applyWebhookEvents(app, clock);

const metaSignature = (body: string, secret = APP_SECRET) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** POSTs a webhook body as Meta would: the exact bytes, signed (or with the given header). */
function webhook(value: Record<string, unknown>, signature?: string | null) {
  const payload = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: '15550783881',
                phone_number_id: meta.phoneNumberId,
              },
              ...value,
            },
          },
        ],
      },
    ],
  });
  return app.inject({
    method: 'POST',
    url: '/api/messaging/inbound/meta',
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'x-hub-signature-256': signature ?? metaSignature(payload) }),
    },
    payload,
  });
}

let counter = 0;
/** A member's WhatsApp message through Meta's webhook. */
function inbound(from: string, text: string, id = `wamid.in-${(counter += 1)}-${randomInt(1e9)}`) {
  return webhook({
    contacts: [{ profile: { name: 'Member' }, wa_id: `91${from}` }],
    messages: [
      {
        from: `91${from}`,
        id,
        timestamp: String(Math.floor(clock.now().getTime() / 1000)),
        type: 'text',
        text: { body: text },
      },
    ],
  });
}

function statusEvent(
  id: string,
  status: string,
  recipient: string,
  errors?: { code: number; title: string }[],
) {
  return webhook({
    statuses: [
      {
        id,
        status,
        timestamp: String(Math.floor(clock.now().getTime() / 1000)),
        recipient_id: `91${recipient}`,
        ...(errors ? { errors } : {}),
      },
    ],
  });
}

async function whatsappMember(): Promise<TestUser & { wa: string }> {
  const wa = `9${String(randomInt(1e9)).padStart(9, '0')}`;
  const user = await createUser(app, { name: 'Asha Rao', whatsappNo: wa });
  return { ...user, wa };
}

const sentTo = (number: string) => meta.requests.filter((r) => r.body.to === `91${number}` && r.id);

const row = (id: string) => outboxRow(app, id);

describe('the webhook handshake', () => {
  it('answers the challenge as text/plain for the verify token, and records it', async () => {
    const res = await app.inject({
      url: `/api/messaging/inbound/meta?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('1158201444');
    const [state] = await app.db
      .select()
      .from(messagingProviderState)
      .where(eq(messagingProviderState.provider, 'meta'));
    expect(state?.webhookVerifiedAt?.toISOString()).toBe(clock.now().toISOString());
  });

  it('refuses a wrong token or mode with 403', async () => {
    for (const query of [
      `hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1`,
      `hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`,
      `hub.challenge=1`,
    ]) {
      const res = await app.inject({ url: `/api/messaging/inbound/meta?${query}` });
      expect(res.statusCode, query).toBe(403);
      expect(res.body).not.toBe('1');
    }
  });
});

describe('the signature', () => {
  it('refuses a missing or wrong X-Hub-Signature-256 with 401 and records nothing', async () => {
    const before = await app.db.select().from(messagingWebhookEvents);
    const member = await whatsappMember();
    const body = {
      messages: [
        {
          from: `91${member.wa}`,
          id: 'wamid.unsigned',
          timestamp: '1',
          type: 'text',
          text: { body: 'CRAVE' },
        },
      ],
    };
    expect((await webhook(body, null)).statusCode).toBe(401);
    expect((await webhook(body, metaSignature('{}'))).statusCode).toBe(401);
    expect((await webhook(body, metaSignature('x', 'another-secret'))).statusCode).toBe(401);
    expect((await webhook(body, 'sha256=zz')).statusCode).toBe(401);
    expect(await app.db.select().from(messagingWebhookEvents)).toHaveLength(before.length);
    await handleWebhooks();
    const handled = await app.db
      .select()
      .from(messagingInbound)
      .where(eq(messagingInbound.messageId, 'wamid.unsigned'));
    expect(handled).toHaveLength(0);
    expect(await messagesTo(app, member.wa)).toHaveLength(0);
  });
});

describe('sending', () => {
  it('answers a member inside the window with free text, once per message id', async () => {
    const member = await whatsappMember();
    const started = Date.now();
    const res = await inbound(member.wa, 'CRAVE', 'wamid.crave-1');
    expect(res.statusCode, res.body).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
    // Meta retries a webhook it thinks failed: the same message id is answered once.
    expect((await inbound(member.wa, 'CRAVE', 'wamid.crave-1')).statusCode).toBe(200);
    await handleWebhooks();
    const queued = await messagesTo(app, member.wa);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ channel: 'whatsapp', kind: 'reply' });

    await deliver();
    const [request] = sentTo(member.wa);
    expect(request).toMatchObject({
      path: `/v21.0/${meta.phoneNumberId}/messages`,
      authorization: `Bearer ${meta.accessToken}`,
      contentType: 'application/json',
    });
    expect(request!.body).toMatchObject({
      messaging_product: 'whatsapp',
      to: `91${member.wa}`,
      type: 'text',
    });
    expect((request!.body.text as { body: string }).body).toContain('in for 4, hold for 4');
    const sent = await row(queued[0]!.id);
    expect(sent).toMatchObject({
      status: 'sent',
      providerMessageId: request!.id,
      deliveryStatus: 'sent',
    });
  });

  it('sends the kind’s template in the member’s language outside the 24-hour window', async () => {
    const member = await whatsappMember();
    expect((await inbound(member.wa, 'hello')).statusCode).toBe(200);
    await handleWebhooks();
    await deliver();
    clock.advance(24 * 60 * 60 * 1000 + 60_000);
    try {
      const id = await app.outbox.enqueue({
        channel: 'whatsapp',
        to: member.wa,
        userId: member.id,
        text: '30 दिन तंबाकू-मुक्त!\nबधाई हो।',
        kind: 'milestone',
        params: { title: '30 दिन तंबाकू-मुक्त', text: 'बधाई हो।\nआपने ₹3,000 बचाए।' },
        language: 'hi',
      });
      await deliver();
      const last = sentTo(member.wa).at(-1)!;
      expect(last.body).toEqual({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: `91${member.wa}`,
        type: 'template',
        template: {
          name: 'exhale_milestone',
          language: { code: 'hi' },
          components: [
            {
              type: 'body',
              parameters: [
                { type: 'text', text: '30 दिन तंबाकू-मुक्त' },
                // A parameter may hold no newline: the text becomes one line.
                { type: 'text', text: 'बधाई हो। आपने ₹3,000 बचाए।' },
              ],
            },
          ],
        },
      });
      expect((await row(id)).providerMessageId).toBe(last.id);
    } finally {
      clock.advance(-(24 * 60 * 60 * 1000 + 60_000));
    }
  });

  it('sends a sign-in code as the authentication template even inside the window', async () => {
    const member = await whatsappMember();
    await inbound(member.wa, 'hi');
    await handleWebhooks();
    await deliver(); // the coach acknowledgement, as free text
    expect(sentTo(member.wa).at(-1)!.body.type).toBe('text');
    await app.outbox.enqueue({
      channel: 'whatsapp',
      to: member.wa,
      userId: member.id,
      text: 'Your Exhale code is 482913',
      kind: 'otp',
      params: { code: '482913' },
      language: 'ta',
    });
    await deliver();
    const last = sentTo(member.wa).at(-1)!;
    expect(last.body.type).toBe('template');
    expect(last.body.template).toEqual({
      name: 'exhale_otp',
      language: { code: 'ta' },
      components: [
        { type: 'body', parameters: [{ type: 'text', text: '482913' }] },
        {
          type: 'button',
          sub_type: 'url',
          index: '0',
          parameters: [{ type: 'text', text: '482913' }],
        },
      ],
    });
  });
});

describe('statuses', () => {
  async function sentMessage(member: { id: string; wa: string }) {
    const id = await app.outbox.enqueue({
      channel: 'whatsapp',
      to: member.wa,
      userId: member.id,
      text: 'Day 3',
      kind: 'follow_up',
      params: { title: 'Week 1', text: 'Did you smoke in the last 7 days?' },
      language: 'en',
    });
    await deliver();
    return { id, wamid: (await row(id)).providerMessageId! };
  }

  it('takes read without delivered, and never goes back for a late or repeated report', async () => {
    const member = await whatsappMember();
    const { id, wamid } = await sentMessage(member);
    expect((await statusEvent(wamid, 'read', member.wa)).statusCode).toBe(200);
    await handleWebhooks();
    let message = await row(id);
    expect(message.deliveryStatus).toBe('read');
    expect(message.readAt).not.toBeNull();
    expect(message.deliveredAt).not.toBeNull();

    // delivered arrives late, read again (Meta retries), then a stray failure: read stays.
    await statusEvent(wamid, 'delivered', member.wa);
    await statusEvent(wamid, 'read', member.wa);
    await statusEvent(wamid, 'failed', member.wa, [
      { code: 131026, title: 'Message undeliverable' },
    ]);
    await handleWebhooks();
    message = await row(id);
    expect(message.deliveryStatus).toBe('read');
    // Nothing went again: no second WhatsApp message and no SMS.
    expect(await messagesTo(app, member.wa)).toHaveLength(1);
    expect(await messagesTo(app, member.row.mobile!)).toHaveLength(0);
    const reports = await app.db
      .select()
      .from(messagingInbound)
      .where(eq(messagingInbound.provider, 'meta'));
    expect(reports.filter((r) => r.messageId === `${wamid}:read`)).toHaveLength(1);
  });

  it('moves sent → delivered in order too', async () => {
    const member = await whatsappMember();
    const { id, wamid } = await sentMessage(member);
    await statusEvent(wamid, 'sent', member.wa);
    await statusEvent(wamid, 'delivered', member.wa);
    await handleWebhooks();
    const message = await row(id);
    expect(message.deliveryStatus).toBe('delivered');
    expect(message.readAt).toBeNull();
  });
});

describe('131047: outside the window', () => {
  it('falls back to the template, then to SMS through MSG91', async () => {
    const member = await whatsappMember();
    await inbound(member.wa, 'hi');
    await handleWebhooks();
    await deliver(); // the coach acknowledgement
    const id = await app.outbox.enqueue({
      channel: 'whatsapp',
      to: member.wa,
      userId: member.id,
      text: '7 days smoke-free! You saved ₹700.',
      kind: 'milestone',
      params: { title: '7 days smoke-free', text: 'You saved ₹700.' },
      language: 'en',
    });
    await deliver();
    const text = sentTo(member.wa).at(-1)!;
    expect(text.body.type).toBe('text');

    // Meta says the window had closed (the member's clock, a message we never saw…).
    await statusEvent(text.id!, 'failed', member.wa, [
      { code: 131047, title: 'Re-engagement message' },
    ]);
    await handleWebhooks();
    expect((await row(id)).deliveryStatus).toBe('failed');
    expect(
      await app.db.select().from(whatsappWindows).where(eq(whatsappWindows.number, member.wa)),
    ).toHaveLength(0);
    await deliver();
    const template = sentTo(member.wa).at(-1)!;
    expect(template.body.type).toBe('template');
    expect((template.body.template as { name: string }).name).toBe('exhale_milestone');

    // The template fails too: the member's mobile gets the SMS, through its DLT template.
    await statusEvent(template.id!, 'failed', member.wa, [
      { code: 131026, title: 'Message undeliverable' },
    ]);
    await handleWebhooks();
    const sms = await messagesTo(app, member.row.mobile!);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ channel: 'sms', kind: 'milestone' });
    await deliver();
    const flow = msg91.requests.at(-1)!;
    expect(flow.authkey).toBe(msg91.authKey);
    expect(flow.body).toEqual({
      template_id: MILESTONE_TEMPLATE,
      recipients: [
        { mobiles: `91${member.row.mobile}`, title: '7 days smoke-free', text: 'You saved ₹700.' },
      ],
    });
  });

  it('goes as the template at once when Meta refuses the free text while sending', async () => {
    const member = await whatsappMember();
    await inbound(member.wa, 'hi');
    await handleWebhooks();
    await deliver();
    meta.failNext('text', 131047, 'Re-engagement message');
    const id = await app.outbox.enqueue({
      channel: 'whatsapp',
      to: member.wa,
      userId: member.id,
      text: 'Your plan is active.',
      kind: 'payment',
      params: { title: 'Plan bought', text: 'Your plan is active.' },
      language: 'bn',
    });
    await deliver();
    const sent = await row(id);
    expect(sent.status).toBe('sent');
    const last = sentTo(member.wa).at(-1)!;
    expect(last.body.type).toBe('template');
    expect(last.body.template).toMatchObject({ name: 'exhale_payment', language: { code: 'bn' } });
    expect(sent.providerMessageId).toBe(last.id);
  });
});
