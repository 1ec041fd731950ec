import { createHmac } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { outboxMessages } from '../src/db/schema/outbox';
import type { TestUser } from './programme-fixtures';

/** The callbacks' key in these tests (the app is built with it). */
export const MESSAGING_SECRET = 'test-messaging-inbound-secret-0123456789';
export const PUBLIC_URL = 'https://exhale.example';
export const messagingEnv = { MESSAGING_INBOUND_SECRET: MESSAGING_SECRET, PUBLIC_URL };

export function sign(body: string, secret = MESSAGING_SECRET): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** POSTs a callback body signed as a gateway would (or with the given header). */
export function callback(
  app: FastifyInstance,
  path: string,
  body: Record<string, unknown>,
  signature?: string | null,
) {
  const payload = JSON.stringify(body);
  return app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'x-exhale-signature': signature ?? sign(payload) }),
    },
    payload,
  });
}

let counter = 0;
/** A member's reply through POST /api/messaging/inbound/http. */
export async function reply(
  app: FastifyInstance,
  from: string,
  text: string,
  options: { channel?: 'sms' | 'whatsapp'; messageId?: string } = {},
) {
  const res = await callback(app, '/api/messaging/inbound/http', {
    from,
    text,
    channel: options.channel ?? 'sms',
    message_id: options.messageId ?? `in-${Date.now()}-${(counter += 1)}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { message: string };
}

export async function savePlan(
  app: FastifyInstance,
  user: TestUser,
  quitDate: string,
  tobacco: { type: string; per_day: number; cost_per_day: number }[] = [
    { type: 'cigarette', per_day: 10, cost_per_day: 100 },
  ],
) {
  const res = await app.inject({
    method: 'PUT',
    url: '/api/quit-plan',
    headers: user.headers,
    payload: { quit_date: quitDate, tobacco },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Outbox ids of the codes `verifyMobile` used: `messagesTo` leaves them out. */
const verificationCodes = new Set<string>();

/**
 * Proves the member's mobile number as the settings do (decision 078): a code by SMS to it, read
 * from the outbox, entered through POST /user/profile/mobile-verify.
 */
export async function verifyMobile(app: FastifyInstance, user: TestUser) {
  const sent = await app.inject({
    method: 'POST',
    url: '/api/user/profile/mobile-check',
    headers: user.headers,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const sms = (await messagesTo(app, user.row.mobile!)).filter((m) => m.channel === 'sms');
  const message = sms.at(-1);
  const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
  expect(code, 'the code sent by SMS').toBeDefined();
  // The tests read what the programme sent; the code was the fixture's own business.
  verificationCodes.add(message!.id);
  const verified = await app.inject({
    method: 'POST',
    url: '/api/user/profile/mobile-verify',
    headers: user.headers,
    payload: { otp: code },
  });
  expect(verified.statusCode, verified.body).toBe(200);
}

/** Saves the member's message settings; SMS first proves the mobile number, as a member must. */
export async function enrol(
  app: FastifyInstance,
  user: TestUser,
  preferences: { channel: 'sms' | 'whatsapp' | 'none'; send_at?: string; language?: string },
) {
  if (preferences.channel === 'sms') {
    const current = await app.inject({ url: '/api/messaging/preferences', headers: user.headers });
    if (!current.json().data.mobile_verified) await verifyMobile(app, user);
  }
  const res = await app.inject({
    method: 'PUT',
    url: '/api/messaging/preferences',
    headers: user.headers,
    payload: { send_at: '09:00', language: 'en', ...preferences },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { opted_out: boolean };
}

/** Every outbox message to a recipient, oldest first (but the fixtures' verification codes). */
export async function messagesTo(app: FastifyInstance, recipient: string) {
  const rows = await app.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient))
    .orderBy(desc(outboxMessages.createdAt));
  return rows.reverse().filter((row) => !verificationCodes.has(row.id));
}
