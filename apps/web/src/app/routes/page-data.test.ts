// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enqueue, queuedCraving } from '../../lib/offline/queue';
import { api } from '../../lib/api';
import { authStore } from '../../lib/auth-store';
import { lessonsKey } from '../../lib/programme-api';
import { queryClient } from '../../lib/query-client';
import { storageKeys, type StoredUser } from '../../lib/storage';
import {
  dashboardLoader,
  notificationsLoader,
  progressLoader,
  FIRST_SCREEN_WAIT_MS,
} from './page-data';

const getSpy = vi.spyOn(api, 'GET');
/** The calls made, as (path, options). */
const calls = () => getSpy.mock.calls as unknown as [string, { params?: { query?: object } }?][];

/** What the server answers, by path; the quit progress says whether the quit day has come. */
function serve(progress: { started: boolean } | null) {
  getSpy.mockImplementation((async (path: string) => {
    if (path === '/api/quit-plan/progress' && progress === null) {
      return {
        error: { success: false, message: 'No quit plan', code: 'NO_QUIT_PLAN' },
        response: new Response(null, { status: 404 }),
      };
    }
    const data =
      path === '/api/quit-plan/progress'
        ? { data: progress }
        : path === '/api/user-lesson'
          ? { data: [], total_days: 0 }
          : path === '/api/user-answer'
            ? { data: [] }
            : path === '/api/cravings'
              ? { summary: {} }
              : { data: [] };
    return {
      data: { success: true, ...data },
      response: new Response(null, { status: 200 }),
    };
  }) as unknown as typeof api.GET);
}

function signIn(user: Partial<StoredUser>) {
  localStorage.setItem(storageKeys.token, 'token');
  localStorage.setItem(
    storageKeys.user,
    JSON.stringify({
      _id: 'u1',
      name: 'Asha',
      email: 'a@example.com',
      type: 'free',
      step: 1,
      ...user,
    }),
  );
  authStore.refresh();
}

const askedPaths = () => calls().map(([path]) => path);
const askedQuery = (path: string) => calls().find(([asked]) => asked === path)?.[1]?.params?.query;

beforeEach(() => {
  localStorage.clear();
  authStore.refresh();
  queryClient.clear();
  getSpy.mockReset();
});

afterEach(() => queryClient.clear());

describe('the dashboard loader', () => {
  it("starts a free member's requests, and the companion's cards once the quit day has come", async () => {
    signIn({ type: 'free' });
    serve({ started: true });

    const loaded = dashboardLoader();
    expect(askedPaths()).toEqual(
      expect.arrayContaining([
        '/api/quit-plan/progress',
        '/api/user-lesson',
        '/api/user-exercise/list',
        '/api/user-answer',
        '/api/user-plan/current',
      ]),
    );
    expect(askedQuery('/api/user-lesson')).toEqual({});
    await vi.waitFor(() =>
      expect(askedPaths()).toEqual(
        expect.arrayContaining([
          '/api/follow-ups',
          '/api/dependence-test/history',
          '/api/check-ins',
        ]),
      ),
    );
    // The answers sit in the cache under the keys the page's hooks read.
    await vi.waitFor(() => expect(queryClient.getQueryData(lessonsKey(null))).toBeDefined());
    expect(await loaded).toBeNull();
  });

  it('reads the writes waiting on this device before the first render, for the progress card', async () => {
    signIn({ type: 'free' });
    serve({ started: true });
    await enqueue(
      'u1',
      queuedCraving({ client_id: 'c-1', intensity: 3, trigger: 'stress', outcome: 'resisted' }),
    );

    await dashboardLoader();
    // Under the key the card's hook reads: the card renders 'waiting to sync' at once, rather
    // than rendering again once the device's answer comes.
    expect(queryClient.getQueryData(['companion', 'queued', 'u1'])).toEqual([
      expect.objectContaining({ kind: 'craving', key: 'craving:c-1' }),
    ]);
  });

  it('waits for the progress card, but not longer than a moment', async () => {
    signIn({ type: 'free' });
    serve({ started: false });
    let answered = false;
    const loaded = dashboardLoader().then(() => {
      answered = queryClient.getQueryData(['companion', 'progress']) !== undefined;
    });
    await loaded;
    expect(answered).toBe(true);

    queryClient.clear();
    getSpy.mockImplementation(() => new Promise(() => {}));
    vi.useFakeTimers();
    try {
      const waiting = dashboardLoader();
      await vi.advanceTimersByTimeAsync(FIRST_SCREEN_WAIT_MS);
      expect(await waiting).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("waits for the rest of the first screen's answers too, within the same moment", async () => {
    signIn({ type: 'free' });
    serve({ started: false });
    let answerLessons = () => {};
    const lessonsAnswered = new Promise<void>((resolve) => {
      answerLessons = resolve;
    });
    const served = getSpy.getMockImplementation()!;
    getSpy.mockImplementation((async (...args: Parameters<typeof api.GET>) => {
      if (args[0] === '/api/user-lesson') await lessonsAnswered;
      return served(...args);
    }) as unknown as typeof api.GET);

    let loaded = false;
    const loading = dashboardLoader().then(() => {
      loaded = true;
    });
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(['companion', 'progress'])).toBeDefined(),
    );
    // The progress is in, the lesson list is not: the page is not rendered yet.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loaded).toBe(false);
    answerLessons();
    await loading;
    expect(queryClient.getQueryData(lessonsKey(null))).toBeDefined();
  });

  it("asks for a premium member's current day and not the purchase rule", () => {
    signIn({ type: 'premium', current_day: 3 });
    serve({ started: false });

    void dashboardLoader();
    expect(askedQuery('/api/user-lesson')).toEqual({ day: 3 });
    expect(askedPaths()).not.toContain('/api/user-plan/current');
  });

  it('asks nothing more of the companion for a member without a quit plan', async () => {
    signIn({ type: 'free' });
    serve(null);

    await dashboardLoader();
    expect(queryClient.getQueryData(['companion', 'progress'])).toBeNull();
    expect(askedPaths()).not.toContain('/api/follow-ups');
    expect(askedPaths()).not.toContain('/api/check-ins');
  });

  it('asks nothing without a stored login (the guard sends the visitor to /login)', async () => {
    serve({ started: true });
    expect(await dashboardLoader()).toBeNull();
    expect(progressLoader()).toBeNull();
    expect(notificationsLoader()).toBeNull();
    expect(getSpy).not.toHaveBeenCalled();
  });
});

describe('a route loader given on the route itself', () => {
  it("runs while the page's code is still downloading", async () => {
    signIn({ type: 'free' });
    serve({ started: false });
    let release = () => {};
    const code = new Promise<void>((resolve) => {
      release = resolve;
    });
    const router = createMemoryRouter(
      [
        {
          path: '/dashboard',
          loader: dashboardLoader,
          lazy: async () => {
            await code;
            return { Component: () => null };
          },
        },
      ],
      { initialEntries: ['/'] },
    );
    const navigation = router.navigate('/dashboard');

    await vi.waitFor(() => expect(askedPaths()).toContain('/api/quit-plan/progress'));
    expect(router.state.location.pathname).toBe('/');
    release();
    await navigation;
    expect(router.state.location.pathname).toBe('/dashboard');
    router.dispose();
  });
});
