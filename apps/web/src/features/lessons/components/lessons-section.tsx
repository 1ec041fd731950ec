import clsx from 'clsx';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ClockIcon, LockIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/loader';
import { apiErrorMessage } from '../../../lib/api';
import { useTranslated } from '../../../lib/use-translated';
import type { StoredUser } from '../../../lib/storage';
import { formatClock } from '../../../lib/lesson-player-rules';
import {
  formatDayOpening,
  useLessonPlayer,
  type ExerciseDialogSlotProps,
} from '../use-lesson-player';
import { FeedbackDialog } from './feedback-dialog';
import { LessonCarousel } from './lesson-carousel';
import { DayBadge, LessonStatus } from './lesson-status';
import { LessonPlayer } from '../../../components/lesson-player/lesson-player';

export type { ExerciseDialogSlotProps } from '../use-lesson-player';

/** Spec §9: arrows on the player's Lesson List above 3 cards, on the dashboard above 4. */
const PLAYER_CAROUSEL_MAX = 3;
const DAY_CAROUSEL_MAX = 4;

export interface LessonsSectionProps {
  user: StoredUser;
  renderExerciseDialog: (props: ExerciseDialogSlotProps) => ReactNode;
}

/**
 * The lesson player with its lesson lists (spec §2 "Lesson player", §4 "Video", "Lesson
 * completion"); its state lives in `useLessonPlayer`. Free users get the Lesson List carousel
 * under the video; premium users the current lesson, the Time Remaining clock, the day's lessons
 * beside the video, the day tabs and the carousel of the chosen day.
 */
export function LessonsSection({ user, renderExerciseDialog }: LessonsSectionProps) {
  const { t } = useTranslation();
  const {
    premium,
    day,
    lessons,
    list,
    selected,
    choose,
    chooseDay,
    remaining,
    playerProps,
    exerciseDialog,
    feedbackLessonId,
    closeFeedback,
  } = useLessonPlayer(user);
  // Titles and descriptions as operators translated them (decision 064).
  const translate = useTranslated(
    (lessons.data?.data ?? []).flatMap((lesson) => [
      lesson.lesson_details.title,
      lesson.lesson_details.content,
    ]),
  );

  if (lessons.isPending) {
    return (
      <div role="status" className="flex items-center gap-3 py-10 text-ink-muted">
        <Spinner className="size-6" />
        {t('common.loading')}
      </div>
    );
  }
  if (lessons.isError) {
    return (
      <p role="alert" className="py-10 text-center text-ink">
        {apiErrorMessage(lessons.error, 'common.genericError')}
      </p>
    );
  }

  const details = selected?.lesson_details;
  const player = playerProps ? (
    <LessonPlayer
      // A new lesson gets a new player (its tracking starts afresh).
      key={playerProps.lesson._id}
      {...playerProps}
      aside={
        premium && remaining !== null ? (
          <p className="flex items-center gap-2 font-semibold text-ink">
            <ClockIcon className="size-5 text-brand-700" />
            {t('lessons.timeRemaining')}
            <span className="font-mono text-lg text-brand-900" data-testid="time-remaining">
              {formatClock(remaining)}
            </span>
          </p>
        ) : null
      }
    />
  ) : (
    <p className="rounded-2xl bg-brand-50 py-16 text-center text-ink-muted">{t('lessons.empty')}</p>
  );

  const about =
    selected && details ? (
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <DayBadge day={details.day} />
          <LessonStatus lesson={selected} selected />
        </div>
        <h2 id="current-lesson-title" className="text-2xl font-bold text-brand-900">
          {translate(details.title)}
        </h2>
        <p className="text-ink-muted">{translate(details.content)}</p>
      </div>
    ) : null;

  const dialogs = (
    <>
      {renderExerciseDialog(exerciseDialog)}
      <FeedbackDialog lessonId={feedbackLessonId} onDone={closeFeedback} />
    </>
  );

  if (!premium) {
    return (
      <section
        id="lesson-player"
        aria-labelledby={about ? 'current-lesson-title' : undefined}
        aria-label={about ? undefined : t('lessons.player')}
        className="flex flex-col gap-6"
      >
        <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
          {player}
          {about}
        </div>
        <div>
          <h2 className="mb-3 text-xl font-bold text-ink">{t('lessons.listTitle')}</h2>
          <LessonCarousel
            label={t('lessons.listTitle')}
            lessons={list}
            selectedId={selected?._id ?? null}
            maxWithoutArrows={PLAYER_CAROUSEL_MAX}
            onChoose={(lesson) => choose(lesson, 'lessons.lockedPlayer')}
          />
        </div>
        {dialogs}
      </section>
    );
  }

  const totalDays = lessons.data?.total_days ?? 0;
  return (
    <section
      id="lesson-player"
      aria-labelledby={about ? 'current-lesson-title' : undefined}
      aria-label={about ? undefined : t('lessons.player')}
      className="flex flex-col gap-6"
    >
      {about}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
        {player}
        <section
          aria-labelledby="day-lessons-title"
          className="rounded-2xl border border-slate-200 bg-white p-4"
        >
          <h2 id="day-lessons-title" className="mb-2 text-lg font-bold text-ink">
            {t('lessons.dayLessons', { day })}
          </h2>
          {list.length === 0 ? (
            <p className="text-ink-muted">{t('lessons.empty')}</p>
          ) : (
            <ul className="flex flex-col gap-1">
              {list.map((lesson) => {
                const isSelected = lesson._id === selected?._id;
                return (
                  <li key={lesson._id}>
                    <button
                      type="button"
                      onClick={() => choose(lesson, 'lessons.lockedDashboard')}
                      aria-current={isSelected ? 'true' : undefined}
                      aria-disabled={lesson.status === 'inactive' || undefined}
                      className={clsx(
                        'flex min-h-11 w-full flex-col items-start gap-1 rounded-lg px-3 py-2 text-left hover:bg-brand-50',
                        isSelected && 'bg-brand-50',
                      )}
                    >
                      <span className="font-medium text-ink">
                        {translate(lesson.lesson_details.title)}
                      </span>
                      <LessonStatus lesson={lesson} selected={isSelected} />
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      </div>
      <div>
        <div role="group" aria-label={t('lessons.days')} className="flex flex-wrap gap-2">
          {Array.from({ length: totalDays }, (_, i) => i + 1).map((n) => {
            const currentDay = lessons.data?.current_day ?? totalDays;
            const opensAt = lessons.data?.day_opens_at?.[n - 1];
            if (n > currentDay) {
              // Locked (decision 046): a lock and when it opens, in IST; nothing to fetch.
              return (
                <Button
                  key={n}
                  size="sm"
                  variant="ghost"
                  aria-disabled="true"
                  data-testid={`day-tab-${n}`}
                  className="flex-col items-start gap-0 border border-dashed border-slate-400 bg-slate-100 text-slate-700 hover:bg-slate-100"
                  onClick={() => void chooseDay(n)}
                >
                  <span className="inline-flex items-center gap-1">
                    <LockIcon className="size-4" />
                    {t('lessons.dayTab', { n })}
                  </span>
                  {opensAt ? (
                    <span className="text-xs font-normal">
                      {t('lessons.opensAt', { when: formatDayOpening(opensAt) })}
                    </span>
                  ) : null}
                </Button>
              );
            }
            return (
              <Button
                key={n}
                size="sm"
                variant={n === day ? 'primary' : 'secondary'}
                aria-pressed={n === day}
                data-testid={`day-tab-${n}`}
                onClick={() => void chooseDay(n)}
              >
                {t('lessons.dayTab', { n })}
              </Button>
            );
          })}
        </div>
        <div className="mt-4">
          <LessonCarousel
            label={t('lessons.dayCarousel', { day })}
            lessons={list}
            selectedId={selected?._id ?? null}
            maxWithoutArrows={DAY_CAROUSEL_MAX}
            onChoose={(lesson) => choose(lesson, 'lessons.lockedDashboard')}
          />
        </div>
      </div>
      {dialogs}
    </section>
  );
}
