// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore, logout } from './auth-store';
import type { StoredUser } from './storage';

const user = { _id: 'u1', name: 'Asha Rao', type: 'free', step: 1 } as StoredUser;

describe('authStore.setUser', () => {
  afterEach(() => logout());

  it('tells the pages when the profile changed, and not when a refresh brought the same', () => {
    authStore.setSession('token-1', user);
    const listener = vi.fn();
    const unsubscribe = authStore.subscribe(listener);

    authStore.setUser({ ...user });
    expect(listener).not.toHaveBeenCalled();

    authStore.setUser({ ...user, step: 2 });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(authStore.getState().user?.step).toBe(2);
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ step: 2 });
    unsubscribe();
  });
});
