// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserLesson } from '../../lib/programme-api';
import { LessonVideo } from './lesson-video';

vi.mock('../../lib/programme-api', () => ({ reportProgress: vi.fn() }));
const { reportProgress } = await import('../../lib/programme-api');

function lesson(overrides: Partial<UserLesson> = {}): UserLesson {
  return {
    _id: 'lesson-1',
    status: 'active',
    isActive: 'active',
    pause_time: 0,
    seconds_viewed: 0,
    is_viewed: false,
    feedback: null,
    completed_at: null,
    exercises: [{ time: 5, route: 'sim-exercise-1' }],
    lesson_details: {
      title: 'Why we smoke',
      content: 'The habit loop.',
      day: 1,
      video_order: 1,
      source: '/media/free-1.mp4',
      thumbnail_img: null,
      total_duration: 18,
      is_paid: false,
      type: 'free',
      route: null,
      captions: null,
      renditions: [{ height: 240, src: '/media/free-1-240p.mp4' }],
      audio_src: '/media/free-1-audio.m4a',
    },
    ...overrides,
  };
}

/** jsdom has no media pipeline: the element's clock is driven by hand. */
function fakeClock(video: HTMLVideoElement) {
  const state = { time: 0, paused: false, seeking: false };
  Object.defineProperty(video, 'currentTime', {
    get: () => state.time,
    set: (value: number) => {
      state.time = value;
      state.seeking = true;
      fireEvent.seeking(video);
      state.seeking = false;
      fireEvent.seeked(video);
    },
  });
  Object.defineProperty(video, 'paused', { get: () => state.paused });
  Object.defineProperty(video, 'seeking', { get: () => state.seeking });
  Object.defineProperty(video, 'ended', { get: () => false });
  video.pause = vi.fn(() => {
    state.paused = true;
  });
  video.play = vi.fn(() => {
    state.paused = false;
    return Promise.resolve();
  });
  /** Ordinary playback up to `to`, one 250 ms tick at a time. */
  const playTo = (to: number) => {
    while (state.time < to && !state.paused) {
      vi.advanceTimersByTime(250);
      state.time = Math.min(to, state.time + 0.25);
      fireEvent.timeUpdate(video);
    }
  };
  return { state, playTo };
}

function renderVideo(props: Partial<Parameters<typeof LessonVideo>[0]> = {}) {
  const videoRef = createRef<HTMLVideoElement>();
  const onExerciseDue = vi.fn();
  render(
    <LessonVideo
      lesson={lesson()}
      videoRef={videoRef}
      playbackRate={1}
      answered={new Set()}
      exercisePending={false}
      useLocalResume={false}
      playRequest={null}
      captionsLabel="Captions"
      playLabel="Play: Why we smoke"
      onExerciseDue={onExerciseDue}
      onEnded={vi.fn()}
      {...props}
    />,
  );
  const video = videoRef.current!;
  const clock = fakeClock(video);
  fireEvent.loadedMetadata(video);
  fireEvent.play(video);
  return { video, clock, onExerciseDue };
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.mocked(reportProgress).mockClear();
});

describe('LessonVideo seek guard', () => {
  it('snaps a forward seek past the watched part back to it', () => {
    const { video, clock } = renderVideo({ answered: new Set(['sim-exercise-1']) });
    clock.playTo(4);
    video.currentTime = 15;
    expect(video.currentTime).toBe(4);
  });

  it('allows seeking back, and forward again up to the watched part', () => {
    const { video, clock } = renderVideo({ answered: new Set(['sim-exercise-1']) });
    clock.playTo(6);
    video.currentTime = 1;
    expect(video.currentTime).toBe(1);
    video.currentTime = 6;
    expect(video.currentTime).toBe(6);
  });

  it('lets a watched lesson be scrubbed freely', () => {
    const { video } = renderVideo({
      lesson: lesson({ status: 'completed', isActive: 'completed', seconds_viewed: 18 }),
    });
    video.currentTime = 15;
    expect(video.currentTime).toBe(15);
  });
});

describe('LessonVideo exercise trigger', () => {
  it('pauses and asks for the exercise when playback reaches its time', () => {
    const { video, clock, onExerciseDue } = renderVideo();
    clock.playTo(8);
    expect(onExerciseDue).toHaveBeenCalledWith('sim-exercise-1');
    expect(video.pause).toHaveBeenCalled();
    expect(clock.state.time).toBe(5);
  });

  it('plays on when the exercise is answered or one is already open', () => {
    const answered = renderVideo({ answered: new Set(['sim-exercise-1']) });
    answered.clock.playTo(8);
    expect(answered.onExerciseDue).not.toHaveBeenCalled();
    cleanup();

    const pending = renderVideo({ exercisePending: true });
    pending.clock.playTo(8);
    expect(pending.onExerciseDue).not.toHaveBeenCalled();
  });

  it('reports the pause time and keeps it for resuming', () => {
    const { video, clock } = renderVideo({ answered: new Set(['sim-exercise-1']) });
    clock.playTo(3);
    video.pause();
    fireEvent.pause(video);
    expect(reportProgress).toHaveBeenCalledWith('lesson-1', { pause_time: 3 });
    expect(localStorage.getItem('resume_time')).toBe('3');
  });
});

describe('LessonVideo in preview (the console)', () => {
  it('pauses for the exercise like the member player but writes nothing', () => {
    const { video, clock, onExerciseDue } = renderVideo({ preview: true });
    clock.playTo(8);
    expect(onExerciseDue).toHaveBeenCalledWith('sim-exercise-1');
    expect(video.pause).toHaveBeenCalled();
    expect(clock.state.time).toBe(5);
    fireEvent.pause(video);
    // Well past the periodic report's interval.
    vi.advanceTimersByTime(30_000);
    void video.play();
    cleanup(); // unmounted while playing
    expect(reportProgress).not.toHaveBeenCalled();
    expect(localStorage.getItem('resume_time')).toBeNull();
  });

  it('reports as before without the flag (the same steps write)', () => {
    const { video, clock } = renderVideo();
    clock.playTo(8);
    fireEvent.pause(video);
    expect(reportProgress).toHaveBeenCalledWith('lesson-1', { pause_time: 5 });
    expect(localStorage.getItem('resume_time')).toBe('5');
  });
});

describe('LessonVideo switching to another file of the lesson (data saver, Listen only)', () => {
  it('starts the new file where the last one was, plays on, and keeps the exercise at its time', () => {
    const videoRef = createRef<HTMLVideoElement>();
    const onExerciseDue = vi.fn();
    const props = {
      lesson: lesson(),
      videoRef,
      playbackRate: 1,
      answered: new Set<string>(),
      exercisePending: false,
      useLocalResume: false,
      playRequest: null,
      captionsLabel: 'Captions',
      playLabel: 'Play: Why we smoke',
      onExerciseDue,
      onEnded: vi.fn(),
    };
    const { rerender } = render(<LessonVideo {...props} />);
    const video = videoRef.current!;
    const clock = fakeClock(video);
    fireEvent.loadedMetadata(video);
    fireEvent.play(video);
    clock.playTo(3);

    rerender(<LessonVideo {...props} src="/media/free-1-audio.m4a" />);
    expect(video.getAttribute('src')).toBe('/media/free-1-audio.m4a');
    // A new file loads from its start.
    clock.state.time = 0;
    fireEvent.loadedMetadata(video);
    expect(clock.state.time).toBe(3);
    expect(video.play).toHaveBeenCalled();

    fireEvent.play(video);
    clock.playTo(8);
    expect(onExerciseDue).toHaveBeenCalledWith('sim-exercise-1');
    expect(clock.state.time).toBe(5);
  });
});

/** A lesson's video props with a ref of their own, for tests that render it themselves. */
const videoProps = () => ({
  lesson: lesson(),
  videoRef: createRef<HTMLVideoElement>(),
  playbackRate: 1,
  answered: new Set<string>(),
  exercisePending: false,
  useLocalResume: false,
  playRequest: null,
  captionsLabel: 'Captions',
  playLabel: 'Play: Why we smoke',
  onExerciseDue: vi.fn(),
  onEnded: vi.fn(),
});

describe('LessonVideo saving data (Data saver on, or a slow connection)', () => {
  it('fetches nothing of the file until it is first played, then loads a switched file at once', () => {
    const base = videoProps();
    const { rerender } = render(<LessonVideo {...base} saveData />);
    const video = base.videoRef.current!;
    expect(video.getAttribute('preload')).toBe('none');

    fireEvent.play(video);
    expect(video.getAttribute('preload')).toBe('metadata');
    rerender(<LessonVideo {...base} saveData src="/media/free-1-audio.m4a" />);
    expect(video.getAttribute('preload')).toBe('metadata');
  });

  it('loads the metadata ahead, as before, when the member does not save data', () => {
    const base = videoProps();
    render(<LessonVideo {...base} />);
    expect(base.videoRef.current!.getAttribute('preload')).toBe('metadata');
  });
});

describe('LessonVideo before its first play', () => {
  it('shows the poster with one Play button, which plays the video and hands over to its controls', () => {
    const base = videoProps();
    render(<LessonVideo {...base} />);
    const video = base.videoRef.current!;
    video.play = vi.fn(() => Promise.resolve());
    expect(video.hasAttribute('controls')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Play: Why we smoke' }));
    expect(video.play).toHaveBeenCalledTimes(1);
    expect(video.hasAttribute('controls')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Play: Why we smoke' })).toBeNull();
  });

  it('shows the controls however playback starts (the lesson list, a resume)', () => {
    const base = videoProps();
    render(<LessonVideo {...base} />);
    const video = base.videoRef.current!;
    fireEvent.play(video);
    expect(video.hasAttribute('controls')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Play: Why we smoke' })).toBeNull();
  });
});
