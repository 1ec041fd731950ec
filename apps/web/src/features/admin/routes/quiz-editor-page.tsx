import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { adminQuizSetInputSchema, type AdminQuizSet } from '@exhale/contract/admin';
import { Button, buttonClasses } from '../../../components/ui/button';
import { useQuizSet, useSaveQuizSet } from '../api';
import { AdminPage, AdminSection, QueryState } from '../components/admin-page';
import {
  AdminForm,
  FieldError,
  FormFooter,
  FormTextAreaField,
  FormTextField,
  useAdminForm,
} from '../components/admin-form';
import { textOrNull } from '../form-values';

// Ids are kept on edit so earlier answers still match; new items have none.
interface OptionValues {
  _id?: string;
  option: string;
  is_correct: boolean;
}
interface QuestionValues {
  _id?: string;
  question: string;
  options: OptionValues[];
}
interface QuizValues {
  _id?: string;
  title: string;
  description: string;
  questions: QuestionValues[];
}
interface QuizSetValues {
  title: string;
  description: string;
  quizzes: QuizValues[];
}

const newQuestion = (): QuestionValues => ({
  question: '',
  options: [
    { option: '', is_correct: true },
    { option: '', is_correct: false },
  ],
});
const newQuiz = (): QuizValues => ({ title: '', description: '', questions: [newQuestion()] });

function fromSet(set: AdminQuizSet): QuizSetValues {
  return {
    title: set.title,
    description: set.description ?? '',
    quizzes: set.quizzes.map((quiz) => ({
      _id: quiz._id,
      title: quiz.title ?? '',
      description: quiz.description ?? '',
      questions: quiz.questions.map((question) => ({
        _id: question._id,
        question: question.question,
        options: question.options.map(({ _id, option, is_correct }) => ({
          _id,
          option,
          is_correct,
        })),
      })),
    })),
  };
}

const toBody = (values: QuizSetValues) => ({
  ...values,
  description: textOrNull(values.description),
  quizzes: values.quizzes.map((quiz) => ({
    ...quiz,
    title: textOrNull(quiz.title),
    description: textOrNull(quiz.description),
  })),
});

/** One question of a quiz: its text, its options and which one is correct. */
function QuestionEditor({
  qi,
  xi,
  onRemove,
}: {
  qi: number;
  xi: number;
  /** Absent while it is the quiz's only question. */
  onRemove?: () => void;
}) {
  const { t } = useTranslation('admin');
  const base = `quizzes.${qi}.questions.${xi}` as const;
  const { control, setValue } = useFormContext<QuizSetValues>();
  const options = useFieldArray({ control, name: `${base}.options`, keyName: 'key' });
  const current = useWatch({ control, name: `${base}.options` });
  return (
    <li className="rounded-xl border border-slate-200 p-3">
      <FormTextField
        name={`${base}.question`}
        label={t('quizzes.questionN', { quiz: qi + 1, n: xi + 1 })}
        required
      />
      <fieldset className="mt-3 flex flex-col gap-2">
        <legend className="text-sm font-medium text-ink">{t('quizzes.options')}</legend>
        {options.fields.map((option, oi) => (
          <div key={option.key} className="flex flex-wrap items-end gap-2">
            <FormTextField
              name={`${base}.options.${oi}.option`}
              label={t('quizzes.optionN', { n: oi + 1 })}
              className="min-w-48 flex-1"
            />
            <label className="inline-flex min-h-11 items-center gap-2 text-sm font-medium">
              <input
                type="radio"
                name={`correct-${qi}-${xi}`}
                checked={current[oi]?.is_correct ?? false}
                onChange={() =>
                  current.forEach((_, i) =>
                    setValue(`${base}.options.${i}.is_correct`, i === oi, { shouldDirty: true }),
                  )
                }
                className="size-5 accent-brand-700"
              />
              {t('quizzes.correct')}
            </label>
            {options.fields.length > 2 ? (
              <Button variant="ghost" size="sm" onClick={() => options.remove(oi)}>
                {t('quizzes.removeOption', { n: oi + 1 })}
              </Button>
            ) : null}
          </div>
        ))}
        <FieldError name={`${base}.options`} />
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => options.append({ option: '', is_correct: false })}
          >
            {t('quizzes.addOption')}
          </Button>
          {onRemove ? (
            <Button variant="ghost" size="sm" onClick={onRemove}>
              {t('quizzes.removeQuestion', { n: xi + 1 })}
            </Button>
          ) : null}
        </div>
      </fieldset>
    </li>
  );
}

/** One quiz of the set: its title, description and questions. */
function QuizEditor({ qi, onRemove }: { qi: number; onRemove?: () => void }) {
  const { t } = useTranslation('admin');
  const { control } = useFormContext<QuizSetValues>();
  const questions = useFieldArray({ control, name: `quizzes.${qi}.questions`, keyName: 'key' });
  return (
    <AdminSection
      title={t('quizzes.quizN', { n: qi + 1 })}
      actions={
        onRemove ? (
          <Button variant="ghost" size="sm" onClick={onRemove}>
            {t('quizzes.removeQuiz', { n: qi + 1 })}
          </Button>
        ) : null
      }
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <FormTextField name={`quizzes.${qi}.title`} label={t('quizzes.quizTitle', { n: qi + 1 })} />
        <FormTextField
          name={`quizzes.${qi}.description`}
          label={t('quizzes.quizDescription', { n: qi + 1 })}
        />
      </div>
      <ol className="flex flex-col gap-4">
        {questions.fields.map((question, xi) => (
          <QuestionEditor
            key={question.key}
            qi={qi}
            xi={xi}
            onRemove={questions.fields.length > 1 ? () => questions.remove(xi) : undefined}
          />
        ))}
      </ol>
      <FieldError name={`quizzes.${qi}.questions`} />
      <div>
        <Button variant="secondary" size="sm" onClick={() => questions.append(newQuestion())}>
          {t('quizzes.addQuestion')}
        </Button>
      </div>
    </AdminSection>
  );
}

function QuizSetEditor({ set }: { set?: AdminQuizSet }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const save = useSaveQuizSet();
  const { form, onSubmit } = useAdminForm({
    schema: adminQuizSetInputSchema,
    defaultValues: set ? fromSet(set) : { title: '', description: '', quizzes: [newQuiz()] },
    toBody,
    save: (body, handlers) => save.mutate({ id: set?._id, body }, handlers),
    saved: t('quizzes.saved'),
    onSaved: () => void navigate('/admin/quizzes'),
  });
  const quizzes = useFieldArray({ control: form.control, name: 'quizzes', keyName: 'key' });

  return (
    <AdminForm form={form} onSubmit={onSubmit} className="flex flex-col gap-6">
      <AdminSection title={t('quizzes.details')}>
        <FormTextField name="title" label={t('quizzes.title')} required />
        <FormTextAreaField name="description" label={t('quizzes.description')} rows={2} />
        {set ? (
          <p className="text-sm text-ink-muted">
            {t('quizzes.publicAt')}{' '}
            <a
              href={set.public_path}
              target="_blank"
              rel="noreferrer"
              className="font-mono text-brand-800 underline"
            >
              {set.public_path}
            </a>
          </p>
        ) : null}
      </AdminSection>

      {quizzes.fields.map((quiz, qi) => (
        <QuizEditor
          key={quiz.key}
          qi={qi}
          onRemove={quizzes.fields.length > 1 ? () => quizzes.remove(qi) : undefined}
        />
      ))}
      <div>
        <Button variant="secondary" onClick={() => quizzes.append(newQuiz())}>
          {t('quizzes.addQuiz')}
        </Button>
      </div>
      <FormFooter
        shown={[
          'title',
          'description',
          /^quizzes\.\d+\.(title|description|questions)$/,
          /^quizzes\.\d+\.questions\.\d+\.(question|options(\.\d+\.option)?)$/,
        ]}
        pending={save.isPending}
        className="flex gap-3"
      >
        <Link to="/admin/quizzes" className={buttonClasses({ variant: 'secondary' })}>
          {t('common.cancel')}
        </Link>
      </FormFooter>
    </AdminForm>
  );
}

export function QuizEditorPage() {
  const { t } = useTranslation('admin');
  const { id } = useParams();
  const set = useQuizSet(id);
  return (
    <AdminPage title={id ? t('quizzes.edit') : t('quizzes.new')}>
      {id ? (
        <QueryState isPending={set.isPending} error={set.error}>
          {set.data ? <QuizSetEditor set={set.data} /> : null}
        </QueryState>
      ) : (
        <QuizSetEditor />
      )}
    </AdminPage>
  );
}
