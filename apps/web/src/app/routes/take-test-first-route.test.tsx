// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api';
import { authStore } from '../../lib/auth-store';
import { initI18n } from '../../lib/i18n';
import { storageKeys, type StoredUser } from '../../lib/storage';
import { notify } from '../../lib/toast';
import { AppProviders } from '../providers';
import { TakeTestFirstRoute } from './take-test-first-route';

const getSpy = vi.spyOn(api, 'GET');
const warnSpy = vi.spyOn(notify, 'warning').mockImplementation(() => undefined);

const user = (step: number): StoredUser => ({
  _id: 'u1',
  name: 'Asha',
  email: 'asha@example.com',
  type: 'free',
  step,
});

/** GET /api/user/profile answers with the given step (resolving only when `release` is called). */
function serverStep(step: number) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  getSpy.mockImplementation((async () => {
    await gate;
    return {
      data: { success: true, data: user(step) },
      response: new Response(null, { status: 200 }),
    };
  }) as unknown as typeof api.GET);
  return release;
}

function storeStep(step: number) {
  localStorage.setItem(storageKeys.token, 'token');
  localStorage.setItem(storageKeys.user, JSON.stringify(user(step)));
  authStore.refresh();
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        Component: TakeTestFirstRoute,
        children: [{ path: '/user/:param', element: <h1>Exercise</h1> }],
      },
      { path: '/sim-test', element: <h1>SIM Test</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const heading = () => screen.queryByRole('heading', { level: 1 })?.textContent;

beforeAll(async () => {
  await initI18n();
});

beforeEach(() => {
  localStorage.clear();
  getSpy.mockReset();
  warnSpy.mockClear();
});

afterEach(cleanup);

describe('TakeTestFirstRoute', () => {
  it('sends a step-0 user to /sim-test with the warning, once the server agrees', async () => {
    storeStep(0);
    const release = serverStep(0);
    const router = renderAt('/user/craving-plan');
    // Still deciding: neither the page nor the redirect yet.
    expect(heading()).toBeUndefined();
    expect(warnSpy).not.toHaveBeenCalled();

    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/sim-test'));
    expect(heading()).toBe('SIM Test');
    expect(warnSpy).toHaveBeenCalledWith('Please Take Test');
  });

  it('opens the page when the stored step 0 is stale (the test was taken elsewhere)', async () => {
    storeStep(0);
    serverStep(1)();
    const router = renderAt('/user/craving-plan');
    await waitFor(() => expect(heading()).toBe('Exercise'));
    expect(router.state.location.pathname).toBe('/user/craving-plan');
    expect(warnSpy).not.toHaveBeenCalled();
  });

  it('renders at once for a stored step past 0, and still redirects if the server says 0', async () => {
    storeStep(1);
    const release = serverStep(0);
    const router = renderAt('/user/craving-plan');
    await waitFor(() => expect(heading()).toBe('Exercise'));

    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/sim-test'));
    expect(warnSpy).toHaveBeenCalledWith('Please Take Test');
  });

  it('lets the stored copy decide when the refresh fails', async () => {
    storeStep(0);
    getSpy.mockRejectedValue(new Error('offline'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = renderAt('/user/craving-plan');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sim-test'));
    expect(warnSpy).toHaveBeenCalledWith('Please Take Test');
  });
});
