import {
  PaymentProviderError,
  type PaymentProvider,
  type ProviderOrder,
  type ProviderRefund,
} from './payment-provider';
import { paymentSignature, signatureMatches, webhookSignature } from './signatures';

export interface RazorpayOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** https://api.razorpay.com, or a local fake in tests. */
  apiUrl: string;
  timeoutMs?: number;
}

interface RazorpayErrorBody {
  error?: { code?: string; description?: string };
}

/** Razorpay's REST API (Orders, Refunds) with HTTP basic auth, through the global fetch. */
export class RazorpayPaymentProvider implements PaymentProvider {
  readonly name = 'razorpay' as const;
  readonly keyId: string;
  private readonly authorization: string;

  constructor(private readonly options: RazorpayOptions) {
    this.keyId = options.keyId;
    this.authorization = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;
  }

  private async post<T>(path: string, body: unknown): Promise<T> {
    const url = new URL(path, this.options.apiUrl);
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { authorization: this.authorization, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new PaymentProviderError(`Razorpay unreachable: ${(error as Error).message}`);
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      throw new PaymentProviderError(`Razorpay answered ${response.status} with non-JSON`);
    }
    if (!response.ok) {
      const error = (json as RazorpayErrorBody).error;
      throw new PaymentProviderError(
        `Razorpay ${path} failed with ${response.status}: ${error?.description ?? 'no description'}`,
        response.status,
        error?.code,
      );
    }
    return json as T;
  }

  async createOrder(input: {
    amountPaise: number;
    receipt: string;
    notes?: Record<string, string>;
  }): Promise<ProviderOrder> {
    const order = await this.post<{
      id?: unknown;
      amount?: unknown;
      currency?: unknown;
      receipt?: unknown;
      status?: unknown;
    }>('/v1/orders', {
      amount: input.amountPaise,
      currency: 'INR',
      receipt: input.receipt,
      notes: input.notes ?? {},
    });
    if (typeof order.id !== 'string' || order.amount !== input.amountPaise) {
      throw new PaymentProviderError('Razorpay returned an order that does not match the request');
    }
    return {
      id: order.id,
      amountPaise: input.amountPaise,
      currency: 'INR',
      receipt: typeof order.receipt === 'string' ? order.receipt : input.receipt,
      status: typeof order.status === 'string' ? order.status : 'created',
    };
  }

  verifyPaymentSignature(input: {
    orderId: string;
    paymentId: string;
    signature: string | undefined;
  }): boolean {
    return signatureMatches(
      paymentSignature(this.options.keySecret, input.orderId, input.paymentId),
      input.signature,
    );
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): boolean {
    return signatureMatches(webhookSignature(this.options.webhookSecret, rawBody), signature);
  }

  async refund(input: {
    paymentId: string;
    amountPaise: number;
    notes?: Record<string, string>;
  }): Promise<ProviderRefund> {
    const refund = await this.post<{ id?: unknown; status?: unknown; amount?: unknown }>(
      `/v1/payments/${encodeURIComponent(input.paymentId)}/refund`,
      { amount: input.amountPaise, speed: 'normal', notes: input.notes ?? {} },
    );
    if (typeof refund.id !== 'string') {
      throw new PaymentProviderError('Razorpay returned a refund without an id');
    }
    const status =
      refund.status === 'processed' || refund.status === 'failed' ? refund.status : 'pending';
    return { id: refund.id, paymentId: input.paymentId, amountPaise: input.amountPaise, status };
  }
}
