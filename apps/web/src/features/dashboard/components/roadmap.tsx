import clsx from 'clsx';
import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '../../../components/ui/button';
import { CheckCircleIcon, LockIcon, PlayIcon } from '../../../components/ui/icons';
import { usePlanState } from '../../../lib/plan-state';
import { freeVideoProgress, useLessonList } from '../../../lib/programme-api';
import { roadmapSteps, upgradeUnlocked, type RoadmapStep } from '../roadmap-steps';

const stateStyle: Record<RoadmapStep['state'], string> = {
  done: 'border-leaf-700 bg-green-50',
  current: 'border-brand-700 bg-brand-50',
  upcoming: 'border-slate-200 bg-white',
  // Faded, yet every text keeps 4.5:1 (no opacity: it would take the contrast down too).
  paid: 'border-dashed border-slate-400 bg-slate-100 text-slate-600',
};

/**
 * The free user's roadmap (spec §2): test, free videos (with how many are watched), SIM Test 2,
 * score video, then the paid steps locked and faded. The score video opens from step 3 (spec §6);
 * Upgrade follows the server's purchase rule, as the Plans page does (decision 040).
 */
export function Roadmap({ step }: { step: number }) {
  const { t } = useTranslation();
  const hintId = useId();
  const steps = roadmapSteps(step);
  const unlocked = upgradeUnlocked(step);
  // The server decides who may buy (decision 040), the same answer the Plans page gets.
  const planState = usePlanState();
  const canBuy = planState.data?.canBuyPremium === true;
  const lessons = useLessonList();
  const videos = lessons.data ? freeVideoProgress(lessons.data) : null;

  const action = (item: RoadmapStep) => {
    const linkClass = buttonClasses({ size: 'sm', className: 'shrink-0' });
    switch (item.id) {
      case 'takeTest':
      case 'simTest2':
        return item.state === 'current' ? (
          <Link to="/sim-test" className={linkClass}>
            {t('dashboard.roadmap.startTest')}
          </Link>
        ) : null;
      case 'watchFree':
        return item.state === 'current' ? (
          <a href="#lesson-player" className={linkClass}>
            {t('dashboard.roadmap.watch')}
          </a>
        ) : null;
      case 'scoreVideo':
        return unlocked ? (
          <Link to="/dashboard?lesson=score" className={linkClass}>
            {t('dashboard.roadmap.watchScore')}
          </Link>
        ) : (
          <Button size="sm" disabled aria-describedby={hintId} className="shrink-0">
            {t('dashboard.roadmap.watchScore')}
          </Button>
        );
      default:
        return null;
    }
  };

  return (
    <section
      aria-labelledby={`${hintId}-title`}
      className="rounded-2xl border border-slate-200 bg-white p-5"
    >
      <h2 id={`${hintId}-title`} className="text-xl font-bold text-ink">
        {t('dashboard.roadmap.title')}
      </h2>
      <ol className="mt-4 flex flex-col gap-3">
        {steps.map((item, index) => (
          <li
            key={item.id}
            className={clsx(
              'flex flex-wrap items-center gap-3 rounded-xl border-2 p-3',
              stateStyle[item.state],
            )}
          >
            <span
              aria-hidden="true"
              className={clsx(
                'flex size-9 shrink-0 items-center justify-center rounded-full font-bold',
                item.state === 'done'
                  ? 'bg-leaf-700 text-white'
                  : item.state === 'current'
                    ? 'bg-brand-700 text-white'
                    : 'bg-slate-200 text-slate-700',
              )}
            >
              {item.state === 'done' ? (
                <CheckCircleIcon className="size-5" />
              ) : item.state === 'paid' ? (
                <LockIcon className="size-4" />
              ) : item.state === 'current' ? (
                <PlayIcon className="size-4" />
              ) : (
                index + 1
              )}
            </span>
            <span className="flex min-w-[9rem] flex-1 flex-col">
              <span className="font-semibold text-ink">
                {t(`dashboard.roadmap.steps.${item.id}`)}
              </span>
              <span className="text-sm text-ink-muted">
                {t(`dashboard.roadmap.state.${item.state}`)}
              </span>
              {item.id === 'watchFree' && videos && videos.total > 0 ? (
                <span className="text-sm font-medium text-ink" data-testid="free-videos-watched">
                  {t('dashboard.roadmap.watchedCount', videos)}
                </span>
              ) : null}
            </span>
            {action(item)}
          </li>
        ))}
      </ol>
      <div className="mt-5 flex flex-wrap items-center gap-3">
        {canBuy ? (
          <Link to="/plans" className={buttonClasses()}>
            {t('dashboard.roadmap.upgrade')}
          </Link>
        ) : (
          <Button disabled>{t('dashboard.roadmap.upgrade')}</Button>
        )}
        {unlocked ? null : (
          <p id={hintId} className="text-sm text-ink-muted">
            {t('dashboard.roadmap.unlockHint')}
          </p>
        )}
      </div>
    </section>
  );
}
