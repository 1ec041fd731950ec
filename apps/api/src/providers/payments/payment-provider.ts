/**
 * A payment service as the money modules use it: Razorpay's Orders, Checkout signature, webhook
 * and Refunds APIs, reduced to what this product needs. The sandbox implements the same interface
 * offline, with the same signature scheme, so every code path above it is the one Razorpay runs.
 */
export interface ProviderOrder {
  /** `order_…`: what Checkout is opened with and what the payment signature covers. */
  id: string;
  amountPaise: number;
  currency: 'INR';
  receipt: string;
  status: string;
}

export interface ProviderRefund {
  /** `rfnd_…` */
  id: string;
  paymentId: string;
  amountPaise: number;
  /** 'processed' when the money is already on its way back; 'pending' until a webhook says so. */
  status: 'pending' | 'processed' | 'failed';
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'razorpay';
  /** The public key id Checkout is opened with (never a secret). */
  readonly keyId: string;
  createOrder(input: {
    amountPaise: number;
    receipt: string;
    notes?: Record<string, string>;
  }): Promise<ProviderOrder>;
  /** Checkout's `razorpay_signature` for this order and payment. */
  verifyPaymentSignature(input: {
    orderId: string;
    paymentId: string;
    signature: string | undefined;
  }): boolean;
  /** The `X-Razorpay-Signature` of a webhook delivery, over its exact raw bytes. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): boolean;
  refund(input: {
    paymentId: string;
    amountPaise: number;
    notes?: Record<string, string>;
  }): Promise<ProviderRefund>;
}

/** The provider could not be reached or refused a well-formed request. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly providerCode?: string,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
