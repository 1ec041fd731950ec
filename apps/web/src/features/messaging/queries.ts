import { queryOptions } from '@tanstack/react-query';
import type { MessagingPreferences } from '@exhale/contract/messaging';
import { api, unwrap } from '../../lib/api';

// Read by the preferences section (api.ts) and started by the /notifications route loader
// (app/routes/page-data.ts).

export const messagingPreferencesKey = ['messaging', 'preferences'] as const;

/** GET /messaging/preferences. */
export const messagingPreferencesQuery = queryOptions({
  queryKey: messagingPreferencesKey,
  queryFn: async (): Promise<MessagingPreferences> =>
    unwrap(await api.GET('/api/messaging/preferences')).data,
});
