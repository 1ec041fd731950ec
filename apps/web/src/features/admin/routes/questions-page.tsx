import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminQuestion } from '@exhale/contract/admin';
import { Button } from '../../../components/ui/button';
import { handleApiError } from '../../../lib/api';
import { notify } from '../../../lib/toast';
import {
  useDeleteQuestion,
  useExerciseRoutes,
  useQuestions,
  useReorderQuestions,
  useSaveQuestion,
  type QuestionGroup,
} from '../api';
import { AdminPage, AdminSection, QueryState } from '../components/admin-page';
import { Cell, DataTable } from '../components/data-table';
import { EditorDialog, useEditing } from '../components/editor-dialog';
import {
  FormFooter,
  saveHandlers,
  SelectField,
  TextAreaField,
  TextField,
  useServerErrors,
} from '../components/form-controls';
import { DeleteButton, EditButton, RowActions } from '../components/row-actions';

type QuestionType = 'radio' | 'checkbox' | 'textarea';
interface OptionRow {
  id?: string;
  value: string;
  point: string;
}

const AGREEMENT = ['Strongly Disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly Agree'];

function QuestionForm({
  group,
  question,
  onDone,
}: {
  group: QuestionGroup;
  question?: AdminQuestion;
  onDone: () => void;
}) {
  const { t } = useTranslation('admin');
  const save = useSaveQuestion();
  const errors = useServerErrors();
  const [text, setText] = useState(question?.question ?? '');
  const [type, setType] = useState<QuestionType>(question?.question_type ?? 'radio');
  const [options, setOptions] = useState<OptionRow[]>(
    question
      ? question.options.map((o) => ({ id: o.id, value: o.value, point: String(o.point) }))
      : AGREEMENT.map((value, i) => ({ value, point: String(i + 1) })),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    errors.clear();
    const body = {
      question: text,
      question_type: type,
      options:
        type === 'textarea'
          ? []
          : options.map((o) => ({ id: o.id, value: o.value, point: Number(o.point) })),
    };
    save.mutate(
      question
        ? { id: question._id, body }
        : {
            body: {
              ...body,
              ...('event' in group
                ? { event: Number(group.event) as 0 | 1 | 2 }
                : { route: group.route }),
            },
          },
      saveHandlers(errors, t('questions.saved'), onDone),
    );
  }

  return (
    <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4">
      <TextAreaField
        label={t('questions.text')}
        value={text}
        onChange={setText}
        rows={3}
        required
        error={errors.of('question')}
      />
      <SelectField
        label={t('questions.type')}
        value={type}
        onChange={setType}
        options={(['radio', 'checkbox', 'textarea'] as const).map((value) => ({
          value,
          label: t(`questions.types.${value}`),
        }))}
        error={errors.of('question_type')}
      />
      {type !== 'textarea' ? (
        <fieldset className="flex flex-col gap-3">
          <legend className="font-medium text-ink">{t('questions.options')}</legend>
          {options.map((option, index) => (
            <div key={index} className="grid items-end gap-2 sm:grid-cols-[1fr_6rem_auto]">
              <TextField
                label={t('questions.optionText', { n: index + 1 })}
                value={option.value}
                onChange={(value) =>
                  setOptions(options.map((o, i) => (i === index ? { ...o, value } : o)))
                }
                error={errors.of(`options.${index}.value`)}
              />
              <TextField
                label={t('questions.optionPoints', { n: index + 1 })}
                type="number"
                min={0}
                max={100}
                value={option.point}
                onChange={(point) =>
                  setOptions(options.map((o, i) => (i === index ? { ...o, point } : o)))
                }
                error={errors.of(`options.${index}.point`)}
              />
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setOptions(options.filter((_, i) => i !== index))}
              >
                {t('questions.removeOption', { n: index + 1 })}
              </Button>
            </div>
          ))}
          <div>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setOptions([...options, { value: '', point: '0' }])}
            >
              {t('questions.addOption')}
            </Button>
          </div>
          {errors.of('options') ? (
            <p className="text-sm font-medium text-red-700">{errors.of('options')}</p>
          ) : null}
        </fieldset>
      ) : null}
      <FormFooter
        errors={errors.errors}
        shown={['question', 'question_type', 'options']}
        pending={save.isPending}
      />
    </form>
  );
}

function QuestionList({ group }: { group: QuestionGroup }) {
  const { t } = useTranslation('admin');
  const questions = useQuestions(group);
  const remove = useDeleteQuestion();
  const reorder = useReorderQuestions();
  const editor = useEditing<AdminQuestion>();
  const list = questions.data ?? [];

  function move(index: number, by: -1 | 1) {
    const ids = list.map((q) => q._id);
    const to = index + by;
    if (to < 0 || to >= ids.length) return;
    [ids[index], ids[to]] = [ids[to]!, ids[index]!];
    reorder.mutate(
      {
        ...('event' in group
          ? { event: Number(group.event) as 0 | 1 | 2 }
          : { route: group.route }),
        ids,
      },
      { onError: (error) => handleApiError(error, 'common.genericError') },
    );
  }

  return (
    <AdminSection
      title={
        'event' in group
          ? t('questions.eventHeading', { event: group.event })
          : t('questions.routeHeading', { route: group.route })
      }
      actions={
        <Button size="sm" onClick={editor.startNew}>
          {t('questions.new')}
        </Button>
      }
    >
      <QueryState
        isPending={questions.isPending}
        error={questions.error}
        isEmpty={list.length === 0}
        emptyText={t('questions.empty')}
      >
        <DataTable
          caption={t('questions.caption')}
          head={[
            '#',
            t('questions.text'),
            t('questions.type'),
            t('questions.options'),
            t('common.actions'),
          ]}
        >
          {list.map((question, index) => (
            <tr key={question._id}>
              <Cell>{index + 1}</Cell>
              <Cell className="max-w-md">{question.question}</Cell>
              <Cell>{t(`questions.types.${question.question_type}`)}</Cell>
              <Cell className="text-xs">
                {question.options.map((o) => `${o.value} (${o.point})`).join(' · ')}
              </Cell>
              <Cell>
                <RowActions>
                  <EditButton onClick={() => editor.edit(question)} />
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={index === 0 || reorder.isPending}
                    onClick={() => move(index, -1)}
                    aria-label={t('questions.moveUp', { n: index + 1 })}
                  >
                    ↑
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={index === list.length - 1 || reorder.isPending}
                    onClick={() => move(index, 1)}
                    aria-label={t('questions.moveDown', { n: index + 1 })}
                  >
                    ↓
                  </Button>
                  <DeleteButton
                    id={question._id}
                    remove={remove}
                    confirm={t('questions.confirmDelete')}
                    deleted={t('questions.deleted')}
                  />
                </RowActions>
              </Cell>
            </tr>
          ))}
        </DataTable>
      </QueryState>
      <EditorDialog
        editor={editor}
        newTitle={t('questions.new')}
        editTitle={t('questions.edit')}
        className="max-w-2xl"
      >
        {(question) => <QuestionForm group={group} question={question} onDone={editor.close} />}
      </EditorDialog>
    </AdminSection>
  );
}

export function QuestionsPage() {
  const { t } = useTranslation('admin');
  const routes = useExerciseRoutes();
  const [kind, setKind] = useState<'event' | 'route'>('event');
  const [event, setEvent] = useState<'0' | '1' | '2'>('0');
  const [route, setRoute] = useState('');
  const [newRoute, setNewRoute] = useState('');
  const chosenRoute = route || routes.data?.[0]?.route || '';
  const group: QuestionGroup | undefined =
    kind === 'event' ? { event } : chosenRoute ? { route: chosenRoute } : undefined;

  return (
    <AdminPage title={t('questions.heading')} description={t('questions.intro')}>
      <div className="flex flex-wrap items-end gap-4">
        <SelectField
          label={t('questions.set')}
          value={kind}
          onChange={setKind}
          options={[
            { value: 'event', label: t('questions.simTest') },
            { value: 'route', label: t('questions.exercise') },
          ]}
        />
        {kind === 'event' ? (
          <SelectField
            label={t('questions.event')}
            value={event}
            onChange={setEvent}
            options={(['0', '1', '2'] as const).map((value) => ({
              value,
              label: t(`questions.events.${value}`),
            }))}
          />
        ) : (
          <>
            <SelectField
              label={t('questions.route')}
              value={chosenRoute}
              onChange={setRoute}
              options={[
                ...(routes.data ?? []).map((r) => ({
                  value: r.route,
                  label: t('questions.routeOption', { route: r.route, count: r.questions }),
                })),
                // A route opened here has no questions yet, so the server does not list it.
                ...(chosenRoute && !routes.data?.some((r) => r.route === chosenRoute)
                  ? [{ value: chosenRoute, label: chosenRoute }]
                  : []),
              ]}
            />
            <form
              className="flex items-end gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                const slug = newRoute.trim().toLowerCase();
                if (!/^[a-z0-9][a-z0-9-]{0,63}$/.test(slug)) {
                  notify.error(t('questions.badRoute'));
                  return;
                }
                setRoute(slug);
                setNewRoute('');
              }}
            >
              <TextField
                label={t('questions.newRoute')}
                value={newRoute}
                onChange={setNewRoute}
                hint={t('questions.newRouteHint')}
              />
              <Button type="submit" variant="secondary">
                {t('questions.openRoute')}
              </Button>
            </form>
          </>
        )}
      </div>
      {group ? <QuestionList key={JSON.stringify(group)} group={group} /> : null}
    </AdminPage>
  );
}
