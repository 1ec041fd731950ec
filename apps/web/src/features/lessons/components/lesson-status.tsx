import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { CheckCircleIcon, LockIcon, PlayIcon, UnlockIcon } from '../../../components/ui/icons';
import type { UserLesson } from '../api';
import { lessonBadge, type LessonBadge } from '../../../lib/lesson-player-rules';

const badgeStyle: Record<LessonBadge, string> = {
  playing: 'bg-brand-700 text-white',
  watched: 'bg-green-100 text-leaf-700',
  recentlyUnlocked: 'bg-amber-100 text-amber-900',
  locked: 'bg-slate-200 text-slate-700',
};

const badgeIcon: Record<LessonBadge, typeof PlayIcon> = {
  playing: PlayIcon,
  watched: CheckCircleIcon,
  recentlyUnlocked: UnlockIcon,
  locked: LockIcon,
};

/** The status a lesson card or row shows (spec §2): Watched, Recently Unlocked, Locked, Playing. */
export function LessonStatus({ lesson, selected }: { lesson: UserLesson; selected: boolean }) {
  const { t } = useTranslation();
  const badge = lessonBadge(lesson.status, selected);
  const Icon = badgeIcon[badge];
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold',
        badgeStyle[badge],
      )}
    >
      <Icon className="size-3.5" />
      {t(`lessons.status.${badge}`)}
    </span>
  );
}

/** The day badge on a card. */
export function DayBadge({ day }: { day: number }) {
  const { t } = useTranslation();
  return (
    <span className="rounded-full bg-brand-900 px-2 py-0.5 text-xs font-semibold text-white">
      {t('lessons.day', { day })}
    </span>
  );
}
