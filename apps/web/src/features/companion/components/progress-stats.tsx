import { useTranslation } from 'react-i18next';
import type { NextMilestone as NextMilestoneData, Progress } from '../api';
import type { TobaccoType } from '@exhale/contract/quit-plan';
import { formatRupees, notUsedKind } from '../progress-format';
import { ProgressRing } from './progress-ring';

export function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="rounded-xl bg-slate-50 p-3">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="text-2xl font-bold text-brand-900 tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The server's counts: days smoke-free, longest streak, units not used, money saved, slips. */
export function ProgressStats({
  progress,
  tobacco,
  compact = false,
}: {
  progress: Progress;
  /** The plan's tobacco types, which name the unit of the 'not used' count. */
  tobacco?: readonly TobaccoType[];
  compact?: boolean;
}) {
  const { t } = useTranslation('companion');
  const kind = notUsedKind(tobacco);
  return (
    <dl className={compact ? 'grid grid-cols-2 gap-2' : 'grid grid-cols-2 gap-3 sm:grid-cols-3'}>
      {/* The compact card says the days in its heading. */}
      {compact ? null : (
        <Stat
          label={t('progress.daysLabel')}
          value={String(progress.days_smoke_free)}
          testId="days-smoke-free"
        />
      )}
      <Stat
        label={t('progress.savedLabel')}
        value={formatRupees(progress.money_saved_paise)}
        testId="money-saved"
      />
      <Stat
        label={kind ? t(`progress.notUsedBy.${kind}`) : t('progress.notUsedLabel')}
        value={String(progress.not_used)}
        testId="not-used"
      />
      <Stat
        label={t('progress.longestLabel')}
        value={t('progress.days', { count: progress.longest_streak_days })}
        testId="longest-streak"
      />
      {compact ? null : (
        <Stat label={t('progress.slipsLabel')} value={String(progress.slips)} testId="slips" />
      )}
    </dl>
  );
}

/** The next milestone with a ring showing how close it is (the server's share). */
export function NextMilestone({ progress }: { progress: Progress }) {
  const { t } = useTranslation('companion');
  const next: NextMilestoneData | null = progress.next_milestone;
  if (!next) return <p className="font-semibold text-brand-900">{t('progress.allMilestones')}</p>;
  const key = next.key;
  // The server's share of the way from the last slip (or the quit date) to this milestone.
  const fraction = Math.min(1, Math.max(0, next.progress));
  const percent = Math.floor(fraction * 100);
  return (
    <div className="flex items-center gap-4">
      <ProgressRing
        fraction={fraction}
        label={t('progress.ringLabel', { percent, milestone: t(`milestones.${key}.text`) })}
      />
      <div>
        <p className="text-sm text-ink-muted">
          {progress.slips > 0 ? t('progress.nextMilestoneThisRun') : t('progress.nextMilestone')}
        </p>
        <p className="font-bold text-ink">{t(`milestones.${key}.when`)}</p>
        <p className="text-ink">{t(`milestones.${key}.text`)}</p>
      </div>
    </div>
  );
}
