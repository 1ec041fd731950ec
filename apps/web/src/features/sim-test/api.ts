import { useMutation, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api';
import type { paths } from '../../lib/api-schema';

export type SimQuestion =
  paths['/api/question']['get']['responses'][200]['content']['application/json']['data'][number];
export type SimAnswersBody =
  paths['/api/user-answer']['post']['requestBody']['content']['application/json'];
export type SimEvent = 0 | 1 | 2;

/** GET /api/question?event=N&limit=inf: the statements of the user's next test, in order. */
export function useSimQuestions(event: SimEvent | undefined) {
  return useQuery({
    queryKey: ['sim-test', 'questions', event],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/question', {
          params: { query: { event: String(event) as `${SimEvent}`, limit: 'inf' } },
        }),
      ).data,
    enabled: event !== undefined,
    // The statements of a test do not change while it is being answered.
    staleTime: Infinity,
  });
}

/** POST /api/user-answer: the server scores the answers and moves the step. */
export function useSubmitSimTest() {
  return useMutation({
    mutationFn: async (body: SimAnswersBody) =>
      unwrap(await api.POST('/api/user-answer', { body })),
  });
}
