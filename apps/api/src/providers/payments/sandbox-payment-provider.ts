import { randomBytes } from 'node:crypto';
import type { PaymentProvider, ProviderOrder, ProviderRefund } from './payment-provider';
import { hmacSha256Hex, paymentSignature, signatureMatches, webhookSignature } from './signatures';

/** The key id the web's built-in checkout dialog is opened with. */
export const SANDBOX_KEY_ID = 'rzp_sandbox';

// Razorpay ids are a prefix and 14 base62 characters; the sandbox keeps that shape so logs,
// column sizes and client code see nothing unusual.
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export function razorpayStyleId(prefix: string): string {
  const bytes = randomBytes(14);
  let id = '';
  for (const byte of bytes) id += BASE62[byte % 62];
  return `${prefix}_${id}`;
}

/**
 * Offline payments for development and tests. Orders are created locally; the built-in checkout
 * dialog "pays" through `signPayment`, which signs exactly as Razorpay signs a real payment, so
 * verification runs the production code path. Its secrets are derived from the app's own secret:
 * nothing to configure, and they never leave the server.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly keyId = SANDBOX_KEY_ID;
  readonly keySecret: string;
  readonly webhookSecret: string;

  constructor(rootSecret: string) {
    this.keySecret = hmacSha256Hex(rootSecret, 'exhale:sandbox-payments:key-secret');
    this.webhookSecret = hmacSha256Hex(rootSecret, 'exhale:sandbox-payments:webhook-secret');
  }

  async createOrder(input: {
    amountPaise: number;
    receipt: string;
    notes?: Record<string, string>;
  }): Promise<ProviderOrder> {
    return {
      id: razorpayStyleId('order'),
      amountPaise: input.amountPaise,
      currency: 'INR',
      receipt: input.receipt,
      status: 'created',
    };
  }

  verifyPaymentSignature(input: {
    orderId: string;
    paymentId: string;
    signature: string | undefined;
  }): boolean {
    return signatureMatches(
      paymentSignature(this.keySecret, input.orderId, input.paymentId),
      input.signature,
    );
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): boolean {
    return signatureMatches(webhookSignature(this.webhookSecret, rawBody), signature);
  }

  /** Sandbox refunds complete at once, like an instant refund would. */
  async refund(input: { paymentId: string; amountPaise: number }): Promise<ProviderRefund> {
    return {
      id: razorpayStyleId('rfnd'),
      paymentId: input.paymentId,
      amountPaise: input.amountPaise,
      status: 'processed',
    };
  }

  /** What Razorpay Checkout would hand back after a successful payment of `orderId`. */
  signPayment(orderId: string): {
    razorpay_payment_id: string;
    razorpay_order_id: string;
    razorpay_signature: string;
  } {
    const paymentId = razorpayStyleId('pay');
    return {
      razorpay_payment_id: paymentId,
      razorpay_order_id: orderId,
      razorpay_signature: paymentSignature(this.keySecret, orderId, paymentId),
    };
  }

  /** Signs a webhook body as Razorpay would (tests and local replays). */
  signWebhook(rawBody: string | Buffer): string {
    return webhookSignature(this.webhookSecret, rawBody);
  }
}
