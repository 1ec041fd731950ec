import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api';
import type { paths } from '../../lib/api-schema';

export type LessonList =
  paths['/api/user-lesson']['get']['responses'][200]['content']['application/json'];
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

export function useLessons(day: number | null) {
  return useQuery({
    queryKey: lessonsKey(day),
    queryFn: () => fetchLessons(day),
    retry: false,
    // The server's unlocks follow the step too (SIM test 2, taken on its own page, opens the
    // score video), so a player that mounts reloads the list even when the cache is fresh.
    refetchOnMount: 'always',
  });
}

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
