import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRupees } from '@exhale/contract/money';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/loader';
import { apiErrorMessage } from '../../../lib/api';
import { sandboxCheckout, type SandboxCheckoutRequest } from '../../../lib/checkout';
import { isCheckoutSuccess, sandboxPay } from '../api';
import { accentColor, logoUrl, readableTextOn } from '../checkout-theme';

/**
 * The local payment provider's checkout (ARCHITECTURE §3): behaves like Razorpay Checkout towards
 * the page. Pay closes the dialog and calls `handler`; Fail reports `payment.failed` and stays
 * open for another try, as Razorpay's widget does; Dismiss, Escape and the close button call
 * `ondismiss`. Mounted once by the app layout; pages open it through lib/checkout.
 *
 * Like Razorpay's, it shows `image` as the merchant's logo beside `name` and takes its accent from
 * `theme.color` (a bar along the top and the Pay button, whose text is white or black, whichever
 * is readable on it). `key` is deliberately ignored: it names the merchant account to Razorpay,
 * the sandbox has none, and the note below already says that no money is taken.
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
  const accent = accentColor(options.theme?.color);
  const onAccent = readableTextOn(accent);

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
      <DialogContent
        title={<MerchantTitle name={options.name} image={options.image} />}
        description={options.description}
      >
        <div
          aria-hidden="true"
          data-testid="checkout-accent"
          className="absolute inset-x-0 top-0 h-2"
          style={{ backgroundColor: accent }}
        />
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
          <Button
            disabled={busy !== null}
            onClick={() => void attempt('success')}
            // The theme's colour replaces the brand's. Hover underlines instead of shading: a
            // darker or lighter shade of an arbitrary colour could lose the text's contrast.
            className="underline-offset-4 hover:underline"
            style={{ backgroundColor: accent, color: onAccent }}
          >
            {busy === 'success' ? <Spinner className="size-5 text-current" /> : null}
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

/**
 * The merchant's name, with its logo in front when there is one. The logo's alt text is the name,
 * so the visible name is hidden from screen readers and the dialog is still called just `name`.
 * A logo that fails to load gives way to the plain name.
 */
function MerchantTitle({ name, image }: { name: string; image: string | undefined }) {
  const src = logoUrl(image);
  const [failed, setFailed] = useState(false);
  if (!src || failed) return <>{name}</>;
  return (
    <span className="flex items-center gap-3">
      <img
        src={src}
        alt={name}
        width={40}
        height={40}
        className="size-10 shrink-0 rounded-lg object-contain"
        onError={() => setFailed(true)}
      />
      <span aria-hidden="true">{name}</span>
    </span>
  );
}
