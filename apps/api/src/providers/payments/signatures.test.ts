import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { paymentSignature, signatureMatches, webhookSignature } from './signatures';
import { SandboxPaymentProvider } from './sandbox-payment-provider';

// Fixed vectors computed outside this code base (Python: hmac.new(key, msg, sha256).hexdigest()).
const KEY_SECRET = 'EnLs21M47BllR3X8PSFtjtbd';
const ORDER_ID = 'order_IEIaMR65cu6nz3';
const PAYMENT_ID = 'pay_IH4NVgf4Dreq1l';
const PAYMENT_VECTOR = '0d4e745a1838664ad6c9c9902212a32d627d68e917290b0ad5f08ff4561bc50f';
const WEBHOOK_SECRET = 'whsec_exhale_test';
const WEBHOOK_BODY = '{"entity":"event","event":"payment.captured"}';
const WEBHOOK_VECTOR = '1a69b7139d5c5532daae5e2412edbc6449f42749c47b0efd9596dd9acaacba51';

describe("Razorpay's signature schemes", () => {
  it('signs a payment as HMAC-SHA256 hex of "order_id|payment_id" with the key secret', () => {
    expect(paymentSignature(KEY_SECRET, ORDER_ID, PAYMENT_ID)).toBe(PAYMENT_VECTOR);
    const independent = createHmac('sha256', KEY_SECRET)
      .update(`${ORDER_ID}|${PAYMENT_ID}`)
      .digest('hex');
    expect(paymentSignature(KEY_SECRET, ORDER_ID, PAYMENT_ID)).toBe(independent);
  });

  it('signs a webhook as HMAC-SHA256 hex of the raw body with the webhook secret', () => {
    expect(webhookSignature(WEBHOOK_SECRET, WEBHOOK_BODY)).toBe(WEBHOOK_VECTOR);
    expect(webhookSignature(WEBHOOK_SECRET, Buffer.from(WEBHOOK_BODY))).toBe(WEBHOOK_VECTOR);
    // One changed byte (here: whitespace a JSON re-serialisation would add) breaks it.
    expect(webhookSignature(WEBHOOK_SECRET, WEBHOOK_BODY.replace(':', ': '))).not.toBe(
      WEBHOOK_VECTOR,
    );
  });

  it('compares signatures safely: wrong, short, non-hex and missing ones fail', () => {
    expect(signatureMatches(PAYMENT_VECTOR, PAYMENT_VECTOR)).toBe(true);
    expect(signatureMatches(PAYMENT_VECTOR, PAYMENT_VECTOR.toUpperCase())).toBe(true);
    expect(signatureMatches(PAYMENT_VECTOR, `${PAYMENT_VECTOR.slice(0, 63)}0`)).toBe(false);
    expect(signatureMatches(PAYMENT_VECTOR, PAYMENT_VECTOR.slice(0, 62))).toBe(false);
    expect(signatureMatches(PAYMENT_VECTOR, `${PAYMENT_VECTOR.slice(0, 63)}z`)).toBe(false);
    expect(signatureMatches(PAYMENT_VECTOR, '')).toBe(false);
    expect(signatureMatches(PAYMENT_VECTOR, undefined)).toBe(false);
  });
});

describe('SandboxPaymentProvider', () => {
  const sandbox = new SandboxPaymentProvider('root-secret-for-tests-0123456789abcdef');

  it('signs payments exactly as Razorpay would with its key secret', async () => {
    const order = await sandbox.createOrder({ amountPaise: 589_882, receipt: 'r1' });
    expect(order).toMatchObject({ amountPaise: 589_882, currency: 'INR', status: 'created' });
    expect(order.id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    const paid = sandbox.signPayment(order.id);
    expect(paid.razorpay_signature).toBe(
      createHmac('sha256', sandbox.keySecret)
        .update(`${order.id}|${paid.razorpay_payment_id}`)
        .digest('hex'),
    );
    expect(
      sandbox.verifyPaymentSignature({
        orderId: order.id,
        paymentId: paid.razorpay_payment_id,
        signature: paid.razorpay_signature,
      }),
    ).toBe(true);
    expect(
      sandbox.verifyPaymentSignature({
        orderId: 'order_someoneElse00',
        paymentId: paid.razorpay_payment_id,
        signature: paid.razorpay_signature,
      }),
    ).toBe(false);
  });

  it('verifies webhooks over the raw bytes', () => {
    const body = Buffer.from('{"event":"payment.captured"}');
    expect(sandbox.verifyWebhook(body, sandbox.signWebhook(body))).toBe(true);
    expect(sandbox.verifyWebhook(body, sandbox.signWebhook('{"event":"payment.failed"}'))).toBe(
      false,
    );
  });

  it('derives different secrets from different roots, and never the root itself', () => {
    const other = new SandboxPaymentProvider('another-root-secret-0123456789abcdef');
    expect(other.keySecret).not.toBe(sandbox.keySecret);
    expect(sandbox.keySecret).not.toBe(sandbox.webhookSecret);
  });
});
