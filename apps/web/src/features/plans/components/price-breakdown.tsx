import { useTranslation } from 'react-i18next';
import { formatRupees } from '@exhale/contract/money';
import type { Breakdown } from '../plan-quote';

/** Price, discount, GST 18% and total, exactly as given (spec §9; never recomputed here). */
export function PriceBreakdown({ amounts, label }: { amounts: Breakdown; label: string }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [[t('plans.breakdown.price'), formatRupees(amounts.pricePaise)]];
  if (amounts.discountPaise > 0) {
    rows.push([t('plans.breakdown.discount'), `−${formatRupees(amounts.discountPaise)}`]);
  }
  rows.push([t('plans.breakdown.gst'), formatRupees(amounts.gstPaise)]);

  return (
    <dl aria-label={label} className="flex flex-col gap-1 text-ink">
      {rows.map(([term, value]) => (
        <div key={term} className="flex justify-between gap-4">
          <dt className="text-ink-muted">{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      <div className="mt-1 flex justify-between gap-4 border-t border-slate-200 pt-2 text-lg font-bold">
        <dt>{t('plans.breakdown.total')}</dt>
        <dd data-testid="plan-total">{formatRupees(amounts.totalPaise)}</dd>
      </div>
    </dl>
  );
}
