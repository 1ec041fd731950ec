import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminQuizSet } from '@exhale/contract/admin';
import { Button, buttonClasses } from '../../../components/ui/button';
import { useQuizSet, useSaveQuizSet } from '../api';
import { AdminPage, AdminSection, QueryState } from '../components/admin-page';
import {
  FormFooter,
  saveHandlers,
  TextAreaField,
  TextField,
  useServerErrors,
} from '../components/form-controls';

interface OptionDraft {
  _id?: string;
  option: string;
  is_correct: boolean;
}
interface QuestionDraft {
  _id?: string;
  question: string;
  options: OptionDraft[];
}
interface QuizDraft {
  _id?: string;
  title: string;
  description: string;
  questions: QuestionDraft[];
}

const newQuestion = (): QuestionDraft => ({
  question: '',
  options: [
    { option: '', is_correct: true },
    { option: '', is_correct: false },
  ],
});
const newQuiz = (): QuizDraft => ({ title: '', description: '', questions: [newQuestion()] });

function fromSet(set: AdminQuizSet): QuizDraft[] {
  return set.quizzes.map((quiz) => ({
    _id: quiz._id,
    title: quiz.title ?? '',
    description: quiz.description ?? '',
    questions: quiz.questions.map((question) => ({
      _id: question._id,
      question: question.question,
      options: question.options.map((o) => ({
        _id: o._id,
        option: o.option,
        is_correct: o.is_correct,
      })),
    })),
  }));
}

/** Immutable update of one element of a list. */
const replace = <T,>(list: T[], index: number, change: (item: T) => T) =>
  list.map((item, i) => (i === index ? change(item) : item));

function QuizSetEditor({ set }: { set?: AdminQuizSet }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const save = useSaveQuizSet();
  const errors = useServerErrors();
  const [title, setTitle] = useState(set?.title ?? '');
  const [description, setDescription] = useState(set?.description ?? '');
  const [quizzes, setQuizzes] = useState<QuizDraft[]>(() => (set ? fromSet(set) : [newQuiz()]));

  const updateQuiz = (qi: number, change: (quiz: QuizDraft) => QuizDraft) =>
    setQuizzes((list) => replace(list, qi, change));
  const updateQuestion = (qi: number, xi: number, change: (q: QuestionDraft) => QuestionDraft) =>
    updateQuiz(qi, (quiz) => ({ ...quiz, questions: replace(quiz.questions, xi, change) }));

  function submit(event: FormEvent) {
    event.preventDefault();
    errors.clear();
    save.mutate(
      {
        id: set?._id,
        body: {
          title,
          description: description.trim() || null,
          quizzes: quizzes.map((quiz) => ({
            ...(quiz._id ? { _id: quiz._id } : {}),
            title: quiz.title.trim() || null,
            description: quiz.description.trim() || null,
            questions: quiz.questions.map((question) => ({
              ...(question._id ? { _id: question._id } : {}),
              question: question.question,
              options: question.options.map((o) => ({
                ...(o._id ? { _id: o._id } : {}),
                option: o.option,
                is_correct: o.is_correct,
              })),
            })),
          })),
        },
      },
      saveHandlers(errors, t('quizzes.saved'), () => void navigate('/admin/quizzes')),
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <AdminSection title={t('quizzes.details')}>
        <TextField
          label={t('quizzes.title')}
          value={title}
          onChange={setTitle}
          required
          error={errors.of('title')}
        />
        <TextAreaField
          label={t('quizzes.description')}
          value={description}
          onChange={setDescription}
          rows={2}
          error={errors.of('description')}
        />
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

      {quizzes.map((quiz, qi) => (
        <AdminSection
          key={qi}
          title={t('quizzes.quizN', { n: qi + 1 })}
          actions={
            quizzes.length > 1 ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setQuizzes(quizzes.filter((_, i) => i !== qi))}
              >
                {t('quizzes.removeQuiz', { n: qi + 1 })}
              </Button>
            ) : null
          }
        >
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label={t('quizzes.quizTitle', { n: qi + 1 })}
              value={quiz.title}
              onChange={(value) => updateQuiz(qi, (q) => ({ ...q, title: value }))}
              error={errors.of(`quizzes.${qi}.title`)}
            />
            <TextField
              label={t('quizzes.quizDescription', { n: qi + 1 })}
              value={quiz.description}
              onChange={(value) => updateQuiz(qi, (q) => ({ ...q, description: value }))}
              error={errors.of(`quizzes.${qi}.description`)}
            />
          </div>
          <ol className="flex flex-col gap-4">
            {quiz.questions.map((question, xi) => (
              <li key={xi} className="rounded-xl border border-slate-200 p-3">
                <TextField
                  label={t('quizzes.questionN', { quiz: qi + 1, n: xi + 1 })}
                  value={question.question}
                  onChange={(value) => updateQuestion(qi, xi, (q) => ({ ...q, question: value }))}
                  required
                  error={errors.of(`quizzes.${qi}.questions.${xi}.question`)}
                />
                <fieldset className="mt-3 flex flex-col gap-2">
                  <legend className="text-sm font-medium text-ink">{t('quizzes.options')}</legend>
                  {question.options.map((option, oi) => (
                    <div key={oi} className="flex flex-wrap items-end gap-2">
                      <TextField
                        label={t('quizzes.optionN', { n: oi + 1 })}
                        value={option.option}
                        onChange={(value) =>
                          updateQuestion(qi, xi, (q) => ({
                            ...q,
                            options: replace(q.options, oi, (o) => ({ ...o, option: value })),
                          }))
                        }
                        className="min-w-48 flex-1"
                      />
                      <label className="inline-flex min-h-11 items-center gap-2 text-sm font-medium">
                        <input
                          type="radio"
                          name={`correct-${qi}-${xi}`}
                          checked={option.is_correct}
                          onChange={() =>
                            updateQuestion(qi, xi, (q) => ({
                              ...q,
                              options: q.options.map((o, i) => ({ ...o, is_correct: i === oi })),
                            }))
                          }
                          className="size-5 accent-brand-700"
                        />
                        {t('quizzes.correct')}
                      </label>
                      {question.options.length > 2 ? (
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() =>
                            updateQuestion(qi, xi, (q) => ({
                              ...q,
                              options: q.options.filter((_, i) => i !== oi),
                            }))
                          }
                        >
                          {t('quizzes.removeOption', { n: oi + 1 })}
                        </Button>
                      ) : null}
                    </div>
                  ))}
                  {errors.of(`quizzes.${qi}.questions.${xi}.options`) ? (
                    <p className="text-sm font-medium text-red-700">
                      {errors.of(`quizzes.${qi}.questions.${xi}.options`)}
                    </p>
                  ) : null}
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() =>
                        updateQuestion(qi, xi, (q) => ({
                          ...q,
                          options: [...q.options, { option: '', is_correct: false }],
                        }))
                      }
                    >
                      {t('quizzes.addOption')}
                    </Button>
                    {quiz.questions.length > 1 ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() =>
                          updateQuiz(qi, (q) => ({
                            ...q,
                            questions: q.questions.filter((_, i) => i !== xi),
                          }))
                        }
                      >
                        {t('quizzes.removeQuestion', { n: xi + 1 })}
                      </Button>
                    ) : null}
                  </div>
                </fieldset>
              </li>
            ))}
          </ol>
          <div>
            <Button
              variant="secondary"
              size="sm"
              onClick={() =>
                updateQuiz(qi, (q) => ({ ...q, questions: [...q.questions, newQuestion()] }))
              }
            >
              {t('quizzes.addQuestion')}
            </Button>
          </div>
        </AdminSection>
      ))}
      <div>
        <Button variant="secondary" onClick={() => setQuizzes([...quizzes, newQuiz()])}>
          {t('quizzes.addQuiz')}
        </Button>
      </div>
      <FormFooter
        errors={errors.errors}
        shown={[
          'title',
          'description',
          /^quizzes\.\d+\.(title|description)$/,
          /^quizzes\.\d+\.questions\.\d+\.(question|options)$/,
        ]}
        pending={save.isPending}
        className="flex gap-3"
      >
        <Link to="/admin/quizzes" className={buttonClasses({ variant: 'secondary' })}>
          {t('common.cancel')}
        </Link>
      </FormFooter>
    </form>
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
