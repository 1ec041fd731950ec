import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import type { Milestone } from '../api';
import { formatIstDateTime } from '../progress-format';

/**
 * The WHO health timeline, each step marked reached (with when) or not yet. A step reached before
 * a slip stays reached, with its date, beside where the current run stands (decision 080).
 */
export function MilestoneTimeline({ milestones }: { milestones: Milestone[] }) {
  const { t, i18n } = useTranslation('companion');
  return (
    <ol className="flex flex-col gap-3">
      {milestones.map((milestone) => {
        const key = milestone.key;
        // A copy this device kept from before `first_reached_at` existed has none.
        const firstReachedAt = milestone.first_reached_at ?? null;
        const reachedBefore = !milestone.reached && firstReachedAt !== null;
        const done = milestone.reached || reachedBefore;
        return (
          <li
            key={milestone.key}
            data-testid={`milestone-${key}`}
            className={clsx(
              'flex gap-3 rounded-xl border p-3',
              done ? 'border-brand-300 bg-brand-50' : 'border-slate-200 bg-white',
            )}
          >
            <span
              aria-hidden="true"
              className={clsx(
                'mt-1 inline-flex size-6 shrink-0 items-center justify-center rounded-full text-sm font-bold',
                done ? 'bg-brand-700 text-white' : 'border-2 border-slate-400',
              )}
            >
              {done ? '✓' : ''}
            </span>
            <div className="flex flex-col gap-0.5">
              <p className="font-bold text-ink">{t(`milestones.${key}.when`)}</p>
              <p className="text-ink">{t(`milestones.${key}.text`)}</p>
              <p className="text-sm text-ink-muted">
                {milestone.reached
                  ? milestone.reached_at
                    ? t('progress.reachedOn', {
                        date: formatIstDateTime(milestone.reached_at, i18n.language),
                      })
                    : t('progress.reached')
                  : reachedBefore
                    ? t('progress.reachedBeforeSlip', {
                        date: formatIstDateTime(firstReachedAt, i18n.language),
                      })
                    : t('progress.notYet')}
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
