import { useId } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatRupees } from '@exhale/contract/money';
import {
  REFUND_REASON_MAX_LENGTH,
  refundRequestSchema,
  type RefundRequest,
} from '@exhale/contract/payments';
import { refundLastDayLabel } from '@exhale/contract/refund-window';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { inputClasses } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/loader';
import { toastValidationMessages } from '../../../lib/form-errors';
import type { CurrentPlan } from '../api';

/** What a refund takes away, in the order the dialog lists it. */
const LOSSES = ['lessons', 'liveSession', 'premium'] as const;

/**
 * 'Cancel Membership' asks first (issue 19 item 1): what comes back (the amount the server
 * recorded for the payment), what the member loses, until when they may ask, and an optional
 * reason for the operators. Nothing is sent until they confirm.
 */
export function RefundDialog({
  plan,
  open,
  pending,
  onOpenChange,
  onConfirm,
}: {
  plan: CurrentPlan;
  open: boolean;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (request: RefundRequest) => void;
}) {
  const { t } = useTranslation();
  const reasonId = useId();
  const { register, handleSubmit } = useForm<RefundRequest>({
    resolver: zodResolver(refundRequestSchema),
    defaultValues: { id: plan._id, reason: '' },
  });
  const onInvalid = (errors: FieldErrors<RefundRequest>) =>
    toastValidationMessages([errors.id?.message, errors.reason?.message]);

  return (
    <Dialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <DialogContent
        title={t('plans.refund.title')}
        description={t('plans.refund.amount', { amount: formatRupees(plan.total_paise) })}
      >
        <form
          onSubmit={handleSubmit(onConfirm, onInvalid)}
          noValidate
          className="mt-4 flex flex-col gap-4"
        >
          <div>
            <p className="font-semibold text-ink">{t('plans.refund.lossesTitle')}</p>
            <ul className="mt-2 list-disc pl-5 text-ink">
              {LOSSES.map((loss) => (
                <li key={loss}>{t(`plans.refund.loss.${loss}`)}</li>
              ))}
            </ul>
            <p className="mt-2 text-sm text-ink-muted">
              {t('plans.refund.kept', { date: refundLastDayLabel(plan.refundable_until) })}
            </p>
          </div>
          <input type="hidden" {...register('id')} />
          <div className="flex flex-col gap-1">
            <label htmlFor={reasonId} className="font-medium text-ink">
              {t('plans.refund.reasonLabel')}
            </label>
            <textarea
              id={reasonId}
              rows={3}
              maxLength={REFUND_REASON_MAX_LENGTH}
              placeholder={t('plans.refund.reasonPlaceholder')}
              className={`${inputClasses} resize-y`}
              {...register('reason')}
            />
          </div>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" disabled={pending} onClick={() => onOpenChange(false)}>
              {t('plans.refund.keep')}
            </Button>
            <Button
              type="submit"
              disabled={pending}
              aria-busy={pending || undefined}
              className="bg-red-700 hover:bg-red-800"
            >
              {pending ? <Spinner className="size-5 text-white" /> : null}
              {t('plans.refund.confirm')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
