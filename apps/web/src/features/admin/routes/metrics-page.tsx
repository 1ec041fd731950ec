import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminMetrics } from '@exhale/contract/admin';
import { useMetrics } from '../api';
import { CoachFiguresSection } from '../inbox/coach-figures';
import { AdminPage, QueryState } from '../components/admin-page';
import { SelectField } from '../components/form-controls';
import type { ChartSeries } from '../components/time-chart';
import { formatIstDateTime, formatPaise } from '../format';
import { FigureCard } from '../components/figure-card';

const TimeChart = lazy(() => import('../components/time-chart'));

const WINDOWS = ['7', '30', '90', '365'] as const;

/** A share already in percent (0–100), as the KPI shows it. */
const formatPercent = (percent: number) => `${percent.toFixed(1)}%`;

/**
 * One chart with its numbers: the canvas for the eye, the table (folded) for screen readers and
 * for anyone who wants the exact values.
 */
function ChartFigure({
  title,
  x,
  xLabel,
  series,
  bars,
  formatValue,
}: {
  title: string;
  x: (string | number)[];
  xLabel: string;
  series: ChartSeries[];
  bars?: boolean;
  formatValue?: (value: number) => string;
}) {
  const { t } = useTranslation('admin');
  const show = formatValue ?? ((value: number) => String(value));
  const table: ReactNode = (
    <table className="mt-2 w-full text-left text-sm">
      <caption className="sr-only">{title}</caption>
      <thead>
        <tr>
          <th scope="col" className="pr-3">
            {xLabel}
          </th>
          {series.map((s) => (
            <th key={s.label} scope="col" className="pr-3">
              {s.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {x.map((value, index) => (
          <tr key={String(value)}>
            <th scope="row" className="pr-3 font-normal">
              {value}
            </th>
            {series.map((s) => (
              <td key={s.label} className="pr-3 tabular-nums">
                {show(s.values[index] ?? 0)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <figure className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4">
      <figcaption className="font-bold text-ink">{title}</figcaption>
      <Suspense fallback={<div className="h-[220px]" />}>
        <TimeChart x={x} series={series} bars={bars} formatValue={formatValue} />
      </Suspense>
      <details>
        <summary className="cursor-pointer text-sm text-brand-800 underline">
          {t('metrics.showData')}
        </summary>
        <div className="max-h-64 overflow-auto">{table}</div>
      </details>
    </figure>
  );
}

function Charts({ data }: { data: AdminMetrics }) {
  const { t } = useTranslation('admin');
  const dates = useMemo(() => data.signups.map((d) => d.date), [data]);
  const signups = useMemo(
    () => [
      { label: t('metrics.signups'), values: data.signups.map((d) => d.count), color: '#0f766e' },
    ],
    [data, t],
  );
  const attempts = useMemo(
    () => [
      { label: t('metrics.attempts'), values: data.attempts.map((d) => d.count), color: '#1d4ed8' },
    ],
    [data, t],
  );
  const money = useMemo(
    () => [
      {
        label: t('metrics.revenue'),
        values: data.money.map((d) => d.revenue_paise),
        color: '#15803d',
      },
      {
        label: t('metrics.refunds'),
        values: data.money.map((d) => d.refunds_paise),
        color: '#b91c1c',
      },
    ],
    [data, t],
  );
  const conversion = useMemo(
    () => [
      {
        label: t('metrics.conversionRate'),
        values: data.conversion.map((d) => d.rate * 100),
        color: '#c2410c',
      },
    ],
    [data, t],
  );
  const funnelDays = useMemo(() => data.funnel.map((d) => d.day), [data]);
  const funnel = useMemo(
    () => [
      {
        label: t('metrics.completed'),
        values: data.funnel.map((d) => d.completed),
        color: '#7c3aed',
      },
    ],
    [data, t],
  );
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <ChartFigure
        title={t('metrics.signupsPerDay')}
        x={dates}
        xLabel={t('metrics.date')}
        series={signups}
      />
      <ChartFigure
        title={t('metrics.attemptsPerDay')}
        x={dates}
        xLabel={t('metrics.date')}
        series={attempts}
      />
      <ChartFigure
        title={t('metrics.moneyPerDay')}
        x={dates}
        xLabel={t('metrics.date')}
        series={money}
        formatValue={formatPaise}
      />
      <ChartFigure
        title={t('metrics.conversionPerDay')}
        x={dates}
        xLabel={t('metrics.date')}
        series={conversion}
        formatValue={formatPercent}
      />
      <ChartFigure
        title={t('metrics.funnel')}
        x={funnelDays}
        xLabel={t('metrics.programmeDay')}
        series={funnel}
        bars
      />
    </div>
  );
}

const STALE_MS = 36 * 60 * 60_000;

/** '12.4 MB' from bytes. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

/** The newest database backup: when, how big and where; a warning when it failed or is old. */
export function BackupStatus({ backup }: { backup: AdminMetrics['backup'] }) {
  const { t } = useTranslation('admin');
  const stale = !backup?.at || Date.now() - Date.parse(backup.at) > STALE_MS;
  return (
    <section
      aria-labelledby="backup-heading"
      className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4"
    >
      <h2 id="backup-heading" className="font-bold text-ink">
        {t('metrics.backup.heading')}
      </h2>
      <p className="text-sm text-ink-muted">{t('metrics.backup.intro')}</p>
      {backup?.at ? (
        <dl className="grid gap-2 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
          <dt className="text-ink-muted">{t('metrics.backup.lastAt')}</dt>
          <dd className="font-bold text-ink">{formatIstDateTime(backup.at)} IST</dd>
          <dt className="text-ink-muted">{t('metrics.backup.size')}</dt>
          <dd className="tabular-nums text-ink">{formatBytes(backup.size_bytes ?? 0)}</dd>
          <dt className="text-ink-muted">{t('metrics.backup.place')}</dt>
          <dd className="break-all font-mono text-ink">{backup.place}</dd>
        </dl>
      ) : (
        <p className="text-sm text-ink">{t('metrics.backup.none')}</p>
      )}
      {backup?.failed_at ? (
        <p className="rounded-lg bg-red-50 p-2 text-sm text-red-800">
          {t('metrics.backup.failed', { when: `${formatIstDateTime(backup.failed_at)} IST` })}
        </p>
      ) : null}
      {backup?.at && stale ? (
        <p className="rounded-lg bg-amber-50 p-2 text-sm text-amber-900">
          {t('metrics.backup.stale')}
        </p>
      ) : null}
    </section>
  );
}

export function MetricsPage() {
  const { t } = useTranslation('admin');
  const [days, setDays] = useState<(typeof WINDOWS)[number]>('30');
  const metrics = useMetrics(Number(days));
  const data = metrics.data;
  return (
    <AdminPage title={t('metrics.heading')} description={t('metrics.intro')}>
      <SelectField
        label={t('metrics.window')}
        value={days}
        onChange={setDays}
        options={WINDOWS.map((value) => ({
          value,
          label: t('metrics.lastDays', { count: Number(value) }),
        }))}
        className="max-w-xs"
      />
      <QueryState isPending={metrics.isPending} error={metrics.error}>
        {data ? (
          <>
            <p className="text-sm text-ink-muted">
              {t('metrics.range', { from: data.from, to: data.to })}
            </p>
            {/* Three to a row at most: a card a sixth of the console's width is narrower than an
                amount such as ₹11,797.64 at this size. */}
            <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              <FigureCard
                label={t('metrics.users')}
                value={data.totals.users.toLocaleString('en-IN')}
              />
              <FigureCard
                label={t('metrics.premiumUsers')}
                value={data.totals.premium_users.toLocaleString('en-IN')}
              />
              <FigureCard
                label={t('metrics.newSignups')}
                value={data.totals.signups.toLocaleString('en-IN')}
              />
              <FigureCard
                label={t('metrics.conversion')}
                value={`${(data.totals.conversion_rate * 100).toFixed(1)}%`}
              />
              <FigureCard
                label={t('metrics.revenue')}
                value={formatPaise(data.totals.revenue_paise)}
              />
              <FigureCard
                label={t('metrics.refunds')}
                value={formatPaise(data.totals.refunds_paise)}
              />
            </dl>
            <BackupStatus backup={data.backup} />
            {data.coach ? <CoachFiguresSection figures={data.coach} /> : null}
            <Charts data={data} />
          </>
        ) : null}
      </QueryState>
    </AdminPage>
  );
}
