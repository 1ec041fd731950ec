import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  last30DaysFrom,
  TRIGGERS,
  useCravingSummary,
  useServerUnreachable,
  type CravingSummary,
} from '../api';

const BarChart = lazy(() => import('../../../components/ui/bar-chart'));

/** The first IST date of the last 30 days (today included). */
function ChartFigure({
  title,
  chart,
  table,
}: {
  title: string;
  chart: React.ReactNode;
  table: React.ReactNode;
}) {
  const { t } = useTranslation('companion');
  return (
    <figure className="flex min-w-0 flex-col gap-2 rounded-xl border border-slate-200 p-3">
      <figcaption className="font-bold text-ink">{title}</figcaption>
      <Suspense fallback={<div className="h-[200px]" />}>{chart}</Suspense>
      <details>
        <summary className="cursor-pointer text-sm font-medium text-brand-800 underline">
          {t('progress.showData')}
        </summary>
        <div className="max-h-72 overflow-auto">{table}</div>
      </details>
    </figure>
  );
}

/**
 * Cravings by trigger as bars drawn in HTML: each trigger's name is text that wraps, so no label is
 * cut at 360 px or in a longer language (a canvas chart slants and clips them), and the list itself
 * says each number, so it needs no table beside it.
 */
function TriggerBars({ labels, values }: { labels: string[]; values: number[] }) {
  const { t } = useTranslation('companion');
  const most = Math.max(1, ...values);
  return (
    <figure className="flex min-w-0 flex-col gap-2 rounded-xl border border-slate-200 p-3">
      <figcaption className="font-bold text-ink">{t('progress.byTrigger')}</figcaption>
      <ul className="flex flex-col gap-2" data-testid="trigger-bars">
        {labels.map((label, index) => (
          <li
            key={label}
            className="grid grid-cols-[minmax(0,7.5rem)_minmax(0,1fr)_2rem] items-center gap-2 text-sm sm:grid-cols-[minmax(0,9rem)_minmax(0,1fr)_2rem]"
          >
            <span className="break-words text-ink">{label}</span>
            <span className="h-4 rounded bg-slate-100" aria-hidden="true">
              <span
                className="block h-4 rounded bg-brand-700"
                style={{ width: `${Math.round(((values[index] ?? 0) / most) * 100)}%` }}
              />
            </span>
            <span className="text-right font-semibold tabular-nums">{values[index]}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}

/** Cravings in the last 30 days by trigger and by IST hour: charts plus the same numbers as tables. */
export function CravingCharts({
  summary,
}: {
  summary: Pick<CravingSummary, 'resisted' | 'slipped' | 'by_hour'> & {
    by_trigger: Partial<Record<string, number>>;
  };
}) {
  const { t } = useTranslation('companion');
  const triggerLabels = useMemo(() => TRIGGERS.map((trigger) => t(`triggers.${trigger}`)), [t]);
  const triggerValues = useMemo(
    () => TRIGGERS.map((trigger) => summary.by_trigger[trigger] ?? 0),
    [summary],
  );
  const hourLabels = useMemo(
    () => Array.from({ length: 24 }, (_, hour) => (hour % 3 === 0 ? String(hour) : '')),
    [],
  );
  const hourValues = useMemo(
    () => Array.from({ length: 24 }, (_, hour) => summary.by_hour[hour] ?? 0),
    [summary],
  );
  const total = summary.resisted + summary.slipped;

  return (
    <div className="flex flex-col gap-4">
      <p>{t('progress.summary', { resisted: summary.resisted, slipped: summary.slipped })}</p>
      {total === 0 ? (
        <p className="text-ink-muted">{t('progress.noCravings')}</p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <TriggerBars labels={triggerLabels} values={triggerValues} />
          <ChartFigure
            title={t('progress.byHour')}
            chart={
              <BarChart labels={hourLabels} values={hourValues} name={t('progress.chartCount')} />
            }
            table={
              <table className="w-full text-left text-sm">
                <thead>
                  <tr>
                    <th scope="col" className="py-1">
                      {t('progress.hour')}
                    </th>
                    <th scope="col" className="py-1 text-right">
                      {t('progress.count')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {hourValues.map((count, hour) => (
                    <tr key={hour} className="border-t border-slate-100">
                      <th scope="row" className="py-1 font-normal tabular-nums">
                        {`${String(hour).padStart(2, '0')}:00–${String(hour).padStart(2, '0')}:59`}
                      </th>
                      <td className="py-1 text-right tabular-nums">{count}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            }
          />
        </div>
      )}
    </div>
  );
}

/** The charts' data for the last 30 days, loaded on their own. */
export function CravingChartsSection() {
  const { t } = useTranslation('companion');
  const from = useMemo(() => last30DaysFrom(new Date()), []);
  const summary = useCravingSummary(from);
  const unreachable = useServerUnreachable(summary);
  return (
    <section
      aria-labelledby="craving-charts-title"
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="craving-charts-title" className="text-xl font-bold text-ink">
        {t('progress.chartsTitle')}
      </h2>
      {summary.data ? (
        <CravingCharts summary={summary.data} />
      ) : unreachable ? (
        <p className="text-ink-muted">{t('offline.chartsWait')}</p>
      ) : summary.isError ? (
        <p role="alert" className="text-red-700">
          {t('progress.loadError')}
        </p>
      ) : (
        <div className="h-24" />
      )}
    </section>
  );
}
