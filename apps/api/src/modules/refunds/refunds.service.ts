import { Messages } from '@exhale/contract/messages';
import { formatRupees } from '@exhale/contract/money';
import { isWithinRefundWindow } from '@exhale/contract/refund-window';
import type { LanguageCode } from '@exhale/contract/languages';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client';
import type { PaymentOrderRow, PaymentRow, RefundRow } from '../../db/schema/money';
import type { UserRow } from '../../db/schema/users';
import { AppError, badRequest } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { DataAccess } from '../../lib/data-access';
import { isUuid } from '../../lib/ids';
import { languageOf, text as noticeText } from '../../lib/texts/texts';
import type { PaymentProvider, ProviderRefund } from '../../providers/payments/payment-provider';
import type { ContentTextsRepository } from '../content-texts/content-texts.repository';
import { writtenPlanName } from '../content-texts/content-texts.service';
import type { creditNoteAttachment } from '../invoices/credit-notes.service';
import type { issueCreditNote } from '../invoices/invoices.module';
import type { CreditNotesRepository } from '../invoices/credit-notes.repository';
import type { InvoicesRepository } from '../invoices/invoices.repository';
import type { notify } from '../notifications/notifications.module';
import type { Outbox } from '../outbox/outbox.service';
import {
  duplicatePaymentMail,
  refundApprovedMail,
  refundRejectedMail,
  whenLabel,
} from '../payments/payments.mails';
import type { PaymentsRepository } from '../payments/payments.repository';
import type { RefundEvents } from '../payments/payments.service';
import type { LiveSessionsRepository } from '../live-sessions/live-sessions.repository';
import type { PlansRepository } from '../plans/plans.repository';
import type { UserPlansRepository } from '../user-plans/user-plans.repository';
import type { UsersRepository } from '../users/users.repository';
import type { RefundsRepository } from './refunds.repository';

const fail = (status: number, entry: { code: string; message: string }) =>
  new AppError(status, entry.code, entry.message);

export const REJECTION_REASON_MAX_LENGTH = 500;

/** The repositories a refund reads and writes, on one executor (refunds.module.ts builds them). */
export interface RefundsRepositories {
  refunds: Pick<
    RefundsRepository,
    | 'insert'
    | 'insertDuplicate'
    | 'lock'
    | 'transition'
    | 'update'
    | 'findByProviderRefundId'
    | 'findApprovedForPayment'
  >;
  userPlans: Pick<UserPlansRepository, 'lockOwned' | 'lock' | 'update' | 'makeFree'>;
  payments: Pick<
    PaymentsRepository,
    | 'findPayment'
    | 'findOrder'
    | 'findPaymentByProviderId'
    | 'setPaymentStatus'
    | 'hasCapturedPayment'
    | 'setOrderStatus'
  >;
  invoices: Pick<InvoicesRepository, 'findByPaymentId'>;
  creditNotes: Pick<CreditNotesRepository, 'findWithInvoice'>;
  plans: Pick<PlansRepository, 'findById'>;
  liveSessions: Pick<LiveSessionsRepository, 'findById'>;
  users: Pick<UsersRepository, 'findById'>;
  /** Operators' texts per language (decision 064): the plan's name in the buyer's language. */
  contentTexts: Pick<ContentTextsRepository, 'find' | 'findBySource'>;
}

export interface RefundsDependencies {
  data: DataAccess<RefundsRepositories>;
  /** The member's bell notice (notifications module), inside the refund's transaction. */
  notify: typeof notify;
  /** The GST credit note against a refunded payment's invoice (invoices module). */
  creditNotes: { issue: typeof issueCreditNote; attachment: typeof creditNoteAttachment };
  provider: PaymentProvider;
  outbox: Pick<Outbox, 'enqueue' | 'deliverSoon'>;
  clock: Clock;
  log: FastifyBaseLogger;
}

/**
 * Refunds from the user's request to the money going back. A plan can be asked to be refunded
 * once (the unique refunds.user_plan_id, behind a row lock on the plan), within the refund window
 * (contract refund-window.ts). Operators decide (`approve`, `reject`; the admin console calls
 * these); the provider's refund.processed webhook confirms.
 */
export class RefundsService implements RefundEvents {
  constructor(private readonly deps: RefundsDependencies) {}

  /** PUT /user-plan/request-refund. Repeats are answered in `data`, not as errors (spec §4). */
  async request(
    userId: string,
    userPlanId: string,
    reason?: string,
  ): Promise<{ success: boolean; message: string }> {
    if (!isUuid(userPlanId)) throw fail(404, Messages.REFUND_REQUEST_FAILED);
    const result = await this.deps.data.transaction(async (repos, tx) => {
      const plans = repos.userPlans;
      const userPlan = await plans.lockOwned(userPlanId, userId);
      if (!userPlan) throw fail(404, Messages.REFUND_REQUEST_FAILED);
      switch (userPlan.status) {
        case 'refund_requested':
          return { success: false, message: Messages.REFUND_ALREADY_REQUESTED.message };
        case 'refund_rejected':
          return { success: false, message: Messages.REFUND_REJECTED_FINAL.message };
        case 'refunded':
          return { success: false, message: Messages.PLAN_ALREADY_REFUNDED.message };
        case 'active':
          break;
      }
      const now = this.deps.clock.now();
      if (!isWithinRefundWindow(userPlan.purchasedAt, now)) {
        throw badRequest(Messages.REFUND_WINDOW_CLOSED.code, Messages.REFUND_WINDOW_CLOSED.message);
      }
      const payment = await repos.payments.findPayment(userPlan.paymentId);
      const refund = await repos.refunds.insert({
        userPlanId: userPlan.id,
        paymentId: userPlan.paymentId,
        userId,
        amountPaise: payment?.amountPaise ?? 0,
        reason: reason?.trim() || null,
        requestedAt: now,
      });
      if (!refund) return { success: false, message: Messages.REFUND_ALREADY_REQUESTED.message };
      await plans.update(userPlan.id, { status: 'refund_requested', refundRequestedAt: now });
      const language = languageOf((await repos.users.findById(userId))?.language);
      await this.deps.notify(tx, userId, {
        kind: 'refund',
        language,
        title: noticeText(language, 'notice.refundRequested.title'),
        message: noticeText(language, 'notice.refundRequested.message'),
      });
      return { success: true, message: Messages.REFUND_REQUESTED.message };
    });
    return result;
  }

  /**
   * A capture that granted nothing (decision 037), inside its activation transaction: an
   * automatic refund of the whole payment ('duplicate', no plan, one per payment), and the buyer
   * told in the bell and by mail. No invoice was issued for it. `settleDuplicate` then asks the
   * provider for the money once the transaction has committed; until it succeeds the refund
   * waits in the console's refunds list as requested, where an operator can approve it again.
   */
  async duplicateCaptured(
    tx: Executor,
    { order, payment, user }: { order: PaymentOrderRow; payment: PaymentRow; user?: UserRow },
  ): Promise<string | undefined> {
    const repos = this.deps.data.within(tx);
    const refund = await repos.refunds.insertDuplicate({
      kind: 'duplicate',
      paymentId: payment.id,
      userId: order.userId,
      amountPaise: payment.amountPaise,
      requestedAt: this.deps.clock.now(),
    });
    if (!refund) return undefined;
    if (user) {
      const what = await this.whatWasBought(repos, order, user.language);
      await this.deps.notify(tx, user.id, {
        kind: 'refund',
        language: user.language,
        title: noticeText(user.language, 'notice.duplicate.title'),
        message: noticeText(user.language, 'notice.duplicate.message', {
          what,
          amount: formatRupees(payment.amountPaise),
        }),
      });
      await this.deps.outbox.enqueue(
        {
          channel: 'email',
          to: user.email,
          userId: user.id,
          ...duplicatePaymentMail(
            { name: user.name, what, amountPaise: payment.amountPaise },
            user.language,
          ),
        },
        tx,
      );
    }
    return refund.id;
  }

  /** A plan's name for a mail in the member's language (decision 064), English when none. */
  private async planName(
    repos: RefundsRepositories,
    planId: string,
    language: LanguageCode,
  ): Promise<string> {
    const plan = await repos.plans.findById(planId);
    return plan ? writtenPlanName(repos.contentTexts, plan, language) : 'plan';
  }

  /**
   * What an order sold, in the buyer's language: 'the Lifetime Plan' (the plan's name as an
   * operator wrote it in that language, decision 064), 'the live session "…" on …' (its title as
   * stored, the date in IST written the buyer's way).
   */
  private async whatWasBought(
    repos: RefundsRepositories,
    order: PaymentOrderRow,
    language: LanguageCode,
  ): Promise<string> {
    if (order.planId) {
      const plan = await repos.plans.findById(order.planId);
      if (!plan) return noticeText(language, 'duplicate.what.somePlan');
      const name = await writtenPlanName(repos.contentTexts, plan, language);
      return noticeText(language, 'duplicate.what.plan', { plan: name });
    }
    const session = order.liveSessionId
      ? await repos.liveSessions.findById(order.liveSessionId)
      : undefined;
    return session
      ? noticeText(language, 'duplicate.what.liveSession', {
          title: session.title,
          when: whenLabel(session.sessionDate, language),
        })
      : noticeText(language, 'duplicate.what.someLiveSession');
  }

  /**
   * The money of a duplicate capture goes back through the provider, as an approval without an
   * operator. A failure is logged and leaves the refund requested in the console (never thrown:
   * the capture itself was handled).
   */
  async settleDuplicate(refundId: string): Promise<void> {
    try {
      await this.approve(refundId, null);
    } catch (error) {
      this.deps.log.error(
        { err: error, refundId },
        'automatic refund of a duplicate payment did not go through; left for an operator',
      );
    }
  }

  /**
   * Approves a requested refund: claims it (so two operators cannot refund twice), asks the
   * provider for the money back outside any transaction, then takes the plan away in one
   * transaction. If the provider refuses, the claim is released and the request stays open.
   * `adminId` is null for the automatic refund of a duplicate payment.
   */
  async approve(refundId: string, adminId: string | null): Promise<RefundRow> {
    if (!isUuid(refundId)) throw fail(404, Messages.REFUND_NOT_FOUND);
    const now = this.deps.clock.now();
    const claimed = await this.deps.data.transaction(async (repos) => {
      const { refunds, payments } = repos;
      const refund = await refunds.lock(refundId);
      if (!refund) throw fail(404, Messages.REFUND_NOT_FOUND);
      if (refund.status !== 'requested') throw fail(409, Messages.REFUND_ALREADY_DECIDED);
      const payment = (await payments.findPayment(refund.paymentId))!;
      const order = (await payments.findOrder(payment.orderId))!;
      await refunds.transition(refund.id, 'requested', {
        status: 'approved',
        decidedBy: adminId,
        decidedAt: now,
      });
      return { refund, payment, order };
    });

    let providerRefund: ProviderRefund | null;
    try {
      providerRefund = await this.refundAtProvider(claimed.refund, claimed.payment, claimed.order);
    } catch (error) {
      this.deps.log.error({ err: error, refundId }, 'provider refund failed; request left open');
      await this.deps.data.repos.refunds.transition(refundId, 'approved', {
        status: 'requested',
        decidedBy: null,
        decidedAt: null,
      });
      throw new AppError(
        502,
        Messages.REFUND_PROVIDER_FAILED.code,
        Messages.REFUND_PROVIDER_FAILED.message,
      );
    }

    const updated = await this.deps.data.transaction(async (repos, tx) => {
      const { refunds } = repos;
      const refund = (await refunds.lock(refundId))!;
      if (providerRefund) await refunds.update(refund.id, { providerRefundId: providerRefund.id });
      await this.applyApproval(repos, tx, refund);
      // No provider involved (zero total, sandbox money) or an instant refund: done now.
      if (!providerRefund || providerRefund.status === 'processed') {
        await this.markProcessed(repos, refund);
      }
      return (await refunds.lock(refundId))!;
    });
    this.deps.outbox.deliverSoon();
    return updated;
  }

  /** The provider's refund, or null when no real money moved (zero total, sandbox payment). */
  private async refundAtProvider(
    refund: RefundRow,
    payment: PaymentRow,
    order: PaymentOrderRow,
  ): Promise<ProviderRefund | null> {
    if (order.provider === 'none' || refund.amountPaise === 0) return null;
    if (order.provider !== this.deps.provider.name) {
      if (order.provider === 'sandbox') return null; // sandbox money was never real
      throw new Error(
        `order paid through ${order.provider}, now configured ${this.deps.provider.name}`,
      );
    }
    const result = await this.deps.provider.refund({
      paymentId: payment.providerPaymentId,
      amountPaise: refund.amountPaise,
      notes: { refund: refund.id },
    });
    if (result.status === 'failed') throw new Error(`provider refund ${result.id} failed at once`);
    return result;
  }

  /**
   * Takes the plan away: refunded, the user back on free (step kept), a GST credit note against
   * the plan's invoice, told in the bell and by mail (with the credit note attached). A duplicate
   * payment's refund takes nothing away (it granted nothing, and its buyer was told when it was
   * captured); it gets a credit note only if an invoice was issued for it, which this app no
   * longer does (decision 037).
   */
  private async applyApproval(repos: RefundsRepositories, tx: Executor, refund: RefundRow) {
    const { issue, attachment } = this.deps.creditNotes;
    if (refund.kind === 'duplicate' || !refund.userPlanId) {
      const invoice = await repos.invoices.findByPaymentId(refund.paymentId);
      if (invoice && !(await repos.creditNotes.findWithInvoice(refund.id))) {
        await issue(tx, {
          refundId: refund.id,
          invoice,
          issuedAt: this.deps.clock.now(),
        });
      }
      return;
    }
    const plans = repos.userPlans;
    const userPlan = await plans.lock(refund.userPlanId);
    if (!userPlan || userPlan.status === 'refunded') return;
    await plans.update(userPlan.id, { status: 'refunded' });
    const invoice = await repos.invoices.findByPaymentId(refund.paymentId);
    const creditNote = invoice
      ? await issue(tx, {
          refundId: refund.id,
          invoice,
          issuedAt: this.deps.clock.now(),
        })
      : undefined;
    if (!userPlan.userId) return;
    await plans.makeFree(userPlan.userId);
    const user = await repos.users.findById(userPlan.userId);
    const language = languageOf(user?.language);
    await this.deps.notify(tx, userPlan.userId, {
      kind: 'refund',
      language,
      title: noticeText(language, 'notice.refundApproved.title'),
      message: creditNote
        ? noticeText(language, 'notice.refundApproved.messageWithCreditNote', {
            number: creditNote.number,
          })
        : noticeText(language, 'notice.refundApproved.message'),
    });
    if (user) {
      await this.deps.outbox.enqueue(
        {
          channel: 'email',
          to: user.email,
          userId: user.id,
          ...refundApprovedMail(
            {
              name: user.name,
              planName: await this.planName(repos, userPlan.planId, language),
              amountPaise: refund.amountPaise,
              creditNoteNumber: creditNote?.number,
            },
            language,
          ),
          attachments:
            creditNote && invoice
              ? [await attachment(creditNote, invoice, user.language)]
              : undefined,
        },
        tx,
      );
    }
  }

  private async markProcessed(repos: RefundsRepositories, refund: RefundRow) {
    const moved = await repos.refunds.transition(refund.id, 'approved', {
      status: 'processed',
      processedAt: this.deps.clock.now(),
    });
    if (!moved) return;
    const { payments } = repos;
    const payment = await payments.findPayment(refund.paymentId);
    if (!payment) return;
    await payments.setPaymentStatus(payment.id, 'refunded');
    // The order is refunded once none of its payments stands: a duplicate second payment of an
    // order going back leaves the order (and what its first payment bought) as it was.
    if (!(await payments.hasCapturedPayment(payment.orderId))) {
      await payments.setOrderStatus(payment.orderId, 'refunded', ['paid']);
    }
  }

  /** Rejects a requested refund with a reason the user sees; the plan stays and cannot be re-asked. */
  async reject(refundId: string, adminId: string, reason: string): Promise<RefundRow> {
    const text = reason.trim();
    if (!text || text.length > REJECTION_REASON_MAX_LENGTH) {
      throw badRequest(
        'BAD_REQUEST',
        `Give a reason of 1 to ${REJECTION_REASON_MAX_LENGTH} characters.`,
      );
    }
    if (!isUuid(refundId)) throw fail(404, Messages.REFUND_NOT_FOUND);
    const updated = await this.deps.data.transaction(async (repos, tx) => {
      const refunds = repos.refunds;
      const refund = await refunds.lock(refundId);
      if (!refund) throw fail(404, Messages.REFUND_NOT_FOUND);
      if (refund.status !== 'requested') throw fail(409, Messages.REFUND_ALREADY_DECIDED);
      // The member is owed that money: nobody decides whether to give it back.
      if (refund.kind === 'duplicate') throw fail(409, Messages.REFUND_AUTOMATIC);
      await refunds.transition(refund.id, 'requested', {
        status: 'rejected',
        rejectedReason: text,
        decidedBy: adminId,
        decidedAt: this.deps.clock.now(),
      });
      const plans = repos.userPlans;
      const userPlan = refund.userPlanId ? await plans.lock(refund.userPlanId) : undefined;
      if (userPlan) {
        await plans.update(userPlan.id, { status: 'refund_rejected', rejectedReason: text });
      }
      if (userPlan?.userId) {
        const user = await repos.users.findById(userPlan.userId);
        const language = languageOf(user?.language);
        await this.deps.notify(tx, userPlan.userId, {
          kind: 'refund',
          language,
          title: noticeText(language, 'notice.refundRejected.title'),
          message: noticeText(language, 'notice.refundRejected.message', { reason: text }),
        });
        if (user) {
          await this.deps.outbox.enqueue(
            {
              channel: 'email',
              to: user.email,
              userId: user.id,
              ...refundRejectedMail(
                {
                  name: user.name,
                  planName: await this.planName(repos, userPlan.planId, language),
                  reason: text,
                },
                language,
              ),
            },
            tx,
          );
        }
      }
      return (await refunds.lock(refundId))!;
    });
    this.deps.outbox.deliverSoon();
    return updated;
  }

  /** refund.processed webhook: confirms the money went back. */
  async processed(tx: Executor, input: { providerRefundId: string; providerPaymentId: string }) {
    const repos = this.deps.data.within(tx);
    const refund = await this.findForProviderEvent(repos, tx, input);
    if (!refund) {
      this.deps.log.warn(input, 'refund.processed for a refund this app did not start');
      return;
    }
    if (refund.status === 'approved') await this.markProcessed(repos, refund);
  }

  /** refund.failed webhook: the provider gave up; an operator has to sort it out. */
  async failed(tx: Executor, input: { providerRefundId: string; providerPaymentId: string }) {
    const repos = this.deps.data.within(tx);
    const refund = await this.findForProviderEvent(repos, tx, input);
    if (!refund) return;
    if (await repos.refunds.transition(refund.id, 'approved', { status: 'failed' })) {
      this.deps.log.error({ refundId: refund.id, ...input }, 'provider reports the refund failed');
    }
  }

  /**
   * The refund a provider event is about: by its provider id, or, when the approval stopped
   * between the provider call and recording it, the payment's approved refund, which then gets
   * its provider id and the approval's effects.
   */
  private async findForProviderEvent(
    repos: RefundsRepositories,
    tx: Executor,
    input: { providerRefundId: string; providerPaymentId: string },
  ): Promise<RefundRow | undefined> {
    const { refunds } = repos;
    const known = await refunds.findByProviderRefundId(input.providerRefundId);
    if (known) return known;
    const payment = await repos.payments.findPaymentByProviderId(input.providerPaymentId);
    if (!payment) return undefined;
    const pending = await refunds.findApprovedForPayment(payment.id);
    if (!pending || pending.providerRefundId) return undefined;
    await refunds.update(pending.id, { providerRefundId: input.providerRefundId });
    await this.applyApproval(repos, tx, pending);
    return pending;
  }
}
