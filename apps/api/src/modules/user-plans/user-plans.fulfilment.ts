import { refundWindowClosesAt } from '@exhale/contract/refund-window';
import { stepAfterPremiumPurchase } from '@exhale/contract/steps';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client';
import type { ContentTextsRepository } from '../content-texts/content-texts.repository';
import { writtenPlanName } from '../content-texts/content-texts.service';
import type { PlansRepository } from '../plans/plans.repository';
import { planExpiry } from '../plans/plans.service';
import type { CouponsRepository } from '../coupons/coupons.repository';
import { issueInvoice } from '../invoices/invoices.module';
import { invoiceAttachment, type SellerConfig } from '../invoices/invoices.service';
import { grantPremiumLessons } from '../lessons/lessons.module';
import { text } from '../../lib/texts/texts';
import { notify } from '../notifications/notifications.module';
import type { Outbox } from '../outbox/outbox.service';
import { NothingToGrant, type Fulfiler } from '../payments/payments.service';
import { planReceiptMail } from '../payments/payments.mails';
import type { UserPlansRepository } from './user-plans.repository';

/** What granting a plan writes, on the activation transaction (user-plans.module.ts builds them). */
export interface PlanFulfilmentRepositories {
  plans: Pick<PlansRepository, 'findById'>;
  coupons: Pick<CouponsRepository, 'redeem'>;
  userPlans: Pick<UserPlansRepository, 'insert' | 'makePremium'>;
  /** Operators' texts per language (decision 064): the plan's name in the buyer's language. */
  contentTexts: Pick<ContentTextsRepository, 'find' | 'findBySource'>;
}

/**
 * What a paid plan order grants, all inside the activation transaction: premium from today
 * (day 1, step never lowered), the plan record, the coupon use, the paid lessons, the tax
 * invoice, a bell notice and the receipt mail with the invoice attached.
 */
export function planFulfiler(deps: {
  seller: SellerConfig;
  outbox: Pick<Outbox, 'enqueue'>;
  log: FastifyBaseLogger;
  repositories: (tx: Executor) => PlanFulfilmentRepositories;
}): Fulfiler {
  return async ({ tx, order, payment, user, now }) => {
    const repos = deps.repositories(tx);
    const plan = await repos.plans.findById(order.planId!);
    if (!plan) throw new Error(`order ${order.id} names a plan that does not exist`);
    const invoice = await issueInvoice(tx, deps.seller, {
      paymentId: payment.id,
      buyerName: payment.buyerName,
      description: `${plan.name} - quit-smoking programme`,
      taxablePaise: order.subTotalPaise,
      gstPaise: order.gstPaise,
      issuedAt: now,
    });
    if (order.couponId) {
      await repos.coupons.redeem({
        couponId: order.couponId,
        userId: order.userId,
        paymentOrderId: order.id,
      });
    }
    if (!user) return; // erased before the payment landed: the tax records are enough

    const repository = repos.userPlans;
    const userPlan = await repository.insert({
      userId: user.id,
      planId: plan.id,
      paymentId: payment.id,
      status: 'active',
      purchasedAt: now,
      expiryDate: planExpiry(plan, now),
    });
    if (!userPlan) {
      // A second paid checkout while a plan is current: the first stays, this one is refunded.
      throw new NothingToGrant('paid for a plan while holding one');
    }
    await repository.makePremium(user.id, now, stepAfterPremiumPurchase(user.step));
    await grantPremiumLessons(tx, user.id);
    // The invoice above keeps the English name (a GST document); what the buyer reads uses theirs.
    const planName = await writtenPlanName(repos.contentTexts, plan, user.language);
    await notify(tx, user.id, {
      kind: 'payment',
      language: user.language,
      title: text(user.language, 'notice.planPurchased.title'),
      message: text(user.language, 'notice.planPurchased.message', {
        plan: planName,
        invoice: invoice.number,
      }),
    });
    const mail = planReceiptMail(
      {
        name: user.name,
        planName,
        totalPaise: order.totalPaise,
        invoiceNumber: invoice.number,
        refundableUntil: refundWindowClosesAt(now),
      },
      user.language,
    );
    await deps.outbox.enqueue(
      {
        channel: 'email',
        to: user.email,
        userId: user.id,
        ...mail,
        attachments: [await invoiceAttachment(invoice, payment.providerPaymentId, user.language)],
      },
      tx,
    );
  };
}
