/**
 * A SIM statement as GET /api/question lists it (on the landing page and in a member's test
 * alike): each option carries the point the server scores it by.
 */
export interface SimStatement {
  _id: string;
  options: readonly { point: number }[];
}

/** The body of POST /api/question/score (a visitor) and POST /api/user-answer (a member). */
export interface SimAnswersBody {
  answers: { question_id: string; value: number }[];
}

/** The option index chosen for each question id, as the form keeps it. */
export type SimChoices = Readonly<Record<string, number | undefined>>;

export type SimAnswersResult =
  { ok: true; body: SimAnswersBody } | { ok: false; unanswered: string[] };

/**
 * The request body for the chosen options: each answer is the chosen option's point, which is how
 * the server identifies the option (the browser never adds anything up; the server scores). Every
 * question must be answered; the unanswered ids come back in question order so the form can take
 * the person to the first one.
 */
export function buildSimAnswers(
  questions: readonly SimStatement[],
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
