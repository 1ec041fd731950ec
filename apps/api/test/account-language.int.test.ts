import { Messages } from '@exhale/contract/messages';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, latestCode, outboxFor, registerAccount, signupBody } from './accounts';
import { createTestApp, ManualClock } from './app';
import { users } from '../src/db/schema/users';

/**
 * The account's language (decision 065): set from the UI language at sign-up (the web sends it
 * as Accept-Language), changed with PATCH /user/profile/language, and used for every mail and
 * text the API writes to the member.
 */

const TAMIL = /[\u0B80-\u0BFF]/;
const BENGALI = /[\u0980-\u09FF]/;

let app: FastifyInstance;
const clock = new ManualClock();

beforeAll(async () => {
  app = await createTestApp({}, { clock });
});

afterAll(async () => {
  await app.close();
});

function setLanguage(token: string, language: unknown, extra: Record<string, unknown> = {}) {
  return app.inject({
    method: 'PATCH',
    url: '/api/user/profile/language',
    headers: bearer(token),
    payload: { language, ...extra },
  });
}

const languageSetAt = async (email: string) =>
  (await app.db.select({ at: users.languageSetAt }).from(users).where(eq(users.email, email)))[0]!
    .at;

describe('the language at sign-up', () => {
  it('is the one the request carries, and the first mail is written in it', async () => {
    const body = signupBody({ name: 'Kavya' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/user/register',
      headers: { 'accept-language': 'ta-IN,ta;q=0.9,en;q=0.5' },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.language).toBe('ta');

    const [verify] = await outboxFor(app, body.email);
    expect(verify!.subject).toMatch(TAMIL);
    expect(verify!.subject).toContain('Exhale');
    expect(verify!.text).toContain('வணக்கம் Kavya,');
    expect(verify!.text).toContain('/verify-email?token=');
  });

  it('is English when the request names no language Exhale speaks', async () => {
    const body = signupBody();
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/user/register',
      headers: { 'accept-language': 'fr-FR,de;q=0.8' },
      payload: body,
    });
    expect(res.json().data.language).toBe('en');
    const [verify] = await outboxFor(app, body.email);
    expect(verify!.subject).toBe('Confirm your email address for Exhale');
  });
});

describe('PATCH /user/profile/language', () => {
  it('saves the language, shows it on the profile, and the next codes come in it', async () => {
    const account = await registerAccount(app);
    const res = await setLanguage(account.token, 'ta');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { language: 'ta' } });
    const profile = await app.inject({ url: '/api/user/profile', headers: bearer(account.token) });
    expect(profile.json().data.language).toBe('ta');

    // The sign-in code by SMS: Tamil, with the code and the brand as they are.
    await app.inject({
      method: 'POST',
      url: '/api/auth/user/login',
      payload: { mobile: account.mobile },
    });
    const [sms] = await outboxFor(app, account.mobile);
    expect(sms).toMatchObject({ channel: 'sms', subject: null });
    expect(sms!.text).toMatch(TAMIL);
    const code = await latestCode(app, account.mobile);
    expect(sms!.text).toBe(
      `${code} உங்கள் Exhale உள்நுழைவுக் குறியீடு. இது 10 நிமிடங்களில் காலாவதியாகும். இதை யாரிடமும் பகிர வேண்டாம்.`,
    );

    // And by mail: a Tamil subject, greeting, signature and support line.
    clock.advance(31_000); // past the resend cooldown of the sign-in code
    await app.inject({
      method: 'POST',
      url: '/api/auth/user/login',
      payload: { email: account.email },
    });
    const [mail] = await outboxFor(app, account.email);
    expect(mail!.subject).toMatch(/^\d{6} உங்கள் Exhale உள்நுழைவுக் குறியீடு$/);
    expect(mail!.text).toContain('வணக்கம் Asha Rao,');
    expect(mail!.text).toContain('Exhale குழு');
    expect(mail!.text).toContain('support@exhale.example');
    expect(mail!.text).not.toContain('Hello');
  });

  it('writes the password reset mail in the new language', async () => {
    const account = await registerAccount(app);
    expect((await setLanguage(account.token, 'bn')).statusCode).toBe(200);
    await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email: account.email },
    });
    const [reset] = await outboxFor(app, account.email);
    expect(reset!.subject).toBe('আপনার Exhale পাসওয়ার্ড রিসেট করুন');
    expect(reset!.text).toMatch(BENGALI);
    expect(reset!.text).toContain('/reset?token=');
  });

  it('refuses a language Exhale does not speak with a clear 400, and keeps the old one', async () => {
    const account = await registerAccount(app);
    for (const language of ['fr', 'TA', '', 7, null]) {
      const res = await setLanguage(account.token, language);
      expect(res.statusCode, String(language)).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        errors: [{ path: 'language', message: Messages.LANGUAGE_UNSUPPORTED.message }],
      });
    }
    const missing = await app.inject({
      method: 'PATCH',
      url: '/api/user/profile/language',
      headers: bearer(account.token),
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    const profile = await app.inject({ url: '/api/user/profile', headers: bearer(account.token) });
    expect(profile.json().data.language).toBe('en');
  });

  it('needs a signed-in member', async () => {
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/user/profile/language',
      payload: { language: 'hi' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('an account whose language the member never set (decision 068)', () => {
  // As an account from before migration 0017: English by default, never chosen.
  async function oldAccount() {
    const account = await registerAccount(app);
    await app.db.update(users).set({ languageSetAt: null }).where(eq(users.email, account.email));
    return account;
  }

  it('takes the language the web sends once with if_unset, and keeps it against a later one', async () => {
    const account = await oldAccount();
    const adopted = await setLanguage(account.token, 'hi', { if_unset: true });
    expect(adopted.statusCode, adopted.body).toBe(200);
    expect(adopted.json().data.language).toBe('hi');
    expect(await languageSetAt(account.email)).toBeInstanceOf(Date);

    // Another device in Tamil: the account keeps Hindi, and says so.
    const again = await setLanguage(account.token, 'ta', { if_unset: true });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.language).toBe('hi');

    // The member's own switch always counts.
    expect((await setLanguage(account.token, 'ta')).json().data.language).toBe('ta');
    await app.inject({
      method: 'POST',
      url: '/api/auth/user/login',
      payload: { mobile: account.mobile },
    });
    const [sms] = await outboxFor(app, account.mobile);
    expect(sms!.text).toMatch(TAMIL);
  });

  it('is not the case of a new account: the language it signed up in is set', async () => {
    const body = signupBody();
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/user/register',
      headers: { 'accept-language': 'bn' },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await languageSetAt(body.email)).toBeInstanceOf(Date);
    const token = res.json().token as string;
    expect((await setLanguage(token, 'en', { if_unset: true })).json().data.language).toBe('bn');
  });

  it('refuses an if_unset that is not a boolean', async () => {
    const account = await oldAccount();
    expect((await setLanguage(account.token, 'hi', { if_unset: 'yes' })).statusCode).toBe(400);
    expect(await languageSetAt(account.email)).toBeNull();
  });
});
