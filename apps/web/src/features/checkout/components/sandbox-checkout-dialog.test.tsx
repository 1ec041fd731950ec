// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sandboxCheckout, type CheckoutOptions } from '../../../lib/checkout';
import { initI18n } from '../../../lib/i18n';
import { sandboxPay } from '../api';
import { SandboxCheckoutDialog } from './sandbox-checkout-dialog';

vi.mock('../api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api')>()),
  sandboxPay: vi.fn(),
}));

const pay = vi.mocked(sandboxPay);

const options: CheckoutOptions = {
  key: 'rzp_sandbox',
  amount: 530_892,
  currency: 'INR',
  name: 'Exhale',
  description: 'Lifetime Plan',
  image: '/favicon.svg',
  order_id: 'order_abc',
  prefill: { name: 'Meera', email: 'meera@example.com', contact: '' },
  theme: { color: '#0f766e' },
};

const failure = {
  error: {
    code: 'BAD_REQUEST_ERROR',
    description: 'Your payment could not be completed (sandbox).',
    source: 'customer',
    step: 'payment_authorization',
    reason: 'payment_failed',
    metadata: { order_id: 'order_abc', payment_id: 'pay_x' },
  },
};

beforeAll(async () => {
  await initI18n();
});

beforeEach(() => pay.mockReset());

afterEach(() => {
  const open = sandboxCheckout.getSnapshot();
  if (open) act(() => sandboxCheckout.close(open.id));
  cleanup();
});

function openDialog(overrides: Partial<CheckoutOptions> = {}) {
  const callbacks = { handler: vi.fn(), 'payment.failed': vi.fn(), ondismiss: vi.fn() };
  render(<SandboxCheckoutDialog />);
  act(() => sandboxCheckout.open({ ...options, ...overrides }, callbacks));
  return callbacks;
}

const accentBar = () => screen.getByTestId('checkout-accent');
const payButton = () => screen.getByRole('button', { name: 'Pay' });

describe('SandboxCheckoutDialog', () => {
  it('is a dialog named after the merchant showing the amount in rupees', () => {
    openDialog();
    expect(screen.getByRole('dialog', { name: 'Exhale' })).toBeInTheDocument();
    expect(screen.getByText('₹5,308.92')).toBeInTheDocument();
  });

  it('Pay closes the dialog and hands the signed payment to handler', async () => {
    const success = {
      razorpay_payment_id: 'pay_1',
      razorpay_order_id: 'order_abc',
      razorpay_signature: 'sig',
    };
    pay.mockResolvedValue(success);
    const callbacks = openDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(callbacks.handler).toHaveBeenCalledWith(success));
    expect(pay).toHaveBeenCalledWith('order_abc', 'success');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callbacks.ondismiss).not.toHaveBeenCalled();
  });

  it('Fail reports payment.failed and stays open for another try', async () => {
    pay.mockResolvedValue(failure);
    const callbacks = openDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Fail' }));
    await waitFor(() => expect(callbacks['payment.failed']).toHaveBeenCalledWith(failure));
    expect(pay).toHaveBeenCalledWith('order_abc', 'failure');
    expect(screen.getByRole('alert').textContent).toContain('Payment failed');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(callbacks.handler).not.toHaveBeenCalled();
  });

  it('Dismiss and Escape call ondismiss without paying', () => {
    let callbacks = openDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(callbacks.ondismiss).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    cleanup();

    callbacks = openDialog();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(callbacks.ondismiss).toHaveBeenCalledTimes(1);
    expect(pay).not.toHaveBeenCalled();
  });

  it("shows `image` as the merchant's logo, named after the merchant", () => {
    openDialog();
    const logo = screen.getByRole('img', { name: 'Exhale' });
    expect(logo.getAttribute('src')).toBe('/favicon.svg');
    // The logo carries the name: the dialog is still called just 'Exhale', not 'Exhale Exhale'.
    expect(screen.getByRole('dialog', { name: 'Exhale' })).toBeInTheDocument();
  });

  it('falls back to the plain name without a usable logo', () => {
    openDialog({ image: 'javascript:alert(1)' });
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Exhale' })).toBeInTheDocument();
    cleanup();

    openDialog();
    fireEvent.error(screen.getByRole('img', { name: 'Exhale' }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Exhale' }).textContent).toBe('Exhale');
  });

  it('takes its accent from `theme.color`, with readable text on the Pay button', () => {
    openDialog({ theme: { color: '#1D4ED8' } });
    expect(accentBar().style.backgroundColor).toBe('rgb(29, 78, 216)');
    expect(payButton().style.backgroundColor).toBe('rgb(29, 78, 216)');
    expect(payButton().style.color).toBe('rgb(255, 255, 255)');
    cleanup();

    // A light theme colour gets dark text.
    openDialog({ theme: { color: '#fde047' } });
    expect(payButton().style.backgroundColor).toBe('rgb(253, 224, 71)');
    expect(payButton().style.color).toBe('rgb(0, 0, 0)');
  });

  it('uses the brand colour when `theme.color` is not a colour', () => {
    openDialog({ theme: { color: 'red; background: url(x)' } });
    expect(accentBar().style.backgroundColor).toBe('rgb(15, 118, 110)');
    expect(payButton().style.color).toBe('rgb(255, 255, 255)');
  });
});
