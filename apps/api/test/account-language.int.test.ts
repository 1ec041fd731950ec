import { Messages } from '@exhale/contract/messages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, latestCode, outboxFor, registerAccount, signupBody } from './accounts';
import { createTestApp, ManualClock } from './app';

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

function setLanguage(token: string, language: unknown) {
  return app.inject({
    method: 'PATCH',
    url: '/api/user/profile/language',
    headers: bearer(token),
    payload: { language },
  });
}

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
