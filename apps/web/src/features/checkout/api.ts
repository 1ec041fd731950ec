import { api, unwrap } from '../../lib/api';
import type { CheckoutFailure, CheckoutSuccess } from '../../lib/checkout';

/**
 * POST /payments/sandbox/pay: the sandbox dialog's Pay and Fail buttons. The server answers what
 * Razorpay Checkout would hand the page: the signed payment, or the failed attempt's error.
 */
export async function sandboxPay(
  orderId: string,
  outcome: 'success' | 'failure',
): Promise<CheckoutSuccess | CheckoutFailure> {
  const response = unwrap(
    await api.POST('/api/payments/sandbox/pay', { body: { order_id: orderId, outcome } }),
  );
  return response.data;
}

export function isCheckoutSuccess(
  result: CheckoutSuccess | CheckoutFailure,
): result is CheckoutSuccess {
  return 'razorpay_payment_id' in result;
}
