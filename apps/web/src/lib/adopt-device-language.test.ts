// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adoptDeviceLanguage, resetAdoptDeviceLanguage } from './adopt-device-language';
import { api } from './api';
import { authStore } from './auth-store';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  authStore.refresh();
  resetAdoptDeviceLanguage();
});

const answered = (language: string) =>
  ({
    data: { success: true, data: { _id: 'u1', language } },
    error: undefined,
    response: new Response(null, { status: 200 }),
  }) as never;

describe('an account whose language the member never set (decision 068)', () => {
  it('is offered the UI language with if_unset, once per start, and the stored user takes the answer', async () => {
    const patch = vi.spyOn(api, 'PATCH').mockResolvedValue(answered('hi'));
    authStore.setSession('session', { _id: 'u1', name: 'Asha', language: 'en' });
    await adoptDeviceLanguage('hi');
    expect(patch).toHaveBeenCalledWith('/api/user/profile/language', {
      body: { language: 'hi', if_unset: true },
    });
    expect(authStore.getState().user?.language).toBe('hi');
    await adoptDeviceLanguage('ta');
    expect(patch).toHaveBeenCalledTimes(1);
  });

  it('keeps a language the member set elsewhere: the stored user takes the account’s', async () => {
    vi.spyOn(api, 'PATCH').mockResolvedValue(answered('ta'));
    authStore.setSession('session', { _id: 'u1', name: 'Asha', language: 'en' });
    await adoptDeviceLanguage('hi');
    expect(authStore.getState().user?.language).toBe('ta');
  });

  it('sends nothing for a visitor, or when the UI is in the account’s language', async () => {
    const patch = vi.spyOn(api, 'PATCH').mockResolvedValue(answered('en'));
    await adoptDeviceLanguage('hi');
    // A copy of the user stored before the account language existed reads as English.
    authStore.setSession('session', { _id: 'u1', name: 'Asha' });
    await adoptDeviceLanguage('en');
    expect(patch).not.toHaveBeenCalled();
  });

  it('asks again when the call failed, and for the next member signing in', async () => {
    const patch = vi.spyOn(api, 'PATCH').mockRejectedValueOnce(new Error('offline'));
    authStore.setSession('session', { _id: 'u1', name: 'Asha', language: 'en' });
    await expect(adoptDeviceLanguage('bn')).resolves.toBeUndefined();
    patch.mockResolvedValue(answered('bn'));
    await adoptDeviceLanguage('bn');
    expect(authStore.getState().user?.language).toBe('bn');
    authStore.setSession('session', { _id: 'u2', name: 'Ravi', language: 'en' });
    await adoptDeviceLanguage('bn');
    expect(patch).toHaveBeenCalledTimes(3);
  });
});
