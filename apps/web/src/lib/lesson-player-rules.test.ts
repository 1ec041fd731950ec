import { describe, expect, it } from 'vitest';
import {
  dueExercise,
  exerciseAfterViewing,
  formatClock,
  guardSeek,
  initialLessonIndex,
  initialWatched,
  lessonBadge,
  outcomeAfterViewed,
  progressToReport,
  startPosition,
  watchedAfterTick,
} from './lesson-player-rules';

describe('seek guard', () => {
  it('lets a seek land anywhere up to the furthest watched second (and a little past it)', () => {
    expect(guardSeek({ requested: 3, furthest: 6, completed: false })).toBeNull();
    expect(guardSeek({ requested: 6.8, furthest: 6, completed: false })).toBeNull();
  });

  it('snaps a forward seek past the watched part back to the furthest watched second', () => {
    expect(guardSeek({ requested: 15, furthest: 6, completed: false })).toBe(6);
    expect(guardSeek({ requested: 7.5, furthest: 6, completed: false })).toBe(6);
  });

  it('never blocks a completed lesson', () => {
    expect(guardSeek({ requested: 17, furthest: 0, completed: true })).toBeNull();
  });
});

describe('watched progress', () => {
  const tick = { furthest: 5, previousTime: 5, elapsedSeconds: 0.25, playbackRate: 1 };

  it('grows with ordinary playback', () => {
    expect(watchedAfterTick({ ...tick, currentTime: 5.25 })).toBe(5.25);
  });

  it('grows faster at a higher playback rate', () => {
    expect(watchedAfterTick({ ...tick, currentTime: 9, playbackRate: 16 })).toBe(9);
  });

  it('does not count a jump the clock cannot explain', () => {
    expect(watchedAfterTick({ ...tick, currentTime: 14 })).toBe(5);
  });

  it('does not shrink when playing an earlier part again', () => {
    expect(watchedAfterTick({ ...tick, previousTime: 2, currentTime: 2.25 })).toBe(5);
  });
});

describe('in-video exercise trigger', () => {
  const exercises = [{ time: 5, route: 'sim-exercise-1' }];
  const base = { exercises, answered: new Set<string>(), pending: false };

  it('fires when playback crosses the exercise time', () => {
    expect(dueExercise({ ...base, previousTime: 4.8, currentTime: 5.05 })).toEqual(exercises[0]);
  });

  it('fires while playback sits on that very second', () => {
    expect(dueExercise({ ...base, previousTime: 5.1, currentTime: 5.3 })).toEqual(exercises[0]);
  });

  it('stays quiet before and after the exercise time', () => {
    expect(dueExercise({ ...base, previousTime: 3.5, currentTime: 3.75 })).toBeNull();
    expect(dueExercise({ ...base, previousTime: 6.1, currentTime: 6.35 })).toBeNull();
  });

  it('stays quiet once the route is answered', () => {
    const answered = new Set(['sim-exercise-1']);
    expect(dueExercise({ ...base, answered, previousTime: 4.9, currentTime: 5.1 })).toBeNull();
  });

  it('stays quiet while an exercise is open or being submitted', () => {
    expect(dueExercise({ ...base, pending: true, previousTime: 4.9, currentTime: 5.1 })).toBeNull();
  });

  it('does not fire on a seek backwards over the exercise', () => {
    expect(dueExercise({ ...base, previousTime: 8, currentTime: 5.2 })).toBeNull();
  });

  it('opens the after-viewing exercise only when unanswered', () => {
    expect(exerciseAfterViewing('sim-exercise-2', new Set())).toBe('sim-exercise-2');
    expect(exerciseAfterViewing('sim-exercise-2', new Set(['sim-exercise-2']))).toBeNull();
    expect(exerciseAfterViewing(null, new Set())).toBeNull();
  });
});

describe('resume position', () => {
  const lesson = { pauseTime: 7, secondsViewed: 9, duration: 18, completed: false };

  it('prefers the local resume time, else the server pause time', () => {
    expect(startPosition({ ...lesson, localResume: 8 })).toBe(8);
    expect(startPosition({ ...lesson, localResume: null })).toBe(7);
  });

  it('never resumes past the watched part or into the last second', () => {
    expect(startPosition({ ...lesson, localResume: 15 })).toBe(9);
    expect(startPosition({ ...lesson, completed: true, localResume: 18 })).toBe(17);
  });

  it('starts a completed lesson unrestricted and a fresh one at its watched part', () => {
    expect(initialWatched({ secondsViewed: 0, start: 0, duration: 18, completed: true })).toBe(18);
    expect(initialWatched({ secondsViewed: 4, start: 6, duration: 18, completed: false })).toBe(6);
  });

  it('reports progress in whole new seconds only', () => {
    expect(progressToReport(6.9, 5)).toBe(6);
    expect(progressToReport(5.9, 5)).toBeNull();
  });
});

describe('lesson list', () => {
  it('labels cards Playing, Watched, Recently Unlocked or Locked', () => {
    expect(lessonBadge('active', true)).toBe('playing');
    expect(lessonBadge('completed', false)).toBe('watched');
    expect(lessonBadge('active', false)).toBe('recentlyUnlocked');
    expect(lessonBadge('inactive', false)).toBe('locked');
  });

  it('opens the remembered lesson when playable, else the unlocked one', () => {
    expect(initialLessonIndex(['completed', 'active', 'inactive'], 0)).toBe(0);
    expect(initialLessonIndex(['completed', 'active', 'inactive'], 2)).toBe(1);
    expect(initialLessonIndex(['completed', 'completed'], null)).toBe(1);
    expect(initialLessonIndex(['inactive'], null)).toBe(-1);
  });

  it('formats the remaining time', () => {
    expect(formatClock(12.2)).toBe('0:13');
    expect(formatClock(75)).toBe('1:15');
    expect(formatClock(3725)).toBe('1:02:05');
    expect(formatClock(Number.NaN)).toBe('0:00');
  });
});

describe('after a lesson is viewed', () => {
  // As the server returns the free track after f1 is viewed.
  const free = [
    { _id: 'f1', status: 'completed' as const },
    { _id: 'f2', status: 'active' as const },
    { _id: 'f3', status: 'inactive' as const },
    { _id: 's', status: 'inactive' as const },
  ];
  const freeInput = { premium: false, currentDay: null, totalDays: 1, lessons: free };

  it('plays the next lesson', () => {
    expect(
      outcomeAfterViewed({
        ...freeInput,
        viewed: { _id: 'f1', type: 'free', day: 1 },
        stepBefore: 1,
        stepAfter: 1,
      }),
    ).toEqual({ kind: 'next', lessonId: 'f2' });
  });

  it('sends a free user to the second test when the server makes it due', () => {
    expect(
      outcomeAfterViewed({
        ...freeInput,
        viewed: { _id: 'f3', type: 'free', day: 1 },
        stepBefore: 1,
        stepAfter: 2,
      }),
    ).toEqual({ kind: 'finished', to: '/sim-test' });
  });

  it('does not play a lesson the server keeps locked: the score video before the second test', () => {
    expect(
      outcomeAfterViewed({
        ...freeInput,
        lessons: free.map((lesson) => ({
          ...lesson,
          status: lesson._id === 's' ? 'inactive' : 'completed',
        })),
        viewed: { _id: 'f3', type: 'free', day: 1 },
        stepBefore: 2,
        stepAfter: 2,
      }),
    ).toEqual({ kind: 'finished', to: '/sim-test' });
  });

  it('plays the score video once the server has opened it', () => {
    expect(
      outcomeAfterViewed({
        ...freeInput,
        lessons: free.map((lesson) => ({
          ...lesson,
          status: lesson._id === 's' ? 'active' : 'completed',
        })),
        viewed: { _id: 'f3', type: 'free', day: 1 },
        stepBefore: 3,
        stepAfter: 3,
      }),
    ).toEqual({ kind: 'next', lessonId: 's' });
  });

  it('sends the user to the plans when the score video raised the step', () => {
    expect(
      outcomeAfterViewed({
        ...freeInput,
        viewed: { _id: 's', type: 'score_explanation', day: 1 },
        stepBefore: 3,
        stepAfter: 4,
      }),
    ).toEqual({ kind: 'plans' });
  });

  const day = [
    { _id: 'a', status: 'completed' as const },
    { _id: 'b', status: 'completed' as const },
  ];

  it('ends a premium day quietly before the last day', () => {
    expect(
      outcomeAfterViewed({
        viewed: { _id: 'b', type: 'paid', day: 3 },
        stepBefore: 1,
        stepAfter: 1,
        premium: true,
        currentDay: 3,
        totalDays: 7,
        lessons: day,
      }),
    ).toEqual({ kind: 'dayDone' });
  });

  it('sends a premium user on the last day to the live session', () => {
    expect(
      outcomeAfterViewed({
        viewed: { _id: 'b', type: 'paid', day: 7 },
        stepBefore: 1,
        stepAfter: 2,
        premium: true,
        currentDay: 7,
        totalDays: 7,
        lessons: day,
      }),
    ).toEqual({ kind: 'finished', to: '/live-session' });
  });
});
