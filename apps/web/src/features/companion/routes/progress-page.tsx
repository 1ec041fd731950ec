import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '../../../components/ui/button';
import { PageLoader } from '../../../components/ui/loader';
import { PageMeta } from '../../../lib/head';
import { useProgressOrLastKnown, useQuitPlan } from '../api';
import { CravingChartsSection } from '../components/craving-charts';
import { OfflineBadge } from '../components/offline-status';
import { MedicineCard } from '../components/medicine-card';
import { MilestoneTimeline } from '../components/milestone-timeline';
import { Countdown, NoPlanInvite } from '../components/plan-status';
import { PrepareChecklist } from '../components/prepare-checklist';
import { NextMilestone, ProgressStats } from '../components/progress-stats';
import { formatIstDate } from '../progress-format';

const card =
  'flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';

/**
 * /progress: the server's counts, the next milestone, the timeline and the cravings charts; without
 * a network, the last counts this device saw, marked 'offline' (decision 055).
 */
export function ProgressPage() {
  const { t, i18n } = useTranslation('companion');
  const { query: progress, data, offline, savedAt } = useProgressOrLastKnown();
  // The plan's tobacco names the unit of the 'not used' count.
  const tobacco = useQuitPlan().data?.tobacco.map((item) => item.type);

  if (data === undefined && progress.isPending && !offline) return <PageLoader />;
  if (data === undefined) {
    return (
      <section className="mx-auto flex max-w-3xl flex-col items-start gap-3 px-4 py-10">
        <PageMeta title={t('pageMeta.progressTitle')} />
        <h1 className="text-3xl font-bold text-brand-900">{t('progress.title')}</h1>
        {offline ? (
          <OfflineBadge />
        ) : (
          <p role="alert" className="text-red-700">
            {t('progress.loadError')}
          </p>
        )}
        <Button onClick={() => void progress.refetch()}>{t('progress.retry')}</Button>
      </section>
    );
  }
  if (data === null) {
    return (
      <section className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:py-10">
        <PageMeta title={t('pageMeta.progressTitle')} />
        <NoPlanInvite headingLevel={1} />
      </section>
    );
  }

  return (
    <>
      <PageMeta title={t('pageMeta.progressTitle')} />
      <section className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:py-10">
        <header className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-3xl font-bold text-brand-900">{t('progress.title')}</h1>
            <p className="mt-1 text-ink-muted">
              {t('progress.quitDay', { date: formatIstDate(data.quit_date, i18n.language) })}
            </p>
            {offline ? (
              <div className="mt-2">
                <OfflineBadge savedAt={savedAt} />
              </div>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-2">
            <Link to="/sos" className={buttonClasses({ size: 'md' })}>
              {t('progress.sos')}
            </Link>
            <Link to="/quit-plan" className={buttonClasses({ variant: 'secondary' })}>
              {t('progress.editPlan')}
            </Link>
          </div>
        </header>

        {data.started ? (
          <section className={card} aria-label={t('progress.title')}>
            <ProgressStats progress={data} tobacco={tobacco} />
            <NextMilestone progress={data} />
          </section>
        ) : (
          <section className={card} aria-label={t('progress.countdownTitle')}>
            <Countdown progress={data} />
            <PrepareChecklist />
          </section>
        )}

        <MedicineCard />

        <section aria-labelledby="timeline-title" className={card}>
          <h2 id="timeline-title" className="text-xl font-bold text-ink">
            {t('progress.timelineTitle')}
          </h2>
          <MilestoneTimeline milestones={data.milestones} />
          <p className="text-sm text-ink-muted">{t('progress.timelineSource')}</p>
        </section>

        <CravingChartsSection />
        <Link
          to="/cravings"
          className={buttonClasses({ variant: 'secondary', className: 'self-start' })}
        >
          {t('progress.cravingLog')}
        </Link>
      </section>
    </>
  );
}
