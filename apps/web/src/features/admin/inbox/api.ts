import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  CoachPerson,
  InboxDetail,
  InboxItem,
  InboxQuery,
  SavedReply,
  SavedReplyRequest,
} from '@exhale/contract/coach';
import type { LanguageCode } from '@exhale/contract/languages';
import { api, unwrap } from '../../../lib/api';
import { useInvalidate } from '../api/shared';

// The console's coach-support calls (API.md "Coach support"), kept apart from features/admin/api:
// a coach's console loads these and nothing of the admin areas.

export type { CoachPerson, InboxDetail, InboxItem, InboxQuery, SavedReply, SavedReplyRequest };

const keys = {
  inbox: ['admin', 'inbox'] as const,
  list: (query: InboxQuery) => ['admin', 'inbox', 'list', query] as const,
  detail: (id: string) => ['admin', 'inbox', 'detail', id] as const,
  coaches: ['admin', 'coaches'] as const,
  savedReplies: ['admin', 'saved-replies'] as const,
};

/** New messages arrive without a page load: lists and an open thread ask again this often. */
const POLL_MS = 30_000;

/** GET /admin/inbox: urgent first, then the longest waiting (the server's order). */
export function useInbox(query: InboxQuery) {
  return useQuery({
    queryKey: keys.list(query),
    queryFn: async () => unwrap(await api.GET('/api/admin/inbox', { params: { query } })).data,
    refetchInterval: POLL_MS,
  });
}

/** GET /admin/inbox/{id}: the thread, the internal notes and the member's context. */
export function useConversationDetail(id: string) {
  return useQuery({
    queryKey: keys.detail(id),
    queryFn: async () =>
      unwrap(await api.GET('/api/admin/inbox/{id}', { params: { path: { id } } })).data,
    refetchInterval: POLL_MS,
    // Every opening is written to the audit log: a refetch on each focus would flood it.
    refetchOnWindowFocus: false,
  });
}

/** GET /admin/coaches: who a conversation can be assigned to. */
export function useCoaches() {
  return useQuery({
    queryKey: keys.coaches,
    queryFn: async () => unwrap(await api.GET('/api/admin/coaches')).data,
    staleTime: 5 * 60_000,
  });
}

/** After a change to a conversation: its detail, every list that shows it, and the audit log. */
function useRefreshInbox() {
  const invalidate = useInvalidate();
  return () => invalidate(keys.inbox);
}

export function useReply(id: string) {
  const refresh = useRefreshInbox();
  return useMutation({
    mutationFn: async (body: { text: string }) =>
      unwrap(await api.POST('/api/admin/inbox/{id}/replies', { params: { path: { id } }, body }))
        .data,
    onSuccess: () => refresh(),
  });
}

export function useAddNote(id: string) {
  const refresh = useRefreshInbox();
  return useMutation({
    mutationFn: async (body: { text: string }) =>
      unwrap(await api.POST('/api/admin/inbox/{id}/notes', { params: { path: { id } }, body }))
        .data,
    onSuccess: () => refresh(),
  });
}

export function useAssign(id: string) {
  const refresh = useRefreshInbox();
  return useMutation({
    mutationFn: async (coachId: string | null) =>
      unwrap(
        await api.POST('/api/admin/inbox/{id}/assign', {
          params: { path: { id } },
          body: { coach_id: coachId },
        }),
      ).data,
    onSuccess: () => refresh(),
  });
}

/** POST /admin/inbox/{id}/close or /reopen. */
export function useSetStatus(id: string) {
  const refresh = useRefreshInbox();
  return useMutation({
    mutationFn: async (action: 'close' | 'reopen') =>
      unwrap(
        action === 'close'
          ? await api.POST('/api/admin/inbox/{id}/close', { params: { path: { id } } })
          : await api.POST('/api/admin/inbox/{id}/reopen', { params: { path: { id } } }),
      ).data,
    onSuccess: () => refresh(),
  });
}

/** GET /admin/saved-replies, for one language or all of them. */
export function useSavedReplies(language?: LanguageCode) {
  return useQuery({
    queryKey: [...keys.savedReplies, language ?? 'all'],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/admin/saved-replies', {
          params: { query: language ? { language } : {} },
        }),
      ).data,
  });
}

export function useSaveSavedReply() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: { id?: string; body: SavedReplyRequest }) =>
      input.id
        ? unwrap(
            await api.PUT('/api/admin/saved-replies/{id}', {
              params: { path: { id: input.id } },
              body: input.body,
            }),
          ).data
        : unwrap(await api.POST('/api/admin/saved-replies', { body: input.body })).data,
    onSuccess: () => invalidate(keys.savedReplies),
  });
}

export function useDeleteSavedReply() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(await api.DELETE('/api/admin/saved-replies/{id}', { params: { path: { id } } })),
    onSuccess: () => invalidate(keys.savedReplies),
  });
}
