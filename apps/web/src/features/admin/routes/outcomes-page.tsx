import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RadioPills } from '../../../components/ui/radio-pills';
import { useOutcomes } from '../api';
import { AdminPage, AdminSection, QueryState } from '../components/admin-page';
import { Cell, DataTable } from '../components/data-table';
import { formatRate } from '../format';

const BarChart = lazy(() => import('../../../components/ui/bar-chart'));

const WEEKS = ['week4', 'week12', 'week26'] as const;
type WeekKey = (typeof WEEKS)[number];

/**
 * /admin/outcomes: quit outcomes per cohort (month of the quit date) at weeks 4, 12 and 26, as the
 * Russell Standard reports them: among those who answered, and among everyone due (people who did
 * not answer counted as smoking).
 */
export function OutcomesPage() {
  const { t } = useTranslation('admin');
  const outcomes = useOutcomes();
  const chooserId = useId();
  const [week, setWeek] = useState<WeekKey>('week4');
  const rows = useMemo(() => outcomes.data ?? [], [outcomes.data]);
  const chart = useMemo(
    () => ({
      labels: rows.map((row) => row.cohort),
      values: rows.map((row) => {
        const rate = row[week].rate_all;
        // No bar where nothing was due yet: 'no data' must not read as 0%.
        return rate === null ? null : Math.round(rate * 1000) / 10;
      }),
    }),
    [rows, week],
  );

  return (
    <AdminPage title={t('outcomes.title')} description={t('outcomes.description')}>
      <QueryState
        isPending={outcomes.isPending}
        error={outcomes.error}
        isEmpty={rows.length === 0}
        emptyText={t('outcomes.empty')}
      >
        <AdminSection title={t('outcomes.chartTitle')}>
          <p id={chooserId} className="text-sm text-ink-muted">
            {t('outcomes.chooseWeek')}
          </p>
          <RadioPills
            labelledBy={chooserId}
            options={WEEKS.map((key) => ({ value: key, label: t(`outcomes.weeks.${key}`) }))}
            value={week}
            onValueChange={(value) => setWeek(value as WeekKey)}
          />
          <figure className="flex flex-col gap-2">
            <figcaption className="text-sm text-ink-muted">
              {t('outcomes.chartCaption', { week: t(`outcomes.weeks.${week}`) })}
            </figcaption>
            <Suspense fallback={<div className="h-[200px]" />}>
              <BarChart
                labels={chart.labels}
                values={chart.values}
                name={t('outcomes.rateAll')}
                color="#1d4ed8"
              />
            </Suspense>
          </figure>
        </AdminSection>
        <DataTable
          caption={t('outcomes.tableCaption')}
          head={[
            t('outcomes.cohort'),
            t('outcomes.members'),
            t('outcomes.week'),
            t('outcomes.due'),
            t('outcomes.answered'),
            t('outcomes.abstinent'),
            t('outcomes.rateResponders'),
            t('outcomes.rateAll'),
          ]}
        >
          {rows.flatMap((row) =>
            WEEKS.map((key, index) => (
              <tr key={`${row.cohort}-${key}`}>
                {index === 0 ? (
                  <>
                    <th
                      scope="rowgroup"
                      rowSpan={WEEKS.length}
                      className="px-3 py-2 text-left align-top font-semibold"
                    >
                      {row.cohort}
                    </th>
                    <td
                      rowSpan={WEEKS.length}
                      className="px-3 py-2 align-top text-ink tabular-nums"
                    >
                      {row.members}
                    </td>
                  </>
                ) : null}
                <Cell>{t(`outcomes.weeks.${key}`)}</Cell>
                <Cell className="tabular-nums">{row[key].due}</Cell>
                <Cell className="tabular-nums">{row[key].answered}</Cell>
                <Cell className="tabular-nums">{row[key].abstinent}</Cell>
                <Cell className="tabular-nums">{formatRate(row[key].rate_responders)}</Cell>
                <Cell className="tabular-nums">{formatRate(row[key].rate_all)}</Cell>
              </tr>
            )),
          )}
        </DataTable>
        <p className="text-sm text-ink-muted">{t('outcomes.note')}</p>
      </QueryState>
    </AdminPage>
  );
}
