import { useSyncExternalStore } from 'react';

/** Main-layout toast settings (spec §2): top-centre, closing after 2 s instead of 5 s top-right. */
export const toastContainerSettings = {
  position: 'top-center',
  autoClose: 2000,
} as const;

// react-toastify (and its styles) is a chunk of its own, fetched with the first toast: most
// visits to the landing page never show one, and the first paint should not wait for it. Toasts
// raised before its container has mounted wait in the library's queue, so none is lost.
const loadToastify = () => import('react-toastify');

let wanted = false;
const listeners = new Set<() => void>();

/** True once a toast has been raised: main.tsx mounts the container from then on. */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    // The server render (entry-server.tsx) shows no toast.
    () => false,
  );
}

type Kind = 'success' | 'error' | 'warning' | 'info';

function show(kind: Kind, message: string): void {
  if (!wanted) {
    wanted = true;
    listeners.forEach((listener) => listener());
  }
  // The text doubles as the toast id so one event that fires twice (a retried request, a guard
  // that runs for two nested routes) shows one toast, not a stack of identical ones.
  loadToastify().then(
    ({ toast }) => toast[kind](message, { toastId: message }),
    (error: unknown) => console.error('Could not show a toast', message, error),
  );
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  warning: (message: string) => show('warning', message),
  info: (message: string) => show('info', message),
};
