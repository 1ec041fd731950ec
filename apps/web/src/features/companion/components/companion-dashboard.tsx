import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../../components/ui/button';
import { useProgressOrLastKnown, useQueuedWrites, useQuitPlan } from '../api';
import { CheckInCard } from './check-in-card';
import { CoachLink } from './coach-link';
import { OfflineBadge, WaitingToSync } from './offline-status';
import { Countdown, NoPlanInvite } from './plan-status';
import { FollowUpCard } from './follow-up-card';
import { MedicineCard } from './medicine-card';
import { NextMilestone, ProgressStats } from './progress-stats';

/**
 * The quit companion on top of the dashboard: the compact progress card (or an invitation to set
 * a quit date), the open follow-up question, today's check-in and, for a high dependence score,
 * the medicine information, and the way to a coach. Without a network the card shows the last progress this device saw,
 * marked 'offline', and what waits on the phone to be sent (decision 055).
 */
export function CompanionDashboard() {
  const { t } = useTranslation('companion');
  const { data, offline, savedAt } = useProgressOrLastKnown();
  // The plan's tobacco names the unit of the 'not used' count.
  const tobacco = useQuitPlan().data?.tobacco.map((item) => item.type);
  const waiting = useQueuedWrites().data?.length ?? 0;
  if (data === undefined) return null;
  if (data === null) {
    return (
      <div className="flex flex-col gap-4">
        <NoPlanInvite />
        <CoachLink />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <FollowUpCard />
      <div className="grid gap-4 lg:grid-cols-2 lg:items-start">
        <section
          aria-labelledby="quit-card-title"
          className="flex flex-col gap-4 rounded-2xl border border-brand-200 bg-white p-5 shadow-sm"
        >
          <h2 id="quit-card-title" className="text-xl font-bold text-brand-900">
            {data.started
              ? t('progress.daysSmokeFree', { count: data.days_smoke_free })
              : t('progress.countdownTitle')}
          </h2>
          {offline ? <OfflineBadge savedAt={savedAt} /> : null}
          {waiting > 0 ? (
            <p className="flex flex-wrap items-center gap-2 text-sm text-ink">
              <WaitingToSync />
              {t('offline.waitingCount', { count: waiting })}
            </p>
          ) : null}
          {data.started ? (
            <>
              <ProgressStats progress={data} tobacco={tobacco} compact />
              <NextMilestone progress={data} />
            </>
          ) : (
            <Countdown progress={data} />
          )}
          <div className="flex flex-wrap gap-2">
            <Link to="/sos" className={buttonClasses()}>
              {t('progress.sos')}
            </Link>
            <Link to="/progress" className={buttonClasses({ variant: 'secondary' })}>
              {t('progress.openProgress')}
            </Link>
          </div>
        </section>
        {data.started ? <CheckInCard /> : null}
      </div>
      <MedicineCard />
      <CoachLink />
    </div>
  );
}
