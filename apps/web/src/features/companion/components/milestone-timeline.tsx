import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import type { Milestone } from '../api';
import { formatIstDateTime } from '../progress-format';

/** The WHO health timeline, each step marked reached (with when) or not yet. */
export function MilestoneTimeline({ milestones }: { milestones: Milestone[] }) {
  const { t, i18n } = useTranslation('companion');
  return (
    <ol className="flex flex-col gap-3">
      {milestones.map((milestone) => {
        const key = milestone.key;
        return (
          <li
            key={milestone.key}
            className={clsx(
              'flex gap-3 rounded-xl border p-3',
              milestone.reached ? 'border-brand-300 bg-brand-50' : 'border-slate-200 bg-white',
            )}
          >
            <span
              aria-hidden="true"
              className={clsx(
                'mt-1 inline-flex size-6 shrink-0 items-center justify-center rounded-full text-sm font-bold',
                milestone.reached ? 'bg-brand-700 text-white' : 'border-2 border-slate-400',
              )}
            >
              {milestone.reached ? '✓' : ''}
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
                  : t('progress.notYet')}
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
