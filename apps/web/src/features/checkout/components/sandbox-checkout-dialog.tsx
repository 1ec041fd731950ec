import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRupees } from '@exhale/contract/money';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/loader';
import { apiErrorMessage } from '../../../lib/api';
import { sandboxCheckout, type SandboxCheckoutRequest } from '../../../lib/checkout';
import { isCheckoutSuccess, sandboxPay } from '../api';

/**
 * The local payment provider's checkout (ARCHITECTURE §3): behaves like Razorpay Checkout towards
 * the page. Pay closes the dialog and calls `handler`; Fail reports `payment.failed` and stays
 * open for another try, as Razorpay's widget does; Dismiss, Escape and the close button call
 * `ondismiss`. Mounted once by the app layout; pages open it through lib/checkout.
 */
export function SandboxCheckoutDialog() {
  const request = useSyncExternalStore(
    sandboxCheckout.subscribe,
    sandboxCheckout.getSnapshot,
    sandboxCheckout.getSnapshot,
  );
  if (!request) return null;
  // Keyed by request so a new checkout never inherits the last one's error or busy state.
  return <SandboxCheckout key={request.id} request={request} />;
}

function SandboxCheckout({ request }: { request: SandboxCheckoutRequest }) {
  const { t } = useTranslation();
  const { options, callbacks } = request;
  const [busy, setBusy] = useState<'success' | 'failure' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const dismiss = () => {
    if (busy) return;
    sandboxCheckout.close(request.id);
    callbacks.ondismiss?.();
  };

  const attempt = async (outcome: 'success' | 'failure') => {
    setBusy(outcome);
    setProblem(null);
    try {
      const result = await sandboxPay(options.order_id, outcome);
      if (isCheckoutSuccess(result)) {
        sandboxCheckout.close(request.id);
        callbacks.handler(result);
        return;
      }
      setProblem(t('checkout.failed'));
      callbacks['payment.failed']?.(result);
    } catch (error) {
      setProblem(apiErrorMessage(error, 'common.genericError'));
    }
    setBusy(null);
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : dismiss())}>
      <DialogContent title={options.name} description={options.description}>
        <p className="mt-4 text-sm text-ink-muted">{t('checkout.amountLabel')}</p>
        <p className="text-3xl font-bold text-brand-900" data-testid="checkout-amount">
          {formatRupees(options.amount)}
        </p>
        {options.prefill.email ? (
          <p className="mt-2 text-sm text-ink-muted">
            {t('checkout.payingAs', { email: options.prefill.email })}
          </p>
        ) : null}
        <p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {t('checkout.sandboxNote')}
        </p>
        {problem ? (
          <p role="alert" className="mt-4 font-medium text-red-700">
            {problem}
          </p>
        ) : null}
        <div className="mt-6 flex flex-wrap gap-3" aria-busy={busy !== null}>
          <Button disabled={busy !== null} onClick={() => void attempt('success')}>
            {busy === 'success' ? <Spinner className="size-5 text-white" /> : null}
            {t('checkout.pay')}
          </Button>
          <Button
            variant="secondary"
            disabled={busy !== null}
            onClick={() => void attempt('failure')}
          >
            {busy === 'failure' ? <Spinner className="size-5" /> : null}
            {t('checkout.fail')}
          </Button>
          <Button variant="ghost" disabled={busy !== null} onClick={dismiss}>
            {t('checkout.dismiss')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
