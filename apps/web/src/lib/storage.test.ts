// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import * as storage from './storage';

const { storageKeys } = storage;

describe('storage', () => {
  beforeEach(() => localStorage.clear());

  it('reads unparsable or mis-shaped JSON as null instead of throwing', () => {
    localStorage.setItem(storageKeys.user, '{not json');
    expect(storage.getUser()).toBeNull();
    localStorage.setItem(storageKeys.user, JSON.stringify({ name: 'No id' }));
    expect(storage.getUser()).toBeNull();
    localStorage.setItem(storageKeys.firstEvent, '"seven"');
    expect(storage.getFirstEvent()).toBeNull();
  });

  it('round-trips typed values', () => {
    storage.setUser({ _id: 'u1', name: 'Asha', type: 'premium' });
    expect(storage.getUser()).toEqual({ _id: 'u1', name: 'Asha', type: 'premium' });
    storage.setFirstEvent({ points: 42 });
    expect(storage.getFirstEvent()).toEqual({ points: 42 });
    storage.clearFirstEvent();
    expect(storage.getFirstEvent()).toBeNull();
    storage.setWhatsappHide(true);
    expect(storage.getWhatsappHide()).toBe(true);
  });

  it("reads the quit companion's offline copies back only for the member who saved them", () => {
    storage.setQuitReasons('u1', ['For my son']);
    expect(storage.getQuitReasons('u1')).toEqual(['For my son']);
    expect(storage.getQuitReasons('u2')).toBeNull();

    const progress = {
      quit_date: '2026-11-20',
      started: true,
      days_smoke_free: 5,
      milestones: [],
    } as unknown as Parameters<typeof storage.setQuitProgress>[1];
    storage.setQuitProgress('u1', progress);
    expect(storage.getQuitProgress('u1')).toMatchObject({ user_id: 'u1', value: progress });
    expect(storage.getQuitProgress('u2')).toBeNull();

    // A copy of the wrong shape (an older version, a hand edit) reads as none.
    localStorage.setItem(
      storageKeys.quitProgress,
      JSON.stringify({ user_id: 'u1', saved_at: 'x', value: { days: 5 } }),
    );
    expect(storage.getQuitProgress('u1')).toBeNull();

    // Logout clears local storage: both copies go with the session.
    storage.clearAll([storageKeys.language]);
    expect(storage.getQuitReasons('u1')).toBeNull();
  });

  it('removes an unparsable live-session record', () => {
    localStorage.setItem(storageKeys.liveSession, 'true}');
    expect(storage.getLiveSession()).toBeNull();
    expect(localStorage.getItem(storageKeys.liveSession)).toBeNull();
  });

  it('removes a live-session record of the wrong shape', () => {
    localStorage.setItem(
      storageKeys.liveSession,
      JSON.stringify({ user_id: 1, liveSession: 'yes' }),
    );
    expect(storage.getLiveSession()).toBeNull();
    expect(localStorage.getItem(storageKeys.liveSession)).toBeNull();
  });

  it('shows the live-session link only to the owner of a record that is on', () => {
    const owner = { _id: 'u1', current_day: 3 };
    storage.setLiveSession({ user_id: 'u1', liveSession: true });
    expect(storage.liveSessionLinkVisible(owner)).toBe(true);
    expect(storage.liveSessionLinkVisible({ _id: 'u2', current_day: 3 })).toBe(false);
    expect(storage.liveSessionLinkVisible(null)).toBe(false);
    storage.setLiveSession({ user_id: 'u1', liveSession: false });
    expect(storage.liveSessionLinkVisible(owner)).toBe(false);
  });

  it('clears the live-session record when the user data lacks current_day', () => {
    storage.setLiveSession({ user_id: 'u1', liveSession: true });
    expect(storage.liveSessionLinkVisible({ _id: 'u1' })).toBe(false);
    expect(localStorage.getItem(storageKeys.liveSession)).toBeNull();
  });

  it('defaults the language to en', () => {
    expect(storage.getLanguage()).toBe('en');
    storage.setLanguage('hi');
    expect(storage.getLanguage()).toBe('hi');
  });

  it('clears everything except the keys asked to keep', () => {
    storage.setToken('t');
    storage.setUser({ _id: 'u1' });
    storage.setLanguage('hi');
    storage.clearAll([storageKeys.language]);
    expect(localStorage.length).toBe(1);
    expect(storage.getLanguage()).toBe('hi');
  });
});
