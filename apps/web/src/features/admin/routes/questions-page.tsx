import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import {
  adminQuestionCreateSchema,
  adminQuestionUpdateSchema,
  adminRouteSchema,
  type AdminQuestion,
} from '@exhale/contract/admin';
import { Button } from '../../../components/ui/button';
import { handleApiError } from '../../../lib/api';
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
  AdminForm,
  FieldError,
  FormFooter,
  FormSelectField,
  FormTextAreaField,
  FormTextField,
  useAdminForm,
} from '../components/admin-form';
import { SelectField } from '../components/form-controls';
import { DeleteButton, EditButton, RowActions } from '../components/row-actions';

interface QuestionValues {
  question: string;
  question_type: AdminQuestion['question_type'];
  options: { id?: string; value: string; point: string }[];
}

const openRouteSchema = z.object({ route: adminRouteSchema });

const AGREEMENT = ['Strongly Disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly Agree'];

/** A new question belongs to the SIM event or exercise route the page shows. */
const groupOf = (group: QuestionGroup) =>
  'event' in group ? { event: Number(group.event) as 0 | 1 | 2 } : { route: group.route };

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
  const { form, onSubmit } = useAdminForm({
    schema: question ? adminQuestionUpdateSchema : adminQuestionCreateSchema,
    defaultValues: {
      question: question?.question ?? '',
      question_type: question?.question_type ?? 'radio',
      options: question
        ? question.options.map((o) => ({ id: o.id, value: o.value, point: String(o.point) }))
        : AGREEMENT.map((value, i) => ({ value, point: String(i + 1) })),
    } satisfies QuestionValues,
    toBody: (values: QuestionValues) => ({
      ...(question ? {} : groupOf(group)),
      question: values.question,
      question_type: values.question_type,
      options:
        values.question_type === 'textarea'
          ? []
          : values.options.map((o) => ({ ...o, point: Number(o.point) })),
    }),
    save: (body, handlers) => save.mutate({ id: question?._id, body }, handlers),
    saved: t('questions.saved'),
    onSaved: onDone,
  });
  const options = useFieldArray({ control: form.control, name: 'options', keyName: 'key' });
  const type = form.watch('question_type');

  return (
    <AdminForm form={form} onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
      <FormTextAreaField name="question" label={t('questions.text')} rows={3} required />
      <FormSelectField
        name="question_type"
        label={t('questions.type')}
        options={(['radio', 'checkbox', 'textarea'] as const).map((value) => ({
          value,
          label: t(`questions.types.${value}`),
        }))}
      />
      {type !== 'textarea' ? (
        <fieldset className="flex flex-col gap-3">
          <legend className="font-medium text-ink">{t('questions.options')}</legend>
          {options.fields.map((option, index) => (
            <div key={option.key} className="grid items-end gap-2 sm:grid-cols-[1fr_6rem_auto]">
              <FormTextField
                name={`options.${index}.value`}
                label={t('questions.optionText', { n: index + 1 })}
              />
              <FormTextField
                name={`options.${index}.point`}
                label={t('questions.optionPoints', { n: index + 1 })}
                type="number"
                min={0}
                max={100}
              />
              <Button variant="ghost" size="sm" onClick={() => options.remove(index)}>
                {t('questions.removeOption', { n: index + 1 })}
              </Button>
            </div>
          ))}
          <div>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => options.append({ value: '', point: '0' })}
            >
              {t('questions.addOption')}
            </Button>
          </div>
          <FieldError name="options" />
        </fieldset>
      ) : null}
      <FormFooter shown={['question', 'question_type', 'options']} pending={save.isPending} />
    </AdminForm>
  );
}

/** Opens another exercise route's questions; the route is checked with the contract's rule. */
function OpenRouteForm({ onOpen }: { onOpen: (route: string) => void }) {
  const { t } = useTranslation('admin');
  const { form, onSubmit } = useAdminForm({
    schema: openRouteSchema,
    defaultValues: { route: '' },
    save: ({ route }, handlers) => {
      onOpen(route);
      handlers.onSuccess();
    },
    onSaved: () => form.reset(),
  });
  return (
    <AdminForm form={form} onSubmit={onSubmit} className="flex items-end gap-2">
      <FormTextField
        name="route"
        label={t('questions.newRoute')}
        hint={t('questions.newRouteHint')}
      />
      <Button type="submit" variant="secondary">
        {t('questions.openRoute')}
      </Button>
    </AdminForm>
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
            <OpenRouteForm onOpen={setRoute} />
          </>
        )}
      </div>
      {group ? <QuestionList key={JSON.stringify(group)} group={group} /> : null}
    </AdminPage>
  );
}
