import type { QuizRegistration } from '@exhale/contract/content';
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/ui/loader';
import { handleApiError } from '../../../lib/api';
import { PageMeta } from '../../../lib/head';
import { useQuiz, useSubmitQuiz, type QuizResult } from '../api';
import { RegistrationForm } from '../components/registration-form';
import { QuizScreen } from '../components/quiz-screen';
import { SubmittedDialog } from '../components/submitted-dialog';
import { chooseOption, quizSubmission, type QuizAnswer } from '../quiz-answers';

/**
 * /quiz/:id (spec §2 "Public quiz", §4 "Quiz flow"): registration, taking, submitting, submitted.
 * Nothing is sent until 'Submit Quiz'; the correct options come back only then.
 */
export function QuizPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const quiz = useQuiz(id);
  const submit = useSubmitQuiz();
  const [user, setUser] = useState<QuizRegistration | null>(null);
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<QuizAnswer[]>([]);
  const [result, setResult] = useState<QuizResult | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [showAnswers, setShowAnswers] = useState(false);

  const correct = useMemo(
    () => (showAnswers && result ? new Set(result.correct.map((c) => c.option)) : undefined),
    [showAnswers, result],
  );

  useEffect(() => {
    if (quiz.error) console.error('Error fetching quiz', quiz.error);
  }, [quiz.error]);

  if (quiz.isPending) return <PageLoader label={t('quiz.loading')} />;
  const quizzes = quiz.data ?? [];
  if (quizzes.length === 0) {
    return (
      <section className="mx-auto w-full max-w-3xl px-4 py-16 text-center">
        <PageMeta title={t('quiz.metaTitle')} description={t('quiz.metaDescription')} />
        <h1 className="text-2xl font-bold text-brand-900">{t('quiz.empty')}</h1>
      </section>
    );
  }

  const send = () => {
    if (!user || result || submit.isPending) return;
    setDialogOpen(true);
    submit.mutate(quizSubmission(id, user, quizzes, answers), {
      onSuccess: (data) => setResult(data),
      onError: (error) => {
        setDialogOpen(false);
        handleApiError(error, 'common.genericError');
      },
    });
  };

  return (
    <>
      <PageMeta title={t('quiz.metaTitle')} description={t('quiz.metaDescription')} />
      <section className="w-full px-4 py-8 sm:py-12">
        {user ? (
          <QuizScreen
            quizzes={quizzes}
            index={index}
            answers={answers}
            submitted={result !== null}
            submitting={submit.isPending}
            correct={correct}
            score={result ?? undefined}
            onChoose={(entry) => setAnswers((current) => chooseOption(current, entry))}
            onBack={() => setIndex((i) => Math.max(0, i - 1))}
            onNext={() => setIndex((i) => Math.min(quizzes.length - 1, i + 1))}
            onSubmit={send}
          />
        ) : (
          <RegistrationForm onStart={setUser} />
        )}
        <SubmittedDialog
          open={dialogOpen}
          processing={submit.isPending || result === null}
          score={result ?? undefined}
          onClose={() => setDialogOpen(false)}
          onViewAnswers={() => {
            setShowAnswers(true);
            setIndex(0);
            setDialogOpen(false);
            window.scrollTo({ top: 0 });
          }}
        />
      </section>
    </>
  );
}
