import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/loader';
import { RadioPills } from '../../../components/ui/radio-pills';
import { handleApiError } from '../../../lib/api';
import { buildSimAnswers, type SimChoices } from '../../../lib/sim-answers';
import { useSubmitThrottle } from '../../../lib/submit-throttle';
import { useTranslatedQuestions } from '../../../lib/use-translated';
import { notify } from '../../../lib/toast';
import { useLandingQuestions, useScoreLandingTest, type LandingQuestion } from '../api';
import { pageCount, pageOf, pageRange, QUESTIONS_PER_PAGE } from '../question-pages';
import { LoadingQuestions } from './loading-questions';

/**
 * The landing page's SIM test form. The visitor's answers go to POST /api/question/score; the
 * server returns the first-attempt score, which the section keeps as the first-event record
 * (spec §3) for sign-up to send as step 1 + total_points. Nothing is scored in the browser.
 */
export function SimulationTest({
  focusOnMount,
  onScored,
}: {
  focusOnMount: boolean;
  onScored: (points: number) => void;
}) {
  const { t } = useTranslation('landing');
  const questions = useLandingQuestions();

  if (questions.isPending) return <LoadingQuestions />;
  if (questions.isError) {
    return (
      <div className="py-10 text-center">
        <p role="alert" className="text-lg text-ink">
          {t('common.genericError')}
        </p>
        <Button variant="secondary" className="mt-4" onClick={() => void questions.refetch()}>
          {t('simulation.retry')}
        </Button>
      </div>
    );
  }
  if (questions.data.length === 0) {
    return (
      <p className="py-16 text-center text-lg font-semibold text-ink">{t('simulation.empty')}</p>
    );
  }
  return (
    <SimulationForm questions={questions.data} focusOnMount={focusOnMount} onScored={onScored} />
  );
}

type FocusTarget = { kind: 'heading' } | { kind: 'question'; id: string };

function SimulationForm({
  questions,
  focusOnMount,
  onScored,
}: {
  questions: LandingQuestion[];
  focusOnMount: boolean;
  onScored: (points: number) => void;
}) {
  const { t } = useTranslation('landing');
  const score = useScoreLandingTest();
  const throttle = useSubmitThrottle();
  const idPrefix = useId();
  const translate = useTranslatedQuestions(questions);
  const [choices, setChoices] = useState<SimChoices>({});
  const [page, setPage] = useState(0);
  const [showMissing, setShowMissing] = useState(false);
  const pageHeadingRef = useRef<HTMLHeadingElement>(null);
  // Focus moves only after the visitor acted (Start, a page change, a refused submit), never on
  // a plain page load.
  const focusTarget = useRef<FocusTarget | null>(focusOnMount ? { kind: 'heading' } : null);

  const pages = pageCount(questions.length);
  const { from, to } = pageRange(page, questions.length);
  const onPage = questions.slice(page * QUESTIONS_PER_PAGE, (page + 1) * QUESTIONS_PER_PAGE);
  const answered = questions.filter((question) => choices[question._id] !== undefined).length;
  const lastPage = page === pages - 1;
  const groupId = (questionId: string) => `${idPrefix}-q-${questionId}`;

  useEffect(() => {
    const target = focusTarget.current;
    focusTarget.current = null;
    if (target?.kind === 'heading') {
      pageHeadingRef.current?.focus({ preventScroll: true });
      pageHeadingRef.current?.scrollIntoView({ block: 'start' });
    } else if (target?.kind === 'question') {
      const label = document.getElementById(groupId(target.id));
      label?.scrollIntoView({ block: 'center' });
      // The group's first option, so the keyboard lands where the answer is missing.
      label?.parentElement?.querySelector<HTMLElement>('input[type="radio"]')?.focus();
    }
  });

  const goTo = (next: number) => {
    focusTarget.current = { kind: 'heading' };
    setPage(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!lastPage) return goTo(page + 1);
    if (score.isPending) return;
    const result = buildSimAnswers(questions, choices);
    if (!result.ok) {
      setShowMissing(true);
      notify.warning(t('simulation.answerAll'));
      const firstMissing = result.unanswered[0]!;
      focusTarget.current = { kind: 'question', id: firstMissing };
      setPage(pageOf(questions.findIndex((question) => question._id === firstMissing)));
      return;
    }
    if (!throttle()) return;
    score.mutate(result.body, {
      onSuccess: (data) => onScored(data.total_points),
      onError: (error) => handleApiError(error, 'landing:simulation.failed'),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${idPrefix}-page`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3
          id={`${idPrefix}-page`}
          ref={pageHeadingRef}
          tabIndex={-1}
          className="text-lg font-semibold text-brand-900 outline-none"
        >
          {t('simulation.pageTitle', { from, to, total: questions.length })}
        </h3>
        <p className="text-ink-muted">
          {t('simulation.progress', { answered, total: questions.length })}
        </p>
      </div>
      <div className="mt-2 h-2 overflow-hidden rounded-full bg-brand-100" aria-hidden="true">
        <div
          className="h-full rounded-full bg-brand-700 motion-safe:transition-[width]"
          style={{ width: `${Math.round((answered / questions.length) * 100)}%` }}
        />
      </div>

      {showMissing && answered < questions.length ? (
        <p className="mt-4 rounded-lg border-2 border-red-700 bg-red-50 p-3 font-medium text-red-900">
          {t('simulation.answerAll')}
        </p>
      ) : null}

      <ol className="mt-6 flex flex-col gap-4">
        {onPage.map((question, offset) => {
          const missing = showMissing && choices[question._id] === undefined;
          return (
            <li
              key={question._id}
              className={
                missing
                  ? 'rounded-2xl border-2 border-red-700 bg-white p-4 sm:p-5'
                  : 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5'
              }
            >
              <p id={groupId(question._id)} className="font-semibold text-ink">
                <span className="mr-1 text-brand-800">{from + offset}.</span>
                {translate(question.question)}
              </p>
              <RadioPills
                className="mt-3"
                labelledBy={groupId(question._id)}
                invalid={missing}
                disabled={score.isPending}
                value={choices[question._id]?.toString() ?? null}
                onValueChange={(value) =>
                  setChoices((previous) => ({ ...previous, [question._id]: Number(value) }))
                }
                options={question.options.map((option, optionIndex) => ({
                  value: String(optionIndex),
                  label: translate(option.value),
                }))}
              />
              {missing ? (
                <p className="mt-2 text-sm font-medium text-red-700">
                  {t('simulation.unanswered')}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>

      <div className="mt-8 flex flex-wrap items-center justify-between gap-3">
        {page > 0 ? (
          <Button variant="secondary" onClick={() => goTo(page - 1)} disabled={score.isPending}>
            {t('simulation.previous')}
          </Button>
        ) : (
          <span />
        )}
        {lastPage ? (
          <Button
            type="submit"
            size="lg"
            disabled={score.isPending}
            aria-busy={score.isPending || undefined}
          >
            {score.isPending ? <Spinner className="size-5 text-white" /> : null}
            {t('simulation.submit')}
          </Button>
        ) : (
          <Button type="submit">{t('simulation.next')}</Button>
        )}
      </div>
    </form>
  );
}
