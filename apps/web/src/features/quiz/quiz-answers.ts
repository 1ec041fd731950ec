import type { Quiz, QuizAnswerRequest, QuizRegistration } from '@exhale/contract/content';

/** One chosen option, as the page keeps it (spec §3 "Local answer entry"). */
export interface QuizAnswer {
  quiz_id: string;
  questionId: string;
  optionId: string;
  questionIndex: number;
}

/** Choosing an option replaces any earlier choice for the same question (spec §4). */
export function chooseOption(answers: readonly QuizAnswer[], entry: QuizAnswer): QuizAnswer[] {
  return [...answers.filter((a) => a.questionId !== entry.questionId), entry];
}

export function chosenOption(answers: readonly QuizAnswer[], questionId: string) {
  return answers.find((a) => a.questionId === questionId)?.optionId;
}

/** True when every question of the quiz has a chosen option ('Next Quiz' and submit need it). */
export function isQuizComplete(quiz: Quiz, answers: readonly QuizAnswer[]): boolean {
  return quiz.questions.every((q) => chosenOption(answers, q._id) !== undefined);
}

/**
 * The progress bar: the answered share over the questions of the WHOLE set, rounded, never above
 * 100. The spec (§4) divides by the first quiz's questions only, which fills the bar after the
 * first of three quizzes; decision 048 counts every question instead.
 */
export function quizProgress(quizzes: readonly Quiz[], answers: readonly QuizAnswer[]): number {
  const questionIds = new Set(quizzes.flatMap((quiz) => quiz.questions.map((q) => q._id)));
  if (questionIds.size === 0) return 0;
  const answered = answers.filter((answer) => questionIds.has(answer.questionId)).length;
  return Math.min(100, Math.round((answered / questionIds.size) * 100));
}

/** POST /quiz/quiz-answer's body: the registrant and, per quiz, its answers in question order. */
export function quizSubmission(
  setId: string,
  user: QuizRegistration,
  quizzes: readonly Quiz[],
  answers: readonly QuizAnswer[],
): QuizAnswerRequest {
  return {
    quiz_id: setId,
    user,
    quiz: quizzes.map((quiz) => ({
      _id: quiz._id,
      answers: quiz.questions.flatMap((question) => {
        const answer = chosenOption(answers, question._id);
        return answer === undefined ? [] : [{ question: question._id, answer }];
      }),
    })),
  };
}
