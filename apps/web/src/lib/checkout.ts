import type { CheckoutOptions } from '@exhale/contract/payments';
import { fetchPublicConfig } from './public-config';

/**
 * The payment widget behind one Razorpay-shaped API (ARCHITECTURE §3). Pages pass the server's
 * `data.payment` options and Razorpay's three callbacks; which widget runs is decided here from
 * GET /api/config: the built-in sandbox dialog (rendered by features/checkout, mounted by the app
 * layout) or Razorpay Checkout, whose script is loaded on the first payment only.
 *
 * It lives in lib because two features (plans, live sessions) open it and features do not
 * import each other.
 */

export type { CheckoutOptions };

/** What Razorpay Checkout hands `options.handler` after a payment. */
export interface CheckoutSuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

/** What Razorpay Checkout hands a `payment.failed` listener. */
export interface CheckoutFailure {
  error: {
    code: string;
    description: string;
    source: string;
    step: string;
    reason: string;
    metadata: { order_id: string; payment_id: string };
  };
}

/** Razorpay's callbacks, under their Razorpay names. */
export interface CheckoutCallbacks {
  /** `options.handler`: the payment went through; verify it on the server. */
  handler: (response: CheckoutSuccess) => void;
  /** `rzp.on('payment.failed', …)`: one attempt failed; the widget stays open for a retry. */
  'payment.failed'?: (response: CheckoutFailure) => void;
  /** `options.modal.ondismiss`: the buyer closed the widget without paying. */
  ondismiss?: () => void;
}

export type PaymentProviderName = 'sandbox' | 'razorpay';

// --- Razorpay Checkout -------------------------------------------------------------------------

export const RAZORPAY_CHECKOUT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

interface RazorpayInstance {
  on(event: 'payment.failed', listener: (response: CheckoutFailure) => void): void;
  open(): void;
}

type RazorpayOptions = CheckoutOptions & {
  handler: (response: CheckoutSuccess) => void;
  modal: { ondismiss: () => void };
};

export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

let razorpayScript: Promise<RazorpayConstructor> | null = null;

/** Adds Razorpay's checkout.js once; a failed load is forgotten so the next payment retries. */
export function loadRazorpayScript(): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  razorpayScript ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RAZORPAY_CHECKOUT_URL;
    script.async = true;
    const fail = () => {
      razorpayScript = null;
      script.remove();
      reject(new Error('Could not load the Razorpay checkout script'));
    };
    script.addEventListener('load', () => (window.Razorpay ? resolve(window.Razorpay) : fail()));
    script.addEventListener('error', fail);
    document.head.appendChild(script);
  });
  return razorpayScript;
}

// --- Sandbox dialog --------------------------------------------------------------------------

/** One open sandbox checkout, waiting for the dialog to show it. */
export interface SandboxCheckoutRequest {
  id: number;
  options: CheckoutOptions;
  callbacks: CheckoutCallbacks;
}

let sandboxRequest: SandboxCheckoutRequest | null = null;
let nextRequestId = 1;
const sandboxListeners = new Set<() => void>();

function publishSandbox(request: SandboxCheckoutRequest | null): void {
  sandboxRequest = request;
  for (const listener of sandboxListeners) listener();
}

/** The store the sandbox dialog reads (useSyncExternalStore). */
export const sandboxCheckout = {
  subscribe(listener: () => void): () => void {
    sandboxListeners.add(listener);
    return () => sandboxListeners.delete(listener);
  },
  getSnapshot(): SandboxCheckoutRequest | null {
    return sandboxRequest;
  },
  open(options: CheckoutOptions, callbacks: CheckoutCallbacks): void {
    publishSandbox({ id: nextRequestId++, options, callbacks });
  },
  /** Closes the dialog; only the request that is showing can close it. */
  close(id: number): void {
    if (sandboxRequest?.id === id) publishSandbox(null);
  },
};

// --- The adapter -----------------------------------------------------------------------------

export interface CheckoutDependencies {
  paymentProvider: () => Promise<PaymentProviderName>;
  loadRazorpay: () => Promise<RazorpayConstructor>;
  openSandbox: (options: CheckoutOptions, callbacks: CheckoutCallbacks) => void;
}

export function createCheckout(deps: CheckoutDependencies) {
  /**
   * Opens the payment widget for an order. Resolves once it is showing; rejects when it cannot be
   * shown (config or script unavailable), in which case no callback will ever run.
   */
  return async function openCheckout(
    options: CheckoutOptions,
    callbacks: CheckoutCallbacks,
  ): Promise<void> {
    const provider = await deps.paymentProvider();
    if (provider === 'sandbox') {
      deps.openSandbox(options, callbacks);
      return;
    }
    const Razorpay = await deps.loadRazorpay();
    const widget = new Razorpay({
      ...options,
      handler: callbacks.handler,
      modal: { ondismiss: () => callbacks.ondismiss?.() },
    });
    widget.on('payment.failed', (response) => callbacks['payment.failed']?.(response));
    widget.open();
  };
}

export const openCheckout = createCheckout({
  paymentProvider: async () => (await fetchPublicConfig()).payment.provider,
  loadRazorpay: loadRazorpayScript,
  openSandbox: sandboxCheckout.open,
});
