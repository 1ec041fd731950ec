import { Messages } from '@exhale/contract/messages';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, bearer, latestLink, outboxFor, registerAccount } from './accounts';
import type { BackgroundTasks } from '../src/lib/background-tasks';
import { ManualClock, createTestApp } from './app';

let app: FastifyInstance;
const clock = new ManualClock();

beforeAll(async () => {
  app = await createTestApp({}, { clock });
});

function requestReset(target: FastifyInstance, email: string) {
  return target.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { email } });
}

/** What the reset page does with the mailed link (spec §2): swap segments 2 and 3 back. */
function tokenFromLink(link: URL): string {
  const [a, b, c] = link.searchParams.get('token')!.split('.');
  return `${a}.${c}.${b}`;
}

function resetPassword(token: string, newPassword: string, confirm = newPassword) {
  return app.inject({
    method: 'POST',
    url: '/api/user/reset-pwd',
    headers: bearer(token),
    payload: { newPassword, confirm },
  });
}

function passwordLogin(email: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/user/password-login',
    payload: { email, password },
  });
}

describe('POST /auth/reset-password', () => {
  it('answers the same for an unknown address and sends nothing', async () => {
    const res = await requestReset(app, 'nobody.here@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Mail Sent Successfully' });
    expect(await outboxFor(app, 'nobody.here@example.com')).toEqual([]);
  });

  it('mails a /reset link whose token has its 2nd and 3rd segments swapped', async () => {
    const account = await registerAccount(app);
    const res = await requestReset(app, account.email.toUpperCase());
    expect(res.json()).toEqual({ success: true, message: 'Mail Sent Successfully' });

    const link = await latestLink(app, account.email, '/reset');
    expect(link.origin).toBe('http://localhost');
    expect(link.pathname).toBe('/reset');
    const mailed = link.searchParams.get('token')!;
    expect(mailed.split('.')).toHaveLength(3);
    // As mailed it is not a valid token; swapped back it is.
    expect((await resetPassword(mailed, 'Fresh@456')).statusCode).toBe(401);
    expect((await resetPassword(tokenFromLink(link), 'Fresh@456')).statusCode).toBe(200);
  });

  it('builds links on PUBLIC_URL when it is set', async () => {
    const withPublicUrl = await createTestApp({ PUBLIC_URL: 'https://exhale.example' });
    const account = await registerAccount(withPublicUrl);
    await requestReset(withPublicUrl, account.email);
    const link = await latestLink(withPublicUrl, account.email, '/reset');
    expect(link.origin).toBe('https://exhale.example');
  });

  it('is rate limited per IP', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_MAX: '3' });
    for (let i = 0; i < 3; i += 1) {
      expect((await requestReset(limited, 'someone@example.com')).statusCode).toBe(200);
    }
    const res = await requestReset(limited, 'someone@example.com');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('stops mailing one address after 5 links in an hour, without saying so', async () => {
    const account = await registerAccount(app);
    for (let i = 0; i < 7; i += 1) {
      expect((await requestReset(app, account.email)).statusCode).toBe(200);
    }
    const links = (await outboxFor(app, account.email)).filter((m) => /\/reset\?/.test(m.text));
    expect(links).toHaveLength(5);
  });
});

/** Background work kept until the test lets it run: shows what a request did before answering. */
class HeldTasks implements BackgroundTasks {
  readonly held: (() => Promise<void>)[] = [];
  run(_name: string, task: () => Promise<void>): void {
    this.held.push(task);
  }
  async idle(): Promise<void> {}
  async release(): Promise<void> {
    for (const task of this.held.splice(0)) await task();
  }
}

describe('POST /auth/reset-password timing', () => {
  it('answers before looking the address up, so a known and an unknown one take one path', async () => {
    const tasks = new HeldTasks();
    const held = await createTestApp({}, { backgroundTasks: tasks });
    const account = await registerAccount(held);
    const resetMails = async (email: string) =>
      (await outboxFor(held, email)).filter((m) => m.text.includes('/reset?token='));

    const known = await requestReset(held, account.email);
    const unknown = await requestReset(held, `nobody.${account.email}`);
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    // Both answers were sent with the lookup and the mail still to do: nothing was written yet,
    // and each request left the same one task behind.
    expect(await resetMails(account.email)).toEqual([]);
    expect(tasks.held).toHaveLength(2);

    await tasks.release();
    expect(await resetMails(account.email)).toHaveLength(1);
    expect(await outboxFor(held, `nobody.${account.email}`)).toEqual([]);
  });
});

describe('POST /user/reset-pwd', () => {
  it('refuses a new password that sign-up would refuse, with the sign-up messages', async () => {
    const account = await registerAccount(app);
    await requestReset(app, account.email);
    const token = tokenFromLink(await latestLink(app, account.email, '/reset'));
    const short = await resetPassword(token, 'a');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(Messages.SIGNUP_PASSWORD_INVALID.message);
    const weak = await resetPassword(token, 'weakpassword');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(Messages.SIGNUP_PASSWORD_WEAK.message);
    // Refused before the link is used: it still sets a password that keeps the rule.
    expect((await resetPassword(token, 'Fresh@456')).statusCode).toBe(200);
    expect((await passwordLogin(account.email, 'a')).statusCode).toBe(401);
  });

  it('refuses different passwords with the spec message', async () => {
    const account = await registerAccount(app);
    await requestReset(app, account.email);
    const token = tokenFromLink(await latestLink(app, account.email, '/reset'));
    const res = await resetPassword(token, 'Fresh@456', 'Fresh@457');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Password Does Not Match');
  });

  it('sets the password once, ends every session and retires older links', async () => {
    const account = await registerAccount(app);
    await requestReset(app, account.email);
    const older = tokenFromLink(await latestLink(app, account.email, '/reset'));
    await requestReset(app, account.email);
    const token = tokenFromLink(await latestLink(app, account.email, '/reset'));

    const res = await resetPassword(token, 'Fresh@456');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Reset Password Success' });

    const oldSession = await app.inject({
      url: '/api/user/profile',
      headers: bearer(account.token),
    });
    expect(oldSession.statusCode).toBe(401);
    expect((await passwordLogin(account.email, PASSWORD)).statusCode).toBe(401);
    expect((await passwordLogin(account.email, 'Fresh@456')).statusCode).toBe(200);

    const reused = await resetPassword(token, 'Other@789');
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe(Messages.RESET_LINK_INVALID.message);
    expect((await resetPassword(older, 'Other@789')).statusCode).toBe(401);
  });

  it('lets only one of two simultaneous uses of a link through', async () => {
    const account = await registerAccount(app);
    await requestReset(app, account.email);
    const token = tokenFromLink(await latestLink(app, account.email, '/reset'));
    const results = await Promise.all([
      resetPassword(token, 'Fresh@456'),
      resetPassword(token, 'Other@789'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('accepts only a reset token, and a reset token nowhere else', async () => {
    const account = await registerAccount(app);
    expect((await resetPassword(account.token, 'Fresh@456')).statusCode).toBe(403);
    await requestReset(app, account.email);
    const token = tokenFromLink(await latestLink(app, account.email, '/reset'));
    const profile = await app.inject({ url: '/api/user/profile', headers: bearer(token) });
    expect(profile.statusCode).toBe(403);
    expect(profile.json().code).toBe('WRONG_TOKEN_KIND');
  });

  it('unlocks a password login locked by failures', async () => {
    const account = await registerAccount(app);
    for (let i = 0; i < 5; i += 1) await passwordLogin(account.email, 'Wrong@123');
    expect((await passwordLogin(account.email, PASSWORD)).statusCode).toBe(429);
    await requestReset(app, account.email);
    const token = tokenFromLink(await latestLink(app, account.email, '/reset'));
    expect((await resetPassword(token, 'Fresh@456')).statusCode).toBe(200);
    expect((await passwordLogin(account.email, 'Fresh@456')).statusCode).toBe(200);
  });

  it('works for 30 minutes, then refuses the link and leaves the password and sessions alone', async () => {
    const early = await registerAccount(app);
    const late = await registerAccount(app);
    await requestReset(app, early.email);
    const earlyToken = tokenFromLink(await latestLink(app, early.email, '/reset'));
    await requestReset(app, late.email);
    const lateToken = tokenFromLink(await latestLink(app, late.email, '/reset'));

    clock.advance(30 * 60_000 - 60_000);
    const inTime = await resetPassword(earlyToken, 'Fresh@456');
    expect(inTime.statusCode, inTime.body).toBe(200);
    expect(inTime.json().message).toBe('Reset Password Success');
    expect((await passwordLogin(early.email, 'Fresh@456')).statusCode).toBe(200);

    clock.advance(2 * 60_000);
    const expired = await resetPassword(lateToken, 'Fresh@456');
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({
      success: false,
      code: Messages.RESET_LINK_INVALID.code,
      message: 'This password reset link has expired or was already used.',
    });
    expect((await passwordLogin(late.email, 'Fresh@456')).statusCode).toBe(401);
    expect((await passwordLogin(late.email, PASSWORD)).statusCode).toBe(200);
    const session = await app.inject({ url: '/api/user/profile', headers: bearer(late.token) });
    expect(session.statusCode, 'an expired link ends no session').toBe(200);
  });
});
