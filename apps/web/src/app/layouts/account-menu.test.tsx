// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
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
  document.documentElement.removeAttribute('data-early-tap');
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

  it('opens as the app mounts it when it was tapped before the app ran', async () => {
    document.documentElement.setAttribute('data-early-tap', 'account-menu');

    render(menu, { wrapper: Providers });

    expect(await screen.findByRole('menu')).toBeInTheDocument();
  });

  it('keeps the focus a reader gave the server-drawn button while the app took it over', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Providers>{menu}</Providers>);
    document.body.append(container);
    const drawn = container.querySelector('button')!;
    drawn.focus();

    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, <Providers>{menu}</Providers>);
    });

    // The menu's own button has replaced the plain one, and the focus went over to it.
    const taken = accountButton();
    expect(taken).toHaveAttribute('data-state', 'closed');
    expect(taken).not.toBe(drawn);
    expect(document.activeElement).toBe(taken);
    fireEvent.keyDown(taken, { key: 'Enter' });
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    act(() => root?.unmount());
    container.remove();
  });
});
