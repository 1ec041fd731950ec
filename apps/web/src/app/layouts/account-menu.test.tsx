// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '../../lib/auth-store';
import { initI18n } from '../../lib/i18n';
import { storageKeys } from '../../lib/storage';
import { AccountMenu } from './account-menu';

beforeAll(async () => {
  await initI18n();
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

afterEach(() => {
  cleanup();
});

function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

const menu = <AccountMenu wide={false} showLiveSession={false} planLabel="Plans" />;
const accountButton = () => screen.getByRole('button', { name: 'My Account' });

describe('the account menu', () => {
  it('opens on a tap and holds the pages a phone has no room for, My Profile and Logout', async () => {
    render(menu, { wrapper: Providers });

    // jsdom has no PointerEvent; the menu opens on pointerdown and reads only its button.
    fireEvent(accountButton(), new MouseEvent('pointerdown', { bubbles: true, button: 0 }));

    expect(await screen.findByRole('menu')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Explore' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'My Profile' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
  });
});
