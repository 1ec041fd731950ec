import type { Config } from '../../config';
import type { PaymentProvider } from './payment-provider';
import { RazorpayPaymentProvider } from './razorpay-payment-provider';
import { SandboxPaymentProvider } from './sandbox-payment-provider';

/** Razorpay when configured; otherwise the offline sandbox (ARCHITECTURE §3). */
export function createPaymentProvider(config: Config): PaymentProvider {
  if (config.PAYMENT_PROVIDER === 'razorpay') {
    return new RazorpayPaymentProvider({
      keyId: config.RAZORPAY_KEY_ID!,
      keySecret: config.RAZORPAY_KEY_SECRET!,
      webhookSecret: config.RAZORPAY_WEBHOOK_SECRET!,
      apiUrl: config.RAZORPAY_API_URL,
    });
  }
  return new SandboxPaymentProvider(config.JWT_SECRET);
}
