import { useTranslation } from 'react-i18next';
import type { AdminUserDetail } from '@exhale/contract/admin';
import { formatRupees } from '@exhale/contract/money';
import { AdminSection } from './admin-page';
import { Cell, DataTable } from './data-table';
import { formatIstDate, formatIstDateTime } from '../format';

type Quit = NonNullable<AdminUserDetail['quit']>;

/** A member's quit companion on their detail page: the plan, the server's progress, the log. */
export function QuitSection({ quit }: { quit: AdminUserDetail['quit'] }) {
  const { t } = useTranslation('admin');
  if (!quit) {
    return (
      <AdminSection title={t('users.quit.title')}>
        <p className="text-ink-muted">{t('users.quit.none')}</p>
      </AdminSection>
    );
  }
  const { plan, progress, recent_log: log } = quit satisfies Quit;
  const facts: [string, string][] = [
    [t('users.quit.quitDate'), formatIstDate(`${plan.quit_date}T00:00:00+05:30`)],
    [
      t('users.quit.tobacco'),
      plan.tobacco
        .map((item) =>
          t('users.quit.tobaccoLine', {
            type: t(`users.quit.types.${item.type}`),
            perDay: item.per_day,
            cost: formatRupees(item.cost_per_day_paise),
          }),
        )
        .join('; '),
    ],
    [t('users.quit.daysSmokeFree'), String(progress.days_smoke_free)],
    [t('users.quit.longestStreak'), String(progress.longest_streak_days)],
    [t('users.quit.notUsed'), String(progress.not_used)],
    [t('users.quit.moneySaved'), formatRupees(progress.money_saved_paise)],
    [t('users.quit.slips'), String(progress.slips)],
  ];
  return (
    <AdminSection title={t('users.quit.title')}>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-ink-muted">{label}</dt>
            <dd className="font-medium text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      {plan.reasons.length > 0 ? (
        <div>
          <p className="text-sm text-ink-muted">{t('users.quit.reasons')}</p>
          <ul className="list-disc pl-5">
            {plan.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {log.length === 0 ? (
        <p className="text-ink-muted">{t('users.quit.noLog')}</p>
      ) : (
        <DataTable
          caption={t('users.quit.log')}
          head={[
            t('users.quit.time'),
            t('users.quit.trigger'),
            t('users.quit.intensity'),
            t('users.quit.outcome'),
            t('users.quit.units'),
          ]}
        >
          {log.map((entry) => (
            <tr key={entry._id}>
              <Cell>{formatIstDateTime(entry.at)}</Cell>
              <Cell>
                {entry.trigger
                  ? t(`users.quit.triggers.${entry.trigger}`)
                  : entry.source === 'message'
                    ? t('users.quit.message')
                    : t('users.quit.checkIn')}
              </Cell>
              <Cell>{entry.intensity ?? '—'}</Cell>
              <Cell>{t(`users.quit.outcomes.${entry.outcome}`)}</Cell>
              <Cell>{entry.units ?? '—'}</Cell>
            </tr>
          ))}
        </DataTable>
      )}
    </AdminSection>
  );
}
