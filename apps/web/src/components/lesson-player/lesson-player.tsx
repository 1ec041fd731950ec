import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import { useCurrentUser } from '../../lib/auth-store';
import { chooseLessonSource, onSlowConnection } from '../../lib/lesson-source-choice';
import { LessonVideo, type LessonVideoProps } from './lesson-video';

const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

export type LessonPlayerProps = Omit<
  LessonVideoProps,
  'playbackRate' | 'src' | 'captionsLabel' | 'playLabel'
> & {
  /** Shown at the end of the controls row (the premium Time Remaining clock). */
  aside?: ReactNode;
};

/**
 * The members' lesson player: the video, its speed, 'Listen only' and the data-saver source
 * (decision 057). The dashboard's lesson section and the console's lesson preview both use it, so
 * an operator previews exactly what a member gets.
 */
export function LessonPlayer({ aside, ...video }: LessonPlayerProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [playbackRate, setPlaybackRate] = useState(1);
  const [listenOnly, setListenOnly] = useState(false);
  const details = video.lesson.lesson_details;
  const dataSaver = user?.data_saver === true;
  const slowConnection = onSlowConnection();
  const choice = chooseLessonSource(details, { dataSaver, slowConnection, listenOnly });

  return (
    <div className="flex flex-col gap-3">
      <LessonVideo
        {...video}
        src={choice.src}
        saveData={dataSaver || slowConnection}
        playbackRate={playbackRate}
        captionsLabel={t('lessons.captions')}
        playLabel={t('lessons.play', { title: details.title })}
      />
      {choice.kind === 'audio' ? (
        <p className="text-sm text-ink-muted" data-testid="lesson-source-note">
          {t('lessons.listeningOnly')}
        </p>
      ) : choice.small ? (
        <p className="text-sm text-ink-muted" data-testid="lesson-source-note">
          {t(
            choice.reason === 'dataSaver'
              ? 'lessons.smallForDataSaver'
              : 'lessons.smallForSlowConnection',
            { height: choice.height },
          )}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <label className="flex items-center gap-2 text-sm font-medium text-ink">
            {t('lessons.speed')}
            <select
              value={playbackRate}
              onChange={(event) => setPlaybackRate(Number(event.target.value))}
              className="min-h-11 rounded-lg border border-slate-500 bg-white px-2"
            >
              {PLAYBACK_RATES.map((rate) => (
                <option key={rate} value={rate}>
                  {t('lessons.speedValue', { rate })}
                </option>
              ))}
            </select>
          </label>
          {details.audio_src ? (
            <Button
              variant={listenOnly ? 'primary' : 'secondary'}
              aria-pressed={listenOnly}
              onClick={() => setListenOnly((on) => !on)}
            >
              {t('lessons.listenOnly')}
            </Button>
          ) : null}
        </div>
        {aside}
      </div>
    </div>
  );
}
