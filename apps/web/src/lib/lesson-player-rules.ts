// The lesson player's rules, kept pure so they can be tested without a video element (spec §4
// "Video", "Lesson completion"). The player feeds them the element's times; nothing here talks to
// the API or decides anything the server owns (unlocks, steps): the server's answers are inputs.

/** A forward seek may land this far past the furthest watched second (decoder rounding). */
export const SEEK_TOLERANCE_SECONDS = 1;
/** How much a playback tick may exceed what the clock allows before it counts as a jump. */
const TICK_SLACK_SECONDS = 1;

export interface LessonExercise {
  /** Seconds into the video. */
  time: number;
  route: string;
}

export type LessonStatus = 'inactive' | 'active' | 'completed';

/**
 * The furthest second watched after one playback tick. Only ordinary playback moves it: the new
 * time must follow the previous one by no more than the wall-clock time since then (times the
 * playback rate), so a seek that slipped past the guard never counts as watched.
 */
export function watchedAfterTick(input: {
  furthest: number;
  previousTime: number;
  currentTime: number;
  elapsedSeconds: number;
  playbackRate: number;
}): number {
  const { furthest, previousTime, currentTime, elapsedSeconds, playbackRate } = input;
  if (!(currentTime > furthest)) return furthest;
  const step = currentTime - previousTime;
  const allowed = Math.max(0, elapsedSeconds) * Math.max(playbackRate, 0) + TICK_SLACK_SECONDS;
  return step >= 0 && step <= allowed ? currentTime : furthest;
}

/**
 * Where a seek must land (spec §4: seeking forward beyond the watched time is blocked). Returns
 * null when the requested position is allowed, otherwise the position to snap back to. A
 * completed lesson may be watched in any order.
 */
export function guardSeek(input: {
  requested: number;
  furthest: number;
  completed: boolean;
}): number | null {
  const { requested, furthest, completed } = input;
  if (completed) return null;
  return requested > furthest + SEEK_TOLERANCE_SECONDS ? furthest : null;
}

/**
 * The in-video exercise that is due on this tick (spec §4): playback reached its time — the tick
 * crossed it, or sits on that very second — its route is not answered yet, and no exercise is
 * already open or being submitted. A seek backwards never triggers one.
 */
export function dueExercise(input: {
  exercises: readonly LessonExercise[];
  previousTime: number;
  currentTime: number;
  answered: ReadonlySet<string>;
  pending: boolean;
}): LessonExercise | null {
  const { exercises, previousTime, currentTime, answered, pending } = input;
  if (pending || currentTime < previousTime) return null;
  for (const exercise of exercises) {
    if (answered.has(exercise.route)) continue;
    const crossed = previousTime < exercise.time && exercise.time <= currentTime;
    const onIt = Math.floor(currentTime) === exercise.time && previousTime < currentTime;
    if (crossed || onIt) return exercise;
  }
  return null;
}

/** The exercise to open after the lesson ends: its route, unless answered already (spec §4). */
export function exerciseAfterViewing(
  route: string | null,
  answered: ReadonlySet<string>,
): string | null {
  return route && !answered.has(route) ? route : null;
}

/**
 * Where playback starts (spec §4 resume): the local 'resume_time' when it belongs to this lesson
 * (it is written on every pause, so it is at least as fresh as the server's), else the server's
 * pause_time. Never past the furthest watched second, and never in the last second, which would
 * end the lesson at once.
 */
export function startPosition(input: {
  pauseTime: number;
  localResume: number | null;
  secondsViewed: number;
  duration: number;
  completed: boolean;
}): number {
  const { pauseTime, localResume, secondsViewed, duration, completed } = input;
  const wanted = localResume ?? pauseTime;
  const limit = completed ? duration : Math.max(secondsViewed, pauseTime);
  const position = Math.min(wanted, limit, duration - 1);
  return Number.isFinite(position) && position > 0 ? position : 0;
}

/** The furthest watched second a lesson starts with. */
export function initialWatched(input: {
  secondsViewed: number;
  start: number;
  duration: number;
  completed: boolean;
}): number {
  return input.completed ? input.duration : Math.max(input.secondsViewed, input.start);
}

/** Whether progress is worth reporting: a whole second more than the server last heard. */
export function progressToReport(furthest: number, reported: number): number | null {
  const seconds = Math.floor(furthest);
  return seconds > reported ? seconds : null;
}

/** Only active (Recently Unlocked) and completed (Watched) lessons can be selected (spec §4). */
export function isPlayable(status: LessonStatus): boolean {
  return status !== 'inactive';
}

export type LessonBadge = 'playing' | 'watched' | 'recentlyUnlocked' | 'locked';

/** The status a lesson card shows: the one in the player is Playing, else by its status. */
export function lessonBadge(status: LessonStatus, selected: boolean): LessonBadge {
  if (selected && isPlayable(status)) return 'playing';
  if (status === 'completed') return 'watched';
  if (status === 'active') return 'recentlyUnlocked';
  return 'locked';
}

/**
 * Which lesson the player opens with: the remembered 'video_index' when that lesson is playable,
 * else the first Recently Unlocked one, else the last watched, else none.
 */
export function initialLessonIndex(
  statuses: readonly LessonStatus[],
  rememberedIndex: number | null,
): number {
  if (
    rememberedIndex !== null &&
    Number.isInteger(rememberedIndex) &&
    statuses[rememberedIndex] !== undefined &&
    isPlayable(statuses[rememberedIndex])
  ) {
    return rememberedIndex;
  }
  const active = statuses.indexOf('active');
  if (active !== -1) return active;
  const watched = statuses.lastIndexOf('completed');
  return watched;
}

/** 'm:ss' (or 'h:mm:ss') for the Time Remaining clock. */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}

export type ViewedOutcome =
  /** The score video moved the step: 'Purchase Plan to update more', then /plans. */
  | { kind: 'plans' }
  /** The track is finished: 'Lesson Completed', then the live session or the next test. */
  | { kind: 'finished'; to: '/live-session' | '/sim-test' }
  /** A premium day is done but the programme goes on tomorrow: 'Lesson Completed'. */
  | { kind: 'dayDone' }
  /** Play the next lesson. */
  | { kind: 'next'; lessonId: string };

/**
 * What follows a lesson the server has just marked viewed (spec §4 "Lesson completion", "User
 * step"). Every decision rests on the server's answer: the step before and after, and the list
 * it returned. The web computes no step of its own.
 */
export function outcomeAfterViewed(input: {
  viewed: { _id: string; type: 'free' | 'score_explanation' | 'paid'; day: number };
  stepBefore: number;
  stepAfter: number;
  premium: boolean;
  currentDay: number | null;
  totalDays: number;
  /** The list as the server returned it after the view, in programme order, with its unlocks. */
  lessons: readonly { _id: string; status: LessonStatus }[];
}): ViewedOutcome {
  const { viewed, stepBefore, stepAfter, premium, currentDay, totalDays, lessons } = input;
  if (viewed.type === 'score_explanation' && stepAfter > stepBefore) return { kind: 'plans' };

  const finishedTo =
    premium && currentDay !== null && currentDay === totalDays ? '/live-session' : '/sim-test';
  // The server makes the next test due (step 2) when the last free or premium lesson is viewed.
  if (stepAfter === 2 && stepBefore !== 2) return { kind: 'finished', to: finishedTo };

  const index = lessons.findIndex((lesson) => lesson._id === viewed._id);
  const next = index === -1 ? undefined : lessons[index + 1];
  // A next lesson the server keeps locked (the score video before the second test) is not played.
  if (next && isPlayable(next.status)) return { kind: 'next', lessonId: next._id };
  // Premium lists hold one day: its last lesson ends the programme only on the last day.
  if (premium && viewed.day < totalDays) return { kind: 'dayDone' };
  return { kind: 'finished', to: finishedTo };
}
