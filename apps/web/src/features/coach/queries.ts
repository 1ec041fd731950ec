import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api';
import { queuedWrites, type QueuedCoachMessage } from '../../lib/offline/queue';

// The coach thread's reads as query-options factories, shared by the page's hooks and its route
// loader (app/routes/page-data.ts), so the loader's request is the one the page reads.

export const coachKeys = {
  all: ['coach'] as const,
  conversation: ['coach', 'conversation'] as const,
  queued: (userId: string) => ['coach', 'queued', userId] as const,
};

/** GET /coach/conversation: the member's one thread, oldest first (empty before the first). */
export const conversationQuery = queryOptions({
  queryKey: coachKeys.conversation,
  queryFn: async () => unwrap(await api.GET('/api/coach/conversation')).data,
});

/** Messages to the coaches waiting on this device to be sent, oldest first (no network needed). */
export const queuedCoachMessagesQuery = (userId: string) =>
  queryOptions({
    queryKey: coachKeys.queued(userId),
    queryFn: async () =>
      (await queuedWrites(userId)).filter(
        (item): item is QueuedCoachMessage => item.kind === 'coach-message',
      ),
    networkMode: 'always',
    staleTime: Infinity,
  });
