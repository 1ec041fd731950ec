import { useMutation, useQuery } from '@tanstack/react-query';
import type { CurrentPlan, Plan, RefundState } from '@exhale/contract/payments';
import { api, unwrap } from '../../lib/api';
import { planStateKey, usePlanState, type PlanState } from '../../lib/plan-state';
import type { CheckoutSuccess } from '../../lib/checkout';
import { plansKey, plansQuery } from './queries';

export type { CurrentPlan, Plan, PlanState, RefundState };

export const planKeys = {
  plans: plansKey,
  current: planStateKey,
};

export function usePlans() {
  return useQuery(plansQuery);
}

/** GET /user-plan/current (shared with the dashboard, lib/plan-state.ts). */
export const useCurrentPlan = usePlanState;

export interface AppliedCoupon {
  id: string;
  code: string;
  type: 'off' | 'percent';
  value: number;
}

/** POST /coupon/verify. */
export function useVerifyCoupon() {
  return useMutation({
    mutationFn: async (code: string) => {
      const response = unwrap(await api.POST('/api/coupon/verify', { body: { code } }));
      const coupon: AppliedCoupon = { ...response.data, code };
      return { message: response.message, coupon };
    },
  });
}

export interface PlanOrderRequest {
  plan_id: string;
  coupon_id?: string;
  total: number;
  sub_total: number;
  gst: number;
}

/** POST /user-plan: the server prices the order again and opens a checkout for it. */
export function useCreatePlanOrder() {
  return useMutation({
    mutationFn: async (body: PlanOrderRequest) =>
      unwrap(await api.POST('/api/user-plan', { body })),
  });
}

export type PlanOrder = Awaited<
  ReturnType<ReturnType<typeof useCreatePlanOrder>['mutateAsync']>
>['data'];

/** POST /user-plan/verify with the checkout's signature in `x-razorpay-signature`. */
export async function verifyPlanPayment(payment: CheckoutSuccess, planId: string) {
  return unwrap(
    await api.POST('/api/user-plan/verify', {
      params: { header: { 'x-razorpay-signature': payment.razorpay_signature } },
      body: {
        order_id: payment.razorpay_order_id,
        payment_id: payment.razorpay_payment_id,
        id: planId,
      },
    }),
  );
}

/** PUT /user-plan/request-refund. Repeats answer `data.success: false`, not an error. */
export function useRequestRefund() {
  return useMutation({
    mutationFn: async (request: { id: string; reason?: string }) =>
      unwrap(await api.PUT('/api/user-plan/request-refund', { body: request })).data,
  });
}

/**
 * GET /user-plan/invoice/{id} with the bearer token (a plain link could not send it), saved
 * through a temporary object URL under the server's file name.
 */
export async function downloadInvoice(invoiceId: string): Promise<void> {
  const { data, error, response } = await api.GET('/api/user-plan/invoice/{id}', {
    params: { path: { id: invoiceId } },
    parseAs: 'blob',
  });
  if (error || !(data instanceof Blob)) unwrap({ data: undefined, error, response });
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `invoice-${invoiceId}.pdf`;
  const url = URL.createObjectURL(data as Blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes.
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
