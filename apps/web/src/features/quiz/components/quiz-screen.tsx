import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import type { Quiz } from '../api';
import { chosenOption, isQuizComplete, quizProgress, type QuizAnswer } from '../quiz-answers';
import { QuizQuestion } from './quiz-question';

export interface QuizScreenProps {
  quizzes: Quiz[];
  index: number;
  answers: QuizAnswer[];
  submitted: boolean;
  submitting: boolean;
  correct?: ReadonlySet<string>;
  /** After submitting: how many answers were right. */
  score?: { score: number; total: number };
  onChoose: (entry: QuizAnswer) => void;
  onBack: () => void;
  onNext: () => void;
  onSubmit: () => void;
}

/** One quiz of the set with its progress bar and the Back / Next Quiz / Submit Quiz buttons. */
export function QuizScreen(props: QuizScreenProps) {
  const { t } = useTranslation();
  const { quizzes, index, answers, submitted, submitting, correct, score } = props;
  const quiz = quizzes[index]!;
  const isLast = index === quizzes.length - 1;
  const complete = isQuizComplete(quiz, answers);
  const progress = quizProgress(quizzes, answers);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <div>
        <p className="text-sm font-semibold text-brand-800">
          {t('quiz.quizOf', { current: index + 1, total: quizzes.length })}
        </p>
        <h1 className="mt-1 text-3xl font-bold text-brand-900">
          {quiz.title || t('quiz.noTitle')}
        </h1>
        {quiz.description ? <p className="mt-2 text-ink-muted">{quiz.description}</p> : null}
      </div>
      {score ? (
        <p
          className="rounded-xl border-2 border-leaf-700 bg-green-50 p-4 text-lg font-semibold text-ink"
          data-testid="quiz-score"
        >
          {t('quiz.score', { score: score.score, total: score.total })}
        </p>
      ) : null}
      <div>
        <div className="flex justify-between text-sm text-ink-muted">
          <span id="quiz-progress-label">{t('quiz.progress')}</span>
          <span>{progress}%</span>
        </div>
        <div
          role="progressbar"
          aria-labelledby="quiz-progress-label"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          className="mt-1 h-3 overflow-hidden rounded-full bg-brand-100"
        >
          <div
            className="h-full rounded-full bg-brand-700 transition-all"
            style={{ width: `${progress}%` }}
          />
        </div>
      </div>
      <ol className="flex flex-col gap-4">
        {quiz.questions.map((question, questionIndex) => (
          <li key={question._id}>
            <QuizQuestion
              number={questionIndex + 1}
              question={question}
              chosen={chosenOption(answers, question._id)}
              locked={submitted || submitting}
              correct={correct}
              onChoose={(optionId) =>
                props.onChoose({
                  quiz_id: quiz._id,
                  questionId: question._id,
                  optionId,
                  questionIndex,
                })
              }
            />
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center justify-between gap-3">
        {index > 0 ? (
          <Button variant="secondary" onClick={props.onBack}>
            {t('quiz.back')}
          </Button>
        ) : (
          <span />
        )}
        {isLast ? (
          <Button disabled={!complete || submitted || submitting} onClick={props.onSubmit}>
            {submitted ? t('quiz.submitted') : t('quiz.submit')}
          </Button>
        ) : (
          <Button disabled={!complete} onClick={props.onNext}>
            {t('quiz.next')}
          </Button>
        )}
      </div>
    </div>
  );
}
