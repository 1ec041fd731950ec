import './lib/zod-jitless';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { hydrate } from '@tanstack/react-query';
import './index.css';
import { AppTree } from './app/app-tree';
import { showsSplash } from './app/splash';
import { readPrerenderData, type PrerenderData } from './app/prerender-data';
import { startOfflineSyncForMembers } from './app/offline-sync';
import { createAppRouter, loadPageCode } from './app/router';
import { registerServiceWorker } from './app/pwa';
import { clearStaticPageTags, setServerOrigin } from './lib/head';
import { holdEarlyTap } from './lib/early-input';
import { keyThisHistoryEntry } from './lib/history-entry';
import { currentLanguage, initI18n, loadAllTexts, prefetchAllTexts } from './lib/i18n';
import { queryClient } from './lib/query-client';
import { getToken } from './lib/storage';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

/** Lets the browser paint and handle input between the steps of the start-up. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A server-rendered page (decision 062) was rendered for a visitor without a session, in the
 * language of their `lang` cookie. The app takes it over as it is (hydrates) when this reader
 * would see the same: same address and language, no session. Anyone else gets the app rendered
 * afresh over it, as on any other page.
 */
function hydratable(data: PrerenderData | null): data is PrerenderData {
  return (
    data !== null &&
    data.path === window.location.pathname &&
    data.lang === currentLanguage() &&
    !getToken()
  );
}

async function start(root: HTMLElement): Promise<void> {
  // The router starts after the language is known, so the guard's 'Please Login' toast and the
  // first page render in the reader's language (the static splash covers the wait).
  const prerendered = readPrerenderData();
  // The shell's texts are in the entry; any page but a visitor's server-rendered one needs the
  // rest too.
  if (!prerendered) void prefetchAllTexts();
  await initI18n();
  await yieldToBrowser();
  const taken = hydratable(prerendered) ? prerendered : null;
  // A visitor's page needed only the shell's texts; any other uses the rest as well.
  if (!taken) await loadAllTexts();
  if (taken) {
    hydrate(queryClient, taken.queries);
    setServerOrigin(taken.origin);
    await loadPageCode(window.location.pathname);
  } else {
    clearStaticPageTags();
  }
  // Scroll positions are kept per history entry: this load gets its own (lib/history-entry.ts).
  keyThisHistoryEntry();
  const router = createAppRouter(taken ? { loaderData: taken.loaderData } : undefined);
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
  const app = (
    <AppTree
      client={queryClient}
      prerendered={taken !== null}
      splash={showsSplash(window.location.pathname)}
    >
      <RouterProvider router={router} />
    </AppTree>
  );
  holdEarlyTap();
  // In a transition React renders (and hydrates) in slices of a few milliseconds, so a slow
  // phone keeps painting and answering taps while the page is built or taken over.
  startTransition(() => {
    if (taken) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
  // What the page's links and dialogs will say; a server-rendered page needed only the shell's.
  if (taken) void loadAllTexts();
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
