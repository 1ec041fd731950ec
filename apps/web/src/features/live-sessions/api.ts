import { useMutation, useQuery } from '@tanstack/react-query';
import { liveSessionAmounts, paiseToRupees } from '@exhale/contract/money';
import type { LiveSession } from '@exhale/contract/payments';
import { api, unwrap } from '../../lib/api';
import type { CheckoutSuccess } from '../../lib/checkout';

export type { LiveSession };

export const liveSessionKeys = { list: ['live-sessions', 'list'] as const };

/** GET /live-session: upcoming first, each with whether the caller is registered. */
export function useLiveSessions() {
  return useQuery({
    queryKey: liveSessionKeys.list,
    queryFn: async (): Promise<LiveSession[]> => unwrap(await api.GET('/api/live-session')).data,
  });
}

/**
 * POST /user-live-session's body. The list gives only the amount, and the API has no quote, yet
 * the server compares the client's total with its own; the figures therefore come from the
 * contract's `liveSessionAmounts` (gst = amount × 18%, total = amount + gst: spec §9), the same
 * function the server prices the order with, never from arithmetic here.
 */
export function registrationRequest(session: LiveSession) {
  // A session included in the caller's plan (decision 041) costs them nothing.
  const amounts = liveSessionAmounts(session.included_in_plan ? 0 : session.amount_paise);
  return {
    live_session: session._id,
    total: paiseToRupees(amounts.totalPaise),
    sub_total: paiseToRupees(amounts.subTotalPaise),
    gst: paiseToRupees(amounts.gstPaise),
  };
}

export function useRegisterLiveSession() {
  return useMutation({
    mutationFn: async (session: LiveSession) =>
      unwrap(await api.POST('/api/user-live-session', { body: registrationRequest(session) })),
  });
}

/** POST /user-live-session/verify with the checkout's signature in `x-razorpay-signature`. */
export async function verifyLiveSessionPayment(payment: CheckoutSuccess, sessionId: string) {
  return unwrap(
    await api.POST('/api/user-live-session/verify', {
      params: { header: { 'x-razorpay-signature': payment.razorpay_signature } },
      body: {
        order_id: payment.razorpay_order_id,
        payment_id: payment.razorpay_payment_id,
        id: sessionId,
      },
    }),
  );
}
