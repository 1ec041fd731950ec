import { Messages } from '@exhale/contract/messages';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { beforeAll, describe, expect, it } from 'vitest';
import { otpChallenges } from '../src/db/schema/auth';
import { UsersRepository } from '../src/modules/users/users.repository';
import {
  PASSWORD,
  bearer,
  latestCode,
  latestLink,
  outboxFor,
  registerAccount,
  signupBody,
} from './accounts';
import { ManualClock, createTestApp } from './app';
import { testDatabase } from './database';
import { testRedisUrl } from './redis';

const USER_FIELDS = [
  '_id',
  'name',
  'email',
  'mobile',
  'dob',
  'gender',
  'profile',
  'whatsapp_no',
  'type',
  'step',
  'current_day',
  'total_points',
  'role',
  'created_at',
  'data_saver',
  'language',
].sort();

let app: FastifyInstance;
const clock = new ManualClock();

beforeAll(async () => {
  app = await createTestApp({}, { clock });
});

async function register(body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/auth/user/register', payload: body });
}

async function requestOtp(payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/auth/user/login', payload });
}

async function verifyOtp(tempToken: string, otp: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/user/verify',
    headers: bearer(tempToken),
    payload: { otp },
  });
}

function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

describe('POST /auth/user/register', () => {
  it('creates a free account at step 0, lowercases the email and opens a session', async () => {
    const body = signupBody({ email: 'Meera.Iyer@Example.COM', name: 'Meera Iyer' });
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json).toMatchObject({
      success: true,
      message: Messages.REGISTER_SUCCESS.message,
      step: 0,
      data: {
        name: 'Meera Iyer',
        email: 'meera.iyer@example.com',
        mobile: body.mobile,
        dob: 30,
        gender: 'female',
        profile: null,
        whatsapp_no: null,
        type: 'free',
        step: 0,
        current_day: null,
        total_points: 0,
        role: 'user',
      },
    });
    expect(Object.keys(json.data).sort()).toEqual(USER_FIELDS);
    expect(res.body).not.toMatch(/argon2|password/i);

    const profile = await app.inject({ url: '/api/user/profile', headers: bearer(json.token) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data._id).toBe(json.data._id);
  });

  it('records the landing test as SIM attempt 1 when signing up at step 1', async () => {
    const res = await register(signupBody({ step: 1, total_points: 42 }));
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json.step).toBe(1);
    expect(json.data).toMatchObject({ step: 1, total_points: 42 });
    const { pool } = await testDatabase();
    const { rows } = await pool.query(
      'SELECT attempt, raw_points, total_points FROM test_attempts WHERE user_id = $1',
      [json.data._id],
    );
    expect(rows).toEqual([{ attempt: 1, raw_points: null, total_points: 42 }]);
  });

  it('starts a step-1 sign-up without a score at step 0, with no attempt recorded', async () => {
    const res = await register(signupBody({ step: 1 }));
    expect(res.statusCode).toBe(201);
    expect(res.json().step).toBe(0);
    const { pool } = await testDatabase();
    const { rows } = await pool.query('SELECT 1 FROM test_attempts WHERE user_id = $1', [
      res.json().data._id,
    ]);
    expect(rows).toHaveLength(0);
  });

  it('refuses a score outside 0–99 or a score without step 1', async () => {
    const tooHigh = await register(signupBody({ step: 1, total_points: 100 }));
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json().message).toBe(Messages.VALIDATION_ERROR.message);
    const withoutStep = await register(signupBody({ step: 0, total_points: 10 }));
    expect(withoutStep.statusCode).toBe(400);
  });

  it('answers the spec messages for invalid fields', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'A' }, 'Enter Name'],
      [{ email: 'not-an-email' }, 'Please enter a valid email address'],
      [{ mobile: '12345' }, 'Enter Valid Mobile'],
      [{ dob: 11 }, 'Age must be at least 12'],
      [{ dob: 151 }, 'Age must not be greater than 150'],
      [{ dob: 'abc' }, 'Age must be a number'],
      [{ password: 'short' }, 'Enter valid Password'],
      [
        { password: 'alllowercase1!' },
        'Password should contain at least one special character , one uppercase letter and one number',
      ],
      [{ gender: 'other' }, 'Please select a gender'],
    ];
    for (const [override, message] of cases) {
      const res = await register(signupBody(override));
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
    }
  });

  it('drops unknown fields such as a role', async () => {
    const res = await register({ ...signupBody(), role: 'admin', type: 'premium', step: 0 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ role: 'user', type: 'free' });
  });

  it('answers 409 for an email or mobile already registered, whatever the email case', async () => {
    const first = signupBody();
    expect((await register(first)).statusCode).toBe(201);

    const sameEmail = await register(signupBody({ email: first.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toEqual({
      success: false,
      code: 'EMAIL_TAKEN',
      message: Messages.EMAIL_TAKEN.message,
    });

    const sameMobile = await register(signupBody({ mobile: first.mobile }));
    expect(sameMobile.statusCode).toBe(409);
    expect(sameMobile.json().code).toBe('MOBILE_TAKEN');
  });

  it('lets only one of two simultaneous sign-ups with one email through', async () => {
    const email = signupBody().email;
    const results = await Promise.all([
      register(signupBody({ email })),
      register(signupBody({ email })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('OTP login', () => {
  it('answers an unknown email or mobile as a known one and sends nothing (decision 077)', async () => {
    const account = await registerAccount(app);
    const payload = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<
        string,
        unknown
      >;
    for (const [known, unknown] of [
      [{ email: account.email }, { email: 'nobody-at-all@example.com' }],
      [{ mobile: account.mobile }, { mobile: '9000000000' }],
    ] as const) {
      clock.advance(31_000); // one account's sign-in codes wait 30 s between them
      const [real, none] = [await requestOtp(known), await requestOtp(unknown)];
      expect(none.statusCode).toBe(real.statusCode);
      expect(real.statusCode).toBe(200);
      const { token: realToken, ...realBody } = real.json();
      const { token: noneToken, ...noneBody } = none.json();
      expect(noneBody).toEqual(realBody);
      expect(Object.keys(payload(noneToken)).sort()).toEqual(
        Object.keys(payload(realToken)).sort(),
      );
      expect(payload(noneToken)).toMatchObject({ kind: 'otp' });
      // The same 30-second wait before another code, for both.
      for (const again of [await requestOtp(known), await requestOtp(unknown)]) {
        expect(again.statusCode).toBe(429);
        expect(again.json().code).toBe('OTP_RESEND_TOO_SOON');
      }
    }
    expect(await outboxFor(app, 'nobody-at-all@example.com')).toEqual([]);
    expect(await outboxFor(app, '9000000000')).toEqual([]);
    expect(
      await app.db.select().from(otpChallenges).where(eq(otpChallenges.destination, '9000000000')),
    ).toEqual([]);
  });

  it('lets the token of an unknown address verify no code: wrong every time, then out of tries', async () => {
    const res = await requestOtp({ email: 'still-nobody@example.com' });
    const tempToken = res.json().token;
    for (let left = 4; left >= 0; left -= 1) {
      const wrong = await verifyOtp(tempToken, String(left).padStart(6, '0'));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        code: 'INVALID_OTP',
        message: 'Invalid OTP!',
        errors: [{ path: 'otp', message: `${left} ${left === 1 ? 'attempt' : 'attempts'} left` }],
      });
    }
    const spent = await verifyOtp(tempToken, '123456');
    expect(spent.statusCode).toBe(429);
    expect(spent.json().code).toBe('OTP_TOO_MANY_ATTEMPTS');
  });

  it('mails a code and signs in with it, once', async () => {
    const account = await registerAccount(app);
    const res = await requestOtp({ email: account.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'OTP successfully sent to mail' });
    const tempToken = res.json().token;

    const [mail] = await outboxFor(app, account.email);
    expect(mail).toMatchObject({ channel: 'email', recipient: account.email });
    expect(mail!.subject).toMatch(/sign-in code/);
    const code = await latestCode(app, account.email);

    const ok = await verifyOtp(tempToken, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, message: 'Login successful' });
    expect(ok.json().data._id).toBe(account.id);
    const session = ok.json().token;
    expect(
      (await app.inject({ url: '/api/user/profile', headers: bearer(session) })).statusCode,
    ).toBe(200);

    const again = await verifyOtp(tempToken, code);
    expect(again.statusCode).toBe(410);
  });

  it('texts the code to the mobile number', async () => {
    const account = await registerAccount(app);
    const res = await requestOtp({ mobile: account.mobile });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('OTP Successfully sent to mobile number');
    const [sms] = await outboxFor(app, account.mobile);
    expect(sms).toMatchObject({ channel: 'sms', subject: null });
    const code = await latestCode(app, account.mobile);
    expect((await verifyOtp(res.json().token, code)).statusCode).toBe(200);
  });

  it('refuses a resend within 30 seconds and retires the old code after one', async () => {
    const account = await registerAccount(app);
    const first = await requestOtp({ email: account.email });
    const firstCode = await latestCode(app, account.email);

    const tooSoon = await requestOtp({ email: account.email });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().code).toBe('OTP_RESEND_TOO_SOON');
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(tooSoon.headers['retry-after'])).toBeLessThanOrEqual(30);

    clock.advance(31_000);
    const second = await requestOtp({ email: account.email });
    expect(second.statusCode).toBe(200);
    const secondCode = await latestCode(app, account.email);
    // Two codes (the sign-up mail, a link to confirm the address, is the third message).
    const codes = (await outboxFor(app, account.email)).filter(
      (m) => !m.text.includes('/verify-email?'),
    );
    expect(codes).toHaveLength(2);

    // The first temp token is bound to the retired code: it is refused with either code (the
    // two codes may even be equal by chance), and its tries do not count against the new code.
    for (const code of [firstCode, secondCode]) {
      const stale = await verifyOtp(first.json().token, code);
      expect(stale.statusCode).toBe(410);
      expect(stale.json().code).toBe('OTP_EXPIRED');
    }
    const challenges = await app.db
      .select()
      .from(otpChallenges)
      .where(eq(otpChallenges.userId, account.id));
    expect(challenges).toHaveLength(1);
    expect(challenges[0]).toMatchObject({ attempts: 0, consumedAt: null });
    expect(challenges[0]!.lastSentAt.getTime()).toBe(clock.now().getTime());
    // The resent code is the one that signs in, with the token that came with it.
    const signedIn = await verifyOtp(second.json().token, secondCode);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().token).toEqual(expect.any(String));
  });

  it('counts wrong codes, then burns the code after 5 wrong tries', async () => {
    const account = await registerAccount(app);
    const tempToken = (await requestOtp({ email: account.email })).json().token;
    const code = await latestCode(app, account.email);

    for (let left = 4; left >= 0; left -= 1) {
      const res = await verifyOtp(tempToken, wrongCode(code));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'INVALID_OTP',
        message: 'Invalid OTP!',
        errors: [{ path: 'otp', message: `${left} ${left === 1 ? 'attempt' : 'attempts'} left` }],
      });
    }
    const right = await verifyOtp(tempToken, code);
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('OTP_TOO_MANY_ATTEMPTS');
  });

  it('shares the attempt limit between simultaneous guesses', async () => {
    const account = await registerAccount(app);
    const tempToken = (await requestOtp({ email: account.email })).json().token;
    const code = await latestCode(app, account.email);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => verifyOtp(tempToken, wrongCode(code))),
    );
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(3);
  });

  it('answers 410 for a code older than 10 minutes', async () => {
    const account = await registerAccount(app);
    const tempToken = (await requestOtp({ email: account.email })).json().token;
    const code = await latestCode(app, account.email);
    clock.advance(10 * 60_000 + 1_000);
    const res = await verifyOtp(tempToken, code);
    expect(res.statusCode).toBe(410);
    expect(res.json().code).toBe('OTP_EXPIRED');
  });

  it('refuses malformed codes with the spec message', async () => {
    const account = await registerAccount(app);
    const tempToken = (await requestOtp({ email: account.email })).json().token;
    const res = await verifyOtp(tempToken, '12ab');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid OTP!');
  });

  it('caps the codes one account can be sent per hour', async () => {
    const account = await registerAccount(app);
    for (let i = 0; i < 10; i += 1) {
      expect((await requestOtp({ email: account.email })).statusCode).toBe(200);
      clock.advance(31_000);
    }
    const res = await requestOtp({ email: account.email });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('token kinds', () => {
  it('refuses the temp token anywhere but /auth/user/verify, and a session token there', async () => {
    const account = await registerAccount(app);
    const tempToken = (await requestOtp({ email: account.email })).json().token;
    const profile = await app.inject({ url: '/api/user/profile', headers: bearer(tempToken) });
    expect(profile.statusCode).toBe(403);
    expect(profile.json().code).toBe('WRONG_TOKEN_KIND');

    const withSession = await verifyOtp(account.token, await latestCode(app, account.email));
    expect(withSession.statusCode).toBe(403);
  });
});

describe('POST /auth/user/password-login', () => {
  async function passwordLogin(payload: Record<string, unknown>, from = '203.0.113.1') {
    return app.inject({
      method: 'POST',
      url: '/api/auth/user/password-login',
      payload,
      remoteAddress: from,
    });
  }

  it('signs in by email (any case) or by mobile', async () => {
    const account = await registerAccount(app);
    const byEmail = await passwordLogin({ email: account.email.toUpperCase(), password: PASSWORD });
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json()).toMatchObject({ success: true, message: 'Login successful' });
    expect(byEmail.json().data._id).toBe(account.id);
    const byMobile = await passwordLogin({ mobile: account.mobile, password: PASSWORD });
    expect(byMobile.statusCode).toBe(200);
    expect(byMobile.json().token).not.toBe(byEmail.json().token);
  });

  it('gives one answer for a wrong password and for an unknown account', async () => {
    const account = await registerAccount(app);
    const wrong = await passwordLogin({ email: account.email, password: 'Wrong@123' });
    const unknown = await passwordLogin({ email: 'ghost@example.com', password: 'Wrong@123' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe(Messages.INVALID_CREDENTIALS.message);
  });

  it('pauses only the source that failed, counting email and mobile of one account together', async () => {
    const account = await registerAccount(app);
    const attacker = '198.51.100.7';
    // Five wrong passwords from one address, by email and by mobile: one account, one count.
    for (const id of ['email', 'mobile', 'email', 'mobile', 'email'] as const) {
      const res = await passwordLogin({ [id]: account[id], password: 'Wrong@123' }, attacker);
      expect(res.statusCode).toBe(401);
    }
    const paused = await passwordLogin({ mobile: account.mobile, password: PASSWORD }, attacker);
    expect(paused.statusCode).toBe(429);
    expect(paused.json().code).toBe(Messages.RATE_LIMITED.code);
    expect(Number(paused.headers['retry-after'])).toBe(30);

    // The owner elsewhere is not locked out by someone else's failures ...
    const owner = await passwordLogin({ email: account.email, password: PASSWORD }, '192.0.2.50');
    expect(owner.statusCode).toBe(200);
    // ... and sign-in codes stay open even at the paused address.
    const code = await app.inject({
      method: 'POST',
      url: '/api/auth/user/login',
      payload: { email: account.email },
      remoteAddress: attacker,
    });
    expect(code.statusCode).toBe(200);

    // The pause ends, and each further failure doubles the next one.
    clock.advance(31_000);
    const sixth = await passwordLogin({ email: account.email, password: 'Wrong@123' }, attacker);
    expect(sixth.statusCode).toBe(401);
    const again = await passwordLogin({ email: account.email, password: PASSWORD }, attacker);
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBe(60);
    clock.advance(61_000);
    const right = await passwordLogin({ email: account.email, password: PASSWORD }, attacker);
    expect(right.statusCode).toBe(200);
  });

  it('pauses an unknown address the same way as a registered one', async () => {
    const account = await registerAccount(app);
    const source = '198.51.100.8';
    const statuses = async (email: string) => {
      const out: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        out.push((await passwordLogin({ email, password: 'Wrong@123' }, source)).statusCode);
      }
      return out;
    };
    const expected = [401, 401, 401, 401, 401, 429];
    expect(await statuses(account.email)).toEqual(expected);
    expect(await statuses(`nobody.${account.email}`)).toEqual(expected);
  });

  it('needs exactly one of email and mobile', async () => {
    const res = await passwordLogin({ password: PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(Messages.LOGIN_IDENTIFIER_REQUIRED.message);
  });
});

describe('password-login throttling with Redis', () => {
  it('shares the failure count between API processes', async () => {
    const redisA = new Redis(testRedisUrl, { lazyConnect: true });
    const redisB = new Redis(testRedisUrl, { lazyConnect: true });
    try {
      const processA = await createTestApp({}, { redis: redisA });
      const processB = await createTestApp({}, { redis: redisB });
      const account = await registerAccount(processA);
      const login = (target: FastifyInstance, password: string, from = '198.51.100.9') =>
        target.inject({
          method: 'POST',
          url: '/api/auth/user/password-login',
          payload: { email: account.email, password },
          remoteAddress: from,
        });
      for (let i = 0; i < 5; i += 1) {
        expect((await login(i % 2 ? processA : processB, 'Wrong@123')).statusCode).toBe(401);
      }
      expect((await login(processA, PASSWORD)).statusCode).toBe(429);
      expect((await login(processB, PASSWORD)).statusCode).toBe(429);
      // Another address is not paused, on either process.
      expect((await login(processB, PASSWORD, '192.0.2.60')).statusCode).toBe(200);
    } finally {
      redisA.disconnect();
      redisB.disconnect();
    }
  });
});

describe('email verification (decision 035)', () => {
  const verify = (token: string) =>
    app.inject({ method: 'POST', url: '/api/auth/user/verify-email', headers: bearer(token) });
  const verifiedAt = async (id: string) =>
    (await new UsersRepository(app.db).findById(id))?.emailVerifiedAt ?? null;
  const linkToken = async (email: string) =>
    (await latestLink(app, email, '/verify-email')).searchParams.get('token')!;

  it('mails a link at sign-up that confirms the address once', async () => {
    const account = await registerAccount(app);
    expect(await verifiedAt(account.id)).toBeNull();
    const token = await linkToken(account.email);

    const first = await verify(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, message: Messages.EMAIL_VERIFIED.message });
    expect(await verifiedAt(account.id)).toBeInstanceOf(Date);

    const again = await verify(token);
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe(Messages.VERIFY_LINK_INVALID.code);
  });

  it("says 'an Exhale account' in the sign-up mail", async () => {
    const account = await registerAccount(app);
    const mail = (await outboxFor(app, account.email)).find((m) =>
      m.text.includes('/verify-email?'),
    );
    expect(mail?.text).toContain('If you did not create an Exhale account, ignore this mail');
    expect(mail?.text).not.toContain('a Exhale');
  });

  it('does not confirm an address the account no longer has', async () => {
    const account = await registerAccount(app);
    const token = await linkToken(account.email);
    const moved = await app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: bearer(account.token),
      payload: {
        name: 'Asha',
        email: `moved.${account.email}`,
        mobile: account.mobile,
        dob: 30,
        gender: 'female',
      },
    });
    expect(moved.statusCode).toBe(200);
    expect((await verify(token)).statusCode).toBe(401);
    expect(await verifiedAt(account.id)).toBeNull();
  });

  it('accepts only a verify token, and a verify token nowhere else', async () => {
    const account = await registerAccount(app);
    expect((await verify(account.token)).statusCode).toBe(403);
    const token = await linkToken(account.email);
    expect(
      (await app.inject({ url: '/api/user/profile', headers: bearer(token) })).statusCode,
    ).toBe(403);
  });

  it('mails a new link on request, and none once the address is confirmed', async () => {
    const account = await registerAccount(app);
    const request = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/user/verify-email/request',
        headers: bearer(account.token),
      });
    const links = async () =>
      (await outboxFor(app, account.email)).filter((m) => m.text.includes('/verify-email?')).length;
    const res = await request();
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(Messages.VERIFY_MAIL_SENT.message);
    expect(await links()).toBe(2);
    expect((await verify(await linkToken(account.email))).statusCode).toBe(200);
    expect((await request()).statusCode).toBe(200);
    expect(await links()).toBe(2);
  });
});

describe('POST /auth/user/logout', () => {
  it('revokes the session, which then gets 401 everywhere', async () => {
    const account = await registerAccount(app);
    const other = await app.inject({
      method: 'POST',
      url: '/api/auth/user/password-login',
      payload: { email: account.email, password: PASSWORD },
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/user/logout',
      headers: bearer(account.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Logout Success' });

    for (const [method, url] of [
      ['GET', '/api/user/profile'],
      ['POST', '/api/auth/user/logout'],
      ['DELETE', '/api/user/profile/delete-pic'],
      ['DELETE', '/api/auth/user/delete'],
    ] as const) {
      const after = await app.inject({ method, url, headers: bearer(account.token) });
      expect(after.statusCode, url).toBe(401);
      expect(after.json().code).toBe('SESSION_REVOKED');
    }
    // Other devices stay signed in.
    const otherDevice = await app.inject({
      url: '/api/user/profile',
      headers: bearer(other.json().token),
    });
    expect(otherDevice.statusCode).toBe(200);
  });
});
