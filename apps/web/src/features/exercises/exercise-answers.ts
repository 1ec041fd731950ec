import type { ExerciseQuestion, ExerciseSubmitBody } from './api';

/**
 * What the form holds per question: the chosen option's index (radio), the ticked options'
 * indexes (checkbox) or the text typed so far (textarea).
 */
export type ExerciseDraftValue = number | readonly number[] | string;
export type ExerciseDraft = Readonly<Record<string, ExerciseDraftValue | undefined>>;

export type ExerciseAnswersResult =
  { ok: true; body: ExerciseSubmitBody } | { ok: false; unanswered: string[] };

type AnswerValue = ExerciseSubmitBody['answers'][number]['value'];

function answerValue(question: ExerciseQuestion, draft: ExerciseDraftValue | undefined) {
  switch (question.question_type) {
    case 'radio': {
      // Spec §3: a radio answer is the chosen option's point.
      const option = typeof draft === 'number' ? question.options[draft] : undefined;
      return option?.point;
    }
    case 'checkbox': {
      // Spec §3: a checkbox answer is the list of chosen options (their texts: options may
      // share a point, the text says which one was meant).
      if (!Array.isArray(draft)) return undefined;
      const chosen = [...new Set(draft)]
        .sort((a, b) => a - b)
        .map((index) => question.options[index]?.value)
        .filter((value): value is string => value !== undefined);
      return chosen.length > 0 ? chosen : undefined;
    }
    case 'textarea': {
      const text = typeof draft === 'string' ? draft.trim() : '';
      return text === '' ? undefined : text;
    }
  }
}

/**
 * The exercise's route, read from its first question (spec §3), else the route it was opened
 * with.
 */
export function exerciseRoute(questions: readonly ExerciseQuestion[], fallback: string): string {
  return questions[0]?.route ?? questions[0]?.options[0]?.route ?? fallback;
}

/**
 * The POST /api/user-exercise body, once every question is answered: radio with a point, checkbox
 * with a non-empty list, textarea with non-blank text. Otherwise the unanswered ids, in order.
 */
export function buildExerciseAnswers(
  route: string,
  questions: readonly ExerciseQuestion[],
  draft: ExerciseDraft,
): ExerciseAnswersResult {
  const unanswered: string[] = [];
  const answers: { question_id: string; value: AnswerValue }[] = [];
  for (const question of questions) {
    const value = answerValue(question, draft[question._id]);
    if (value === undefined) unanswered.push(question._id);
    else answers.push({ question_id: question._id, value });
  }
  if (unanswered.length > 0) return { ok: false, unanswered };
  return { ok: true, body: { exercise: exerciseRoute(questions, route), answers } };
}

/** Ticks or unticks one checkbox option. */
export function toggleChoice(draft: ExerciseDraftValue | undefined, index: number): number[] {
  const current = Array.isArray(draft) ? draft : [];
  return current.includes(index) ? current.filter((i) => i !== index) : [...current, index];
}
