import { Messages } from '@exhale/contract/messages';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/users';
import { createAdmin } from './admin-fixtures';
import { ManualClock, createTestApp } from './app';
import { messagesTo, messagingEnv, reply, savePlan, verifyMobile } from './messaging-fixtures';
import { createUser, expectError, userRow, type TestUser } from './programme-fixtures';

// Issue 47, items 2 and 6: programme SMS only to a mobile number a code proved (decision 078),
// and follow-up answers that belong to the quit date they were due for.

let app: FastifyInstance;
const clock = new ManualClock(Date.parse('2026-03-10T06:30:00.000Z')); // 12:00 IST
const setNow = (iso: string) => clock.advance(Date.parse(iso) - clock.now().getTime());

beforeAll(async () => {
  app = await createTestApp(messagingEnv, { clock });
});

const preferences = async (user: TestUser) =>
  (await app.inject({ url: '/api/messaging/preferences', headers: user.headers })).json().data;

const chooseSms = (user: TestUser) =>
  app.inject({
    method: 'PUT',
    url: '/api/messaging/preferences',
    headers: user.headers,
    payload: { channel: 'sms', send_at: '09:00', language: 'en' },
  });

const checkMobile = (user: TestUser) =>
  app.inject({ method: 'POST', url: '/api/user/profile/mobile-check', headers: user.headers });

const verifyCode = (user: TestUser, otp: string) =>
  app.inject({
    method: 'POST',
    url: '/api/user/profile/mobile-verify',
    headers: user.headers,
    payload: { otp },
  });

async function latestSmsCode(mobile: string): Promise<string> {
  const sms = (await messagesTo(app, mobile)).filter((m) => m.channel === 'sms');
  const code = /\b(\d{6})\b/.exec(sms.at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${mobile}`);
  return code;
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

function changeMobile(user: TestUser, mobile: string) {
  return app.inject({
    method: 'PUT',
    url: '/api/user/profile',
    headers: user.headers,
    payload: {
      name: user.row.name,
      email: user.row.email,
      mobile,
      dob: user.row.dob,
      gender: user.row.gender,
    },
  });
}

const freshMobile = () => `7${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

describe('a mobile number carries programme SMS only once a code proved it', () => {
  it('refuses SMS for an unproved number with 409 NO_VERIFIED_NUMBER, as WhatsApp', async () => {
    const user = await createUser(app);
    expect(await preferences(user)).toMatchObject({
      sms_available: false,
      mobile: user.row.mobile,
      mobile_verified: false,
    });
    const refused = expectError(await chooseSms(user), 409, Messages.MOBILE_NOT_VERIFIED.message);
    expect(refused.code).toBe('NO_VERIFIED_NUMBER');
  });

  it('verifies the number with a code sent to it by SMS: hashed, single use, five tries', async () => {
    const user = await createUser(app);
    const sent = await checkMobile(user);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ success: true, message: Messages.MOBILE_OTP_SENT.message });
    const code = await latestSmsCode(user.row.mobile!);
    expect((await messagesTo(app, user.row.mobile!)).at(-1)!.text).toMatch(
      /confirm this mobile number/,
    );
    // Another send within 30 seconds is refused, as for every code.
    expect((await checkMobile(user)).statusCode).toBe(429);

    const miss = expectError(await verifyCode(user, wrong(code)), 400, 'Invalid OTP!');
    expect(miss.errors).toEqual([{ path: 'otp', message: '4 attempts left' }]);
    const ok = await verifyCode(user, code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe(Messages.MOBILE_VERIFIED.message);
    expect((await verifyCode(user, code)).statusCode).toBe(410); // used
    expect((await userRow(app, user.id)).mobileVerifiedAt).not.toBeNull();

    expect(await preferences(user)).toMatchObject({ sms_available: true, mobile_verified: true });
    expect((await chooseSms(user)).statusCode).toBe(200);
  });

  it('burns the code after five wrong tries', async () => {
    const user = await createUser(app);
    await checkMobile(user);
    const code = await latestSmsCode(user.row.mobile!);
    for (let i = 0; i < 5; i += 1)
      expect((await verifyCode(user, wrong(code))).statusCode).toBe(400);
    expect((await verifyCode(user, code)).statusCode).toBe(429);
    expect((await userRow(app, user.id)).mobileVerifiedAt).toBeNull();
  });

  it('answers 409 NO_MOBILE_NUMBER to an account without a mobile number', async () => {
    const user = await createUser(app);
    await app.db.update(users).set({ mobile: null }).where(eq(users.id, user.id));
    expectError(await checkMobile(user), 409, Messages.NO_MOBILE_NUMBER.message);
    expectError(await verifyCode(user, '123456'), 409, Messages.NO_MOBILE_NUMBER.message);
  });

  it('clears the verification when the number changes; a code for the old number proves nothing', async () => {
    const user = await createUser(app);
    await verifyMobile(app, user);
    expect((await chooseSms(user)).statusCode).toBe(200);

    // Saving the same number keeps it verified.
    expect((await changeMobile(user, user.row.mobile!)).statusCode).toBe(200);
    expect((await preferences(user)).mobile_verified).toBe(true);

    clock.advance(31_000);
    await checkMobile(user);
    const oldCode = await latestSmsCode(user.row.mobile!);
    const next = freshMobile();
    expect((await changeMobile(user, next)).statusCode).toBe(200);
    expect(await preferences(user)).toMatchObject({
      mobile: next,
      mobile_verified: false,
      sms_available: false,
    });
    expect((await userRow(app, user.id)).mobileVerifiedAt).toBeNull();
    expect(expectError(await chooseSms(user), 409).code).toBe('NO_VERIFIED_NUMBER');
    // The code went to the old number: it cannot prove the new one.
    expectError(await verifyCode(user, oldCode), 400, 'Invalid OTP!');
    expect((await userRow(app, user.id)).mobileVerifiedAt).toBeNull();
  });

  it('counts an OTP sign-in by mobile as proof, and one by email not', async () => {
    const user = await createUser(app);
    const byMail = await app.inject({
      method: 'POST',
      url: '/api/auth/user/login',
      payload: { email: user.row.email },
    });
    const mail = (await messagesTo(app, user.row.email)).at(-1)!;
    const mailCode = /\b(\d{6})\b/.exec(mail.text)![1]!;
    const signedInByMail = await app.inject({
      method: 'POST',
      url: '/api/auth/user/verify',
      headers: { authorization: `Bearer ${byMail.json().token}` },
      payload: { otp: mailCode },
    });
    expect(signedInByMail.statusCode, signedInByMail.body).toBe(200);
    expect((await userRow(app, user.id)).mobileVerifiedAt).toBeNull();

    clock.advance(31_000); // the next sign-in code may go 30 s after the last
    const bySms = await app.inject({
      method: 'POST',
      url: '/api/auth/user/login',
      payload: { mobile: user.row.mobile },
    });
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/auth/user/verify',
      headers: { authorization: `Bearer ${bySms.json().token}` },
      payload: { otp: await latestSmsCode(user.row.mobile!) },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await userRow(app, user.id)).mobileVerifiedAt).not.toBeNull();
    expect((await chooseSms(user)).statusCode).toBe(200);
  });

  it('matches inbound replies to verified numbers only', async () => {
    const user = await createUser(app);
    await savePlan(app, user, '2026-03-08');
    // STOP from a number the member typed but never proved does not reach the account.
    await reply(app, user.row.mobile!, 'STOP');
    expect((await preferences(user)).opted_out).toBe(false);

    await verifyMobile(app, user);
    await reply(app, user.row.mobile!, 'STOP');
    expect((await preferences(user)).opted_out).toBe(true);

    // A new, unproved number is nobody's again.
    await reply(app, user.row.mobile!, 'START');
    expect((await preferences(user)).opted_out).toBe(false);
    const next = freshMobile();
    expect((await changeMobile(user, next)).statusCode).toBe(200);
    await reply(app, next, 'STOP');
    expect((await preferences(user)).opted_out).toBe(false);
  });

  it('sends no programme SMS once the number changed, until it is proved again', async () => {
    setNow('2026-03-10T02:00:00.000Z'); // 07:30 IST
    const user = await createUser(app);
    await savePlan(app, user, '2026-03-08');
    await verifyMobile(app, user);
    expect((await chooseSms(user)).statusCode).toBe(200);
    const next = freshMobile();
    expect((await changeMobile(user, next)).statusCode).toBe(200);
    const run = await app.inject({
      method: 'POST',
      url: '/dev/messaging/run',
      payload: { at: '2026-03-10T10:00:00+05:30' },
    });
    expect(run.statusCode, run.body).toBe(200);
    expect(await messagesTo(app, next)).toEqual([]);
    expect(
      (await messagesTo(app, user.row.mobile!)).filter((m) => !/code to confirm/.test(m.text)),
    ).toEqual([]);
    setNow('2026-03-10T06:30:00.000Z');
  });
});

describe('follow-up answers belong to the quit date they were due for', () => {
  const followUps = async (user: TestUser) => {
    const res = await app.inject({ url: '/api/follow-ups', headers: user.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { week: number; open: boolean; smoked_last_7_days: boolean | null }[];
  };
  const answer = (user: TestUser, week: number, smoked: boolean) =>
    app.inject({
      method: 'PUT',
      url: `/api/follow-ups/${week}`,
      headers: user.headers,
      payload: { smoked_last_7_days: smoked },
    });
  const outcomes = async (cohort: string) => {
    const admin = await createAdmin(app);
    const res = await app.inject({ url: '/api/admin/outcomes', headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.find((c: { cohort: string }) => c.cohort === cohort);
  };

  it('opens no follow-up that was due before the quit date was set', async () => {
    setNow('2024-09-10T06:30:00.000Z');
    const user = await createUser(app);
    // 185 days back: week 26 (182 days) fell due three days before the date was set.
    await savePlan(app, user, '2024-03-09');
    expect((await followUps(user)).map((f) => f.open)).toEqual([false, false, false]);
    expectError(await answer(user, 26, false), 409, Messages.FOLLOW_UP_NOT_OPEN.message);
    expectError(await answer(user, 12, false), 409, Messages.FOLLOW_UP_NOT_OPEN.message);
    // Nothing counts as due in its cohort either: those follow-ups never opened.
    expect(await outcomes('2024-03')).toMatchObject({
      members: 1,
      week26: { due: 0, answered: 0, abstinent: 0 },
    });

    // A quit date set in the past whose week 4 is still ahead opens it when it falls due.
    const recent = await createUser(app);
    await savePlan(app, recent, '2024-09-01');
    setNow('2024-09-29T06:30:00.000Z');
    expect((await answer(recent, 4, false)).statusCode).toBe(200);
  });

  it('starts a new series with a new quit date; old answers stay with their own cohort', async () => {
    setNow('2024-10-01T06:30:00.000Z');
    const user = await createUser(app);
    await savePlan(app, user, '2024-10-01');
    setNow('2024-10-29T06:30:00.000Z'); // week 4 of 1 October
    expect((await answer(user, 4, false)).statusCode).toBe(200);
    expect((await followUps(user))[0]).toMatchObject({ week: 4, smoked_last_7_days: false });

    // Saving the plan again with the same quit date keeps the series and its answer.
    await savePlan(app, user, '2024-10-01');
    expect((await followUps(user))[0]).toMatchObject({ week: 4, smoked_last_7_days: false });

    // A new quit date: the series starts again, with nothing answered.
    await savePlan(app, user, '2024-11-05');
    expect((await followUps(user)).map((f) => f.smoked_last_7_days)).toEqual([null, null, null]);
    expectError(await answer(user, 4, true), 409, Messages.FOLLOW_UP_NOT_OPEN.message);
    setNow('2024-12-03T06:30:00.000Z'); // week 4 of 5 November
    expect((await answer(user, 4, true)).statusCode).toBe(200);

    // The October answer stays in October's cohort; November's has its own.
    expect(await outcomes('2024-10')).toMatchObject({
      members: 1,
      week4: { due: 1, answered: 1, abstinent: 1 },
      week12: { due: 0, answered: 0 },
    });
    expect(await outcomes('2024-11')).toMatchObject({
      members: 1,
      week4: { due: 1, answered: 1, abstinent: 0 },
    });

    // Back to the first quit date: its earlier answer is there again, and it stays one series.
    await savePlan(app, user, '2024-10-01');
    expect((await followUps(user))[0]).toMatchObject({ week: 4, smoked_last_7_days: false });
    expect(await outcomes('2024-10')).toMatchObject({
      members: 1,
      week4: { due: 1, answered: 1, abstinent: 1 },
    });
    setNow('2026-03-10T06:30:00.000Z');
  });
});
