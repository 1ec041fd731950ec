import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

export const PASSWORD = 'Secret@123';

let counter = 0;

/** A valid sign-up body with a fresh email and mobile. */
export function signupBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: 'Asha Rao',
    email: `asha.${counter}.${randomInt(1e9)}@example.com`,
    mobile: `9${String(randomInt(1e9)).padStart(9, '0')}`,
    dob: 30,
    password: PASSWORD,
    gender: 'female',
    step: 0,
    ...overrides,
  };
}

export interface TestAccount {
  id: string;
  email: string;
  mobile: string;
  token: string;
}

/** Registers a fresh account and returns its session token. */
export async function registerAccount(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<TestAccount> {
  const body = signupBody(overrides);
  const res = await app.inject({ method: 'POST', url: '/api/auth/user/register', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  const json = res.json();
  return { id: json.data._id, email: body.email, mobile: body.mobile, token: json.token };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface OutboxEntry {
  id: string;
  channel: string;
  recipient: string;
  subject: string | null;
  text: string;
  created_at: string;
}

/** Messages to `to` as the dev outbox lists them, newest first. */
export async function outboxFor(app: FastifyInstance, to: string): Promise<OutboxEntry[]> {
  // Mail some answers queue after they are sent (a reset link): let that work finish first.
  await app.backgroundTasks.idle();
  const res = await app.inject({ url: `/dev/outbox.json?to=${encodeURIComponent(to)}` });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

/** The six-digit code in the newest message to `to`. */
export async function latestCode(app: FastifyInstance, to: string): Promise<string> {
  const [latest] = await outboxFor(app, to);
  const code = latest?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

/** The first link to `path` in the newest message to `to`. */
export async function latestLink(app: FastifyInstance, to: string, path: string): Promise<URL> {
  const [latest] = await outboxFor(app, to);
  const match = latest?.text.match(new RegExp(`https?://\\S+${path}\\?token=\\S+`));
  if (!match) throw new Error(`no ${path} link in the outbox for ${to}`);
  return new URL(match[0]);
}

/**
 * Confirms the account's address the way a member does: opens the link of the sign-up mail (the
 * page sends its token to POST /auth/user/verify-email).
 */
export async function verifyEmail(app: FastifyInstance, email: string): Promise<void> {
  const [verification] = (await outboxFor(app, email)).filter((m) =>
    m.text.includes('/verify-email?token='),
  );
  const link = verification?.text.match(/https?:\/\/\S+\/verify-email\?token=\S+/)?.[0];
  if (!link) throw new Error(`no /verify-email link in the outbox for ${email}`);
  const token = new URL(link).searchParams.get('token')!;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/user/verify-email',
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
}
