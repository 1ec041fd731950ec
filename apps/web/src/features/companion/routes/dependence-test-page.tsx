import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/loader';
import { RadioPills } from '../../../components/ui/radio-pills';
import { handleApiError } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/auth-store';
import { PageMeta } from '../../../lib/head';
import {
  useDependenceQuestions,
  useScoreDependenceTest,
  type DependenceQuestion,
  type DependenceResult,
  type DependenceVariant,
} from '../api';
import { HIGH_DEPENDENCE_SCORE } from '../components/medicine-card';
import { QuitlineLink } from '../components/quitline';

const VARIANTS: DependenceVariant[] = ['smoking', 'smokeless'];

function isVariant(value: string | null): value is DependenceVariant {
  return value === 'smoking' || value === 'smokeless';
}

/** One question, in the reader's language when the catalogue has it (else the API's English). */
function Question({
  question,
  index,
  total,
  value,
  onChange,
  invalid,
}: {
  question: DependenceQuestion;
  index: number;
  total: number;
  value: number | undefined;
  onChange: (point: number) => void;
  invalid: boolean;
}) {
  const { t } = useTranslation('companion');
  const id = useId();
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4">
      <p className="text-sm text-ink-muted">{t('dependence.question', { n: index + 1, total })}</p>
      <p id={id} className="font-semibold text-ink">
        {t(`dependence.questions.${question._id}` as 'dependence.title', {
          defaultValue: question.question,
        })}
      </p>
      <RadioPills
        labelledBy={id}
        options={question.options.map((option) => ({
          value: String(option.point),
          label: t(`dependence.options.${question._id}.${option.point}` as 'dependence.title', {
            defaultValue: option.value,
          }),
        }))}
        value={value === undefined ? null : String(value)}
        onValueChange={(point) => onChange(Number(point))}
        invalid={invalid}
      />
    </li>
  );
}

function Result({ result, onAgain }: { result: DependenceResult; onAgain: () => void }) {
  const { t } = useTranslation('companion');
  const user = useCurrentUser();
  return (
    <section
      aria-labelledby="dependence-result"
      className="flex flex-col gap-3 rounded-2xl border border-brand-300 bg-brand-50 p-5 sm:p-6"
    >
      <h2 id="dependence-result" tabIndex={-1} className="text-2xl font-bold text-brand-900">
        {t('dependence.resultTitle', { score: result.score })}
      </h2>
      <p className="text-lg font-semibold" data-testid="dependence-level">
        {t('dependence.level', { level: t(`dependence.levels.${result.level}`) })}
      </p>
      <p>{t(`dependence.levelHelp.${result.level}`)}</p>
      <p className="text-sm text-ink-muted">
        {result.stored ? t('dependence.saved') : user ? null : t('dependence.signInToSave')}
      </p>
      {result.score >= HIGH_DEPENDENCE_SCORE ? <QuitlineLink compact /> : null}
      <div className="flex flex-wrap gap-3">
        {user ? (
          <Link to="/quit-plan" className={buttonClasses()}>
            {t('dependence.makePlan')}
          </Link>
        ) : null}
        <Button variant="secondary" onClick={onAgain}>
          {t('dependence.again')}
        </Button>
      </div>
    </section>
  );
}

/**
 * /dependence-test (public): the clinical Fagerström test, FTND for smokers and FTND-ST for
 * chewers. The server scores it; a member's result is kept in their history.
 */
export function DependenceTestPage() {
  const { t } = useTranslation('companion');
  const [params, setParams] = useSearchParams();
  const requested = params.get('variant');
  const variant = isVariant(requested) ? requested : null;
  const questions = useDependenceQuestions(variant);
  const score = useScoreDependenceTest();
  const [answers, setAnswers] = useState<Record<string, number>>({});
  const [tried, setTried] = useState(false);
  const [result, setResult] = useState<DependenceResult | null>(null);
  const chooserId = useId();

  useEffect(() => {
    if (result) document.getElementById('dependence-result')?.focus();
  }, [result]);

  const choose = (next: string) => {
    setAnswers({});
    setTried(false);
    setResult(null);
    setParams({ variant: next }, { replace: true });
  };

  const list = questions.data ?? [];
  const complete = list.length > 0 && list.every((q) => answers[q._id] !== undefined);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!variant || !complete) return;
    score.mutate(
      {
        variant,
        answers: list.map((q) => ({ question_id: q._id, value: answers[q._id]! })),
      },
      {
        onSuccess: setResult,
        onError: (error) => handleApiError(error, 'companion:dependence.error'),
      },
    );
  };

  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:py-10">
      <PageMeta
        title={t('pageMeta.dependenceTitle')}
        description={t('pageMeta.dependenceDescription')}
      />
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold text-brand-900">{t('dependence.title')}</h1>
        <p className="text-lg text-ink">{t('dependence.lead')}</p>
      </header>

      <div className="flex flex-col gap-2">
        <p id={chooserId} className="font-semibold">
          {t('dependence.chooseVariant')}
        </p>
        <RadioPills
          labelledBy={chooserId}
          options={VARIANTS.map((v) => ({ value: v, label: t(`dependence.variants.${v}`) }))}
          value={variant}
          onValueChange={choose}
        />
      </div>

      {variant ? (
        <>
          <h2 className="text-xl font-bold text-ink">{t(`dependence.variantNames.${variant}`)}</h2>
          {result ? (
            <Result
              result={result}
              onAgain={() => {
                setAnswers({});
                setTried(false);
                setResult(null);
              }}
            />
          ) : questions.isPending ? (
            <Spinner />
          ) : questions.isError ? (
            <div className="flex flex-col items-start gap-3">
              <p role="alert" className="text-red-700">
                {t('dependence.loadError')}
              </p>
              <Button onClick={() => void questions.refetch()}>{t('progress.retry')}</Button>
            </div>
          ) : (
            <form noValidate onSubmit={submit} className="flex flex-col gap-4">
              <ol className="flex flex-col gap-3">
                {list.map((question, index) => (
                  <Question
                    key={question._id}
                    question={question}
                    index={index}
                    total={list.length}
                    value={answers[question._id]}
                    onChange={(point) => setAnswers((prev) => ({ ...prev, [question._id]: point }))}
                    invalid={tried && answers[question._id] === undefined}
                  />
                ))}
              </ol>
              {tried && !complete ? (
                <p role="alert" className="font-medium text-red-700">
                  {t('dependence.unanswered')}
                </p>
              ) : null}
              <Button type="submit" size="lg" className="self-start" disabled={score.isPending}>
                {t('dependence.submit')}
              </Button>
            </form>
          )}
        </>
      ) : null}
    </section>
  );
}
