import { useMutation, useQuery } from '@tanstack/react-query';
import type { Quiz, QuizAnswerRequest, QuizResult } from '@exhale/contract/content';
import { api, unwrap } from '../../lib/api';

export type { Quiz, QuizResult };

/** GET /quiz/{id}: the set's quizzes, without which options are correct. */
export function useQuiz(setId: string) {
  return useQuery({
    queryKey: ['quiz', setId],
    queryFn: async (): Promise<Quiz[]> =>
      unwrap(await api.GET('/api/quiz/{id}', { params: { path: { id: setId } } })).data,
    retry: false,
  });
}

/** POST /quiz/quiz-answer: the score and the correct options come back only here. */
export function useSubmitQuiz() {
  return useMutation({
    mutationFn: async (body: QuizAnswerRequest): Promise<QuizResult> =>
      unwrap(await api.POST('/api/quiz/quiz-answer', { body })).data,
  });
}
