// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { PushOnThisPhone } from './push-on-this-phone';

beforeAll(async () => {
  await initI18n();
});

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const restore: (() => void)[] = [];
function stub(target: object, key: string, value: unknown) {
  const had = Object.getOwnPropertyDescriptor(target, key);
  Object.defineProperty(target, key, { value, configurable: true, writable: true });
  restore.push(() =>
    had ? Object.defineProperty(target, key, had) : delete (target as Record<string, unknown>)[key],
  );
}

afterEach(() => {
  cleanup();
  restore
    .splice(0)
    .reverse()
    .forEach((undo) => undo());
});

/** A browser with push: a service worker, the Push API and a permission in the given state. */
function browserWithPush(permission: NotificationPermission) {
  const requestPermission = vi.fn(async () => 'denied' as NotificationPermission);
  stub(navigator, 'userAgent', ANDROID);
  stub(window, 'PushManager', function PushManager() {});
  stub(window, 'Notification', { permission, requestPermission });
  stub(navigator, 'serviceWorker', {
    getRegistration: async () => ({
      active: {},
      pushManager: { getSubscription: async () => null },
    }),
    ready: new Promise(() => {}),
  });
  return { requestPermission };
}

function renderSection() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <PushOnThisPhone />
    </QueryClientProvider>,
  );
}

describe('Notifications on this phone', () => {
  it('asks for permission only when the member taps Turn on', async () => {
    const { requestPermission } = browserWithPush('default');
    renderSection();
    const button = await screen.findByRole('button', { name: 'Turn on notifications' });
    expect(requestPermission).not.toHaveBeenCalled();
    fireEvent.click(button);
    await vi.waitFor(() => expect(requestPermission).toHaveBeenCalledTimes(1));
  });

  it('explains how to allow notifications when the browser blocks them', async () => {
    const { requestPermission } = browserWithPush('denied');
    renderSection();
    expect(
      await screen.findByText('Notifications are blocked for Exhale in this browser'),
    ).toBeTruthy();
    expect(screen.getByText(/set Notifications to Allow/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn on notifications' })).toBeNull();
    expect(requestPermission).not.toHaveBeenCalled();
  });

  it('offers Turn on again once the member allowed notifications in the browser and checks again', async () => {
    browserWithPush('denied');
    renderSection();
    const check = await screen.findByRole('button', { name: 'Check again' });
    (window.Notification as unknown as { permission: NotificationPermission }).permission =
      'default';
    fireEvent.click(check);
    expect(await screen.findByRole('button', { name: 'Turn on notifications' })).toBeTruthy();
    expect(screen.queryByText('Notifications are blocked for Exhale in this browser')).toBeNull();
  });

  it('tells iPhone users in Safari that notifications work only from the installed app', async () => {
    stub(navigator, 'userAgent', IPHONE);
    renderSection();
    expect(
      await screen.findByText('On iPhone and iPad, notifications work only from the installed app'),
    ).toBeTruthy();
    expect(screen.getByText(/Add to Home Screen/)).toBeTruthy();
  });

  it('says so when the browser cannot show notifications at all', async () => {
    stub(navigator, 'userAgent', ANDROID);
    renderSection();
    expect(await screen.findByText(/This browser cannot show notifications/)).toBeTruthy();
  });
});
