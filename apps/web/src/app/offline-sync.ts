import { authStore } from '../lib/auth-store';

const start = () =>
  void import('../lib/offline/sync').then(({ startOfflineSync }) => startOfflineSync());

/**
 * The offline queue's sender (lib/offline/sync.ts) runs for signed-in members only:
 * a visitor's page never downloads it. It starts once a member is signed in, at start-up or later.
 */
export function startOfflineSyncForMembers(): void {
  if (authStore.getState().isAuth) {
    start();
    return;
  }
  const unsubscribe = authStore.subscribe(() => {
    if (!authStore.getState().isAuth) return;
    unsubscribe();
    start();
  });
}
