import { Messages } from '@exhale/contract/messages';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { latestCode, outboxFor } from './accounts';
import { ManualClock } from './app';
import {
  createUser,
  expectError,
  programmeApp,
  userRow,
  type TestUser,
} from './programme-fixtures';

const clock = new ManualClock();
let app: FastifyInstance;

beforeAll(async () => {
  ({ app } = await programmeApp({ clock }));
});

let numbers = 0;
const freshNumber = () =>
  `7${String(Date.now() % 1e6).padStart(6, '0')}${String(++numbers).padStart(3, '0')}`;

function check(
  user: TestUser,
  whatsapp_no: string,
  headers: Record<string, string> = user.headers,
) {
  return app.inject({
    method: 'POST',
    url: '/api/user/profile/whatsapp-check',
    headers,
    payload: { whatsapp_no, check: false },
  });
}

function verify(headers: Record<string, string>, whatsapp_no: string, otp: string) {
  return app.inject({
    method: 'POST',
    url: '/api/user/profile/whatsapp-verify',
    headers,
    payload: { whatsapp_no, otp },
  });
}

const wrong = (code: string) => String((Number(code) + 1) % 1e6).padStart(6, '0');

describe('WhatsApp number', () => {
  it('sends a code to the number and returns a whatsapp token on the caller’s session', async () => {
    const user = await createUser(app);
    const number = freshNumber();
    const res = await check(user, number);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'OTP Sent!' });
    const claims = await app.tokens.verify(body.data.token);
    const session = await app.tokens.verify(user.token);
    expect(claims).toMatchObject({ sub: user.id, kind: 'whatsapp', wa: number, sid: session!.sid });

    const [message] = await outboxFor(app, number);
    expect(message).toMatchObject({ channel: 'whatsapp', recipient: number });
    expect(message!.text).toMatch(/\b\d{6}\b/);

    // The whatsapp token is a full session: the spec's client sends it on every request.
    const lessons = await app.inject({
      url: '/api/user-answer',
      headers: { authorization: `Bearer ${body.data.token}` },
    });
    expect(lessons.statusCode).toBe(200);
  });

  it('saves the number with the right code, once', async () => {
    const user = await createUser(app);
    const number = freshNumber();
    const token = (await check(user, number)).json().data.token;
    const headers = { authorization: `Bearer ${token}` };
    const code = await latestCode(app, number);

    const bad = await verify(headers, number, wrong(code));
    const error = expectError(bad, 400, 'Invalid OTP!');
    expect(error.errors).toEqual([{ path: 'otp', message: '4 attempts left' }]);
    expect((await userRow(app, user.id)).whatsappNo).toBeNull();

    const res = await verify(headers, number, code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'OTP Verification Success!',
      data: { _id: user.id, whatsapp_no: number },
    });
    expect((await userRow(app, user.id)).whatsappNo).toBe(number);
    expectError(await verify(headers, number, code), 410);
  });

  it('refuses a number another account has', async () => {
    const owner = await createUser(app);
    const number = freshNumber();
    await check(owner, number);
    await verify(owner.headers, number, await latestCode(app, number));

    const other = await createUser(app);
    const res = await check(other, number);
    const body = expectError(res, 409, 'This Whatsapp No already exist in another account');
    expect(body.code).toBe('WHATSAPP_TAKEN');
    // The owner may confirm their own number again (after the resend cooldown).
    clock.advance(31_000);
    expect((await check(owner, number)).statusCode).toBe(200);
  });

  it('answers 409 when another account confirms the same number first', async () => {
    const number = freshNumber();
    const first = await createUser(app);
    const second = await createUser(app);
    await check(first, number);
    const firstCode = await latestCode(app, number);
    await check(second, number);
    const secondCode = await latestCode(app, number);
    expect((await verify(first.headers, number, firstCode)).statusCode).toBe(200);
    expectError(
      await verify(second.headers, number, secondCode),
      409,
      Messages.WHATSAPP_TAKEN.message,
    );
  });

  it('binds the code and the token to the number it was sent to', async () => {
    const user = await createUser(app);
    const number = freshNumber();
    const other = freshNumber();
    const token = (await check(user, number)).json().data.token;
    const code = await latestCode(app, number);
    expectError(
      await verify({ authorization: `Bearer ${token}` }, other, code),
      400,
      'Invalid OTP!',
    );
    expectError(await verify(user.headers, other, code), 400, 'Invalid OTP!');
    expect((await verify(user.headers, number, code)).statusCode).toBe(200);
  });

  it('burns the code after 5 wrong tries and expires it after 10 minutes', async () => {
    const user = await createUser(app);
    const number = freshNumber();
    await check(user, number);
    const code = await latestCode(app, number);
    for (let i = 0; i < 5; i += 1)
      expectError(await verify(user.headers, number, wrong(code)), 400);
    expectError(await verify(user.headers, number, code), 429);

    clock.advance(31_000);
    await check(user, number);
    const fresh = await latestCode(app, number);
    clock.advance(10 * 60_000 + 1_000);
    expectError(await verify(user.headers, number, fresh), 410);
  });

  it('validates the number and the code, and needs a session', async () => {
    const user = await createUser(app);
    expectError(await check(user, '98765'), 400);
    expectError(await check(user, '98765abcde'), 400);
    expectError(await verify(user.headers, freshNumber(), '12ab'), 400, 'Invalid OTP!');
    expectError(await check(user, freshNumber(), {}), 401);
  });

  it('stops working when the session it rides on is revoked', async () => {
    const user = await createUser(app);
    const token = (await check(user, freshNumber())).json().data.token;
    const { sid } = (await app.tokens.verify(user.token))!;
    await app.sessions.revoke(sid!);
    const res = await app.inject({
      url: '/api/user-answer',
      headers: { authorization: `Bearer ${token}` },
    });
    expectError(res, 401);
  });
});
