import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { formatDayShortMonthYear } from '@exhale/contract/formats';
import { formatRupees } from '@exhale/contract/money';
import type { RefundRequest } from '@exhale/contract/payments';
import { refundLastDayLabel } from '@exhale/contract/refund-window';
import { Button } from '../../../components/ui/button';
import { handleApiError } from '../../../lib/api';
import { serverText } from '../../../lib/messages';
import { notify } from '../../../lib/toast';
import { useTranslated } from '../../../lib/use-translated';
import {
  downloadInvoice,
  planKeys,
  useRequestRefund,
  type CurrentPlan,
  type RefundState,
} from '../api';
import { RefundDialog } from './refund-dialog';

const statusStyles: Record<CurrentPlan['status'], string> = {
  active: 'bg-leaf-700 text-white',
  refund_requested: 'bg-amber-100 text-amber-900',
  refund_rejected: 'bg-red-100 text-red-900',
  refunded: 'bg-slate-200 text-ink',
};

/**
 * A premium user's plan in place of the plan cards (spec §2): name, a fixed description, the
 * total duration '12 months', the next due date, Change Plan (does nothing: there is one plan on
 * sale) and the refund request, plus the invoice. 'Cancel Membership' asks first (RefundDialog);
 * once asked, the request's state shows here and the button stays disabled.
 */
export function CurrentPlanCard({
  plan,
  refund = null,
}: {
  plan: CurrentPlan;
  /** The latest refund request (GET /user-plan/current), when there is one. */
  refund?: RefundState | null;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const request = useRequestRefund();
  const translate = useTranslated([plan.plan_id.name]);
  const [asking, setAsking] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const invoiceId = plan.invoice_id;
  const windowOpen = Date.now() < new Date(plan.refundable_until).getTime();
  const lastDay = refundLastDayLabel(plan.refundable_until);
  const canAskForRefund = plan.status === 'active' && windowOpen;
  // A request for this plan: only the latest refund, and only while the plan shows one.
  const ownRefund = plan.status === 'active' ? null : refund;

  const requestRefund = (body: RefundRequest) =>
    request.mutate(body, {
      onSuccess: (result) => {
        if (result.success) notify.success(serverText(result.message, 'plans.current.refundSent'));
        else notify.warning(serverText(result.message, 'messages.REFUND_ALREADY_REQUESTED'));
        setAsking(false);
        void queryClient.invalidateQueries({ queryKey: planKeys.current });
      },
      onError: (error) => handleApiError(error, 'messages.REFUND_REQUEST_FAILED'),
    });

  const saveInvoice = async (invoiceId: string) => {
    setDownloading(true);
    try {
      await downloadInvoice(invoiceId);
    } catch (error) {
      handleApiError(error, 'plans.current.invoiceFailed');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <article
      aria-labelledby="current-plan-name"
      className="mt-6 flex max-w-2xl flex-col gap-5 rounded-2xl border-2 border-brand-700 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">
            {t('plans.current.yourPlan')}
          </p>
          <h2 id="current-plan-name" className="text-2xl font-bold text-brand-900">
            {translate(plan.plan_id.name)}
          </h2>
        </div>
        <p
          className={`rounded-full px-3 py-1 text-sm font-semibold ${statusStyles[plan.status]}`}
          data-testid="plan-status"
        >
          {t(`plans.current.status.${plan.status}`)}
        </p>
      </div>
      <p className="text-ink">{t('plans.current.description')}</p>

      <dl className="grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-ink-muted">{t('plans.current.totalDuration')}</dt>
          <dd className="font-semibold">{t('plans.current.durationValue')}</dd>
        </div>
        <div>
          <dt className="text-sm text-ink-muted">{t('plans.current.nextDueDate')}</dt>
          <dd className="font-semibold">
            {plan.expiry_date
              ? formatDayShortMonthYear(plan.expiry_date)
              : t('plans.current.noRenewal')}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-ink-muted">{t('plans.current.purchasedOn')}</dt>
          <dd className="font-semibold">{formatDayShortMonthYear(plan.purchased_at)}</dd>
        </div>
        <div>
          <dt className="text-sm text-ink-muted">{t('plans.current.amountPaid')}</dt>
          <dd className="font-semibold">{formatRupees(plan.total_paise)}</dd>
        </div>
      </dl>

      {plan.status === 'refund_requested' ? (
        <section
          aria-labelledby="refund-state-title"
          className="rounded-lg bg-amber-50 p-3 text-amber-900"
          data-testid="refund-state"
        >
          <h3 id="refund-state-title" className="font-semibold">
            {t('plans.refund.pendingTitle')}
          </h3>
          {ownRefund ? (
            <p className="mt-1">
              {t('plans.refund.pendingDetails', {
                amount: formatRupees(ownRefund.amount_paise),
                date: formatDayShortMonthYear(ownRefund.requested_at),
              })}
            </p>
          ) : null}
          <p className="mt-1">{t('plans.current.refundRequestedNote')}</p>
          {ownRefund?.reason ? (
            <p className="mt-1">{t('plans.refund.yourReason', { reason: ownRefund.reason })}</p>
          ) : null}
        </section>
      ) : null}
      {plan.status === 'refund_rejected' ? (
        <section
          aria-labelledby="refund-state-title"
          className="rounded-lg bg-red-50 p-3 text-red-900"
          data-testid="refund-state"
        >
          <h3 id="refund-state-title" className="font-semibold">
            {t('plans.current.refundRejectedNote')}
          </h3>
          {plan.rejected_reason ? (
            <p className="mt-1">
              {t('plans.current.rejectedReason', { reason: plan.rejected_reason })}
            </p>
          ) : null}
        </section>
      ) : null}

      <div className="flex flex-wrap gap-3">
        {/* Spec §2: Change Plan does nothing; there is only one plan on sale. */}
        <Button variant="secondary" disabled>
          {t('plans.current.changePlan')}
        </Button>
        {canAskForRefund ? (
          <Button
            variant="secondary"
            className="border-red-700 text-red-800 hover:bg-red-50"
            onClick={() => setAsking(true)}
          >
            {t('plans.current.cancelMembership')}
          </Button>
        ) : plan.status === 'refund_requested' || plan.status === 'refund_rejected' ? (
          <Button variant="secondary" disabled>
            {t(`plans.refund.button.${plan.status}`)}
          </Button>
        ) : null}
        {invoiceId ? (
          <Button
            variant="ghost"
            disabled={downloading}
            onClick={() => void saveInvoice(invoiceId)}
          >
            {downloading ? t('plans.current.downloading') : t('plans.current.downloadInvoice')}
          </Button>
        ) : null}
      </div>
      {plan.status === 'active' ? (
        <p className="text-sm text-ink-muted">
          {windowOpen
            ? t('plans.current.refundUntil', { date: lastDay })
            : t('plans.current.refundWindowClosed', { date: lastDay })}
        </p>
      ) : null}
      {canAskForRefund ? (
        <RefundDialog
          plan={plan}
          open={asking}
          pending={request.isPending}
          onOpenChange={setAsking}
          onConfirm={requestRefund}
        />
      ) : null}
    </article>
  );
}

/**
 * After an approved refund the member is on the free plan again; the Plans page says what
 * became of their request above the plans.
 */
export function RefundOutcomeNote({ refund }: { refund: RefundState }) {
  const { t } = useTranslation();
  if (refund.status !== 'approved' && refund.status !== 'processed') return null;
  return (
    <section
      aria-labelledby="refund-outcome-title"
      className="mt-6 max-w-2xl rounded-lg bg-green-50 p-4 text-green-900"
      data-testid="refund-state"
    >
      <h2 id="refund-outcome-title" className="font-semibold">
        {t('plans.refund.approvedTitle')}
      </h2>
      <p className="mt-1">
        {t('plans.refund.approvedDetails', {
          amount: formatRupees(refund.amount_paise),
          date: formatDayShortMonthYear(refund.decided_at ?? refund.requested_at),
        })}
      </p>
    </section>
  );
}
