import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessagingPreferences, MessagingPreferencesRequest } from '@exhale/contract/messaging';
import { api, unwrap } from '../../lib/api';
import { messagingPreferencesKey, messagingPreferencesQuery } from './queries';

// The member's programme message settings (API.md "Messaging programme").

export type { MessagingPreferences, MessagingPreferencesRequest };

export { messagingPreferencesKey } from './queries';

export function useMessagingPreferences() {
  return useQuery(messagingPreferencesQuery);
}

/** PUT /messaging/preferences; the answer replaces the cached settings. */
export function useSaveMessagingPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: MessagingPreferencesRequest) =>
      unwrap(await api.PUT('/api/messaging/preferences', { body })),
    onSuccess: (response) => queryClient.setQueryData(messagingPreferencesKey, response.data),
  });
}
