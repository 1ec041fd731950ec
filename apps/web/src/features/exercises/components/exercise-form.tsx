import clsx from 'clsx';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/loader';
import { errorStatus, handleApiError } from '../../../lib/api';
import { useSubmitThrottle } from '../../../lib/submit-throttle';
import { notify } from '../../../lib/toast';
import { useSubmitExercise, type ExerciseQuestion } from '../api';
import { buildExerciseAnswers, type ExerciseDraft } from '../exercise-answers';
import { ExerciseQuestions, focusQuestion } from './exercise-questions';

export interface ExerciseFormProps {
  route: string;
  questions: readonly ExerciseQuestion[];
  /** The warning when a question is left out: the dialog and the page word it differently. */
  incompleteKey: ParseKeys;
  /** Called once the server has the answers (also when it already had them). */
  onSubmitted: (route: string) => void;
  /** Classes for the scrolling list of questions. */
  listClassName?: string;
}

/** Answers an exercise and posts them to POST /api/user-exercise (spec §2, §3, §5). */
export function ExerciseForm({
  route,
  questions,
  incompleteKey,
  onSubmitted,
  listClassName,
}: ExerciseFormProps) {
  const { t } = useTranslation();
  const idPrefix = useId();
  const submit = useSubmitExercise();
  const throttle = useSubmitThrottle();
  const [draft, setDraft] = useState<ExerciseDraft>({});
  const [missing, setMissing] = useState<ReadonlySet<string>>(new Set());
  const [done, setDone] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending || done) return;
    const result = buildExerciseAnswers(route, questions, draft);
    if (!result.ok) {
      setMissing(new Set(result.unanswered));
      notify.warning(t(incompleteKey));
      focusQuestion(idPrefix, result.unanswered[0]!);
      return;
    }
    setMissing(new Set());
    if (!throttle()) return;
    submit.mutate(result.body, {
      onSuccess: () => {
        setDone(true);
        notify.success(t('exercises.submitted'));
        onSubmitted(result.body.exercise);
      },
      onError: (error) => {
        // Spec §8: exercise submit errors are only logged; the user still needs to know the
        // answers did not go through, so the server's reason is shown too.
        console.error('Exercise submit failed', error);
        handleApiError(error, 'common.genericError');
        // 409: answered before (another tab); nothing is left to do here.
        if (errorStatus(error) === 409) {
          setDone(true);
          onSubmitted(result.body.exercise);
        }
      },
    });
  };

  const busy = submit.isPending || done;
  return (
    <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-col">
      <div className={clsx('min-h-0', listClassName)}>
        <ExerciseQuestions
          idPrefix={idPrefix}
          questions={questions}
          draft={draft}
          missing={missing}
          disabled={busy}
          onChange={(questionId, value) => {
            setDraft((previous) => ({ ...previous, [questionId]: value }));
            if (missing.has(questionId)) {
              setMissing((previous) => {
                const next = new Set(previous);
                next.delete(questionId);
                return next;
              });
            }
          }}
        />
      </div>
      <div className="mt-5 flex justify-end">
        <Button type="submit" disabled={busy} aria-busy={submit.isPending || undefined}>
          {submit.isPending ? <Spinner className="size-5 text-white" /> : null}
          {t('exercises.submit')}
        </Button>
      </div>
    </form>
  );
}
