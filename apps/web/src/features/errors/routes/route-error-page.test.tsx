// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { RouteErrorPage } from './route-error-page';

beforeAll(async () => {
  await initI18n();
});

afterEach(cleanup);

function renderFailing(loader: () => never) {
  // The page logs what it caught; keep the test output clean.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const router = createMemoryRouter([
    {
      path: '/',
      loader,
      Component: () => null,
      HydrateFallback: () => null,
      ErrorBoundary: RouteErrorPage,
    },
  ]);
  render(<RouterProvider router={router} />);
}

describe('router error screen', () => {
  it('shows the status of an error response', async () => {
    renderFailing(() => {
      throw new Response('', { status: 503, statusText: 'Service Unavailable' });
    });
    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('503 Service Unavailable')).toBeInTheDocument();
  });

  it('shows the message of a thrown error', async () => {
    renderFailing(() => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    expect(
      await screen.findByText('Failed to fetch dynamically imported module'),
    ).toBeInTheDocument();
  });
});
