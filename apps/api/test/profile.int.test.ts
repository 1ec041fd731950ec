import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Messages } from '@exhale/contract/messages';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, bearer, registerAccount, signupBody, type TestAccount } from './accounts';
import { createTestApp } from './app';
import { multipart } from './multipart';

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp();
});

function putProfile(account: TestAccount, payload: Record<string, unknown>) {
  return app.inject({
    method: 'PUT',
    url: '/api/user/profile',
    headers: bearer(account.token),
    payload,
  });
}

function uploadPicture(account: TestAccount, parts: Parameters<typeof multipart>[0]) {
  const body = multipart(parts);
  return app.inject({
    method: 'PUT',
    url: '/api/user/profile',
    headers: { ...bearer(account.token), ...body.headers },
    payload: body.payload,
  });
}

function png(width = 640, height = 480): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 15, g: 118, b: 110 } },
  })
    .png()
    .toBuffer();
}

function uploadsFile(url: string): string {
  return path.join(app.config.DATA_DIR, 'uploads', url.replace(/^\/media\//, ''));
}

function details(account: TestAccount, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Asha Rao',
    email: account.email,
    mobile: account.mobile,
    dob: 30,
    gender: 'female',
    ...overrides,
  };
}

describe('GET /user/profile', () => {
  it("returns the caller's own user and nothing else", async () => {
    const a = await registerAccount(app);
    const b = await registerAccount(app);
    const res = await app.inject({ url: '/api/user/profile', headers: bearer(b.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data._id).toBe(b.id);
    expect(res.json().data._id).not.toBe(a.id);
  });

  it('needs a session', async () => {
    expect((await app.inject({ url: '/api/user/profile' })).statusCode).toBe(401);
  });
});

describe('PUT /user/profile (details)', () => {
  it('saves the form and answers Profile Update Success', async () => {
    const account = await registerAccount(app);
    const res = await putProfile(
      account,
      details(account, {
        name: "Asha O'Brien",
        email: `New.${account.email}`,
        dob: '41',
        gender: 'female',
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Profile Update Success',
      data: { name: "Asha O'Brien", email: `new.${account.email}`, dob: 41 },
    });
  });

  it('answers the spec messages', async () => {
    const account = await registerAccount(app);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'Enter Valid Name'],
      [{ email: 'broken@' }, 'Please Enter a Valid Email'],
      [{ mobile: '12345' }, 'Phone number must be 10 digits'],
      [{ dob: '' }, 'Enter Valid Age'],
      [{ dob: 'abc' }, 'Age must be a number'],
      [{ dob: 5 }, 'Age must be atleast 12'],
      [{ dob: 200 }, 'Age must not be greater than 150'],
      [{ gender: '' }, 'Please select a gender'],
    ];
    for (const [override, message] of cases) {
      const res = await putProfile(account, details(account, override));
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('holds every name to the one name rule, as sign-up does, with one message', async () => {
    const account = await registerAccount(app);
    const unsafe = [
      'Asha <img src=x onerror=alert(1)>',
      'Asha\u202ERao',
      'Asha\u2067Rao',
      'Asha\u200BRao',
      'Asha\uFEFFRao',
      'Asha\nRao',
      'Asha\u0000Rao',
    ];
    for (const name of unsafe) {
      const label = JSON.stringify(name);
      const json = await putProfile(account, details(account, { name }));
      expect(json.statusCode, label).toBe(400);
      expect(json.json().message, label).toBe(Messages.NAME_CHARACTERS_INVALID.message);
      const fields = Object.entries(details(account, { name }));
      const form = await uploadPicture(
        account,
        Object.fromEntries(fields.map(([key, value]) => [key, String(value)])),
      );
      expect(form.statusCode, label).toBe(400);
      expect(form.json().message, label).toBe(Messages.NAME_CHARACTERS_INVALID.message);
      const signup = await app.inject({
        method: 'POST',
        url: '/api/auth/user/register',
        payload: signupBody({ name }),
      });
      expect(signup.statusCode, label).toBe(400);
      expect(signup.json().message, label).toBe(Messages.NAME_CHARACTERS_INVALID.message);
    }
    // A joiner between letters is how Hindi is written: kept.
    const hindi = await putProfile(account, details(account, { name: 'क्\u200Dष राव' }));
    expect(hindi.statusCode).toBe(200);
    expect(hindi.json().data.name).toBe('क्\u200Dष राव');
  });

  it('answers 409 for an email or mobile of another account', async () => {
    const a = await registerAccount(app);
    const b = await registerAccount(app);
    const email = await putProfile(b, details(b, { email: a.email }));
    expect(email.statusCode).toBe(409);
    expect(email.json()).toMatchObject({
      code: 'EMAIL_TAKEN',
      message: Messages.EMAIL_TAKEN.message,
    });
    const mobile = await putProfile(b, details(b, { mobile: a.mobile }));
    expect(mobile.statusCode).toBe(409);
    expect(mobile.json().code).toBe('MOBILE_TAKEN');
  });

  it("never touches another user's row, whatever ids the body carries", async () => {
    const a = await registerAccount(app);
    const b = await registerAccount(app);
    const res = await putProfile(b, { ...details(b, { name: 'Changed' }), _id: a.id, id: a.id });
    expect(res.json().data._id).toBe(b.id);
    const aProfile = await app.inject({ url: '/api/user/profile', headers: bearer(a.token) });
    expect(aProfile.json().data.name).toBe('Asha Rao');
  });
});

describe('PUT /user/profile {step}', () => {
  it('accepts only what isAllowedClientStepTransition allows: the echo of the current step', async () => {
    const account = await registerAccount(app);
    const step = (to: number) => putProfile(account, { step: to });

    const echo = await step(0);
    expect(echo.statusCode).toBe(200);
    expect(echo.json()).toMatchObject({ message: 'Profile Update Success', data: { step: 0 } });
    for (const to of [1, 2, 3, 4]) {
      const denied = await step(to);
      expect(denied.statusCode, `0 → ${to}`).toBe(403);
      expect(denied.json()).toMatchObject({
        code: 'STEP_CHANGE_NOT_ALLOWED',
        message: Messages.STEP_CHANGE_NOT_ALLOWED.message,
      });
    }
    const profile = await app.inject({ url: '/api/user/profile', headers: bearer(account.token) });
    expect(profile.json().data.step).toBe(0);
    expect((await step(-1)).statusCode).toBe(400);
  });
});

describe('PUT /user/profile (picture)', () => {
  it('stores a PNG as a 256×256 WebP, served with ranges and long caching', async () => {
    const account = await registerAccount(app);
    const res = await uploadPicture(account, {
      profile: { filename: 'me.png', contentType: 'image/png', data: await png() },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Profile Update Success');
    const url: string = res.json().data.profile;
    expect(url).toMatch(/^\/media\/avatars\/[0-9a-f-]{36}\.webp$/);

    const file = await app.inject({ url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });

    const range = await app.inject({ url, headers: { range: 'bytes=0-9' } });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload).toHaveLength(10);
  });

  it('drops EXIF data such as GPS or camera details', async () => {
    const account = await registerAccount(app);
    const jpeg = await sharp({
      create: { width: 300, height: 300, channels: 3, background: '#336699' },
    })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Secret Camera Owner', Make: 'SpyCam' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await uploadPicture(account, {
      profile: { filename: 'photo.jpg', contentType: 'image/jpeg', data: jpeg },
    });
    expect(res.statusCode).toBe(200);
    const file = await app.inject({ url: res.json().data.profile });
    expect((await sharp(file.rawPayload).metadata()).exif).toBeUndefined();
    expect(file.rawPayload.includes(Buffer.from('SpyCam'))).toBe(false);
  });

  it('replaces the old file', async () => {
    const account = await registerAccount(app);
    const first = await uploadPicture(account, {
      profile: { filename: 'a.png', contentType: 'image/png', data: await png() },
    });
    const firstUrl: string = first.json().data.profile;
    expect(existsSync(uploadsFile(firstUrl))).toBe(true);
    const second = await uploadPicture(account, {
      profile: { filename: 'b.png', contentType: 'image/png', data: await png(100, 100) },
    });
    expect(second.json().data.profile).not.toBe(firstUrl);
    expect(existsSync(uploadsFile(firstUrl))).toBe(false);
    expect((await app.inject({ url: firstUrl })).statusCode).toBe(404);
  });

  it('refuses a file that is not a JPEG, PNG or WebP, whatever its name says', async () => {
    const account = await registerAccount(app);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    for (const data of [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), gif]) {
      const res = await uploadPicture(account, {
        profile: { filename: 'picture.png', contentType: 'image/png', data },
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({
        code: 'IMAGE_UNSUPPORTED',
        message: Messages.IMAGE_UNSUPPORTED.message,
      });
    }
  });

  it('refuses a file over 2 MB with 413', async () => {
    const account = await registerAccount(app);
    const header = await png(10, 10);
    const big = Buffer.concat([header, Buffer.alloc(2 * 1024 * 1024)]);
    const res = await uploadPicture(account, {
      profile: { filename: 'big.png', contentType: 'image/png', data: big },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('IMAGE_TOO_LARGE');
    const profile = await app.inject({ url: '/api/user/profile', headers: bearer(account.token) });
    expect(profile.json().data.profile).toBeNull();
  });

  it('accepts an image under 2 MB though JSON bodies stop at 1 MB', async () => {
    const account = await registerAccount(app);
    const noise = await sharp(randomBytes(750 * 750 * 3), {
      raw: { width: 750, height: 750, channels: 3 },
    })
      .png()
      .toBuffer();
    expect(noise.length).toBeGreaterThan(1.5 * 1024 * 1024);
    expect(noise.length).toBeLessThan(2 * 1024 * 1024);
    const res = await uploadPicture(account, {
      profile: { filename: 'noise.png', contentType: 'image/png', data: noise },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('saves form fields sent with the picture', async () => {
    const account = await registerAccount(app);
    const res = await uploadPicture(account, {
      name: 'Asha Multipart',
      email: account.email,
      mobile: account.mobile,
      dob: '33',
      gender: 'female',
      profile: { filename: 'me.png', contentType: 'image/png', data: await png() },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Asha Multipart', dob: 33 });
    expect(res.json().data.profile).toMatch(/^\/media\//);
  });

  it('checks multipart form fields with the same messages', async () => {
    const account = await registerAccount(app);
    const res = await uploadPicture(account, {
      name: 'Asha',
      email: account.email,
      mobile: '123',
      dob: '33',
      gender: 'female',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Phone number must be 10 digits');
  });
});

describe('DELETE /user/profile/delete-pic', () => {
  it('removes the picture and its file', async () => {
    const account = await registerAccount(app);
    const upload = await uploadPicture(account, {
      profile: { filename: 'me.png', contentType: 'image/png', data: await png() },
    });
    const url: string = upload.json().data.profile;
    const res = await app.inject({
      method: 'DELETE',
      url: '/api/user/profile/delete-pic',
      headers: bearer(account.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Profile Delete Access', data: { profile: null } });
    expect(existsSync(uploadsFile(url))).toBe(false);
  });
});

describe('PUT /user/profile/password_update', () => {
  function changePassword(token: string, payload: Record<string, unknown>) {
    return app.inject({
      method: 'PUT',
      url: '/api/user/profile/password_update?reqEvent=password_update',
      headers: bearer(token),
      payload,
    });
  }

  it("answers the spec's three messages", async () => {
    const account = await registerAccount(app);
    const cases: [Record<string, unknown>, string][] = [
      [{ currentPassword: PASSWORD, newPassword: '', confirm: '' }, 'All fields are required'],
      [{ currentPassword: PASSWORD, newPassword: 'New@1234' }, 'All fields are required'],
      [
        { currentPassword: PASSWORD, newPassword: 'New@1234', confirm: 'New@12345' },
        'New Password and Confirm Password are not matching',
      ],
      [
        { currentPassword: PASSWORD, newPassword: PASSWORD, confirm: PASSWORD },
        'New password should not be same as current password',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await changePassword(account.token, payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('refuses a new password that sign-up would refuse, with the sign-up messages', async () => {
    const account = await registerAccount(app);
    const cases: [string, string][] = [
      ['a', Messages.SIGNUP_PASSWORD_INVALID.message],
      ['x'.repeat(17), Messages.SIGNUP_PASSWORD_INVALID.message],
      ['lowercase1!', Messages.SIGNUP_PASSWORD_WEAK.message],
    ];
    for (const [newPassword, message] of cases) {
      const res = await changePassword(account.token, {
        currentPassword: PASSWORD,
        newPassword,
        confirm: newPassword,
      });
      expect(res.statusCode, newPassword).toBe(400);
      expect(res.json().message, newPassword).toBe(message);
    }
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/user/password-login',
      payload: { email: account.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('answers 401 for a wrong current password', async () => {
    const account = await registerAccount(app);
    const res = await changePassword(account.token, {
      currentPassword: 'Wrong@123',
      newPassword: 'New@1234',
      confirm: 'New@1234',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('WRONG_CURRENT_PASSWORD');
  });

  it('changes the password and ends every other session', async () => {
    const body = signupBody();
    const account = await registerAccount(app, body);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/user/password-login',
      payload: { email: account.email, password: PASSWORD },
    });
    const otherDevice = login.json().token;

    const res = await changePassword(account.token, {
      currentPassword: PASSWORD,
      newPassword: 'New@1234',
      confirm: 'New@1234',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: Messages.PASSWORD_UPDATE_SUCCESS.message,
    });

    expect(
      (await app.inject({ url: '/api/user/profile', headers: bearer(account.token) })).statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ url: '/api/user/profile', headers: bearer(otherDevice) })).statusCode,
    ).toBe(401);
    const relogin = await app.inject({
      method: 'POST',
      url: '/api/auth/user/password-login',
      payload: { email: account.email, password: 'New@1234' },
    });
    expect(relogin.statusCode).toBe(200);
  });
});
