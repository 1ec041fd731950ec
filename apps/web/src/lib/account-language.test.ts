// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveAccountLanguage } from './account-language';
import { api, languageMiddleware } from './api';
import { authStore } from './auth-store';
import { initI18n, setLanguage } from './i18n';

beforeAll(async () => {
  await initI18n();
});

afterAll(async () => {
  await setLanguage('en');
});

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  authStore.refresh();
});

describe('the account language (decision 065)', () => {
  it('is saved on the account when a signed-in member switches language', async () => {
    const patch = vi.spyOn(api, 'PATCH').mockResolvedValue({} as never);
    authStore.setSession('session', { _id: 'u1', name: 'Asha' });
    await saveAccountLanguage('ta');
    expect(patch).toHaveBeenCalledWith('/api/user/profile/language', {
      body: { language: 'ta' },
    });
  });

  it('is not sent for a visitor, and a failed save never breaks the switch', async () => {
    const patch = vi.spyOn(api, 'PATCH').mockRejectedValue(new Error('offline'));
    await saveAccountLanguage('bn');
    expect(patch).not.toHaveBeenCalled();
    authStore.setSession('session', { _id: 'u1', name: 'Asha' });
    await expect(saveAccountLanguage('bn')).resolves.toBeUndefined();
  });

  it('every API call carries the UI language as Accept-Language', async () => {
    await setLanguage('te');
    const result = await languageMiddleware.onRequest!({
      request: new Request('http://localhost/api/auth/user/register'),
      schemaPath: '/api/auth/user/register',
      params: {},
      id: 'test',
      options: {} as never,
    });
    expect((result as Request).headers.get('Accept-Language')).toBe('te');
    await setLanguage('en');
  });
});
