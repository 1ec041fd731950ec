import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api';

/**
 * POST /api/user/profile/whatsapp-check: sends a code to the number and answers with the
 * whatsapp-kind token, which then authenticates the verify call (spec §6 bearer order).
 */
export function useWhatsappCheck() {
  return useMutation({
    mutationFn: async (whatsappNo: string) =>
      unwrap(
        await api.POST('/api/user/profile/whatsapp-check', {
          body: { whatsapp_no: whatsappNo, check: false },
        }),
      ),
  });
}

/** POST /api/user/profile/whatsapp-verify: saves the number; answers with the updated user. */
export function useWhatsappVerify() {
  return useMutation({
    mutationFn: async (body: { whatsapp_no: string; otp: string }) =>
      unwrap(await api.POST('/api/user/profile/whatsapp-verify', { body })),
  });
}
