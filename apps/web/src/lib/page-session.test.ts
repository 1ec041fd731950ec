// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore, logout } from './auth-store';
import type { StoredUser } from './storage';

const user = { _id: 'u1', name: 'Asha Rao', type: 'free' } as StoredUser;

/** What the app writes to document.cookie, in order. */
function cookieWrites() {
  const writes: string[] = [];
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    writes.push(value);
    descriptor.set!.call(document, value);
  });
  return writes;
}

describe("the dashboard's session cookie (decision 076)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('is written with the session, for the dashboard only, and removed at logout', () => {
    const writes = cookieWrites();
    authStore.setSession('token-1', user);
    expect(writes.at(-1)).toBe('session=token-1; Max-Age=2592000; Path=/dashboard; SameSite=Lax');
    logout();
    expect(writes.at(-1)).toBe('session=; Max-Age=0; Path=/dashboard; SameSite=Lax');
  });
});
