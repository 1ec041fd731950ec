import './lib/zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './index.css';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { Splash } from './app/splash';
import { startOfflineSyncForMembers } from './app/offline-sync';
import { registerServiceWorker } from './app/pwa';
import { Toaster } from './app/toaster';
import { UpdatePrompt } from './app/update-prompt';
import { initI18n } from './lib/i18n';
import { queryClient } from './lib/query-client';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

/** Lets the browser paint and handle input between the steps of the start-up. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(root: HTMLElement): Promise<void> {
  // The router starts after the language is known, so the guard's 'Please Login' toast and the
  // first page render in the reader's language (the static splash covers the wait).
  await initI18n();
  await yieldToBrowser();
  const router = createAppRouter();
  // The first render waits for the first page's code, texts and data too: rendering the layout
  // around a loading placeholder first would only move the footer down a moment later.
  await new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
  // A transition renders in slices, so the page stays responsive while it is built.
  startTransition(() => {
    createRoot(root).render(
      <>
        <StrictMode>
          <AppProviders client={queryClient}>
            <Splash>
              <RouterProvider router={router} />
            </Splash>
          </AppProviders>
        </StrictMode>
        {/* One container for every page, outside the routed tree so toasts fired while a page
            is replaced (guard redirect, logout) or while the error screen shows still appear.
            Outside StrictMode too: its rehearsal unmount would drop a toast fired before the
            first render, such as the guard's 'Please Login' on a direct visit to a protected
            page. */}
        <Toaster />
        <UpdatePrompt />
      </>,
    );
  });
  // The service worker downloads the app for offline use: only after the first page is shown,
  // so it never competes with what the member is waiting for.
  // The offline queue's sender (decision 055) starts after the first page too.
  const afterLoad = () => {
    registerServiceWorker();
    startOfflineSyncForMembers();
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}

void start(container);
