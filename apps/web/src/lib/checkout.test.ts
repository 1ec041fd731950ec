// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  RAZORPAY_CHECKOUT_URL,
  createCheckout,
  sandboxCheckout,
  type CheckoutCallbacks,
  type CheckoutOptions,
  type RazorpayConstructor,
} from './checkout';

const options: CheckoutOptions = {
  key: 'rzp_test_key',
  amount: 530_892,
  currency: 'INR',
  name: 'Exhale',
  description: 'Lifetime Plan',
  image: 'https://exhale.example/favicon.svg',
  order_id: 'order_123',
  prefill: { name: 'Meera', email: 'meera@example.com', contact: '9876543210' },
  theme: { color: '#0f766e' },
};

function fakeRazorpay() {
  const instances: { options: Record<string, unknown>; listeners: Map<string, unknown> }[] = [];
  const open = vi.fn();
  const Razorpay = vi.fn(function (this: unknown, opts: Record<string, unknown>) {
    const listeners = new Map<string, unknown>();
    instances.push({ options: opts, listeners });
    return { on: (event: string, listener: unknown) => listeners.set(event, listener), open };
  }) as unknown as RazorpayConstructor;
  return { Razorpay, instances, open };
}

function callbacks(): Required<CheckoutCallbacks> & Record<string, ReturnType<typeof vi.fn>> {
  return { handler: vi.fn(), 'payment.failed': vi.fn(), ondismiss: vi.fn() };
}

afterEach(() => {
  delete window.Razorpay;
  document.head.innerHTML = '';
});

describe('openCheckout', () => {
  it("shows the built-in dialog when GET /api/config says 'sandbox'", async () => {
    const loadRazorpay = vi.fn();
    const openSandbox = vi.fn();
    const open = createCheckout({
      paymentProvider: async () => 'sandbox',
      loadRazorpay,
      openSandbox,
    });
    const cb = callbacks();
    await open(options, cb);
    expect(openSandbox).toHaveBeenCalledWith(options, cb);
    expect(loadRazorpay).not.toHaveBeenCalled();
  });

  it("opens Razorpay Checkout with the same options and callbacks when it says 'razorpay'", async () => {
    const { Razorpay, instances, open: widgetOpen } = fakeRazorpay();
    const openSandbox = vi.fn();
    const open = createCheckout({
      paymentProvider: async () => 'razorpay',
      loadRazorpay: async () => Razorpay,
      openSandbox,
    });
    const cb = callbacks();
    await open(options, cb);

    expect(openSandbox).not.toHaveBeenCalled();
    expect(widgetOpen).toHaveBeenCalledTimes(1);
    const [{ options: passed, listeners }] = instances as [(typeof instances)[number]];
    expect(passed).toMatchObject(options);

    const success = {
      razorpay_payment_id: 'pay_1',
      razorpay_order_id: 'order_123',
      razorpay_signature: 'sig',
    };
    (passed.handler as CheckoutCallbacks['handler'])(success);
    expect(cb.handler).toHaveBeenCalledWith(success);

    (passed.modal as { ondismiss: () => void }).ondismiss();
    expect(cb.ondismiss).toHaveBeenCalled();

    const failure = { error: { description: 'declined' } };
    (listeners.get('payment.failed') as (value: unknown) => void)(failure);
    expect(cb['payment.failed']).toHaveBeenCalledWith(failure);
  });

  it('rejects, without calling back, when the widget cannot be loaded', async () => {
    const open = createCheckout({
      paymentProvider: async () => 'razorpay',
      loadRazorpay: () => Promise.reject(new Error('offline')),
      openSandbox: vi.fn(),
    });
    const cb = callbacks();
    await expect(open(options, cb)).rejects.toThrow('offline');
    expect(cb.handler).not.toHaveBeenCalled();
    expect(cb.ondismiss).not.toHaveBeenCalled();
  });
});

describe('loadRazorpayScript', () => {
  // The module remembers the script it added; each test starts from a fresh copy of it.
  async function freshLoader() {
    vi.resetModules();
    return (await import('./checkout')).loadRazorpayScript;
  }

  it('adds checkout.js once, however many payments start', async () => {
    const loadRazorpayScript = await freshLoader();
    const first = loadRazorpayScript();
    const second = loadRazorpayScript();
    const scripts = document.head.querySelectorAll(`script[src="${RAZORPAY_CHECKOUT_URL}"]`);
    expect(scripts).toHaveLength(1);

    const { Razorpay } = fakeRazorpay();
    window.Razorpay = Razorpay;
    scripts[0]!.dispatchEvent(new Event('load'));
    expect(await first).toBe(Razorpay);
    expect(await second).toBe(Razorpay);
    expect(await loadRazorpayScript()).toBe(Razorpay);
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
  });

  it('tries again after a failed load', async () => {
    const loadRazorpayScript = await freshLoader();
    const failed = loadRazorpayScript();
    document.head.querySelector('script')!.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow();
    expect(document.head.querySelectorAll('script')).toHaveLength(0);

    void loadRazorpayScript();
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
  });
});

describe('sandboxCheckout store', () => {
  it('holds the open request until that request closes', () => {
    const listener = vi.fn();
    const unsubscribe = sandboxCheckout.subscribe(listener);
    sandboxCheckout.open(options, callbacks());
    const request = sandboxCheckout.getSnapshot()!;
    expect(request.options).toBe(options);
    sandboxCheckout.close(request.id + 1);
    expect(sandboxCheckout.getSnapshot()).toBe(request);
    sandboxCheckout.close(request.id);
    expect(sandboxCheckout.getSnapshot()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });
});
