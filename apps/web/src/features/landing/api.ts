import { useMutation, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api';
import type { paths } from '../../lib/api-schema';
import { landingQuestionsQuery } from './landing-questions';

export type { LandingQuestion } from './landing-questions';
export type LandingAnswersBody =
  paths['/api/question/score']['post']['requestBody']['content']['application/json'];

export function useLandingQuestions() {
  return useQuery(landingQuestionsQuery);
}

/**
 * POST /api/question/score: the server scores a visitor's answers (first-attempt rule, 0–99)
 * without saving anything; the browser only keeps the number it returns for sign-up.
 */
export function useScoreLandingTest() {
  return useMutation({
    mutationFn: async (body: LandingAnswersBody) =>
      unwrap(await api.POST('/api/question/score', { body })).data,
  });
}
