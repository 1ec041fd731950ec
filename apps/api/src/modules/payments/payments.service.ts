import { createHash, randomUUID } from 'node:crypto';
import { brand } from '@exhale/contract/brand';
import { Messages } from '@exhale/contract/messages';
import { priceBreakdown, type PriceBreakdown } from '@exhale/contract/money';
import type { CheckoutOptions } from '@exhale/contract/payments';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import type { PaymentOrderRow, PaymentRow } from '../../db/schema/money';
import type { UserRow } from '../../db/schema/users';
import type { DataAccess } from '../../lib/data-access';
import { AppError } from '../../lib/app-error';
import { uniqueViolation } from '../../lib/pg-errors';
import type { Clock } from '../../lib/clock';
import {
  PaymentProviderError,
  type PaymentProvider,
} from '../../providers/payments/payment-provider';
import {
  SandboxPaymentProvider,
  razorpayStyleId,
} from '../../providers/payments/sandbox-payment-provider';
import type { CouponsRepository } from '../coupons/coupons.repository';
import type { CouponsService } from '../coupons/coupons.service';
import type { Outbox } from '../outbox/outbox.service';
import type { UsersRepository } from '../users/users.repository';
import {
  ERASED_BUYER_NAME,
  OPEN_ORDER_STATUSES,
  type NewPaymentOrder,
  type PaymentsRepository,
} from './payments.repository';

/** What a payment and its tax documents name in place of an erased buyer (account module). */
export { ERASED_BUYER_NAME };

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

/**
 * Thrown by a fulfiler when the buyer already holds what the order sells (a plan they hold, a
 * place they have): the activation rolls the fulfilment back to its savepoint (no invoice, no
 * coupon use, no serial) and refunds the capture automatically (decision 037).
 */
export class NothingToGrant extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'NothingToGrant';
  }
}

/** What a checkout sells: compared with the member's open order to reuse it. */
interface Wanted {
  planId: string | null;
  liveSessionId: string | null;
  couponId: string | null;
}

/** What an activation did with a capture. */
type Activation =
  | { outcome: 'granted' | 'replay' | 'none' }
  | { outcome: 'duplicate'; refundId: string | undefined };

export interface RefundEvents {
  /**
   * Records the automatic refund of a capture that granted nothing and tells the buyer, inside
   * the activation transaction; the refund id, or undefined when it was already recorded.
   */
  duplicateCaptured(
    tx: Executor,
    capture: { order: PaymentOrderRow; payment: PaymentRow; user: UserRow | undefined },
  ): Promise<string | undefined>;
  /** Asks the provider for the money back, after the activation committed; never throws. */
  settleDuplicate(refundId: string): Promise<void>;
  processed(
    tx: Executor,
    refund: { providerRefundId: string; providerPaymentId: string },
  ): Promise<void>;
  failed(
    tx: Executor,
    refund: { providerRefundId: string; providerPaymentId: string },
  ): Promise<void>;
}

/** What orders, payments and webhooks read and write (payments.module.ts builds them). */
export interface PaymentsRepositories {
  payments: PaymentsRepository;
  users: Pick<UsersRepository, 'findByIdForUpdate'>;
  coupons: Pick<CouponsRepository, 'findById' | 'redemptionCount'>;
}

export interface PaymentsDependencies {
  data: DataAccess<PaymentsRepositories>;
  /** Claims a coupon use inside the checkout's transaction (coupons module). */
  coupons: Pick<CouponsService, 'claim'>;
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
   * as it is inserted (see `CouponsService.claim`); no use left is 400 with the coupon's message.
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
    const wanted = {
      planId: input.planId ?? null,
      liveSessionId: input.liveSessionId ?? null,
      couponId: input.couponId ?? null,
    };
    // A repeated checkout (second tab, retry after a failed verify) reuses the open order when
    // it sells the same thing at the same amounts: there is only ever one order to pay.
    const reused = await this.reuseOpenOrder(input, wanted);
    if (reused) return { order: reused, options: this.checkoutOptions(reused, input) };

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
          Messages.PAYMENT_PROVIDER_UNAVAILABLE.code,
          Messages.PAYMENT_PROVIDER_UNAVAILABLE.message,
          undefined,
          { 'retry-after': '10' },
        );
      }
    }
    const now = this.deps.clock.now();
    const values: NewPaymentOrder = {
      id,
      userId: user.id,
      purpose: input.purpose,
      ...wanted,
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
    // One transaction: the member's open order for this slot is locked and, if it still differs
    // (another plan, coupon or price), cancelled; the coupon use is claimed under the coupon's
    // row lock (`CouponsService.claim`); the new order is inserted. The unique open-order
    // index settles a race between two processes: the loser retries and finds the winner's order.
    for (let attempt = 1; ; attempt += 1) {
      try {
        const order = await this.deps.data.transaction(async (repos, tx) => {
          const repository = repos.payments;
          const open = await repository.lockOpenOrder({ userId: user.id, ...input });
          if (open && this.sameCheckout(open, wanted, amounts)) {
            return this.reopen(tx, open, user.id, now);
          }
          if (open) await repository.setOrderStatus(open.id, 'cancelled', OPEN_ORDER_STATUSES);
          if (wanted.couponId) await this.claimPricedCoupon(tx, user.id, wanted.couponId, amounts);
          return repository.insertOrder(values);
        });
        return { order, options: this.checkoutOptions(order, input) };
      } catch (error) {
        // A racing checkout's order won the open-order index: take it over on the next try.
        const index = uniqueViolation(error);
        if (attempt >= 3 || !index?.startsWith('payment_orders_one_open_')) throw error;
      }
    }
  }

  /** The open order a repeated checkout takes over, when nothing about it has changed. */
  private async reuseOpenOrder(
    input: {
      user: UserRow;
      purpose: OrderPurpose;
      liveSessionId?: string;
      amounts: PriceBreakdown;
    },
    wanted: Wanted,
  ): Promise<PaymentOrderRow | undefined> {
    return this.deps.data.transaction(async (repos, tx) => {
      const open = await repos.payments.lockOpenOrder({
        userId: input.user.id,
        ...input,
      });
      if (!open || !this.sameCheckout(open, wanted, input.amounts)) return undefined;
      return this.reopen(tx, open, input.user.id, this.deps.clock.now());
    });
  }

  /**
   * Whether an open order sells what is wanted now at the same amounts, through the provider
   * configured now: then paying it is exactly what the new checkout would be.
   */
  private sameCheckout(open: PaymentOrderRow, wanted: Wanted, amounts: PriceBreakdown): boolean {
    const provider = amounts.totalPaise > 0 ? this.deps.provider.name : 'none';
    return (
      open.provider === provider &&
      open.planId === wanted.planId &&
      open.liveSessionId === wanted.liveSessionId &&
      open.couponId === wanted.couponId &&
      open.pricePaise === amounts.pricePaise &&
      open.discountPaise === amounts.discountPaise &&
      open.subTotalPaise === amounts.subTotalPaise &&
      open.gstPaise === amounts.gstPaise &&
      open.totalPaise === amounts.totalPaise
    );
  }

  /** The order is the member's checkout again: its coupon use is claimed again, held from now. */
  private async reopen(tx: Executor, order: PaymentOrderRow, userId: string, now: Date) {
    if (order.couponId) await this.deps.coupons.claim(tx, userId, order.couponId, now);
    return this.deps.data.within(tx).payments.reopenOrder(order.id, now);
  }

  /** Claims a use of the coupon; a coupon edited since the checkout was priced is 409. */
  private async claimPricedCoupon(
    tx: Executor,
    userId: string,
    couponId: string,
    amounts: PriceBreakdown,
  ) {
    const coupon = await this.deps.coupons.claim(tx, userId, couponId, this.deps.clock.now());
    const priced = priceBreakdown({
      pricePaise: amounts.pricePaise,
      coupon: { type: coupon.type, value: coupon.value },
    });
    // The coupon was edited since the checkout was priced: ask the user to retry.
    if (priced.totalPaise !== amounts.totalPaise) throw fail(409, Messages.PRICE_CHANGED);
  }

  private checkoutOptions(
    order: PaymentOrderRow,
    input: { user: UserRow; description: string },
  ): CheckoutOptions | null {
    if (order.provider === 'none') return null;
    const { user } = input;
    return {
      key: this.deps.provider.keyId,
      amount: order.totalPaise,
      currency: 'INR',
      name: brand.name,
      description: input.description,
      image: `${(this.deps.config.PUBLIC_URL ?? '').replace(/\/+$/, '')}/favicon.svg`,
      order_id: order.providerOrderId,
      prefill: { name: user.name, email: user.email, contact: user.mobile ?? '' },
      theme: { color: brand.themeColor },
    };
  }

  /** Activates an order whose total is zero: there is no provider payment to wait for. */
  async completeWithoutPayment(order: PaymentOrderRow): Promise<void> {
    if (order.totalPaise !== 0 || order.provider !== 'none') {
      throw new Error('only zero-total orders complete without a payment');
    }
    await this.deps.data.transaction((_repos, tx) =>
      this.activate(tx, order.id, `free_${order.id}`),
    );
    this.deps.outbox.deliverSoon();
  }

  /**
   * Checks what the checkout widget handed back against the caller's stored order and activates
   * it. Someone else's order, or one sold for another purpose, is 404 (no hint that it exists);
   * a wrong signature is 400 with the feature's failure message. A payment that granted nothing
   * (the member already had it) is 409 'being refunded', a refunded one 409 'refunded', however
   * often the client asks (decision 037).
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
    const repository = this.deps.data.repos.payments;
    const order = await repository.findOrderByProviderId(input.providerOrderId);
    if (!order || order.userId !== input.userId || order.purpose !== input.purpose) {
      throw fail(404, Messages.ORDER_NOT_FOUND);
    }
    const target = order.planId ?? order.liveSessionId;
    if (input.targetId !== undefined && input.targetId !== target) throw fail(400, input.failure);
    if (order.provider === 'none') {
      // Completed when it was created.
      if (order.status === 'refunded') throw fail(409, Messages.ORDER_REFUNDED);
      return order;
    }
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
    const activation = await this.deps.data.transaction((_repos, tx) =>
      this.activate(tx, order.id, input.providerPaymentId),
    );
    this.deps.outbox.deliverSoon();
    await this.settle(activation);
    // The answer follows what the payment is now, so a retried verify hears the same.
    const payment = await repository.findPaymentByProviderId(input.providerPaymentId);
    if (payment?.duplicate) throw fail(409, Messages.DUPLICATE_PAYMENT_REFUNDED);
    const now = await repository.findOrder(order.id);
    if (payment?.status === 'refunded' || now?.status === 'refunded') {
      throw fail(409, Messages.ORDER_REFUNDED);
    }
    return order;
  }

  /**
   * The one activation path (checkout verify, webhook, zero-total), under the order's row lock.
   * A payment already recorded is a replay ('replay'), which callers treat as success: the
   * client retried, or the webhook and the verify call raced. The order's first payment grants
   * what it sells ('granted'). A capture that grants nothing is recorded as a duplicate and
   * refunded automatically ('duplicate'): a second payment of an order already paid (or
   * refunded), or a payment of something the member already holds, which the fulfiler reports
   * by throwing `NothingToGrant` (its work is rolled back to a savepoint: no invoice, no coupon
   * use, no serial taken). Decision 037.
   */
  private async activate(
    tx: Executor,
    orderId: string,
    providerPaymentId: string,
  ): Promise<Activation> {
    const repos = this.deps.data.within(tx);
    const repository = repos.payments;
    // A payment already recorded is a replay: answered without queueing on the order's lock.
    if (await repository.findPaymentByProviderId(providerPaymentId)) return { outcome: 'replay' };
    const order = await repository.lockOrder(orderId);
    if (!order) return { outcome: 'none' };
    if (await repository.findPaymentByProviderId(providerPaymentId)) return { outcome: 'replay' };
    const user = order.userId ? await repos.users.findByIdForUpdate(order.userId) : undefined;
    const now = this.deps.clock.now();
    const values = {
      orderId: order.id,
      providerPaymentId,
      amountPaise: order.totalPaise,
      capturedAt: now,
      buyerName: user?.name ?? ERASED_BUYER_NAME,
    };
    if (order.status === 'paid' || order.status === 'refunded') {
      const second = await repository.insertPayment({ ...values, duplicate: true });
      if (!second) return { outcome: 'replay' };
      return this.refundDuplicate(tx, order, second, user, 'a second capture of a paid order');
    }
    const payment = await repository.insertPayment(values);
    if (!payment) return { outcome: 'replay' };
    await repository.setOrderStatus(order.id, 'paid', ['created', 'failed', 'cancelled']);
    try {
      await tx.transaction((savepoint) =>
        this.deps.fulfilers[order.purpose]({ tx: savepoint, order, payment, user, now }),
      );
    } catch (error) {
      if (!(error instanceof NothingToGrant)) throw error;
      const duplicate = await repository.markDuplicate(payment.id);
      return this.refundDuplicate(tx, order, duplicate, user, error.message);
    }
    if (order.couponId) await this.reportCouponOveruse(tx, order.couponId, order.id);
    return { outcome: 'granted' };
  }

  /** Records the automatic refund of a capture that granted nothing (nothing to refund at ₹0). */
  private async refundDuplicate(
    tx: Executor,
    order: PaymentOrderRow,
    payment: PaymentRow,
    user: UserRow | undefined,
    reason: string,
  ): Promise<Activation> {
    this.deps.log.warn(
      { orderId: order.id, paymentId: payment.id, reason },
      'a capture granted nothing; refunding it automatically',
    );
    if (payment.amountPaise === 0) return { outcome: 'duplicate', refundId: undefined };
    const refundId = await this.deps.refunds.duplicateCaptured(tx, { order, payment, user });
    return { outcome: 'duplicate', refundId };
  }

  /** After the activation committed: the money of a duplicate capture goes back. */
  private async settle(activation: Activation) {
    if (activation.outcome === 'duplicate' && activation.refundId) {
      await this.deps.refunds.settleDuplicate(activation.refundId);
    }
  }

  /**
   * A payment that takes a coupon past its limit still stands (the buyer paid the discounted
   * price), but operators hear of it. It can only come from a checkout paid after its hold on
   * the coupon lapsed and the use went to someone else, or from one buyer paying two checkouts.
   */
  private async reportCouponOveruse(tx: Executor, couponId: string, orderId: string) {
    const { coupons } = this.deps.data.within(tx);
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
      throw fail(400, Messages.WEBHOOK_SIGNATURE_INVALID);
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
    let activation: Activation = { outcome: 'none' };
    await this.deps.data.transaction(async (repos, tx) => {
      const repository = repos.payments;
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
          activation = await this.activate(tx, order.id, payment.id);
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
    await this.settle(activation);
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
      throw fail(403, Messages.SANDBOX_DISABLED);
    }
    const repository = this.deps.data.repos.payments;
    const order = await repository.findOrderByProviderId(providerOrderId);
    if (!order || order.userId !== userId || order.provider !== 'sandbox') {
      throw fail(404, Messages.ORDER_NOT_FOUND);
    }
    if (order.status === 'paid' || order.status === 'refunded') {
      throw fail(409, Messages.ORDER_ALREADY_PAID);
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
