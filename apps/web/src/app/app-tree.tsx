import { lazy, StrictMode, Suspense, useEffect, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { AppProviders } from './providers';
import { Splash } from './splash';
import { Toaster } from './toaster';
import { useWaitingUpdate } from './pwa';
import { markAppRunning } from '../lib/early-input';

// Rarely shown, so not part of every page's first download.
const UpdatePrompt = lazy(() =>
  import('./update-prompt').then((module) => ({ default: module.UpdatePrompt })),
);

function WaitingUpdate() {
  const reload = useWaitingUpdate();
  if (!reload) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt reload={reload} />
    </Suspense>
  );
}

/**
 * Everything the app renders around its router: the same tree in the browser (main.tsx) and in
 * the server render of the public pages (entry-server.tsx), so hydration finds what it expects.
 */
export function AppTree({
  client,
  prerendered,
  splash = true,
  children,
}: {
  client: QueryClient;
  /** The page's HTML came from the server render: the splash is already on the screen. */
  prerendered: boolean;
  /** Whether the page opens behind the logo (`showsSplash`, app/splash.tsx). */
  splash?: boolean;
  /** The router provider: the browser's or the server's. */
  children: ReactNode;
}) {
  // After the effects of everything inside (a parent's run last): the controls have taken the
  // input a reader gave the server-rendered page before the app ran (lib/early-input.ts).
  useEffect(markAppRunning, []);
  return (
    <>
      <StrictMode>
        <AppProviders client={client}>
          <Splash prerendered={prerendered} shown={splash}>
            {children}
          </Splash>
        </AppProviders>
      </StrictMode>
      {/* One container for every page, outside the routed tree so toasts fired while a page
          is replaced (guard redirect, logout) or while the error screen shows still appear.
          Outside StrictMode too: its rehearsal unmount would drop a toast fired before the
          first render, such as the guard's 'Please Login' on a direct visit to a protected
          page. */}
      <Toaster />
      <WaitingUpdate />
    </>
  );
}
