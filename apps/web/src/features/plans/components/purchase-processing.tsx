import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/loader';
import type { PlanOrder } from '../api';
import { orderBreakdown } from '../plan-quote';
import type { PurchasePhase } from '../use-plan-purchase';
import { PriceBreakdown } from './price-breakdown';

/**
 * Spec §2: "During payment a processing screen appears." It shows the server's own breakdown of
 * the order being paid, which is what the checkout charges.
 */
export function PurchaseProcessing({
  phase,
  order,
}: {
  phase: Exclude<PurchasePhase, 'idle'>;
  order: PlanOrder | null;
}) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The buttons that started this are hidden now; keep keyboard and screen-reader users here.
  useEffect(() => headingRef.current?.focus(), []);

  const text = {
    ordering: t('plans.processing.ordering'),
    paying: t('plans.processing.paying'),
    verifying: t('plans.processing.verifying'),
    done: t('plans.processing.done'),
  }[phase];

  return (
    <div className="mx-auto mt-8 flex max-w-lg flex-col items-center gap-4 rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
      {phase === 'done' ? null : <Spinner className="size-10" />}
      <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-brand-900 outline-none">
        {t('plans.processing.title')}
      </h2>
      <p role="status" className="text-ink">
        {text}
      </p>
      {order ? (
        <div className="w-full text-left">
          <PriceBreakdown amounts={orderBreakdown(order)} label={t('plans.breakdown.label')} />
        </div>
      ) : null}
    </div>
  );
}
