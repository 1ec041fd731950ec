import { useState } from 'react';
import { data, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../../components/ui/button';
import { CheckCircleIcon } from '../../../components/ui/icons';
import { errorStatus } from '../../../lib/api';
import { useAnsweredExercises } from '../../../lib/programme-api';
import { getToken } from '../../../lib/storage';
import { fetchExerciseQuestions } from '../api';
import { ExerciseForm } from '../components/exercise-form';
import { exerciseRoute } from '../exercise-answers';

/**
 * Loads the exercise named by the path (spec §2 "Exercise page"). An unknown (or malformed) route
 * is a 404, which the route's error screen shows as the not-found page.
 */
export async function exercisePageLoader({ params }: LoaderFunctionArgs) {
  // Without a login the protected group's guard redirects; asking the API first would only 401.
  if (!getToken()) return null;
  const param = params.param ?? '';
  try {
    return { route: param, questions: await fetchExerciseQuestions(param) };
  } catch (error) {
    const status = errorStatus(error);
    if (status === 404 || status === 400) throw data(null, { status: 404 });
    throw error;
  }
}

export function ExercisePage() {
  const { t } = useTranslation();
  const loaded = useLoaderData<typeof exercisePageLoader>();
  const answered = useAnsweredExercises();
  const [submitted, setSubmitted] = useState(false);
  if (!loaded) return null;

  const route = exerciseRoute(loaded.questions, loaded.route);
  const alreadyAnswered = answered.data?.some((item) => item.exercise === route) ?? false;

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
      <title>{t('meta.exerciseTitle')}</title>
      <h1 className="text-3xl font-bold text-brand-900">{t('exercises.pageTitle')}</h1>
      {submitted || alreadyAnswered ? (
        <div className="mt-8 flex flex-col items-center gap-4 rounded-2xl bg-brand-50 p-8 text-center">
          <CheckCircleIcon className="size-12 text-leaf-700" />
          <p className="text-lg font-semibold text-ink">
            {submitted ? t('exercises.submitted') : t('exercises.alreadyAnswered')}
          </p>
          <Link to="/dashboard" className={buttonClasses()}>
            {t('exercises.backToDashboard')}
          </Link>
        </div>
      ) : loaded.questions.length === 0 ? (
        <p className="py-16 text-center text-lg font-semibold text-ink">{t('exercises.empty')}</p>
      ) : (
        <div className="mt-6">
          <ExerciseForm
            route={route}
            questions={loaded.questions}
            incompleteKey="exercises.incompletePage"
            onSubmitted={() => setSubmitted(true)}
          />
        </div>
      )}
    </section>
  );
}
