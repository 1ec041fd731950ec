import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { liveSessionFulfiler } from '../modules/live-sessions/live-sessions.fulfilment';
import { liveSessionsOn } from '../modules/live-sessions/live-sessions.module';
import { createPaymentsService } from '../modules/payments/payments.module';
import type { PaymentsService } from '../modules/payments/payments.service';
import { createRefundsService } from '../modules/refunds/refunds.module';
import type { RefundsService } from '../modules/refunds/refunds.service';
import { planFulfiler } from '../modules/user-plans/user-plans.fulfilment';
import { planFulfilmentRepositories } from '../modules/user-plans/user-plans.module';
import { createPaymentProvider } from '../providers/payments/create-payment-provider';
import type { PaymentProvider } from '../providers/payments/payment-provider';

declare module 'fastify' {
  interface FastifyInstance {
    /** Razorpay when configured, otherwise the offline sandbox. */
    paymentProvider: PaymentProvider;
    /** Orders, verification, exactly-once activation, webhooks. */
    payments: PaymentsService;
    /** Refund requests and the operator's decisions (the admin console calls approve/reject). */
    refunds: RefundsService;
  }
}

/** Wires the payment provider and the money services; needs `outbox` (messaging plugin). */
export const paymentsPlugin = fp(async (app: FastifyInstance) => {
  const provider = createPaymentProvider(app.config);
  const refunds = createRefundsService({
    db: app.db,
    provider,
    outbox: app.outbox,
    clock: app.clock,
    log: app.log,
  });
  const fulfilmentDeps = { seller: app.config, outbox: app.outbox, log: app.log };
  const payments = createPaymentsService({
    db: app.db,
    provider,
    outbox: app.outbox,
    clock: app.clock,
    config: app.config,
    log: app.log,
    fulfilers: {
      plan: planFulfiler({ ...fulfilmentDeps, repositories: planFulfilmentRepositories }),
      live_session: liveSessionFulfiler({ ...fulfilmentDeps, sessions: liveSessionsOn }),
    },
    refunds,
  });
  app.decorate('paymentProvider', provider);
  app.decorate('payments', payments);
  app.decorate('refunds', refunds);
});
