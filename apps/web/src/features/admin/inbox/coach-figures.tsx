import { useTranslation } from 'react-i18next';
import type { CoachFigures } from '@exhale/contract/coach';
import { AdminSection } from '../components/admin-page';
import { Cell, DataTable } from '../components/data-table';
import { formatRate } from '../format';
import { useFormatSpan } from './components/waiting-time';
import { minutesSpan } from './waiting';
import { FigureCard } from '../components/figure-card';

const WEEKS = ['week4', 'week12', 'week26'] as const;

/**
 * The metrics page's coach support: how fast coaches answer, what is open now, who answered how
 * many, and quit outcomes of members a coach answered against those no coach did.
 */
export function CoachFiguresSection({ figures }: { figures: CoachFigures }) {
  const { t } = useTranslation('admin');
  const formatSpan = useFormatSpan();
  const count = (value: number) => value.toLocaleString('en-IN');
  const groups = [
    { key: 'withCoach', data: figures.outcomes.with_coach },
    { key: 'withoutCoach', data: figures.outcomes.without_coach },
  ] as const;
  return (
    <AdminSection title={t('coachFigures.title')}>
      <p className="text-sm text-ink-muted">{t('coachFigures.intro')}</p>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <FigureCard
          label={t('coachFigures.medianFirstResponse')}
          value={
            figures.median_first_response_minutes === null
              ? '—'
              : figures.median_first_response_minutes < 1
                ? t('coachFigures.underAMinute')
                : formatSpan(minutesSpan(figures.median_first_response_minutes))
          }
        />
        <FigureCard label={t('coachFigures.open')} value={count(figures.open_conversations)} />
        <FigureCard label={t('coachFigures.urgent')} value={count(figures.urgent_conversations)} />
        <FigureCard
          label={t('coachFigures.membersWhoWrote')}
          value={count(figures.members_who_wrote)}
        />
      </dl>
      {figures.per_coach.length === 0 ? (
        <p className="text-ink-muted">{t('coachFigures.noReplies')}</p>
      ) : (
        <DataTable
          caption={t('coachFigures.perCoach')}
          head={[t('coachFigures.coach'), t('coachFigures.conversations')]}
        >
          {figures.per_coach.map((row) => (
            <tr key={row.coach._id}>
              <Cell className="font-medium">{row.coach.name}</Cell>
              <Cell className="tabular-nums">{count(row.conversations)}</Cell>
            </tr>
          ))}
        </DataTable>
      )}
      <DataTable
        caption={t('coachFigures.outcomesCaption')}
        head={[
          t('coachFigures.group'),
          t('outcomes.members'),
          ...WEEKS.map((week) => t(`outcomes.weeks.${week}`)),
        ]}
      >
        {groups.map(({ key, data }) => (
          <tr key={key}>
            <Cell className="font-medium">{t(`coachFigures.${key}`)}</Cell>
            <Cell className="tabular-nums">{count(data.members)}</Cell>
            {WEEKS.map((week) => (
              <Cell key={week} className="tabular-nums">
                {formatRate(data[week].rate_all)}
                <span className="block text-xs text-ink-muted">
                  {t('coachFigures.abstinentOfDue', {
                    abstinent: count(data[week].abstinent),
                    due: count(data[week].due),
                  })}
                </span>
              </Cell>
            ))}
          </tr>
        ))}
      </DataTable>
    </AdminSection>
  );
}
