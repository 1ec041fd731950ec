import { createHmac, timingSafeEqual } from 'node:crypto';

// Razorpay's two signature schemes, shared by the sandbox (which signs) and every verifier:
// - a checkout payment: HMAC-SHA256, hex, of `${order_id}|${payment_id}` keyed with the key secret;
// - a webhook delivery: HMAC-SHA256, hex, of the raw request body keyed with the webhook secret.

export function hmacSha256Hex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

export function paymentSignature(keySecret: string, orderId: string, paymentId: string): string {
  return hmacSha256Hex(keySecret, `${orderId}|${paymentId}`);
}

export function webhookSignature(webhookSecret: string, rawBody: string | Buffer): string {
  return hmacSha256Hex(webhookSecret, rawBody);
}

/**
 * Compares a received hex signature with the expected one in constant time, so response timing
 * cannot be used to guess a valid signature byte by byte. Anything that is not 64 hex characters
 * is refused before comparing (timingSafeEqual needs equal lengths).
 */
export function signatureMatches(expectedHex: string, receivedHex: string | undefined): boolean {
  if (typeof receivedHex !== 'string' || !/^[0-9a-f]{64}$/i.test(receivedHex)) return false;
  const expected = Buffer.from(expectedHex, 'hex');
  const received = Buffer.from(receivedHex.toLowerCase(), 'hex');
  return expected.length === received.length && timingSafeEqual(expected, received);
}
