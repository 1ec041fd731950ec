import { Messages } from '@exhale/contract/messages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD,
  bearer,
  latestCode,
  latestLink,
  outboxFor,
  registerAccount,
  verifyEmail,
} from './accounts';
import { createTestApp } from './app';
import { startFakeGoogle, type FakeGoogle } from './fakes/google';

const CLIENT_ID = 'exhale-test.apps.googleusercontent.com';
const ISSUER = 'https://issuer.fake-google.test';

let google: FakeGoogle;
let app: FastifyInstance;
let sub = 0;

function googleEnv(fake: FakeGoogle, issuer = ISSUER) {
  return {
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_ISSUER: issuer,
    GOOGLE_JWKS_URL: fake.jwksUrl,
    GOOGLE_USERINFO_URL: fake.userinfoUrl,
    GOOGLE_TOKENINFO_URL: fake.tokeninfoUrl,
  };
}

beforeAll(async () => {
  google = await startFakeGoogle({ issuer: ISSUER, clientId: CLIENT_ID });
  app = await createTestApp(googleEnv(google));
});
afterAll(() => google.close());

function claims(overrides: Record<string, unknown> = {}) {
  sub += 1;
  return {
    sub: `google-${sub}-${Date.now()}`,
    email: `Kiran.${sub}.${Date.now()}@Gmail.com`,
    email_verified: true,
    name: 'Kiran Das',
    ...overrides,
  };
}

function googleLogin(target: FastifyInstance, payload: Record<string, unknown>) {
  return target.inject({ method: 'POST', url: '/api/auth/google-login', payload });
}

describe('POST /auth/google-login with an ID token', () => {
  it('creates a free account at step 0 from what Google says, ignoring the body', async () => {
    const c = claims();
    const res = await googleLogin(app, {
      credential: await google.idToken(c),
      // The spec's payload: none of it may decide who signs in.
      email: 'victim@example.com',
      name: 'Someone Else',
      mobile: '',
      dob: '',
      step: 3,
      type: 'premium',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Login successful',
      data: {
        email: String(c.email).toLowerCase(),
        name: 'Kiran Das',
        type: 'free',
        step: 0,
        mobile: null,
        dob: null,
        gender: null,
      },
    });
    const token = res.json().token;
    const profile = await app.inject({
      url: '/api/user/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.json().data._id).toBe(res.json().data._id);

    const again = await googleLogin(app, { credential: await google.idToken(c) });
    expect(again.json().data._id).toBe(res.json().data._id);
  });

  it('signs in to the existing account with that verified email and links it', async () => {
    const account = await registerAccount(app);
    await verifyEmail(app, account.email);
    const c = claims({ email: account.email.toUpperCase() });
    const res = await googleLogin(app, { credential: await google.idToken(c) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data._id).toBe(account.id);
    // Linked: found by subject even after the account changes its email.
    const moved = await app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: { authorization: `Bearer ${account.token}` },
      payload: {
        name: 'Asha',
        email: `moved.${account.email}`,
        mobile: account.mobile,
        dob: 30,
        gender: 'female',
      },
    });
    expect(moved.statusCode).toBe(200);
    const later = await googleLogin(app, { credential: await google.idToken(c) });
    expect(later.json().data._id).toBe(account.id);
  });

  it.each([
    ['a wrong audience', {}, { audience: 'someone-else.apps.googleusercontent.com' }],
    ['a wrong issuer', {}, { issuer: 'https://evil.example' }],
    ['a bad signature', {}, { foreignKey: true }],
    ['an expired token', {}, { expiresInSeconds: -120 }],
    ['an unverified email', { email_verified: false }, {}],
    ['no email', { email: undefined }, {}],
  ])('refuses %s with 401', async (_what, claimOverrides, options) => {
    const res = await googleLogin(app, {
      credential: await google.idToken(claims(claimOverrides), options),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      success: false,
      code: 'GOOGLE_CREDENTIAL_INVALID',
      message: Messages.GOOGLE_CREDENTIAL_INVALID.message,
    });
  });

  it('keeps the one name rule for the name Google gives (decision 035)', async () => {
    const c = claims({ name: 'Kiran\u202E Das\n<script>' });
    const res = await googleLogin(app, { credential: await google.idToken(c) });
    expect(res.json().data.name).toBe('Kiran Das script');
    const blank = claims({ name: '\u202E\u200B', email: `Only.Marks.${Date.now()}@Gmail.com` });
    const fallback = await googleLogin(app, { credential: await google.idToken(blank) });
    expect(fallback.json().data.name).toBe(String(blank.email).toLowerCase().split('@')[0]);
  });

  it('refuses a token that is not a JWT', async () => {
    expect((await googleLogin(app, { credential: 'not-a-token' })).statusCode).toBe(401);
  });

  it("accepts both spellings of Google's own issuer", async () => {
    const real = await startFakeGoogle({ issuer: 'accounts.google.com', clientId: CLIENT_ID });
    try {
      const googleApp = await createTestApp(googleEnv(real, 'https://accounts.google.com'));
      for (const issuer of ['accounts.google.com', 'https://accounts.google.com']) {
        const res = await googleLogin(googleApp, {
          credential: await real.idToken(claims(), { issuer }),
        });
        expect(res.statusCode, issuer).toBe(200);
      }
    } finally {
      await real.close();
    }
  });
});

describe('account pre-takeover', () => {
  const passwordLogin = (email: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/user/password-login',
      payload: { email, password: PASSWORD },
    });
  const profileWith = (token: string) =>
    app.inject({ url: '/api/user/profile', headers: bearer(token) });

  it("lets the address's Google owner take over an account someone registered with it", async () => {
    // The attacker signs up with the victim's address and a password of their own, and keeps
    // a session open.
    const attacker = await registerAccount(app, { name: 'Not The Owner' });
    expect((await passwordLogin(attacker.email)).statusCode).toBe(200);

    // The victim, the address's real owner, later signs in with Google.
    const res = await googleLogin(app, {
      credential: await google.idToken(claims({ email: attacker.email })),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data._id).toBe(attacker.id);
    const ownerSession = res.json().token;

    // The attacker is out: the password no longer signs in, the open session is revoked.
    const refused = await passwordLogin(attacker.email);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe(Messages.INVALID_CREDENTIALS.code);
    expect((await profileWith(attacker.token)).statusCode).toBe(401);
    // The owner's Google session works and the owner is told, by mail and in the bell.
    expect((await profileWith(ownerSession)).statusCode).toBe(200);
    const [mail] = await outboxFor(app, attacker.email);
    expect(mail?.subject).toMatch(/now signs in with Google/);
    const bell = await app.inject({ url: '/api/notification', headers: bearer(ownerSession) });
    expect(JSON.stringify(bell.json())).toContain('Your account now signs in with Google');
  });

  it('never works the other way round: a verified account only links', async () => {
    const member = await registerAccount(app);
    await verifyEmail(app, member.email);
    const res = await googleLogin(app, {
      credential: await google.idToken(claims({ email: member.email })),
    });
    expect(res.json().data._id).toBe(member.id);
    expect((await passwordLogin(member.email)).statusCode).toBe(200);
    expect((await profileWith(member.token)).statusCode).toBe(200);
  });

  it('counts an address as verified after a sign-in code mailed to it was used', async () => {
    const member = await registerAccount(app);
    const sent = await app.inject({
      method: 'POST',
      url: '/api/auth/user/login',
      payload: { email: member.email },
    });
    const otp = await latestCode(app, member.email);
    const verified = await app.inject({
      method: 'POST',
      url: '/api/auth/user/verify',
      headers: bearer(sent.json().token),
      payload: { otp },
    });
    expect(verified.statusCode).toBe(200);
    await googleLogin(app, { credential: await google.idToken(claims({ email: member.email })) });
    expect((await passwordLogin(member.email)).statusCode).toBe(200);
  });

  it('counts an address as verified after its reset link was used', async () => {
    const member = await registerAccount(app);
    await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email: member.email },
    });
    const [a, b, c] = (await latestLink(app, member.email, '/reset')).searchParams
      .get('token')!
      .split('.');
    const reset = await app.inject({
      method: 'POST',
      url: '/api/user/reset-pwd',
      headers: bearer(`${a}.${c}.${b}`),
      payload: { newPassword: 'Fresh@456', confirm: 'Fresh@456' },
    });
    expect(reset.statusCode).toBe(200);
    await googleLogin(app, { credential: await google.idToken(claims({ email: member.email })) });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/user/password-login',
      payload: { email: member.email, password: 'Fresh@456' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('unverifies a changed address, so the new one can be taken over by its owner', async () => {
    const member = await registerAccount(app);
    await verifyEmail(app, member.email);
    const elsewhere = `changed.${member.email}`;
    const changed = await app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: bearer(member.token),
      payload: { name: 'Asha', email: elsewhere, mobile: member.mobile, dob: 30, gender: 'female' },
    });
    expect(changed.statusCode).toBe(200);
    // The new address is mailed a link of its own; the old link cannot confirm it.
    expect((await outboxFor(app, elsewhere)).some((m) => m.text.includes('/verify-email?'))).toBe(
      true,
    );
    await googleLogin(app, { credential: await google.idToken(claims({ email: elsewhere })) });
    expect((await passwordLogin(elsewhere)).statusCode).toBe(401);
  });
});

describe('POST /auth/google-login with an access token', () => {
  it('signs in with a token issued to this app', async () => {
    const c = claims();
    google.accessTokens.set('good-token', { aud: CLIENT_ID, ...c });
    const res = await googleLogin(app, { access_token: 'good-token' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe(String(c.email).toLowerCase());
  });

  it("refuses another app's token, an unknown token and an unverified email", async () => {
    google.accessTokens.set('other-app', { aud: 'other.apps.googleusercontent.com', ...claims() });
    google.accessTokens.set('unverified', { aud: CLIENT_ID, ...claims({ email_verified: false }) });
    for (const token of ['other-app', 'unknown', 'unverified']) {
      const res = await googleLogin(app, { access_token: token });
      expect(res.statusCode, token).toBe(401);
    }
  });
});

describe('Google sign-in availability', () => {
  it('answers 503 when GOOGLE_CLIENT_ID is unset', async () => {
    const plain = await createTestApp();
    const res = await googleLogin(plain, { credential: await google.idToken(claims()) });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('GOOGLE_NOT_CONFIGURED');
  });

  it('answers 503 when Google cannot be reached', async () => {
    const unreachable = await createTestApp({
      ...googleEnv(google),
      GOOGLE_JWKS_URL: 'http://127.0.0.1:1/certs',
    });
    const res = await googleLogin(unreachable, { credential: await google.idToken(claims()) });
    expect(res.statusCode).toBe(503);
  });

  it('needs a credential or an access token', async () => {
    const res = await googleLogin(app, { email: 'someone@example.com' });
    expect(res.statusCode).toBe(400);
  });
});
