import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSetting } from '@exhale/contract/content';
import type { LanguageCode } from '@exhale/contract/languages';
import { api, unwrap } from '../../lib/api';
import { notificationSettingsKey, notificationSettingsQuery } from './queries';

export interface BellNotification {
  _id: string;
  title: string;
  message: string;
  /** The language the API wrote it in (decision 065); null or absent when unknown. */
  language?: LanguageCode | null;
}

// A failed fetch is only logged and reads as "nothing new" (spec §8): the bell must never
// interrupt the page with an error toast.
async function fetchBellNotifications(): Promise<BellNotification[]> {
  try {
    return unwrap(await api.GET('/api/notification')).data;
  } catch (error) {
    console.error('Error fetching notifications', error);
    return [];
  }
}

/** The bell's list, fetched when the sheet opens rather than on every page view. */
export function useBellNotifications(enabled: boolean) {
  return useQuery({
    queryKey: ['notifications', 'bell'],
    queryFn: fetchBellNotifications,
    enabled,
  });
}

export type { NotificationSetting };

export { notificationSettingsKey } from './queries';

export function useNotificationSettings() {
  return useQuery(notificationSettingsQuery);
}

/**
 * PUT /user-notification/{id}. The switch moves at once; a failure puts it back (the page toasts
 * 'Notification update error').
 */
export function useUpdateNotificationSetting() {
  const queryClient = useQueryClient();
  const setStatus = (id: string, status: boolean) =>
    queryClient.setQueryData<NotificationSetting[]>(notificationSettingsKey, (list) =>
      list?.map((setting) => (setting._id === id ? { ...setting, status } : setting)),
    );
  return useMutation({
    mutationFn: async ({ id, status }: { id: string; status: boolean }) =>
      unwrap(
        await api.PUT('/api/user-notification/{id}', {
          params: { path: { id } },
          body: { status },
        }),
      ).data,
    onMutate: ({ id, status }) => setStatus(id, status),
    onError: (_error, { id, status }) => setStatus(id, !status),
    onSuccess: (setting) => setStatus(setting._id, setting.status),
  });
}

/** PUT /user-notification/reset: every setting back to its default. */
export function useResetNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api.PUT('/api/user-notification/reset')),
    onSuccess: (response) => queryClient.setQueryData(notificationSettingsKey, response.data),
  });
}
