import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CoachMessage, CoachMessageRequest } from '@exhale/contract/coach';
import { api, unwrap } from '../../lib/api';
import { useCurrentUser } from '../../lib/auth-store';
import { onQueueChange, queuedCoachMessage } from '../../lib/offline/queue';
import { sendOrQueue } from '../../lib/offline/send-or-queue';
import { coachKeys, conversationQuery, queuedCoachMessagesQuery } from './queries';

// The member's side of coach support (API.md "Coach support").

/** How often an open thread asks for new replies while the page is in front (cheap: one row). */
const POLL_MS = 30_000;

/**
 * The thread, fetched again every half minute while the page is visible (TanStack Query pauses the
 * interval in a background tab) and each time the member comes back to it, however recently it
 * was fetched: a reply is what they come back for.
 */
export function useConversation() {
  return useQuery({
    ...conversationQuery,
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: 'always',
  });
}

/** The member's messages waiting on this phone, read again whenever the device queue changes. */
export function useQueuedCoachMessages() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onQueueChange(() => void queryClient.invalidateQueries({ queryKey: ['coach', 'queued'] })),
    [queryClient],
  );
  return useQuery({ ...queuedCoachMessagesQuery(user?._id ?? ''), enabled: user !== null });
}

/**
 * POST /coach/messages with a client_id, so a retried send is stored once. Without a network (or
 * when the send fails for the moment) the message waits in the device queue and is sent later,
 * as cravings are (decision 055). The thread is fetched again after a send: the server may have
 * answered with an acknowledgement or a crisis reply.
 */
export function useSendCoachMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (body: CoachMessageRequest & { client_id: string }) =>
      sendOrQueue<CoachMessage>(
        async () => unwrap(await api.POST('/api/coach/messages', { body })).data,
        () => queuedCoachMessage(body),
      ),
    onSuccess: (result) =>
      result.queued ? undefined : queryClient.invalidateQueries({ queryKey: coachKeys.all }),
  });
}
