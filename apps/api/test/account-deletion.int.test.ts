import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, latestLink, outboxFor, registerAccount, type TestAccount } from './accounts';
import { createTestApp } from './app';
import { testDatabase } from './database';
import { multipart } from './multipart';

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp();
});

async function requestDeletion(account: TestAccount) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/user/delete-request',
    headers: bearer(account.token),
  });
  expect(res.statusCode).toBe(200);
  const link = await latestLink(app, account.email, '/user-delete');
  return link.searchParams.get('token')!;
}

function deleteAccount(token: string) {
  return app.inject({ method: 'DELETE', url: '/api/auth/user/delete', headers: bearer(token) });
}

async function rowsOf(userId: string) {
  const { pool } = await testDatabase();
  const counts: Record<string, number> = {};
  for (const table of [
    'users',
    'sessions',
    'one_time_tokens',
    'otp_challenges',
    'test_attempts',
    'outbox_messages',
  ]) {
    const column = table === 'users' ? 'id' : 'user_id';
    const { rows } = await pool.query(
      `SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`,
      [userId],
    );
    counts[table] = rows[0].n;
  }
  return counts;
}

describe('account deletion', () => {
  it('mails a single-use /user-delete link that erases the account, its data and its files', async () => {
    const account = await registerAccount(app, { step: 1, total_points: 50 });
    const other = await registerAccount(app);
    // Leave personal data in every table: a sign-in code, a picture, a second session.
    await app.inject({
      method: 'POST',
      url: '/api/auth/user/login',
      payload: { email: account.email },
    });
    const picture = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#0f766e' },
    })
      .png()
      .toBuffer();
    const upload = multipart({
      profile: { filename: 'me.png', contentType: 'image/png', data: picture },
    });
    const uploaded = await app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: { ...bearer(account.token), ...upload.headers },
      payload: upload.payload,
    });
    const file = path.join(
      app.config.DATA_DIR,
      'uploads',
      uploaded.json().data.profile.replace('/media/', ''),
    );
    expect(existsSync(file)).toBe(true);

    const token = await requestDeletion(account);
    const [mail] = await outboxFor(app, account.email);
    expect(mail!.subject).toMatch(/deleting your/);
    const before = await rowsOf(account.id);
    expect(before).toMatchObject({
      users: 1,
      test_attempts: 1,
      otp_challenges: 1,
      one_time_tokens: 1,
    });

    const res = await deleteAccount(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Your account has been successfully deleted.',
    });

    expect(await rowsOf(account.id)).toEqual({
      users: 0,
      sessions: 0,
      one_time_tokens: 0,
      otp_challenges: 0,
      test_attempts: 0,
      outbox_messages: 0,
    });
    expect(existsSync(file)).toBe(false);
    expect(
      (await app.inject({ url: '/api/user/profile', headers: bearer(account.token) })).statusCode,
    ).toBe(401);
    expect((await deleteAccount(token)).statusCode).toBe(401);

    // Nobody else's data went with it.
    expect((await rowsOf(other.id)).users).toBe(1);
    expect(
      (await app.inject({ url: '/api/user/profile', headers: bearer(other.token) })).statusCode,
    ).toBe(200);
  });

  it('lets a signed-in user delete their own account with the session token', async () => {
    const account = await registerAccount(app);
    const res = await deleteAccount(account.token);
    expect(res.statusCode).toBe(200);
    expect((await rowsOf(account.id)).users).toBe(0);
  });

  it('refuses a delete link of an account already gone', async () => {
    const account = await registerAccount(app);
    const token = await requestDeletion(account);
    expect((await deleteAccount(account.token)).statusCode).toBe(200);
    expect((await deleteAccount(token)).statusCode).toBe(401);
  });

  it('refuses temp and reset tokens, and a delete token anywhere else', async () => {
    const account = await registerAccount(app);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/user/login',
      payload: { email: account.email },
    });
    expect((await deleteAccount(login.json().token)).statusCode).toBe(403);

    const token = await requestDeletion(account);
    const profile = await app.inject({ url: '/api/user/profile', headers: bearer(token) });
    expect(profile.statusCode).toBe(403);
    expect((await rowsOf(account.id)).users).toBe(1);
  });

  it('needs a session to ask for the link', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/user/delete-request' });
    expect(res.statusCode).toBe(401);
  });
});
