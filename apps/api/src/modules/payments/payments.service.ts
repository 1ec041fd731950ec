import { createHash, randomUUID } from 'node:crypto';
import { brand } from '@exhale/contract/brand';
import { Messages } from '@exhale/contract/messages';
import { priceBreakdown, type PriceBreakdown } from '@exhale/contract/money';
import type { CheckoutOptions } from '@exhale/contract/payments';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import type { PaymentOrderRow, PaymentRow } from '../../db/schema/money';
import type { UserRow } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import {
  PaymentProviderError,
  type PaymentProvider,
} from '../../providers/payments/payment-provider';
import {
  SandboxPaymentProvider,
  razorpayStyleId,
} from '../../providers/payments/sandbox-payment-provider';
import { CouponsRepository } from '../coupons/coupons.repository';
import { claimCoupon } from '../coupons/coupons.service';
import type { Outbox } from '../outbox/outbox.service';
import { UsersRepository } from '../users/users.repository';
import { ERASED_BUYER_NAME, PaymentsRepository } from './payments.repository';

const M = Messages;
const fail = (status: number, entry: { code: string; message: string }) =>
  new AppError(status, entry.code, entry.message);

export type OrderPurpose = PaymentOrderRow['purpose'];

/** What a paid order hands to the feature that sold it, inside the activation transaction. */
export interface FulfilmentContext {
  tx: Executor;
  order: PaymentOrderRow;
  payment: PaymentRow;
  /** The buyer, row-locked; undefined if the account was erased before the payment landed. */
  user: UserRow | undefined;
  now: Date;
}

export type Fulfiler = (context: FulfilmentContext) => Promise<void>;

export interface RefundEvents {
  processed(
    tx: Executor,
    refund: { providerRefundId: string; providerPaymentId: string },
  ): Promise<void>;
  failed(
    tx: Executor,
    refund: { providerRefundId: string; providerPaymentId: string },
  ): Promise<void>;
}

export interface PaymentsDependencies {
  db: Database;
  provider: PaymentProvider;
  outbox: Pick<Outbox, 'deliverSoon'>;
  clock: Clock;
  config: Pick<Config, 'NODE_ENV' | 'PUBLIC_URL'>;
  log: FastifyBaseLogger;
  fulfilers: Record<OrderPurpose, Fulfiler>;
  refunds: RefundEvents;
}

// Razorpay's webhook envelope, as far as this product reads it; anything else passes through.
const entity = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ entity: z.object(shape).loose() }).loose();
const webhookSchema = z
  .object({
    event: z.string(),
    payload: z
      .object({
        payment: entity({
          id: z.string(),
          order_id: z.string().nullish(),
          amount: z.number().int(),
        }).optional(),
        refund: entity({ id: z.string(), payment_id: z.string() }).optional(),
      })
      .loose(),
  })
  .loose();

/**
 * Orders, payment verification and activation, shared by every feature that sells something.
 * The rule that matters most: a paid order is activated exactly once. Activation runs in one
 * transaction that first locks the order row (concurrent verify calls and webhooks for it queue
 * there and find it paid), then inserts its payment under a unique order_id (so even a path that
 * skipped the lock could not record it twice), and only then grants what was bought.
 */
export class PaymentsService {
  constructor(private readonly deps: PaymentsDependencies) {}

  get provider(): PaymentProvider {
    return this.deps.provider;
  }

  /**
   * Creates the order for a checkout. A zero total (100% coupon, free session) has nothing to
   * pay: no provider order is made (Razorpay's minimum is ₹1) and `options` is null; the caller
   * completes it with `completeWithoutPayment`. An order with a coupon claims one of its uses
   * as it is inserted (see `claimCoupon`); no use left is 400 with the coupon's message.
   */
  async openCheckout(input: {
    user: UserRow;
    purpose: OrderPurpose;
    planId?: string;
    liveSessionId?: string;
    couponId?: string | null;
    amounts: PriceBreakdown;
    description: string;
  }): Promise<{ order: PaymentOrderRow; options: CheckoutOptions | null }> {
    const { user, amounts } = input;
    const id = randomUUID();
    let provider: PaymentOrderRow['provider'] = 'none';
    let providerOrderId = `free_${id}`;
    if (amounts.totalPaise > 0) {
      try {
        const order = await this.deps.provider.createOrder({
          amountPaise: amounts.totalPaise,
          receipt: id,
          notes: { purpose: input.purpose, order: id },
        });
        provider = this.deps.provider.name;
        providerOrderId = order.id;
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        this.deps.log.error({ err: error }, 'payment provider refused to create an order');
        throw new AppError(
          503,
          M.PAYMENT_PROVIDER_UNAVAILABLE.code,
          M.PAYMENT_PROVIDER_UNAVAILABLE.message,
          undefined,
          { 'retry-after': '10' },
        );
      }
    }
    const now = this.deps.clock.now();
    const values = {
      id,
      userId: user.id,
      purpose: input.purpose,
      planId: input.planId ?? null,
      liveSessionId: input.liveSessionId ?? null,
      couponId: input.couponId ?? null,
      provider,
      providerOrderId,
      pricePaise: amounts.pricePaise,
      discountPaise: amounts.discountPaise,
      subTotalPaise: amounts.subTotalPaise,
      gstPaise: amounts.gstPaise,
      totalPaise: amounts.totalPaise,
      // On the app's clock: a coupon's unpaid checkouts hold a use for a while from this time.
      createdAt: now,
    };
    const { couponId } = input;
    // An order with a coupon claims one of its uses in the transaction that inserts it, under
    // the coupon's row lock (coupons.service.ts, claimCoupon): its limits hold under races.
    const order = couponId
      ? await this.deps.db.transaction(async (tx) => {
          const coupon = await claimCoupon(tx, user.id, couponId, now);
          const priced = priceBreakdown({
            pricePaise: amounts.pricePaise,
            coupon: { type: coupon.type, value: coupon.value },
          });
          // The coupon was edited since the checkout was priced: ask the user to retry.
          if (priced.totalPaise !== amounts.totalPaise) throw fail(409, M.PRICE_CHANGED);
          return new PaymentsRepository(tx).insertOrder(values);
        })
      : await new PaymentsRepository(this.deps.db).insertOrder(values);
    const options: CheckoutOptions | null =
      provider === 'none'
        ? null
        : {
            key: this.deps.provider.keyId,
            amount: amounts.totalPaise,
            currency: 'INR',
            name: brand.name,
            description: input.description,
            image: `${(this.deps.config.PUBLIC_URL ?? '').replace(/\/+$/, '')}/favicon.svg`,
            order_id: providerOrderId,
            prefill: { name: user.name, email: user.email, contact: user.mobile ?? '' },
            theme: { color: brand.themeColor },
          };
    return { order, options };
  }

  /** Activates an order whose total is zero: there is no provider payment to wait for. */
  async completeWithoutPayment(order: PaymentOrderRow): Promise<void> {
    if (order.totalPaise !== 0 || order.provider !== 'none') {
      throw new Error('only zero-total orders complete without a payment');
    }
    await this.deps.db.transaction((tx) => this.activate(tx, order.id, `free_${order.id}`));
    this.deps.outbox.deliverSoon();
  }

  /**
   * Checks what the checkout widget handed back against the caller's stored order and activates
   * it. Someone else's order, or one sold for another purpose, is 404 (no hint that it exists);
   * a wrong signature is 400 with the feature's failure message.
   */
  async verifyCheckout(input: {
    userId: string;
    purpose: OrderPurpose;
    providerOrderId: string;
    providerPaymentId: string;
    signature: string | undefined;
    /** The plan or live session id the client says it paid for, when it sends one. */
    targetId?: string;
    failure: { code: string; message: string };
  }): Promise<PaymentOrderRow> {
    const repository = new PaymentsRepository(this.deps.db);
    const order = await repository.findOrderByProviderId(input.providerOrderId);
    if (!order || order.userId !== input.userId || order.purpose !== input.purpose) {
      throw fail(404, M.ORDER_NOT_FOUND);
    }
    const target = order.planId ?? order.liveSessionId;
    if (input.targetId !== undefined && input.targetId !== target) throw fail(400, input.failure);
    if (order.provider === 'none') return order; // completed when it was created
    if (
      order.provider !== this.deps.provider.name ||
      !this.deps.provider.verifyPaymentSignature({
        orderId: order.providerOrderId,
        paymentId: input.providerPaymentId,
        signature: input.signature,
      })
    ) {
      throw fail(400, input.failure);
    }
    await this.deps.db.transaction((tx) => this.activate(tx, order.id, input.providerPaymentId));
    this.deps.outbox.deliverSoon();
    return order;
  }

  /**
   * The one activation path (checkout verify, webhook, zero-total). Returns false when the order
   * was already activated, which callers treat as success: the client retried, or the webhook
   * and the verify call raced.
   */
  private async activate(tx: Executor, orderId: string, providerPaymentId: string) {
    const repository = new PaymentsRepository(tx);
    const order = await repository.lockOrder(orderId);
    if (!order || order.status === 'paid' || order.status === 'refunded') return false;
    const user = order.userId
      ? await new UsersRepository(tx).findByIdForUpdate(order.userId)
      : undefined;
    const now = this.deps.clock.now();
    const payment = await repository.insertPayment({
      orderId: order.id,
      providerPaymentId,
      amountPaise: order.totalPaise,
      capturedAt: now,
      buyerName: user?.name ?? ERASED_BUYER_NAME,
    });
    if (!payment) return false;
    await repository.setOrderStatus(order.id, 'paid', ['created', 'failed']);
    await this.deps.fulfilers[order.purpose]({ tx, order, payment, user, now });
    if (order.couponId) await this.reportCouponOveruse(tx, order.couponId, order.id);
    return true;
  }

  /**
   * A payment that takes a coupon past its limit still stands (the buyer paid the discounted
   * price), but operators hear of it. It can only come from a checkout paid after its hold on
   * the coupon lapsed and the use went to someone else, or from one buyer paying two checkouts.
   */
  private async reportCouponOveruse(tx: Executor, couponId: string, orderId: string) {
    const coupons = new CouponsRepository(tx);
    const coupon = await coupons.findById(couponId);
    if (coupon?.maxUses === null || coupon?.maxUses === undefined) return;
    const used = await coupons.redemptionCount(couponId);
    if (used > coupon.maxUses) {
      this.deps.log.warn(
        { couponId, code: coupon.code, orderId, used, maxUses: coupon.maxUses },
        'a payment used a coupon beyond its limit',
      );
    }
  }

  /**
   * POST /payments/webhook. The signature is checked over the exact raw bytes before anything
   * is parsed. The event id (Razorpay's X-Razorpay-Event-Id, or a hash of the body when absent)
   * is recorded in the same transaction as the event's effect, so a replay changes nothing and a
   * delivery whose handling failed is retried in full.
   */
  async handleWebhook(
    rawBody: Buffer,
    signature: string | undefined,
    eventIdHeader: string | undefined,
  ): Promise<{ event: string; duplicate: boolean }> {
    if (!this.deps.provider.verifyWebhook(rawBody, signature)) {
      throw fail(400, M.WEBHOOK_SIGNATURE_INVALID);
    }
    let parsed: z.infer<typeof webhookSchema>;
    try {
      parsed = webhookSchema.parse(JSON.parse(rawBody.toString('utf8')));
    } catch {
      throw new AppError(400, 'BAD_WEBHOOK', 'Unreadable webhook payload.');
    }
    const eventId =
      eventIdHeader?.trim() || `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
    const { event, payload } = parsed;
    let duplicate = false;
    await this.deps.db.transaction(async (tx) => {
      const repository = new PaymentsRepository(tx);
      if (!(await repository.recordWebhookEvent(eventId, this.deps.provider.name, event))) {
        duplicate = true;
        return;
      }
      const payment = payload.payment?.entity;
      const refund = payload.refund?.entity;
      switch (event) {
        case 'payment.captured':
        case 'order.paid': {
          if (!payment?.order_id) return;
          const order = await repository.findOrderByProviderId(payment.order_id);
          if (!order) {
            this.deps.log.warn(
              { eventId, orderId: payment.order_id },
              'webhook for an unknown order',
            );
            return;
          }
          if (payment.amount !== order.totalPaise) {
            // Retrying cannot fix this, so it is acknowledged and left to an operator.
            this.deps.log.error(
              { eventId, orderId: order.id, paid: payment.amount, expected: order.totalPaise },
              'captured amount differs from the order total; not activated',
            );
            return;
          }
          await this.activate(tx, order.id, payment.id);
          return;
        }
        case 'payment.failed': {
          if (!payment?.order_id) return;
          const order = await repository.findOrderByProviderId(payment.order_id);
          if (order) await repository.setOrderStatus(order.id, 'failed', ['created']);
          return;
        }
        case 'refund.processed':
          if (refund) {
            await this.deps.refunds.processed(tx, {
              providerRefundId: refund.id,
              providerPaymentId: refund.payment_id,
            });
          }
          return;
        case 'refund.failed':
          if (refund) {
            await this.deps.refunds.failed(tx, {
              providerRefundId: refund.id,
              providerPaymentId: refund.payment_id,
            });
          }
          return;
        default:
          return; // other events are acknowledged so Razorpay stops retrying them
      }
    });
    if (!duplicate) this.deps.outbox.deliverSoon();
    return { event, duplicate };
  }

  /**
   * POST /payments/sandbox/pay: the web's built-in checkout dialog paying (or failing) the
   * caller's order. Answers exactly what Razorpay Checkout would hand the page. Refused unless
   * the sandbox is the provider and this is not production.
   */
  async sandboxPay(userId: string, providerOrderId: string, outcome: 'success' | 'failure') {
    const provider = this.deps.provider;
    if (
      !(provider instanceof SandboxPaymentProvider) ||
      this.deps.config.NODE_ENV === 'production'
    ) {
      throw fail(403, M.SANDBOX_DISABLED);
    }
    const repository = new PaymentsRepository(this.deps.db);
    const order = await repository.findOrderByProviderId(providerOrderId);
    if (!order || order.userId !== userId || order.provider !== 'sandbox') {
      throw fail(404, M.ORDER_NOT_FOUND);
    }
    if (order.status === 'paid' || order.status === 'refunded') {
      throw fail(409, M.ORDER_ALREADY_PAID);
    }
    if (outcome === 'success') return provider.signPayment(order.providerOrderId);
    // What Razorpay's payment.failed webhook would do, done at once.
    await repository.setOrderStatus(order.id, 'failed', ['created']);
    return {
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'Your payment could not be completed (sandbox).',
        source: 'customer',
        step: 'payment_authorization',
        reason: 'payment_failed',
        metadata: { order_id: order.providerOrderId, payment_id: razorpayStyleId('pay') },
      },
    };
  }
}
