// The console's people calls (API.md "Admin"): members, feedback and notification settings.
import type {
  AdminNotificationDefinitionCreate,
  AdminNotificationDefinitionUpdate,
  AdminNotify,
} from '@exhale/contract/admin';
import type { UserRole } from '@exhale/contract/auth';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { type FeedbackStatus, keys, type PageArgs, useInvalidate } from './shared';

// --- people -----------------------------------------------------------------------------------

export function useUsers(query: PageArgs & { q?: string }) {
  return useQuery({
    queryKey: keys.users(query),
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(await api.GET('/api/admin/users', { params: { query: { page_size: 25, ...query } } })),
  });
}

/** GET /admin/outcomes: follow-up answers per cohort (month of the quit date). */
export function useOutcomes() {
  return useQuery({
    queryKey: ['admin', 'outcomes'],
    queryFn: async () =>
      unwrap(await api.GET('/api/admin/outcomes', { params: { query: { group: 'month' } } })).data,
  });
}

export function useUserDetail(id: string) {
  return useQuery({
    queryKey: keys.user(id),
    queryFn: async () =>
      unwrap(await api.GET('/api/admin/users/{id}', { params: { path: { id } } })).data,
  });
}

export function useChangeRole() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: { id: string; role: UserRole }) =>
      unwrap(
        await api.PUT('/api/admin/users/{id}/role', {
          params: { path: { id: input.id } },
          body: { role: input.role },
        }),
      ).data,
    onSuccess: () => invalidate(['admin', 'users']),
  });
}

export function useNotifyUser() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: { id: string; body: AdminNotify }) =>
      unwrap(
        await api.POST('/api/admin/users/{id}/notifications', {
          params: { path: { id: input.id } },
          body: input.body,
        }),
      ),
    onSuccess: () => invalidate(),
  });
}

export function useFeedback(query: PageArgs & { status: FeedbackStatus }) {
  return useQuery({
    queryKey: keys.feedback(query),
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(
        await api.GET('/api/admin/feedback', { params: { query: { page_size: 25, ...query } } }),
      ),
  });
}

export function useReplyFeedback() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: { id: string; reply: string }) =>
      unwrap(
        await api.POST('/api/admin/feedback/{id}/reply', {
          params: { path: { id: input.id } },
          body: { reply: input.reply },
        }),
      ).data,
    onSuccess: () => invalidate(['admin', 'feedback'], ['admin', 'users']),
  });
}

// --- notification definitions ------------------------------------------------------------------

export function useNotificationDefinitions() {
  return useQuery({
    queryKey: keys.notificationDefinitions,
    queryFn: async () => unwrap(await api.GET('/api/admin/notification-definitions')).data,
  });
}

export function useSaveNotificationDefinition() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: {
      id?: string;
      body: AdminNotificationDefinitionCreate | AdminNotificationDefinitionUpdate;
    }) =>
      input.id
        ? unwrap(
            await api.PUT('/api/admin/notification-definitions/{id}', {
              params: { path: { id: input.id } },
              body: input.body as AdminNotificationDefinitionUpdate,
            }),
          ).data
        : unwrap(
            await api.POST('/api/admin/notification-definitions', {
              body: input.body as AdminNotificationDefinitionCreate,
            }),
          ).data,
    onSuccess: () => invalidate(keys.notificationDefinitions),
  });
}

export function useDeleteNotificationDefinition() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(
        await api.DELETE('/api/admin/notification-definitions/{id}', {
          params: { path: { id } },
        }),
      ),
    onSuccess: () => invalidate(keys.notificationDefinitions),
  });
}
