// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store';
import { initI18n } from '../../lib/i18n';
import { storageKeys } from '../../lib/storage';
import { AppProviders } from '../providers';
import { routes } from '../router';

beforeAll(async () => {
  await initI18n();
  // jsdom has no matchMedia; the top bar asks it whether the screen is wide.
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    matches: true,
    media: query,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  }));
  window.scrollTo = vi.fn();
});

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(storageKeys.token, 'token');
  localStorage.setItem(
    storageKeys.user,
    JSON.stringify({ _id: 'u1', name: 'Asha', type: 'free', current_day: 1 }),
  );
  authStore.refresh();
});

afterEach(cleanup);

async function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  // A page's first visit compiles its chunk and catalogue (the dashboard also loads the quit
  // companion's): on a busy machine that takes longer than waitFor's default second.
  const slow = { timeout: 10_000 };
  await waitFor(() => expect(screen.getByRole('main')).toBeInTheDocument(), slow);
  await waitFor(
    () => expect(screen.queryByRole('heading', { level: 1 })).toBeInTheDocument(),
    slow,
  );
}

const publicNav = () => screen.queryByRole('navigation', { name: 'Main' });
const topBar = () => screen.queryByRole('button', { name: 'Notifications' });
const footer = () => screen.queryByRole('contentinfo');

describe('root layout', () => {
  it('shows the public header and footer on the landing page', async () => {
    await renderAt('/');
    expect(publicNav()).toBeInTheDocument();
    expect(topBar()).not.toBeInTheDocument();
    expect(footer()).toBeInTheDocument();
  });

  it('shows no header on bare pages', async () => {
    await renderAt('/help-center/contact-us');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(footer()).toBeInTheDocument();
  });

  it('shows neither header nor footer on reset paths', async () => {
    await renderAt('/reset');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(footer()).not.toBeInTheDocument();
  });

  it('shows the logged-in top bar everywhere else, with the free plan label', async () => {
    await renderAt('/dashboard');
    await waitFor(() => expect(topBar()).toBeInTheDocument());
    expect(publicNav()).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pricing & Plans' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('labels the plan link for premium users', async () => {
    localStorage.setItem(storageKeys.user, JSON.stringify({ _id: 'u1', type: 'premium' }));
    authStore.refresh();
    await renderAt('/no-such-page');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'My Plans & Validity' })).toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { name: '404 error!' })).toBeInTheDocument();
  });
});
