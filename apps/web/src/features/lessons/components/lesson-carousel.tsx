import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Carousel } from '../../../components/ui/carousel';
import { useTranslated } from '../../../lib/use-translated';
import type { UserLesson } from '../api';
import { DayBadge, LessonStatus } from './lesson-status';

export interface LessonCarouselProps {
  label: string;
  lessons: readonly UserLesson[];
  selectedId: string | null;
  /** Up to this many cards show without arrows (3 in the player, 4 on the dashboard). */
  maxWithoutArrows: number;
  onChoose: (lesson: UserLesson) => void;
}

/** Lesson cards with thumbnail, day badge and status; a locked card warns when chosen. */
export function LessonCarousel({
  label,
  lessons,
  selectedId,
  maxWithoutArrows,
  onChoose,
}: LessonCarouselProps) {
  const { t } = useTranslation();
  // Titles as operators translated them (decision 064).
  const translate = useTranslated(lessons.map((lesson) => lesson.lesson_details.title));
  if (lessons.length === 0) {
    return <p className="py-6 text-center text-ink-muted">{t('lessons.empty')}</p>;
  }
  return (
    <Carousel label={label} itemCount={lessons.length} maxWithoutArrows={maxWithoutArrows}>
      {lessons.map((lesson) => {
        const selected = lesson._id === selectedId;
        const locked = lesson.status === 'inactive';
        const details = lesson.lesson_details;
        return (
          <li key={lesson._id} className="w-56 shrink-0 snap-start">
            <button
              type="button"
              onClick={() => onChoose(lesson)}
              aria-current={selected ? 'true' : undefined}
              aria-disabled={locked || undefined}
              className={clsx(
                'flex h-full w-full flex-col overflow-hidden rounded-xl border bg-white text-left shadow-sm transition hover:shadow-md',
                selected ? 'border-2 border-brand-700' : 'border-slate-200',
                locked && 'opacity-70',
              )}
            >
              <span className="relative block aspect-video w-full bg-brand-100">
                {details.thumbnail_img ? (
                  <img
                    src={details.thumbnail_img}
                    alt=""
                    width={320}
                    height={180}
                    loading="lazy"
                    decoding="async"
                    className="size-full object-cover"
                  />
                ) : null}
                <span className="absolute top-2 left-2">
                  <DayBadge day={details.day} />
                </span>
              </span>
              <span className="flex flex-1 flex-col gap-2 p-3">
                <span className="line-clamp-2 font-semibold text-ink">
                  {translate(details.title)}
                </span>
                <span className="mt-auto">
                  <LessonStatus lesson={lesson} selected={selected} />
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </Carousel>
  );
}
