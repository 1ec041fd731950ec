import clsx from 'clsx';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircleIcon, CloseIcon } from '../../../components/ui/icons';
import type { Quiz } from '../api';

type Question = Quiz['questions'][number];

export interface QuizQuestionProps {
  number: number;
  question: Question;
  chosen: string | undefined;
  locked: boolean;
  /** The correct options, once the answers are being viewed. */
  correct?: ReadonlySet<string>;
  onChoose: (optionId: string) => void;
}

/** A numbered question with one radio per option. */
export function QuizQuestion({
  number,
  question,
  chosen,
  locked,
  correct,
  onChoose,
}: QuizQuestionProps) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="rounded-2xl border border-slate-200 bg-white p-5">
      <legend className="float-left mb-3 w-full font-semibold text-ink">
        {number}. {question.question}
      </legend>
      <div className="clear-both flex flex-col gap-2">
        {question.options.map((option) => {
          const isCorrect = correct?.has(option._id) ?? false;
          // Once the answers are shown, a wrong choice is marked next to the right one.
          const isWrongChoice = correct !== undefined && chosen === option._id && !isCorrect;
          return (
            <label
              key={option._id}
              className={clsx(
                'flex min-h-11 items-center gap-3 rounded-lg border-2 px-3 py-2',
                isCorrect
                  ? 'border-leaf-700 bg-green-50'
                  : isWrongChoice
                    ? 'border-red-700 bg-red-50'
                    : chosen === option._id
                      ? 'border-brand-700 bg-brand-50'
                      : 'border-slate-200',
                locked ? 'cursor-default' : 'cursor-pointer hover:bg-brand-50',
              )}
            >
              <input
                type="radio"
                name={name}
                value={option._id}
                checked={chosen === option._id}
                disabled={locked}
                onChange={() => onChoose(option._id)}
                className="size-5 accent-brand-700"
              />
              <span className="flex-1 text-ink">{option.option}</span>
              {isCorrect ? (
                <span className="inline-flex items-center gap-1 text-sm font-semibold text-leaf-700">
                  <CheckCircleIcon className="size-5" />
                  {t('quiz.correctAnswer')}
                </span>
              ) : isWrongChoice ? (
                <span className="inline-flex items-center gap-1 text-sm font-semibold text-red-800">
                  <CloseIcon className="size-5" />
                  {t('quiz.yourWrongAnswer')}
                </span>
              ) : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
