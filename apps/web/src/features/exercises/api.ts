import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api';
import type { paths } from '../../lib/api-schema';
import { programmeKeys } from '../../lib/programme-api';

export type ExerciseQuestion =
  paths['/api/question']['get']['responses'][200]['content']['application/json']['data'][number];
export type ExerciseSubmitBody =
  paths['/api/user-exercise']['post']['requestBody']['content']['application/json'];

/** GET /api/question?route=R: the exercise's questions; a 404 (unknown route) is thrown. */
export async function fetchExerciseQuestions(route: string): Promise<ExerciseQuestion[]> {
  return unwrap(await api.GET('/api/question', { params: { query: { route } } })).data;
}

export function exerciseQueryKey(route: string) {
  return ['exercises', 'questions', route] as const;
}

export function useExerciseQuestions(route: string | null) {
  return useQuery({
    queryKey: exerciseQueryKey(route ?? ''),
    queryFn: () => fetchExerciseQuestions(route ?? ''),
    enabled: route !== null && route !== '',
    retry: false,
    staleTime: Infinity,
  });
}

/** POST /api/user-exercise; the answered list is refetched so the player stops asking. */
export function useSubmitExercise() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ExerciseSubmitBody) =>
      unwrap(await api.POST('/api/user-exercise', { body })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: programmeKeys.answeredExercises }),
  });
}
