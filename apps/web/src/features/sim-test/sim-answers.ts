import type { SimAnswersBody, SimQuestion } from './api';

/** The option index chosen for each question id, as the form keeps it. */
export type SimChoices = Readonly<Record<string, number | undefined>>;

export type SimAnswersResult =
  { ok: true; body: SimAnswersBody } | { ok: false; unanswered: string[] };

/**
 * The request body for the chosen options: each answer is the chosen option's point, the way the
 * server scores it (the browser never adds anything up). Every question must be answered; the
 * unanswered ids come back in question order so the page can point at the first one.
 */
export function buildSimAnswers(
  questions: readonly SimQuestion[],
  choices: SimChoices,
): SimAnswersResult {
  const unanswered: string[] = [];
  const answers: SimAnswersBody['answers'] = [];
  for (const question of questions) {
    const index = choices[question._id];
    const option = index === undefined ? undefined : question.options[index];
    if (option === undefined) unanswered.push(question._id);
    else answers.push({ question_id: question._id, value: option.point });
  }
  return unanswered.length > 0 ? { ok: false, unanswered } : { ok: true, body: { answers } };
}
