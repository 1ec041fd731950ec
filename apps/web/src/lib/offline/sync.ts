import {
  api,
  apiErrorMessage,
  errorStatus,
  isApiErrorBody,
  unwrap,
  type TranslationKey,
} from '../api';
import { authStore } from '../auth-store';
import { i18n, loadNamespaces, type CatalogueNamespace } from '../i18n';
import { queryClient } from '../query-client';
import { getToken } from '../storage';
import { notify } from '../toast';
import {
  dequeue,
  keepOnlyQueueOf,
  queuedWrites,
  type QueuedWrite,
  type QueuedWriteKind,
} from './queue';

/**
 * Sends what waits in the offline queue (queue.ts) when the network returns: on the `online`
 * event, when the app starts, and again a while after a send that failed (decision 055). Every
 * craving and message to a coach goes with its `client_id` and a check-in is a PUT of its day, so
 * a write sent twice (a lost answer, two tabs) is still stored once.
 */

/**
 * What a failed send means for the write:
 * - 'later': no answer, or the server is busy or down: keep it and try again;
 * - 'session': the session is not accepted: keep it (signing out clears it);
 * - 'rejected': the server will never take it (outside its window, invalid): drop it.
 */
export type FailureKind = 'later' | 'session' | 'rejected';

export function failureKind(error: unknown): FailureKind {
  if (!isApiErrorBody(error)) return 'later';
  const status = errorStatus(error) ?? 0;
  if (status === 401 || status === 403) return 'session';
  if (status === 408 || status === 429 || status >= 500) return 'later';
  return 'rejected';
}

export interface FlushResult {
  sent: QueuedWrite[];
  rejected: { item: QueuedWrite; error: unknown }[];
  /** Writes still waiting (a send failed for now, or the member changed). */
  left: number;
}

/**
 * Sends the member's writes oldest first, each removed once the server has it. Stops at the first
 * failure that may pass (the rest would fail the same way) and as soon as `stillSignedIn` says
 * the member is no longer the one signed in.
 */
export async function flushQueue(
  userId: string,
  send: (item: QueuedWrite) => Promise<void>,
  stillSignedIn: () => boolean,
): Promise<FlushResult> {
  const items = await queuedWrites(userId);
  const result: FlushResult = { sent: [], rejected: [], left: 0 };
  for (const [index, item] of items.entries()) {
    if (!stillSignedIn()) {
      result.left = items.length - index;
      break;
    }
    try {
      await send(item);
      await dequeue(userId, item);
      result.sent.push(item);
    } catch (error) {
      if (failureKind(error) === 'rejected') {
        await dequeue(userId, item);
        result.rejected.push({ item, error });
        continue;
      }
      result.left = items.length - index;
      break;
    }
  }
  return result;
}

/** One write, sent with the token of the member who saved it (never whoever signs in next). */
async function sendQueuedWrite(item: QueuedWrite, token: string): Promise<void> {
  const headers = { Authorization: `Bearer ${token}` };
  switch (item.kind) {
    case 'craving':
      unwrap(await api.POST('/api/cravings', { body: item.body, headers }));
      return;
    case 'check-in':
      unwrap(
        await api.PUT('/api/check-ins/{date}', {
          params: { path: { date: item.date } },
          body: item.body,
          headers,
        }),
      );
      return;
    case 'coach-message':
      unwrap(await api.POST('/api/coach/messages', { body: item.body, headers }));
  }
}

/**
 * What each kind of write touches once sent (the page's queries to read again) and how its page
 * words a refusal: the texts live in that page's catalogue namespace.
 */
const KIND_PAGES: Record<
  QueuedWriteKind,
  {
    queryKey: readonly string[];
    namespace: CatalogueNamespace;
    rejected: TranslationKey;
    fallback: TranslationKey;
  }
> = {
  craving: {
    queryKey: ['companion'],
    namespace: 'companion',
    rejected: 'companion:offline.rejected',
    fallback: 'companion:log.error',
  },
  'check-in': {
    queryKey: ['companion'],
    namespace: 'companion',
    rejected: 'companion:offline.rejected',
    fallback: 'companion:log.error',
  },
  'coach-message': {
    queryKey: ['coach'],
    namespace: 'coach',
    rejected: 'coach:offline.rejected',
    fallback: 'coach:compose.error',
  },
};

const signedInId = (): string | null => {
  const { user, isAuth } = authStore.getState();
  return isAuth && user ? user._id : null;
};

const FIRST_RETRY_MS = 15_000;
const LAST_RETRY_MS = 5 * 60_000;
let retryDelay = FIRST_RETRY_MS;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let running: Promise<void> | undefined;
let again = false;

/** Tries again after a while (15 s, doubling up to 5 min) while writes keep failing. */
export function scheduleRetry(): void {
  if (retryTimer !== undefined) return;
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    void syncNow();
  }, retryDelay);
  retryDelay = Math.min(retryDelay * 2, LAST_RETRY_MS);
}

async function flushOnce(): Promise<void> {
  const userId = signedInId();
  const token = getToken();
  if (!userId || !token || !navigator.onLine) return;
  const result = await flushQueue(
    userId,
    (item) => sendQueuedWrite(item, token),
    () => signedInId() === userId,
  );
  const settled = [...result.sent, ...result.rejected.map(({ item }) => item)];
  // The lists, the check-in card, the progress and the coach thread show what just arrived.
  for (const queryKey of new Set(settled.map((item) => KIND_PAGES[item.kind].queryKey))) {
    void queryClient.invalidateQueries({ queryKey });
  }
  if (result.rejected.length > 0) {
    await loadNamespaces(
      ...new Set(result.rejected.map(({ item }) => KIND_PAGES[item.kind].namespace)),
    );
    for (const { item, error } of result.rejected) {
      const page = KIND_PAGES[item.kind];
      notify.error(i18n.t(page.rejected, { reason: apiErrorMessage(error, page.fallback) }));
    }
  }
  if (result.left > 0 && signedInId() === userId) scheduleRetry();
  else retryDelay = FIRST_RETRY_MS;
}

/** Sends the signed-in member's waiting writes now; calls made meanwhile run once more after. */
export function syncNow(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      await flushOnce().catch((error: unknown) => {
        // IndexedDB refused (private mode, storage full): nothing waits that could be sent.
        console.error('Offline queue', error);
      });
    } while (again);
  })().finally(() => {
    running = undefined;
  });
  return running;
}

let started = false;

/**
 * Starts the sending once per page: now, on every `online` event, and whenever another member
 * signs in. Signing out (here or in another tab) clears the member's queue.
 */
export function startOfflineSync(): void {
  if (started) return;
  started = true;
  let current = signedInId();
  void keepOnlyQueueOf(current).then(syncNow, (error: unknown) =>
    console.error('Offline queue', error),
  );
  window.addEventListener('online', () => void syncNow());
  authStore.subscribe(() => {
    const next = signedInId();
    if (next === current) return;
    current = next;
    void keepOnlyQueueOf(next).then(syncNow, (error: unknown) =>
      console.error('Offline queue', error),
    );
  });
}
