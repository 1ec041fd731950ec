import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refundRejectSchema, type AdminRefund } from '@exhale/contract/admin';
import { REFUND_STATUSES, type RefundStatus } from '@exhale/contract/payments';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { handleApiError } from '../../../lib/api';
import { notify } from '../../../lib/toast';
import { downloadCreditNote, useDecideRefund, useRefunds } from '../api';
import { AdminPage } from '../components/admin-page';
import { Badge, Cell } from '../components/data-table';
import { DownloadButton } from '../components/download-button';
import { AdminForm, FormFooter, FormTextAreaField, useAdminForm } from '../components/admin-form';
import { SelectField } from '../components/form-controls';
import { PagedTable, usePagedFilter } from '../components/paged-list';
import { RowActions } from '../components/row-actions';
import { formatIstDateTime, formatPaise } from '../format';

const tone = (status: RefundStatus) =>
  status === 'requested'
    ? 'warn'
    : status === 'processed' || status === 'approved'
      ? 'good'
      : status === 'failed'
        ? 'bad'
        : 'neutral';

/** Who the money goes back to: the member, or an erased account (decision 021). */
function useRefundee() {
  const { t } = useTranslation('admin');
  return (refund: AdminRefund) =>
    refund.user?.name ?? (refund.account_erased ? t('refunds.erasedAccount') : '');
}

function RejectForm({ refund, onDone }: { refund: AdminRefund; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const decide = useDecideRefund();
  const { form, onSubmit } = useAdminForm({
    schema: refundRejectSchema,
    defaultValues: { reason: '' },
    save: ({ reason }, handlers) =>
      decide.mutate({ id: refund._id, decision: 'reject', reason }, handlers),
    saved: t('refunds.rejected'),
    onSaved: onDone,
  });
  return (
    <AdminForm form={form} onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
      <FormTextAreaField
        name="reason"
        label={t('refunds.reason')}
        required
        maxLength={500}
        hint={t('refunds.reasonHint')}
      />
      <FormFooter shown={['reason']} pending={decide.isPending} submitLabel={t('refunds.reject')} />
    </AdminForm>
  );
}

export function RefundsPage() {
  const { t } = useTranslation('admin');
  const status = usePagedFilter<RefundStatus | ''>('requested');
  const refunds = useRefunds({ page: status.page, status: status.filter || undefined });
  const decide = useDecideRefund();
  const [rejecting, setRejecting] = useState<AdminRefund | null>(null);
  const refundee = useRefundee();

  function approve(refund: AdminRefund) {
    if (
      !window.confirm(
        t(
          refund.kind === 'duplicate'
            ? 'refunds.confirmApproveDuplicate'
            : 'refunds.confirmApprove',
          {
            name: refundee(refund),
            amount: formatPaise(refund.amount_paise),
          },
        ),
      )
    ) {
      return;
    }
    decide.mutate(
      { id: refund._id, decision: 'approve' },
      {
        onSuccess: () => notify.success(t('refunds.approved')),
        onError: (error) => handleApiError(error, 'common.genericError'),
      },
    );
  }

  return (
    <AdminPage title={t('refunds.heading')} description={t('refunds.intro')}>
      <SelectField
        label={t('refunds.filter')}
        value={status.filter}
        onChange={status.setFilter}
        options={[
          { value: '' as const, label: t('refunds.all') },
          ...REFUND_STATUSES.map((value) => ({ value, label: t(`refunds.statuses.${value}`) })),
        ]}
        className="max-w-xs"
      />
      <PagedTable
        list={refunds}
        emptyText={t('refunds.empty')}
        onPage={status.setPage}
        caption={t('refunds.heading')}
        head={[
          t('refunds.requestedAt'),
          t('refunds.user'),
          t('refunds.plan'),
          t('refunds.amount'),
          t('refunds.status'),
          t('common.actions'),
        ]}
        row={(refund) => (
          <tr key={refund._id}>
            <Cell>{formatIstDateTime(refund.requested_at)}</Cell>
            <Cell>
              {refund.user ? (
                <>
                  <span className="block font-medium">{refund.user.name}</span>
                  <span className="text-ink-muted">{refund.user.email}</span>
                </>
              ) : refund.account_erased ? (
                <>
                  <span className="block font-medium">{t('refunds.erasedAccount')}</span>
                  <span className="block max-w-xs text-xs text-ink-muted">
                    {t('refunds.erasedHint')}
                  </span>
                </>
              ) : (
                '—'
              )}
            </Cell>
            <Cell>
              {refund.plan_name}
              {refund.purchased_at ? (
                <span className="block text-xs text-ink-muted">
                  {t('refunds.bought', { date: formatIstDateTime(refund.purchased_at) })}
                </span>
              ) : null}
              <span className="block text-xs text-ink-muted">
                {t('refunds.paymentReference', { reference: refund.payment_reference })}
              </span>
            </Cell>
            <Cell>
              {formatPaise(refund.amount_paise)}
              <span className="mt-1 block max-w-xs text-xs text-ink-muted">
                {refund.reason
                  ? t('refunds.memberReason', { reason: refund.reason })
                  : t('refunds.noReason')}
              </span>
            </Cell>
            <Cell>
              <Badge tone={tone(refund.status)}>{t(`refunds.statuses.${refund.status}`)}</Badge>
              {refund.kind === 'duplicate' ? (
                <span className="mt-1 block max-w-xs text-xs text-ink-muted">
                  {t('refunds.duplicate')}
                </span>
              ) : null}
              {refund.rejected_reason ? (
                <span className="mt-1 block text-xs text-ink-muted">{refund.rejected_reason}</span>
              ) : null}
              {refund.decided_by ? (
                <span className="mt-1 block text-xs text-ink-muted">
                  {t('refunds.decidedBy', { name: refund.decided_by.name })}
                </span>
              ) : null}
            </Cell>
            <Cell>
              {refund.status === 'requested' ? (
                <RowActions>
                  <Button
                    size="sm"
                    disabled={decide.isPending}
                    onClick={() => approve(refund)}
                    aria-label={t('refunds.approveNamed', { name: refundee(refund) })}
                  >
                    {t('refunds.approve')}
                  </Button>
                  {refund.kind === 'request' ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => setRejecting(refund)}
                      aria-label={t('refunds.rejectNamed', { name: refundee(refund) })}
                    >
                      {t('refunds.reject')}
                    </Button>
                  ) : null}
                </RowActions>
              ) : refund.credit_note ? (
                <DownloadButton
                  download={() => downloadCreditNote(refund._id)}
                  label={t('refunds.creditNoteNamed', { number: refund.credit_note.number })}
                >
                  {refund.credit_note.number}
                </DownloadButton>
              ) : null}
            </Cell>
          </tr>
        )}
      />
      <Dialog open={rejecting !== null} onOpenChange={(open) => !open && setRejecting(null)}>
        {rejecting !== null ? (
          <DialogContent title={t('refunds.rejectTitle', { name: refundee(rejecting) })}>
            <RejectForm refund={rejecting} onDone={() => setRejecting(null)} />
          </DialogContent>
        ) : null}
      </Dialog>
    </AdminPage>
  );
}
