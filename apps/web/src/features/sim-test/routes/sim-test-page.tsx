import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { canTakeTest } from '@exhale/contract/steps';
import { Button } from '../../../components/ui/button';
import { PageLoader, Spinner } from '../../../components/ui/loader';
import { RadioPills } from '../../../components/ui/radio-pills';
import { handleApiError } from '../../../lib/api';
import { authStore, useCurrentUser } from '../../../lib/auth-store';
import { useSimAttempts } from '../../../lib/programme-api';
import { buildSimAnswers, type SimChoices } from '../../../lib/sim-answers';
import type { StoredUser } from '../../../lib/storage';
import { useSubmitThrottle } from '../../../lib/submit-throttle';
import { useTranslatedQuestions } from '../../../lib/use-translated';
import { notify } from '../../../lib/toast';
import { fetchProfile, profileQueryKey, useProfile } from '../../../lib/use-profile';
import { useSimQuestions, useSubmitSimTest, type SimQuestion } from '../api';

/** Spec §9: redirects happen 1 s after their toast. */
const REDIRECT_DELAY_MS = 1000;

const mayTakeTest = (user: StoredUser) => typeof user.step === 'number' && canTakeTest(user.step);

/**
 * /sim-test (spec §2): only a user whose step is 0 or 2 may take the test; everyone else goes to
 * the dashboard. The step is read from a fresh profile, not from what was stored at login.
 */
export function SimTestPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const stored = useCurrentUser();
  // When the refresh fails the stored copy decides; the server refuses a test that is not due.
  const user = profile.data ?? (profile.isError ? stored : null);

  if (!user) return <PageLoader />;
  if (!mayTakeTest(user)) return <Navigate to="/dashboard" replace />;

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
      <title>{t('meta.simTestTitle')}</title>
      <h1 className="text-3xl font-bold text-brand-900">
        {user.step === 0 ? t('simTest.title') : t('simTest.titleSecond')}
      </h1>
      <p className="mt-2 text-ink-muted">{t('simTest.intro')}</p>
      <SimTestQuestions />
    </section>
  );
}

function SimTestQuestions() {
  const { t } = useTranslation();
  const attempts = useSimAttempts();
  const questions = useSimQuestions(attempts.data?.next_event);

  if (attempts.isPending || (questions.isPending && questions.fetchStatus !== 'idle')) {
    return (
      <div role="status" className="flex items-center gap-3 py-16 text-lg text-ink-muted">
        <Spinner className="size-6" />
        {t('simTest.loading')}
      </div>
    );
  }
  if (attempts.isError || questions.isError) {
    return (
      <p role="alert" className="py-16 text-center text-lg text-ink">
        {t('common.genericError')}
      </p>
    );
  }
  const list = questions.data ?? [];
  if (list.length === 0) {
    return <p className="py-16 text-center text-lg font-semibold text-ink">{t('simTest.empty')}</p>;
  }
  return <SimTestForm questions={list} />;
}

function SimTestForm({ questions }: { questions: SimQuestion[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const submit = useSubmitSimTest();
  const throttle = useSubmitThrottle();
  const idPrefix = useId();
  const translate = useTranslatedQuestions(questions);
  const [choices, setChoices] = useState<SimChoices>({});
  const [showMissing, setShowMissing] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const redirectTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const groupId = (questionId: string) => `${idPrefix}-q-${questionId}`;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending || finishing) return;
    const result = buildSimAnswers(questions, choices);
    if (!result.ok) {
      setShowMissing(true);
      notify.warning(t('simTest.answerAll'));
      const first = document.getElementById(groupId(result.unanswered[0]!));
      first?.scrollIntoView({ block: 'center' });
      // The group's first option, so the keyboard lands where the answer is missing.
      first?.parentElement?.querySelector<HTMLElement>('input[type="radio"]')?.focus();
      return;
    }
    if (!throttle()) return;
    submit.mutate(result.body, {
      onSuccess: async (response) => {
        setFinishing(true);
        notify.success(t('simTest.completed'));
        // The dashboard's guard reads the stored user: it must already carry the new step.
        try {
          // staleTime 0: a profile cached moments ago still says step 0 and must not be reused.
          await queryClient.fetchQuery({
            queryKey: profileQueryKey,
            queryFn: fetchProfile,
            staleTime: 0,
          });
        } catch (error) {
          console.error('Error Fetching User Data', error);
          const current = authStore.getState().user;
          if (current) authStore.setUser({ ...current, step: response.step });
        }
        // Scores, lessons and exercises all follow from the new step.
        await queryClient.invalidateQueries({
          predicate: (query) => query.queryKey[0] !== profileQueryKey[0],
        });
        redirectTimer.current = window.setTimeout(
          () => void navigate('/dashboard'),
          REDIRECT_DELAY_MS,
        );
      },
      onError: (error) => handleApiError(error, 'simTest.saveFailed'),
    });
  };

  const busy = submit.isPending || finishing;

  return (
    <form onSubmit={onSubmit} noValidate className="mt-8">
      <ol className="flex flex-col gap-5">
        {questions.map((question, index) => {
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
                <span className="mr-1 text-brand-800">{index + 1}.</span>{' '}
                {translate(question.question)}
              </p>
              <RadioPills
                className="mt-3"
                labelledBy={groupId(question._id)}
                invalid={missing}
                disabled={busy}
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
                <p className="mt-2 text-sm font-medium text-red-700">{t('simTest.unanswered')}</p>
              ) : null}
            </li>
          );
        })}
      </ol>
      <div className="mt-8 flex justify-center">
        <Button type="submit" size="lg" disabled={busy} aria-busy={busy || undefined}>
          {busy ? <Spinner className="size-5 text-white" /> : null}
          {t('simTest.submit')}
        </Button>
      </div>
    </form>
  );
}
