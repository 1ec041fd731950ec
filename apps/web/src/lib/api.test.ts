// @vitest-environment jsdom
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiErrorMessage, authMiddleware } from './api';
import { i18n, initI18n, setLanguage } from './i18n';
import { storageKeys } from './storage';

async function authorizationSent(request = new Request('http://localhost/api/user/profile')) {
  const result = await authMiddleware.onRequest!({
    request,
    schemaPath: '/api/user/profile',
    params: {},
    id: 'test',
    options: {} as never,
  });
  return (result as Request).headers.get('Authorization');
}

describe('api client credential', () => {
  beforeEach(() => localStorage.clear());

  it('sends no Authorization header without a stored token', async () => {
    expect(await authorizationSent()).toBeNull();
  });

  it('prefers whatsapp_token, then temp_token, then token', async () => {
    localStorage.setItem(storageKeys.token, 'session');
    expect(await authorizationSent()).toBe('Bearer session');
    localStorage.setItem(storageKeys.tempToken, 'otp');
    expect(await authorizationSent()).toBe('Bearer otp');
    localStorage.setItem(storageKeys.whatsappToken, 'whatsapp');
    expect(await authorizationSent()).toBe('Bearer whatsapp');
  });

  it('keeps an Authorization header the caller set (account deletion link token)', async () => {
    localStorage.setItem(storageKeys.token, 'session');
    const request = new Request('http://localhost/api/auth/user/delete', {
      headers: { Authorization: 'Bearer from-link' },
    });
    expect(await authorizationSent(request)).toBe('Bearer from-link');
  });
});

describe('api error messages', () => {
  beforeAll(async () => {
    await initI18n();
  });

  it("shows the server's message when the catalogue has nothing for its code", () => {
    const body = { success: false, message: 'Invalid OTP!', code: 'INVALID_OTP' };
    expect(apiErrorMessage(body, 'common.genericError')).toBe('Invalid OTP!');
  });

  it('translates by code when the catalogue knows it', async () => {
    await setLanguage('hi');
    const body = { success: false, message: 'Something went wrong.', code: 'INTERNAL_ERROR' };
    expect(apiErrorMessage(body, 'common.genericError')).toBe(i18n.t('errors.INTERNAL_ERROR'));
    expect(apiErrorMessage(body, 'common.genericError')).not.toMatch(/[A-Za-z]/);
    await setLanguage('en');
  });

  it("adds a wrong code's tries left in the reader's language, one and many", async () => {
    const body = (left: string) => ({
      success: false,
      message: 'Invalid OTP!',
      code: 'INVALID_OTP',
      errors: [{ path: 'otp', message: left }],
    });
    expect(apiErrorMessage(body('4 attempts left'), 'common.genericError')).toBe(
      'Invalid OTP! 4 attempts left',
    );
    expect(apiErrorMessage(body('1 attempt left'), 'common.genericError')).toBe(
      'Invalid OTP! 1 attempt left',
    );
    await setLanguage('hi');
    expect(apiErrorMessage(body('1 attempt left'), 'common.genericError')).toBe(
      'गलत OTP! 1 प्रयास बाकी है',
    );
    expect(apiErrorMessage(body('4 attempts left'), 'common.genericError')).toBe(
      'गलत OTP! 4 प्रयास बाकी हैं',
    );
    await setLanguage('en');
  });

  it('falls back to the translated fallback for anything else', () => {
    expect(apiErrorMessage(new TypeError('Failed to fetch'), 'common.genericError')).toBe(
      'Something went wrong. Please try again.',
    );
  });
});
