import type { LandingAnswersBody, LandingQuestion } from './api';

/** Statements shown at a time, so the test does not turn the landing page into one long form. */
export const QUESTIONS_PER_PAGE = 10;

/** The option index chosen for each question id, as the form keeps it. */
export type LandingChoices = Readonly<Record<string, number | undefined>>;

export type LandingAnswersResult =
  { ok: true; body: LandingAnswersBody } | { ok: false; unanswered: string[] };

/**
 * The body for POST /api/question/score: each answer is the chosen option's point, which is how
 * the server identifies the option. The browser adds nothing up; the server scores. Unanswered
 * ids come back in question order so the form can take the visitor to the first one.
 */
export function buildLandingAnswers(
  questions: readonly LandingQuestion[],
  choices: LandingChoices,
): LandingAnswersResult {
  const unanswered: string[] = [];
  const answers: LandingAnswersBody['answers'] = [];
  for (const question of questions) {
    const index = choices[question._id];
    const option = index === undefined ? undefined : question.options[index];
    if (option === undefined) unanswered.push(question._id);
    else answers.push({ question_id: question._id, value: option.point });
  }
  return unanswered.length > 0 ? { ok: false, unanswered } : { ok: true, body: { answers } };
}

export function pageCount(total: number, perPage = QUESTIONS_PER_PAGE): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** The 0-based page that holds the question at `index`. */
export function pageOf(index: number, perPage = QUESTIONS_PER_PAGE): number {
  return Math.floor(Math.max(0, index) / perPage);
}

/** First and last 1-based question numbers on `page`, for "Questions 11–20 of 50". */
export function pageRange(
  page: number,
  total: number,
  perPage = QUESTIONS_PER_PAGE,
): { from: number; to: number } {
  const from = Math.min(page * perPage + 1, total);
  return { from, to: Math.min((page + 1) * perPage, total) };
}
