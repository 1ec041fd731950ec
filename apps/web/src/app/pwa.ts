import { useSyncExternalStore } from 'react';

/** How often an open app asks the server whether a new version was deployed. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let applyUpdate: (() => Promise<void>) | undefined;
const listeners = new Set<() => void>();

function setWaitingUpdate(apply: (() => Promise<void>) | undefined): void {
  applyUpdate = apply;
  listeners.forEach((listener) => listener());
}

/**
 * Registers the service worker (built by vite-plugin-pwa, see vite.config.ts) once the page has
 * rendered. A new version never takes over by itself: a member in the middle of a breathing
 * exercise or a form keeps the page they have until they choose 'Reload' (UpdatePrompt).
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  void import('virtual:pwa-register').then(({ registerSW }) => {
    const update = registerSW({
      onNeedRefresh: () => setWaitingUpdate(() => update(true)),
      onRegisteredSW: (_url, registration) => {
        if (registration) setInterval(() => void registration.update(), UPDATE_CHECK_MS);
      },
    });
  });
}

/** The waiting version's 'reload' action, or undefined while none waits. */
export function useWaitingUpdate(): (() => Promise<void>) | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => applyUpdate,
    // The server render (entry-server.tsx) knows of no waiting version.
    () => undefined,
  );
}

export function dismissUpdate(): void {
  setWaitingUpdate(undefined);
}
