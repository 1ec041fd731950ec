import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { apiErrorMessage, errorStatus, handleApiError } from '../../lib/api';
import { authStore } from '../../lib/auth-store';
import { openCheckout } from '../../lib/checkout';
import { serverText } from '../../lib/messages';
import { notify } from '../../lib/toast';
import { fetchProfile, profileQueryKey } from '../../lib/use-profile';
import {
  planKeys,
  useCreatePlanOrder,
  useVerifyCoupon,
  verifyPlanPayment,
  type AppliedCoupon,
  type Plan,
  type PlanOrder,
} from './api';
import { planOrderRequest, quotePlan } from './plan-quote';

/** Spec §9: the redirect to the dashboard happens 1 s after the toast. */
const REDIRECT_DELAY_MS = 1000;

export type PurchasePhase = 'idle' | 'ordering' | 'paying' | 'verifying' | 'done';

/**
 * Buying a plan (spec §2, §4): Buy Now creates the order, the processing screen shows while the
 * checkout is open, and a verified payment refreshes the stored user (the top bar's plan link
 * reads its type) before going to the dashboard. A failed attempt inside the checkout and a
 * dismissed checkout are only logged: the user stays on the free plan.
 */
export function usePlanPurchase() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const createOrder = useCreatePlanOrder();
  const verifyCoupon = useVerifyCoupon();
  const [phase, setPhase] = useState<PurchasePhase>('idle');
  const [order, setOrder] = useState<PlanOrder | null>(null);
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const [couponError, setCouponError] = useState<string | null>(null);
  const redirectTimer = useRef<number | undefined>(undefined);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      window.clearTimeout(redirectTimer.current);
    };
  }, []);

  const backToPlans = useCallback(() => {
    if (!mounted.current) return;
    setPhase('idle');
    setOrder(null);
  }, []);

  const applyCoupon = useCallback(
    (code: string) => {
      setCouponError(null);
      verifyCoupon.mutate(code, {
        onSuccess: ({ message, coupon: applied }) => {
          setCoupon(applied);
          notify.success(serverText(message, 'messages.COUPON_APPLIED'));
        },
        onError: (error) => {
          setCoupon(null);
          // The server's reason (unknown, expired, used up, already used), toasted and inline.
          setCouponError(handleApiError(error, 'messages.COUPON_NOT_FOUND'));
        },
      });
    },
    [verifyCoupon],
  );

  const clearCoupon = useCallback(() => {
    setCoupon(null);
    setCouponError(null);
  }, []);

  const finish = useCallback(
    async (message: string | undefined) => {
      setPhase('done');
      notify.success(serverText(message, 'messages.PLAN_PURCHASED'));
      try {
        // A refresh started before the payment would answer 'free': drop it, and (staleTime 0)
        // never reuse the copy cached on arrival either.
        await queryClient.cancelQueries({ queryKey: profileQueryKey });
        await queryClient.fetchQuery({
          queryKey: profileQueryKey,
          queryFn: fetchProfile,
          staleTime: 0,
        });
      } catch (error) {
        // The purchase stands; the top bar must still show the premium label.
        console.error('Error Fetching User Data', error);
        const user = authStore.getState().user;
        if (user) authStore.setUser({ ...user, type: 'premium' });
      }
      // Lessons, the current plan and the dashboard all change with the plan.
      await queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== profileQueryKey[0],
      });
      redirectTimer.current = window.setTimeout(
        () => void navigate('/dashboard'),
        REDIRECT_DELAY_MS,
      );
    },
    [navigate, queryClient],
  );

  const verify = useCallback(
    async (payment: Parameters<typeof verifyPlanPayment>[0], planId: string) => {
      setPhase('verifying');
      try {
        const response = await verifyPlanPayment(payment, planId);
        await finish(response.message);
      } catch (error) {
        console.error('Plan payment verification failed', error);
        notify.error(t('messages.PURCHASE_FAILED'));
        backToPlans();
      }
    },
    [backToPlans, finish, t],
  );

  const buy = useCallback(
    async (plan: Plan) => {
      if (phase !== 'idle') return;
      setPhase('ordering');
      let created: PlanOrder;
      try {
        const quote = quotePlan(plan, coupon);
        const response = await createOrder.mutateAsync(planOrderRequest(plan, coupon, quote));
        created = response.data;
        // A 100% coupon leaves nothing to pay: the server completed the purchase already.
        if (created.payment === null) {
          setOrder(created);
          await finish(response.message);
          return;
        }
      } catch (error) {
        // Spec §8: a failed order request is only logged; the server's reason (the price
        // changed, already premium, provider down) is still worth telling the buyer.
        console.error('Plan order failed', error);
        notify.error(apiErrorMessage(error, 'messages.PURCHASE_FAILED'));
        if (errorStatus(error) === 409) {
          // Stale price, coupon or plan state: show the current ones.
          void queryClient.invalidateQueries({ queryKey: planKeys.plans });
          void queryClient.invalidateQueries({ queryKey: profileQueryKey });
        }
        backToPlans();
        return;
      }

      setOrder(created);
      setPhase('paying');
      const payment = created.payment;
      try {
        await openCheckout(payment, {
          handler: (response) => void verify(response, plan._id),
          'payment.failed': (response) => console.warn('Payment failed', response.error),
          ondismiss: () => {
            console.info('Checkout dismissed', payment.order_id);
            backToPlans();
          },
        });
      } catch (error) {
        console.error('Could not open the checkout', error);
        notify.error(t('messages.PURCHASE_FAILED'));
        backToPlans();
      }
    },
    [backToPlans, coupon, createOrder, finish, phase, queryClient, t, verify],
  );

  return {
    phase,
    order,
    buy,
    coupon,
    couponError,
    applyingCoupon: verifyCoupon.isPending,
    applyCoupon,
    clearCoupon,
  };
}
