import { authStore } from '../auth-store';
import { enqueue, type QueuedWrite } from './queue';
import { failureKind, scheduleRetry } from './sync';

/**
 * Sends a write now, or keeps it on the device for later (queue.ts) when there is no network or
 * the send failed for the moment; a refusal by the server is thrown as usual (decision 055).
 */
export async function sendOrQueue<T>(
  send: () => Promise<T>,
  queue: () => QueuedWrite,
): Promise<{ sent: T; queued: false } | { sent: null; queued: true }> {
  const userId = authStore.getState().user?._id;
  const keep = async () => {
    if (!userId) throw new Error('Only a signed-in member can keep writes for later');
    await enqueue(userId, queue());
    scheduleRetry();
    return { sent: null, queued: true } as const;
  };
  if (!navigator.onLine) return keep();
  try {
    return { sent: await send(), queued: false };
  } catch (error) {
    if (userId && failureKind(error) === 'later') return keep();
    throw error;
  }
}
