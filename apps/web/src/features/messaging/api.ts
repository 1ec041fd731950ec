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

/**
 * POST /user/profile/mobile-check: a code by SMS to the member's own mobile number (decision 078).
 */
export function useSendMobileCode() {
  return useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/user/profile/mobile-check')),
  });
}

/** POST /user/profile/mobile-verify: the number is verified; the settings are read again. */
export function useVerifyMobileCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (otp: string) =>
      unwrap(await api.POST('/api/user/profile/mobile-verify', { body: { otp } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagingPreferencesKey }),
  });
}
