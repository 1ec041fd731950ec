import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api';

/** DELETE /auth/user/delete, authorised by the token from the mailed link (spec §6). */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: async (linkToken: string) =>
      unwrap(
        await api.DELETE('/api/auth/user/delete', {
          headers: { Authorization: `Bearer ${linkToken}` },
        }),
      ),
  });
}
