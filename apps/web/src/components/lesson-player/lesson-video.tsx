import { useEffect, useRef, useState, type RefObject } from 'react';
import { getResumeTime, setResumeTime } from '../../lib/storage';
import { reportProgress, type UserLesson } from '../../lib/programme-api';
import {
  dueExercise,
  guardSeek,
  initialWatched,
  progressToReport,
  startPosition,
  watchedAfterTick,
} from '../../lib/lesson-player-rules';

/** How often watched progress is reported while the lesson is open (spec: "periodically"). */
export const PROGRESS_REPORT_MS = 5000;
/** Spec §9: after feedback the next video resumes 300 ms later, muted then unmuted. */
export const RESUME_DELAY_MS = 300;

export interface LessonVideoProps {
  lesson: UserLesson;
  videoRef: RefObject<HTMLVideoElement | null>;
  playbackRate: number;
  /** Exercise routes already answered. */
  answered: ReadonlySet<string>;
  /** An exercise is open or being submitted: no other may open. */
  exercisePending: boolean;
  /** Whether the local 'resume_time' belongs to this lesson. */
  useLocalResume: boolean;
  /** Changes when the player should start playing (a click, or the resume after feedback). */
  playRequest: { kind: 'now' | 'afterFeedback'; id: number } | null;
  onExerciseDue: (route: string) => void;
  onEnded: () => void;
  /** Names the captions track in the player's menu. */
  captionsLabel: string;
  /** Names the Play button shown on the poster until the first play. */
  playLabel: string;
  /**
   * An operator previewing a lesson (the console's lesson editor): everything plays and pauses
   * for exercises as for a member, but nothing is written, neither to the server nor to the
   * browser's resume time.
   */
  preview?: boolean;
  /**
   * The file to play when not the full video: its small rendition or its audio track (decision
   * 057). Same lesson, same timestamps: switching keeps the position and whether it was playing.
   */
  src?: string;
  /**
   * The member saves data (Data saver on, or a slow connection): nothing of the file is fetched
   * until they first play it, instead of its metadata on every visit to the page.
   */
  saveData?: boolean;
}

/** Starts playback; a browser that blocks it is only logged (spec §4). */
export function playVideo(video: HTMLVideoElement): Promise<void> {
  return video.play().catch((error: unknown) => console.log('Autoplay was blocked', error));
}

/**
 * One lesson's video. Mounted afresh per lesson (keyed by id), so the watched progress it guards
 * always belongs to the lesson on screen.
 */
export function LessonVideo({
  lesson,
  videoRef,
  playbackRate,
  answered,
  exercisePending,
  useLocalResume,
  playRequest,
  onExerciseDue,
  onEnded,
  captionsLabel,
  playLabel,
  preview = false,
  src,
  saveData = false,
}: LessonVideoProps) {
  const details = lesson.lesson_details;
  const completed = lesson.status === 'completed';
  const playing = src ?? details.source;
  // Once played, a switch of file (a rendition, 'Listen only') loads at once to carry on playing.
  const [played, setPlayed] = useState(false);
  // Keyboard users who pressed the poster's Play button carry on in the video's own controls.
  const focusOnPlay = useRef(false);
  useEffect(() => {
    if (!played || !focusOnPlay.current) return;
    focusOnPlay.current = false;
    videoRef.current?.focus();
  }, [played, videoRef]);

  // Worked out once per mount: where to start and how much counts as watched.
  const tracking = useRef<{
    start: number;
    furthest: number;
    previousTime: number;
    previousAt: number;
    reported: number;
  } | null>(null);
  if (tracking.current === null) {
    const start = startPosition({
      pauseTime: lesson.pause_time,
      localResume: useLocalResume ? getResumeTime() : null,
      secondsViewed: lesson.seconds_viewed,
      duration: details.total_duration,
      completed,
    });
    tracking.current = {
      start,
      furthest: initialWatched({
        secondsViewed: lesson.seconds_viewed,
        start,
        duration: details.total_duration,
        completed,
      }),
      previousTime: start,
      previousAt: 0,
      reported: Math.floor(lesson.seconds_viewed),
    };
  }
  const state = tracking.current;

  // Another file of the same lesson: it starts where the last one was, playing if it played.
  const shown = useRef({ src: playing, resume: false });
  if (shown.current.src !== playing) {
    const video = videoRef.current;
    state.start = video ? video.currentTime : state.previousTime;
    shown.current = { src: playing, resume: Boolean(video && !video.paused && !video.ended) };
  }

  // Periodic progress while the lesson is open; the server keeps only the largest value.
  useEffect(() => {
    if (completed || preview) return;
    const timer = window.setInterval(() => {
      const seconds = progressToReport(state.furthest, state.reported);
      if (seconds === null) return;
      state.reported = seconds;
      reportProgress(lesson._id, { seconds_viewed: seconds });
    }, PROGRESS_REPORT_MS);
    return () => window.clearInterval(timer);
  }, [completed, preview, lesson._id, state]);

  // Switching lessons mid-play removes the element without a 'pause' event: report it anyway.
  // Only to the server: 'resume_time' already belongs to the lesson being opened.
  useEffect(() => {
    const video = videoRef.current;
    if (!video || preview) return;
    return () => {
      if (video.paused || video.ended) return;
      reportProgress(lesson._id, { pause_time: Math.round(video.currentTime * 10) / 10 });
    };
  }, [lesson._id, videoRef, preview]);

  useEffect(() => {
    const video = videoRef.current;
    if (video) video.playbackRate = playbackRate;
  }, [playbackRate, videoRef]);

  /** The file's length is known: start where the member left off (and go on playing). */
  const metadataLoaded = (video: HTMLVideoElement) => {
    video.playbackRate = playbackRate;
    state.previousTime = state.start;
    state.previousAt = performance.now();
    if (state.start > 0) video.currentTime = state.start;
    if (shown.current.resume) {
      shown.current.resume = false;
      void playVideo(video);
    }
  };
  // A page taken over from the server's HTML (decision 076) comes with its video element, whose
  // metadata the browser may have read before the app listened for it.
  const arrivedWithMetadata = useRef(true);
  useEffect(() => {
    if (!arrivedWithMetadata.current) return;
    arrivedWithMetadata.current = false;
    const video = videoRef.current;
    if (video && video.readyState >= HTMLMediaElement.HAVE_METADATA) metadataLoaded(video);
  });

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !playRequest) return;
    if (playRequest.kind === 'now') {
      void playVideo(video);
      return;
    }
    // Muted first: browsers allow a muted start without a fresh click, then the sound comes back.
    const timer = window.setTimeout(() => {
      video.muted = true;
      void playVideo(video).then(() => {
        video.muted = false;
      });
    }, RESUME_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [playRequest, videoRef]);

  // The native controls come with the first play, however it starts (this button, the lesson
  // list, a test's script): Chromium builds them as a styled shadow tree for every video on the
  // page, a fifth of the dashboard's first style and layout (decision 075). Until then the
  // whole poster is one Play button, its mark where the controls' own play button will be.
  return (
    <div className="relative">
      <video
        ref={videoRef}
        className="aspect-video w-full rounded-2xl bg-black"
        src={playing}
        poster={details.thumbnail_img ?? undefined}
        controls={played}
        playsInline
        preload={saveData && !played ? 'none' : 'metadata'}
        data-testid="lesson-video"
        onLoadedMetadata={(event) => metadataLoaded(event.currentTarget)}
        onPlay={(event) => {
          setPlayed(true);
          state.previousTime = event.currentTarget.currentTime;
          state.previousAt = performance.now();
        }}
        onTimeUpdate={(event) => {
          const video = event.currentTarget;
          if (video.seeking) return;
          const now = performance.now();
          const currentTime = video.currentTime;
          state.furthest = watchedAfterTick({
            furthest: state.furthest,
            previousTime: state.previousTime,
            currentTime,
            elapsedSeconds: (now - state.previousAt) / 1000,
            playbackRate: video.playbackRate,
          });
          const due = video.paused
            ? null
            : dueExercise({
                exercises: lesson.exercises,
                previousTime: state.previousTime,
                currentTime,
                answered,
                pending: exercisePending,
              });
          state.previousTime = currentTime;
          state.previousAt = now;
          if (due) {
            video.pause();
            onExerciseDue(due.route);
          }
        }}
        onSeeking={(event) => {
          const video = event.currentTarget;
          const snapTo = guardSeek({
            requested: video.currentTime,
            furthest: state.furthest,
            completed: completed || lesson.is_viewed,
          });
          if (snapTo !== null) video.currentTime = snapTo;
        }}
        onSeeked={(event) => {
          state.previousTime = event.currentTarget.currentTime;
          state.previousAt = performance.now();
        }}
        onPause={(event) => {
          const video = event.currentTarget;
          // The end of the video also pauses it; that is reported as viewed, not as a pause.
          if (video.ended || preview) return;
          const time = Math.round(video.currentTime * 10) / 10;
          setResumeTime(time);
          reportProgress(lesson._id, { pause_time: time });
          const seconds = progressToReport(state.furthest, state.reported);
          if (seconds !== null && !completed) {
            state.reported = seconds;
            reportProgress(lesson._id, { seconds_viewed: seconds });
          }
        }}
        onEnded={onEnded}
      >
        {/* Captions when the lesson has them (the demo videos have no speech). */}
        {details.captions ? (
          <track
            kind="captions"
            src={details.captions}
            srcLang="en"
            label={captionsLabel}
            default
          />
        ) : null}
      </video>
      {played ? null : (
        <button
          type="button"
          aria-label={playLabel}
          data-testid="lesson-play"
          className="group absolute inset-0 flex items-end justify-start rounded-2xl p-3"
          onClick={() => {
            focusOnPlay.current = true;
            setPlayed(true);
            const video = videoRef.current;
            if (video) void playVideo(video);
          }}
        >
          <span
            aria-hidden="true"
            className="flex size-14 items-center justify-center rounded-full bg-white/90 text-brand-900 shadow-lg group-hover:bg-white"
          >
            <svg viewBox="0 0 24 24" className="ml-0.5 size-7" fill="currentColor">
              <path d="M8 5v14l11-7z" />
            </svg>
          </span>
        </button>
      )}
    </div>
  );
}
