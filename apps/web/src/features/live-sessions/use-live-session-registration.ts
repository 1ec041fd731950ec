import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Messages } from '@exhale/contract/messages';
import { handleApiError, isApiErrorBody } from '../../lib/api';
import { authStore } from '../../lib/auth-store';
import { openCheckout } from '../../lib/checkout';
import { serverText } from '../../lib/messages';
import { setLiveSession } from '../../lib/storage';
import { notify } from '../../lib/toast';
import {
  liveSessionKeys,
  useRegisterLiveSession,
  verifyLiveSessionPayment,
  type LiveSession,
} from './api';

/**
 * REGISTER (spec §4 "Live session registration"): create the order; an "already enrolled" answer
 * warns and carries on with the returned data (which has nothing to pay, so it stops there); the
 * checkout opens; its payment is verified. Dismissing the checkout is only logged.
 */
export function useLiveSessionRegistration() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const register = useRegisterLiveSession();
  const [busyId, setBusyId] = useState<string | null>(null);

  /** The top bar shows the live-session link for the owner of this record (spec §2, §6). */
  const rememberRegistration = useCallback(() => {
    const user = authStore.getState().user;
    if (!user) return;
    setLiveSession({ user_id: user._id, liveSession: true });
    authStore.refresh();
  }, []);

  const registered = useCallback(() => {
    rememberRegistration();
    void queryClient.invalidateQueries({ queryKey: liveSessionKeys.list });
  }, [queryClient, rememberRegistration]);

  const verify = useCallback(
    async (payment: Parameters<typeof verifyLiveSessionPayment>[0], sessionId: string) => {
      try {
        const response = await verifyLiveSessionPayment(payment, sessionId);
        if (response.success) {
          notify.success(serverText(response.message, 'messages.LIVE_SESSION_REGISTERED'));
          registered();
        } else {
          notify.error(t('messages.PAYMENT_VERIFICATION_FAILED'));
        }
      } catch (error) {
        console.error('Live session payment verification failed', error);
        // The server checked and refused (bad signature) versus the call itself failing.
        notify.error(
          isApiErrorBody(error)
            ? t('messages.PAYMENT_VERIFICATION_FAILED')
            : t('messages.PAYMENT_VERIFICATION_ERROR'),
        );
      } finally {
        setBusyId(null);
      }
    },
    [registered, t],
  );

  const start = useCallback(
    async (session: LiveSession) => {
      if (busyId) return;
      setBusyId(session._id);
      let response;
      try {
        response = await register.mutateAsync(session);
      } catch (error) {
        // Spec §8: a failed order request is only logged; the server's reason (closed, price
        // changed, provider down) still tells the user why nothing opened.
        handleApiError(error, 'common.genericError');
        setBusyId(null);
        return;
      }
      const { message, data } = response;
      if (message === Messages.ALREADY_ENROLLED.message) {
        notify.warning(t('messages.ALREADY_ENROLLED'));
      } else if (data.payment === null && message) {
        notify.success(serverText(message, 'messages.LIVE_SESSION_REGISTERED'));
      }
      if (data.payment === null) {
        // Nothing to pay: already enrolled, or a free session the server registered at once.
        if (data.registered) registered();
        setBusyId(null);
        return;
      }
      const payment = data.payment;
      try {
        await openCheckout(payment, {
          handler: (result) => void verify(result, data.session_id),
          'payment.failed': (result) => console.warn('Payment failed', result.error),
          ondismiss: () => {
            console.info('Checkout dismissed', payment.order_id);
            setBusyId(null);
          },
        });
      } catch (error) {
        console.error('Could not open the checkout', error);
        notify.error(t('common.genericError'));
        setBusyId(null);
      }
    },
    [busyId, register, registered, t, verify],
  );

  return { start, busyId };
}
