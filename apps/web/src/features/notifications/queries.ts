import { queryOptions } from '@tanstack/react-query';
import type { NotificationSetting } from '@exhale/contract/content';
import { api, unwrap } from '../../lib/api';

// Read by the settings page (api.ts) and started by its route loader (app/routes/page-data.ts).

export const notificationSettingsKey = ['notifications', 'settings'] as const;

/** GET /user-notification: the caller's settings, in the order they are listed. */
export const notificationSettingsQuery = queryOptions({
  queryKey: notificationSettingsKey,
  queryFn: async (): Promise<NotificationSetting[]> =>
    unwrap(await api.GET('/api/user-notification')).data,
});
