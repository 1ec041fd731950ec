import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRazorpay, type FakeRazorpay } from '../../../test/fakes/razorpay';
import { PaymentProviderError } from './payment-provider';
import { RazorpayPaymentProvider } from './razorpay-payment-provider';

let fake: FakeRazorpay;
let provider: RazorpayPaymentProvider;

beforeAll(async () => {
  fake = await startFakeRazorpay();
  provider = new RazorpayPaymentProvider({
    keyId: fake.keyId,
    keySecret: fake.keySecret,
    webhookSecret: fake.webhookSecret,
    apiUrl: fake.url,
  });
});
afterAll(() => fake.close());

describe('RazorpayPaymentProvider against a local fake of the Razorpay API', () => {
  it('creates orders with basic auth and Razorpay’s body shape', async () => {
    const order = await provider.createOrder({
      amountPaise: 589_882,
      receipt: '1b4e28ba-2fa1-11d2-883f-0016d3cca427',
      notes: { purpose: 'plan' },
    });
    expect(order).toMatchObject({ amountPaise: 589_882, currency: 'INR', status: 'created' });
    const request = fake.requests.at(-1)!;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/orders',
      authorized: true,
      body: {
        amount: 589_882,
        currency: 'INR',
        receipt: '1b4e28ba-2fa1-11d2-883f-0016d3cca427',
        notes: { purpose: 'plan' },
      },
    });
    expect(fake.orders.get(order.id)).toMatchObject({
      entity: 'order',
      amount: 589_882,
      amount_paid: 0,
      amount_due: 589_882,
      status: 'created',
    });
  });

  it('verifies the signature Checkout returns for a payment', async () => {
    const order = await provider.createOrder({ amountPaise: 58_882, receipt: 'r-2' });
    const paid = fake.pay(order.id);
    expect(
      provider.verifyPaymentSignature({
        orderId: order.id,
        paymentId: paid.razorpay_payment_id,
        signature: paid.razorpay_signature,
      }),
    ).toBe(true);
    expect(
      provider.verifyPaymentSignature({
        orderId: order.id,
        paymentId: 'pay_other00000000',
        signature: paid.razorpay_signature,
      }),
    ).toBe(false);
  });

  it('verifies webhooks signed with the webhook secret', () => {
    const delivery = fake.webhook('payment.captured', { payment: { entity: { id: 'pay_x' } } });
    expect(provider.verifyWebhook(Buffer.from(delivery.body), delivery.signature)).toBe(true);
    expect(provider.verifyWebhook(Buffer.from(`${delivery.body} `), delivery.signature)).toBe(
      false,
    );
  });

  it('refunds a captured payment', async () => {
    const order = await provider.createOrder({ amountPaise: 10_000, receipt: 'r-3' });
    const paid = fake.pay(order.id);
    const refund = await provider.refund({
      paymentId: paid.razorpay_payment_id,
      amountPaise: 10_000,
    });
    expect(refund).toMatchObject({ paymentId: paid.razorpay_payment_id, status: 'processed' });
    expect(refund.id).toMatch(/^rfnd_/);
    expect(fake.requests.at(-1)).toMatchObject({
      path: `/v1/payments/${paid.razorpay_payment_id}/refund`,
      body: { amount: 10_000, speed: 'normal' },
    });
  });

  it('reports Razorpay’s refusals and wrong credentials as provider errors', async () => {
    await expect(provider.createOrder({ amountPaise: 50, receipt: 'r-4' })).rejects.toMatchObject({
      name: 'PaymentProviderError',
      status: 400,
      providerCode: 'BAD_REQUEST_ERROR',
    });
    await expect(
      provider.refund({ paymentId: 'pay_unknown0000000', amountPaise: 100 }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
    const wrongKey = new RazorpayPaymentProvider({
      keyId: fake.keyId,
      keySecret: 'not-the-secret',
      webhookSecret: fake.webhookSecret,
      apiUrl: fake.url,
    });
    await expect(wrongKey.createOrder({ amountPaise: 10_000, receipt: 'r' })).rejects.toMatchObject(
      {
        status: 401,
      },
    );
  });

  it('reports an unreachable API as a provider error', async () => {
    const nowhere = new RazorpayPaymentProvider({
      keyId: 'k',
      keySecret: 's',
      webhookSecret: 'w',
      apiUrl: 'http://127.0.0.1:1',
      timeoutMs: 2_000,
    });
    await expect(nowhere.createOrder({ amountPaise: 10_000, receipt: 'r' })).rejects.toBeInstanceOf(
      PaymentProviderError,
    );
  });
});
