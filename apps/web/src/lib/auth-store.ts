import { useSyncExternalStore } from 'react';
import * as storage from './storage';
import type { StoredUser } from './storage';

/**
 * The logged-in user (spec §3/§4: user data plus an auth flag). Local storage is the source of
 * truth so a reload, a second tab or a test that seeds storage all see the same session; this
 * module only caches it for React and tells subscribers when it changes.
 */
export interface AuthState {
  user: StoredUser | null;
  isAuth: boolean;
}

function readState(): AuthState {
  const user = storage.getUser();
  return { user, isAuth: Boolean(user && storage.getToken()) };
}

let state: AuthState = readState();
const listeners = new Set<() => void>();

function publish(): void {
  state = readState();
  storage.setPersistedRoot(state);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getState = (): AuthState => state;

export const authStore = {
  getState,
  subscribe,
  /**
   * After any successful login or registration. A narrower token left from an earlier flow (an
   * OTP request's temp_token, a pending WhatsApp token) would shadow the new session in the
   * bearer order, so both go.
   */
  setSession(token: string, user: StoredUser): void {
    storage.removeItem(storage.storageKeys.tempToken);
    storage.removeItem(storage.storageKeys.whatsappToken);
    storage.setToken(token);
    storage.setUser(user);
    publish();
  },
  /**
   * After a profile refresh or update: the server's copy replaces the stored one. A refresh that
   * changes nothing (the usual case) tells no one: every page reading the user would render again,
   * at once and in one piece, for nothing.
   */
  setUser(user: StoredUser): void {
    if (state.user && JSON.stringify(state.user) === JSON.stringify(user)) return;
    storage.setUser(user);
    publish();
  },
  /** Re-reads storage, e.g. after another tab changed it. */
  refresh(): void {
    state = readState();
    for (const listener of listeners) listener();
  },
};

/**
 * Logout clears all local storage (spec §4). The chosen language survives: it is a device
 * preference, not session data, and losing it would switch a Hindi reader back to English.
 */
export function logout(): void {
  storage.clearAll([storage.storageKeys.language]);
  authStore.refresh();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    const relevant: (string | null)[] = [null, storage.storageKeys.user, storage.storageKeys.token];
    if (relevant.includes(event.key)) authStore.refresh();
  });
}

export function useAuth(): AuthState {
  return useSyncExternalStore(subscribe, getState, getState);
}

export function useCurrentUser(): StoredUser | null {
  return useAuth().user;
}
