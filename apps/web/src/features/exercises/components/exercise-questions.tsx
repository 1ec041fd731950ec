import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { inputClasses } from '../../../components/ui/field';
import { RadioPills } from '../../../components/ui/radio-pills';
import { useTranslatedQuestions } from '../../../lib/use-translated';
import type { ExerciseQuestion } from '../api';
import { toggleChoice, type ExerciseDraft, type ExerciseDraftValue } from '../exercise-answers';

export interface ExerciseQuestionsProps {
  questions: readonly ExerciseQuestion[];
  draft: ExerciseDraft;
  onChange: (questionId: string, value: ExerciseDraftValue) => void;
  /** Ids to mark as missing after a submit with gaps. */
  missing: ReadonlySet<string>;
  disabled?: boolean;
  /** Prefix for element ids, unique on the page. */
  idPrefix: string;
}

/** The id of a question's label; the form moves focus there when it is unanswered. */
export const questionLabelId = (idPrefix: string, questionId: string) =>
  `${idPrefix}-question-${questionId}`;

/**
 * The three exercise question types (spec §2): a scale of radio options (Strongly Disagree to
 * Strongly Agree), checkboxes (several may be chosen) and free text.
 */
export function ExerciseQuestions({
  questions,
  draft,
  onChange,
  missing,
  disabled,
  idPrefix,
}: ExerciseQuestionsProps) {
  const { t } = useTranslation();
  const translate = useTranslatedQuestions(questions);
  return (
    <ol className="flex flex-col gap-4">
      {questions.map((question, index) => {
        const labelId = questionLabelId(idPrefix, question._id);
        const isMissing = missing.has(question._id);
        const value = draft[question._id];
        const label = (
          <>
            <span className="mr-1 text-brand-800">{index + 1}.</span> {translate(question.question)}
          </>
        );
        return (
          <li
            key={question._id}
            className={clsx(
              'rounded-xl border bg-white p-4',
              isMissing ? 'border-2 border-red-700' : 'border-slate-200',
            )}
          >
            {question.question_type === 'radio' ? (
              <>
                <p id={labelId} className="font-semibold text-ink">
                  {label}
                </p>
                <RadioPills
                  className="mt-3"
                  labelledBy={labelId}
                  invalid={isMissing}
                  disabled={disabled}
                  value={typeof value === 'number' ? String(value) : null}
                  onValueChange={(next) => onChange(question._id, Number(next))}
                  options={question.options.map((option, optionIndex) => ({
                    value: String(optionIndex),
                    label: translate(option.value),
                  }))}
                />
              </>
            ) : question.question_type === 'checkbox' ? (
              <fieldset disabled={disabled}>
                <legend id={labelId} className="font-semibold text-ink">
                  {label}
                </legend>
                <div className="mt-3 flex flex-col gap-1">
                  {question.options.map((option, optionIndex) => {
                    const checked = Array.isArray(value) && value.includes(optionIndex);
                    return (
                      <label
                        key={optionIndex}
                        className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-brand-50"
                      >
                        <input
                          type="checkbox"
                          checked={checked}
                          onChange={() => onChange(question._id, toggleChoice(value, optionIndex))}
                          className="size-5 accent-brand-700"
                        />
                        <span className="text-ink">{translate(option.value)}</span>
                      </label>
                    );
                  })}
                </div>
              </fieldset>
            ) : (
              <>
                <label htmlFor={`${labelId}-input`} id={labelId} className="font-semibold text-ink">
                  {label}
                </label>
                <textarea
                  id={`${labelId}-input`}
                  rows={3}
                  maxLength={2000}
                  disabled={disabled}
                  aria-invalid={isMissing || undefined}
                  placeholder={t('exercises.placeholder')}
                  value={typeof value === 'string' ? value : ''}
                  onChange={(event) => onChange(question._id, event.target.value)}
                  className={clsx(inputClasses, 'mt-3 resize-y')}
                />
              </>
            )}
            {isMissing ? (
              <p className="mt-2 text-sm font-medium text-red-700">{t('exercises.unanswered')}</p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/** Moves focus to the first unanswered question's control and scrolls it into view. */
export function focusQuestion(idPrefix: string, questionId: string): void {
  const label = document.getElementById(questionLabelId(idPrefix, questionId));
  if (!label) return;
  label.scrollIntoView({ block: 'center' });
  const item = label.closest('li');
  item?.querySelector<HTMLElement>('input, textarea')?.focus();
}
