import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api';
import type { paths } from '../../lib/api-schema';

// Apart from the hooks in api.ts so the landing chunk can prefetch the statements without
// carrying the form's query and mutation hooks.

export type LandingQuestion =
  paths['/api/question']['get']['responses'][200]['content']['application/json']['data'][number];

/** GET /api/question?event=0&limit=inf: the first SIM test's statements, public, in order. */
export const landingQuestionsQuery = queryOptions({
  queryKey: ['landing', 'sim-questions'],
  queryFn: async () =>
    unwrap(await api.GET('/api/question', { params: { query: { event: '0', limit: 'inf' } } }))
      .data,
  // The statements do not change while a visitor answers them.
  staleTime: Infinity,
});
