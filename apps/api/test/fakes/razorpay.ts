import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Razorpay's HTTP API (Orders and Refunds), strict about what the real one
 * checks: basic auth with the key id and secret, integer paise of at least ₹1, INR, a receipt of
 * at most 40 characters, at most 15 notes. It also plays the parts that happen outside our API:
 * a customer paying in Checkout (`pay`) and Razorpay posting a webhook (`webhook`).
 */
export interface FakeRazorpayOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: 'INR';
  receipt: string;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

export interface FakeRazorpayRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: 'INR';
  payment_id: string;
  notes: Record<string, string>;
  status: 'pending' | 'processed';
  speed_requested: string;
  created_at: number;
}

export interface FakeRazorpay {
  url: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  orders: Map<string, FakeRazorpayOrder>;
  /** payment id → { order id, amount, refunded so far } */
  payments: Map<string, { orderId: string; amount: number; refunded: number }>;
  refunds: FakeRazorpayRefund[];
  /** Every request as received, for assertions on shapes. */
  requests: { method: string; path: string; authorized: boolean; body: unknown }[];
  /** The status the next refunds report: 'processed' (instant) or 'pending' (webhook later). */
  refundStatus: 'pending' | 'processed';
  /** A customer paying the order in Checkout: what Checkout hands the page, signed. */
  pay(orderId: string): {
    razorpay_payment_id: string;
    razorpay_order_id: string;
    razorpay_signature: string;
  };
  /** A webhook delivery as Razorpay would post it: the exact body and its signature. */
  webhook(
    event: string,
    payload: Record<string, unknown>,
  ): { body: string; signature: string; eventId: string };
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex')}`;
const hmac = (secret: string, data: string) =>
  createHmac('sha256', secret).update(data).digest('hex');

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function badRequest(res: ServerResponse, description: string, field?: string) {
  send(res, 400, {
    error: {
      code: 'BAD_REQUEST_ERROR',
      description,
      source: 'business',
      step: 'payment_initiation',
      reason: 'input_validation_failed',
      metadata: {},
      ...(field ? { field } : {}),
    },
  });
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    return undefined;
  }
}

function validNotes(notes: unknown): notes is Record<string, string> {
  if (notes === undefined) return true;
  if (typeof notes !== 'object' || notes === null || Array.isArray(notes)) return false;
  const entries = Object.entries(notes);
  return entries.length <= 15 && entries.every(([, v]) => typeof v === 'string' && v.length <= 256);
}

export async function startFakeRazorpay(
  options: { keyId?: string; keySecret?: string; webhookSecret?: string } = {},
): Promise<FakeRazorpay> {
  const keyId = options.keyId ?? 'rzp_test_fake123';
  const keySecret = options.keySecret ?? 'fake_key_secret_0123456789';
  const webhookSecret = options.webhookSecret ?? 'fake_webhook_secret_0123456789';
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

  const fake = {
    keyId,
    keySecret,
    webhookSecret,
    orders: new Map<string, FakeRazorpayOrder>(),
    payments: new Map<string, { orderId: string; amount: number; refunded: number }>(),
    refunds: [] as FakeRazorpayRefund[],
    requests: [] as FakeRazorpay['requests'],
    refundStatus: 'processed' as 'pending' | 'processed',
  };

  const server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const body = await readBody(req);
      const authorized = req.headers.authorization === expectedAuth;
      fake.requests.push({ method: req.method ?? '', path, authorized, body });
      if (!authorized) {
        return send(res, 401, {
          error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' },
        });
      }
      if (body === undefined) return badRequest(res, 'The request body is not valid JSON');

      if (req.method === 'POST' && path === '/v1/orders') {
        const b = body as Record<string, unknown>;
        if (!Number.isInteger(b.amount) || (b.amount as number) < 100) {
          return badRequest(res, 'The amount must be atleast INR 1.00.', 'amount');
        }
        if (b.currency !== 'INR') return badRequest(res, 'The currency is invalid.', 'currency');
        if (b.receipt !== undefined && (typeof b.receipt !== 'string' || b.receipt.length > 40)) {
          return badRequest(res, 'receipt: the length must be no more than 40.', 'receipt');
        }
        if (!validNotes(b.notes)) return badRequest(res, 'notes: invalid', 'notes');
        const order: FakeRazorpayOrder = {
          id: id('order'),
          entity: 'order',
          amount: b.amount as number,
          amount_paid: 0,
          amount_due: b.amount as number,
          currency: 'INR',
          receipt: (b.receipt as string | undefined) ?? '',
          status: 'created',
          attempts: 0,
          notes: (b.notes as Record<string, string> | undefined) ?? {},
          created_at: Math.floor(Date.now() / 1000),
        };
        fake.orders.set(order.id, order);
        return send(res, 200, order);
      }

      const refundMatch = /^\/v1\/payments\/([^/]+)\/refund$/.exec(path);
      if (req.method === 'POST' && refundMatch) {
        const paymentId = decodeURIComponent(refundMatch[1] ?? '');
        const payment = fake.payments.get(paymentId);
        if (!payment) return badRequest(res, 'The id provided does not exist', 'id');
        const b = body as Record<string, unknown>;
        const amount = b.amount === undefined ? payment.amount - payment.refunded : b.amount;
        if (!Number.isInteger(amount) || (amount as number) < 100) {
          return badRequest(res, 'The amount must be atleast INR 1.00.', 'amount');
        }
        if ((amount as number) > payment.amount - payment.refunded) {
          return badRequest(res, 'The refund amount provided is greater than amount captured');
        }
        if (!validNotes(b.notes)) return badRequest(res, 'notes: invalid', 'notes');
        payment.refunded += amount as number;
        const refund: FakeRazorpayRefund = {
          id: id('rfnd'),
          entity: 'refund',
          amount: amount as number,
          currency: 'INR',
          payment_id: paymentId,
          notes: (b.notes as Record<string, string> | undefined) ?? {},
          status: fake.refundStatus,
          speed_requested: typeof b.speed === 'string' ? b.speed : 'normal',
          created_at: Math.floor(Date.now() / 1000),
        };
        fake.refunds.push(refund);
        return send(res, 200, refund);
      }

      send(res, 404, {
        error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found' },
      });
    })();
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    ...fake,
    get refundStatus() {
      return fake.refundStatus;
    },
    set refundStatus(value) {
      fake.refundStatus = value;
    },
    url: `http://127.0.0.1:${port}`,
    pay(orderId) {
      const order = fake.orders.get(orderId);
      if (!order) throw new Error(`fake Razorpay has no order ${orderId}`);
      const paymentId = id('pay');
      order.status = 'paid';
      order.attempts += 1;
      order.amount_paid = order.amount;
      order.amount_due = 0;
      fake.payments.set(paymentId, { orderId, amount: order.amount, refunded: 0 });
      return {
        razorpay_payment_id: paymentId,
        razorpay_order_id: orderId,
        razorpay_signature: hmac(keySecret, `${orderId}|${paymentId}`),
      };
    },
    webhook(event, payload) {
      const body = JSON.stringify({
        entity: 'event',
        account_id: 'acc_fake',
        event,
        contains: Object.keys(payload),
        payload,
        created_at: Math.floor(Date.now() / 1000),
      });
      return { body, signature: hmac(webhookSecret, body), eventId: id('evt') };
    },
    close: () =>
      new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  };
}
