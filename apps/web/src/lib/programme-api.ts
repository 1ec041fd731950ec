import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from './api';
import type { paths } from './api-schema';

type Ok<P extends keyof paths> = paths[P] extends {
  get: { responses: { 200: { content: { 'application/json': infer B } } } };
}
  ? B
  : never;

/** GET /api/user-answer: the attempts, oldest first, and which question set the next test uses. */
export type SimAttempts = Ok<'/api/user-answer'>;
export type SimAttempt = SimAttempts['data'][number];
export type AnsweredExercise = Ok<'/api/user-exercise/list'>['data'][number];

/**
 * Query keys of programme data that more than one feature reads or changes: the SIM test page and
 * the dashboard's score panel share the attempts; the lesson player reads the answered exercises
 * that the exercise dialog and page change.
 */
export const programmeKeys = {
  simAttempts: ['programme', 'sim-attempts'] as const,
  answeredExercises: ['programme', 'answered-exercises'] as const,
};

export async function fetchSimAttempts(): Promise<SimAttempts> {
  return unwrap(await api.GET('/api/user-answer'));
}

export const simAttemptsQuery = queryOptions({
  queryKey: programmeKeys.simAttempts,
  queryFn: fetchSimAttempts,
});

export function useSimAttempts() {
  return useQuery(simAttemptsQuery);
}

export async function fetchAnsweredExercises(): Promise<AnsweredExercise[]> {
  return unwrap(await api.GET('/api/user-exercise/list')).data;
}

/** The exercise routes the user has answered (GET /api/user-exercise/list). */
export const answeredExercisesQuery = queryOptions({
  queryKey: programmeKeys.answeredExercises,
  queryFn: fetchAnsweredExercises,
});

export function useAnsweredExercises() {
  return useQuery(answeredExercisesQuery);
}

export type LessonList = Ok<'/api/user-lesson'>;
export type UserLesson = LessonList['data'][number];
export type LessonUpdateBody =
  paths['/api/user-lesson/{id}']['put']['requestBody']['content']['application/json'];

/** Every cached lesson list starts with this, so one invalidation reloads them all. */
export const lessonsRoot = ['lessons'] as const;
export const lessonsKey = (day: number | null) => [...lessonsRoot, day ?? 'all'] as const;

/** GET /api/user-lesson (?day=N for one premium day; 403 beyond current_day). */
export async function fetchLessons(day: number | null): Promise<LessonList> {
  return unwrap(
    await api.GET('/api/user-lesson', { params: { query: day === null ? {} : { day } } }),
  );
}

/**
 * The caller's lesson list (`day` null: the whole list; a number: one premium day), under the key
 * the lesson player and the dashboard's roadmap both read, so the player's updates and
 * invalidations refresh every reader. The dashboard's route loader starts it with the page's code.
 */
export const lessonListQuery = (day: number | null) =>
  queryOptions({ queryKey: lessonsKey(day), queryFn: () => fetchLessons(day) });

/** PUT /api/user-lesson/{id}: one of pause_time, seconds_viewed, is_viewed or feedback. */
export async function updateLesson(id: string, body: LessonUpdateBody) {
  return unwrap(await api.PUT('/api/user-lesson/{id}', { params: { path: { id } }, body }));
}

/**
 * Progress reports (pause, seconds watched) are fire-and-forget: a lost one only means resuming
 * a little earlier, which must never interrupt the lesson with an error.
 */
export function reportProgress(id: string, body: LessonUpdateBody): void {
  updateLesson(id, body).catch((error: unknown) =>
    console.error('Could not report lesson progress', error),
  );
}

/** The caller's whole lesson list; the dashboard's roadmap counts the free videos watched from it. */
export function useLessonList(options: { enabled?: boolean } = {}) {
  return useQuery({ ...lessonListQuery(null), enabled: options.enabled ?? true });
}

/** Free videos watched out of the free track (the score explanation is its own step). */
export function freeVideoProgress(list: LessonList): { watched: number; total: number } {
  const free = list.data.filter((lesson) => lesson.lesson_details.type === 'free');
  return { watched: free.filter((lesson) => lesson.is_viewed).length, total: free.length };
}
