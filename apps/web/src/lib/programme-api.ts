import { useQuery } from '@tanstack/react-query';
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

export function useSimAttempts() {
  return useQuery({ queryKey: programmeKeys.simAttempts, queryFn: fetchSimAttempts });
}

export async function fetchAnsweredExercises(): Promise<AnsweredExercise[]> {
  return unwrap(await api.GET('/api/user-exercise/list')).data;
}

/** The exercise routes the user has answered (GET /api/user-exercise/list). */
export function useAnsweredExercises() {
  return useQuery({
    queryKey: programmeKeys.answeredExercises,
    queryFn: fetchAnsweredExercises,
  });
}

export type LessonList = Ok<'/api/user-lesson'>;

/**
 * The caller's whole lesson list (GET /api/user-lesson), under the key the lessons feature caches
 * it (['lessons', 'all']), so the player's updates and invalidations refresh every reader. The
 * dashboard's roadmap counts the free videos watched from it.
 */
export function useLessonList(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['lessons', 'all'] as const,
    queryFn: async (): Promise<LessonList> => unwrap(await api.GET('/api/user-lesson')),
    enabled: options.enabled ?? true,
  });
}

/** Free videos watched out of the free track (the score explanation is its own step). */
export function freeVideoProgress(list: LessonList): { watched: number; total: number } {
  const free = list.data.filter((lesson) => lesson.lesson_details.type === 'free');
  return { watched: free.filter((lesson) => lesson.is_viewed).length, total: free.length };
}
