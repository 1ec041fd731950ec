// The console's commerce calls (API.md "Admin"): plans, coupons, live sessions, payments, refunds.
import type {
  AdminCouponCreate,
  AdminCouponUpdate,
  AdminLiveSessionCreate,
  AdminLiveSessionUpdate,
  AdminPlanCreate,
  AdminPlanUpdate,
} from '@exhale/contract/admin';
import type { RefundStatus } from '@exhale/contract/payments';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { downloadFile, keys, type PageArgs, useInvalidate } from './shared';

// --- commerce ---------------------------------------------------------------------------------

export function usePlans() {
  return useQuery({
    queryKey: keys.plans,
    queryFn: async () => unwrap(await api.GET('/api/admin/plans')).data,
  });
}

export function useSavePlan() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: { id?: string; body: AdminPlanCreate | AdminPlanUpdate }) =>
      input.id
        ? unwrap(
            await api.PUT('/api/admin/plans/{id}', {
              params: { path: { id: input.id } },
              body: input.body as AdminPlanUpdate,
            }),
          ).data
        : unwrap(await api.POST('/api/admin/plans', { body: input.body as AdminPlanCreate })).data,
    onSuccess: () => invalidate(keys.plans),
  });
}

export function useCoupons() {
  return useQuery({
    queryKey: keys.coupons,
    queryFn: async () => unwrap(await api.GET('/api/admin/coupons')).data,
  });
}

export function useSaveCoupon() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: { id?: string; body: AdminCouponCreate | AdminCouponUpdate }) =>
      input.id
        ? unwrap(
            await api.PUT('/api/admin/coupons/{id}', {
              params: { path: { id: input.id } },
              body: input.body as AdminCouponUpdate,
            }),
          ).data
        : unwrap(await api.POST('/api/admin/coupons', { body: input.body as AdminCouponCreate }))
            .data,
    onSuccess: () => invalidate(keys.coupons),
  });
}

export function useLiveSessions() {
  return useQuery({
    queryKey: keys.liveSessions,
    queryFn: async () => unwrap(await api.GET('/api/admin/live-sessions')).data,
  });
}

export function useSaveLiveSession() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: {
      id?: string;
      body: AdminLiveSessionCreate | AdminLiveSessionUpdate;
    }) =>
      input.id
        ? unwrap(
            await api.PUT('/api/admin/live-sessions/{id}', {
              params: { path: { id: input.id } },
              body: input.body as AdminLiveSessionUpdate,
            }),
          ).data
        : unwrap(
            await api.POST('/api/admin/live-sessions', {
              body: input.body as AdminLiveSessionCreate,
            }),
          ).data,
    onSuccess: () => invalidate(keys.liveSessions),
  });
}

export function useEnrolments(id: string | undefined) {
  return useQuery({
    queryKey: keys.enrolments(id ?? ''),
    enabled: id !== undefined,
    queryFn: async () =>
      unwrap(
        await api.GET('/api/admin/live-sessions/{id}/enrolments', {
          params: { path: { id: id! } },
        }),
      ).data,
  });
}

export function usePayments(query: PageArgs & { q?: string }) {
  return useQuery({
    queryKey: keys.payments(query),
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(
        await api.GET('/api/admin/payments', { params: { query: { page_size: 25, ...query } } }),
      ),
  });
}

/** The invoice PDF of a payment. */
export function downloadInvoice(paymentId: string): Promise<void> {
  return downloadFile(
    `/api/admin/payments/${encodeURIComponent(paymentId)}/invoice`,
    'invoice.pdf',
  );
}

/** The GST credit note PDF of an approved refund (decision 029). */
export function downloadCreditNote(refundId: string): Promise<void> {
  return downloadFile(
    `/api/admin/refunds/${encodeURIComponent(refundId)}/credit-note`,
    'credit-note.pdf',
  );
}

export function useRefunds(query: PageArgs & { status?: RefundStatus }) {
  return useQuery({
    queryKey: keys.refunds(query),
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(
        await api.GET('/api/admin/refunds', { params: { query: { page_size: 25, ...query } } }),
      ),
  });
}

export function useDecideRefund() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: { id: string; decision: 'approve' | 'reject'; reason?: string }) =>
      input.decision === 'approve'
        ? unwrap(
            await api.POST('/api/admin/refunds/{id}/approve', {
              params: { path: { id: input.id } },
            }),
          )
        : unwrap(
            await api.POST('/api/admin/refunds/{id}/reject', {
              params: { path: { id: input.id } },
              body: { reason: input.reason ?? '' },
            }),
          ),
    onSuccess: () => invalidate(['admin', 'refunds'], ['admin', 'payments'], ['admin', 'users']),
  });
}
