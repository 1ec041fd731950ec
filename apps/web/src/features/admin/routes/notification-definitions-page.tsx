import { useTranslation } from 'react-i18next';
import {
  adminNotificationDefinitionCreateSchema,
  adminNotificationDefinitionUpdateSchema,
  NOTIFICATION_DEFINITION_CHANNELS,
  NOTIFICATION_DEFINITION_TOPICS,
  type AdminNotificationDefinition,
} from '@exhale/contract/admin';
import {
  useDeleteNotificationDefinition,
  useNotificationDefinitions,
  useSaveNotificationDefinition,
} from '../api';
import {
  AdminForm,
  FormCheckboxField,
  FormFooter,
  FormSelectField,
  FormTextAreaField,
  FormTextField,
  useAdminForm,
} from '../components/admin-form';
import { Badge, Cell } from '../components/data-table';
import { EditableListPage } from '../components/editable-list-page';
import { DeleteButton, EditButton, RowActions } from '../components/row-actions';
import { numberOrOmitted } from '../form-values';

interface DefinitionValues {
  topic: AdminNotificationDefinition['topic'];
  channel: AdminNotificationDefinition['channel'];
  title: string;
  setting: string;
  description: string;
  default_status: boolean;
  /** '' leaves the position to the server: after the last definition. */
  position: string;
}

function DefinitionForm({
  definition,
  onDone,
}: {
  definition?: AdminNotificationDefinition;
  onDone: () => void;
}) {
  const { t } = useTranslation('admin');
  const save = useSaveNotificationDefinition();
  const { form, onSubmit } = useAdminForm({
    schema: definition
      ? adminNotificationDefinitionUpdateSchema
      : adminNotificationDefinitionCreateSchema,
    defaultValues: {
      topic: definition?.topic ?? 'reminders',
      channel: definition?.channel ?? 'email',
      title: definition?.title ?? '',
      setting: definition?.setting ?? '',
      description: definition?.description ?? '',
      default_status: definition?.default_status ?? false,
      position: definition ? String(definition.position) : '',
    } satisfies DefinitionValues,
    // Topic and channel are fixed once made: an edit does not send them.
    toBody: ({ topic, channel, position, ...fields }: DefinitionValues) => ({
      ...(definition ? {} : { topic, channel }),
      ...fields,
      position: numberOrOmitted(position),
    }),
    save: (body, handlers) => save.mutate({ id: definition?._id, body }, handlers),
    saved: t('notificationDefinitions.saved'),
    onSaved: onDone,
  });

  return (
    <AdminForm form={form} onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-2">
      {definition ? (
        <p className="text-sm text-ink-muted sm:col-span-2">
          {t('notificationDefinitions.fixedPair', {
            topic: t(`notificationDefinitions.topics.${definition.topic}`),
            channel: t(`notificationDefinitions.channels.${definition.channel}`),
          })}
        </p>
      ) : (
        <>
          <FormSelectField
            name="topic"
            label={t('notificationDefinitions.topic')}
            hint={t('notificationDefinitions.topicHint')}
            options={NOTIFICATION_DEFINITION_TOPICS.map((value) => ({
              value,
              label: t(`notificationDefinitions.topics.${value}`),
            }))}
          />
          <FormSelectField
            name="channel"
            label={t('notificationDefinitions.channel')}
            hint={t('notificationDefinitions.channelHint')}
            options={NOTIFICATION_DEFINITION_CHANNELS.map((value) => ({
              value,
              label: t(`notificationDefinitions.channels.${value}`),
            }))}
          />
        </>
      )}
      <FormTextField
        name="title"
        label={t('notificationDefinitions.group')}
        required
        hint={t('notificationDefinitions.groupHint')}
      />
      <FormTextField name="setting" label={t('notificationDefinitions.setting')} required />
      <FormTextAreaField
        name="description"
        label={t('notificationDefinitions.description')}
        rows={3}
        required
        className="sm:col-span-2"
      />
      <FormTextField
        name="position"
        label={t('notificationDefinitions.position')}
        type="number"
        min={0}
        hint={t('notificationDefinitions.positionHint')}
      />
      <FormCheckboxField
        name="default_status"
        label={t('notificationDefinitions.defaultOn')}
        className="self-end"
      />
      <FormFooter
        shown={['topic', 'channel', 'title', 'setting', 'description', 'position']}
        pending={save.isPending}
        className="sm:col-span-2"
      />
    </AdminForm>
  );
}

/** The settings users toggle on their notification settings page (GET /user-notification). */
export function NotificationDefinitionsPage() {
  const { t } = useTranslation('admin');
  const definitions = useNotificationDefinitions();
  const remove = useDeleteNotificationDefinition();
  return (
    <EditableListPage
      section="notificationDefinitions"
      dialogClassName="max-w-2xl"
      list={definitions}
      head={[
        ...(['group', 'setting', 'topic', 'channel', 'default', 'users', 'position'] as const).map(
          (key) => t(`notificationDefinitions.${key}`),
        ),
        t('common.actions'),
      ]}
      row={(definition, edit) => (
        <tr key={definition._id}>
          <Cell>{definition.title}</Cell>
          <Cell className="font-medium">
            {definition.setting}
            <p className="text-sm font-normal text-ink-muted">{definition.description}</p>
          </Cell>
          <Cell>{t(`notificationDefinitions.topics.${definition.topic}`)}</Cell>
          <Cell>{t(`notificationDefinitions.channels.${definition.channel}`)}</Cell>
          <Cell>
            {definition.default_status ? (
              <Badge tone="good">{t('notificationDefinitions.on')}</Badge>
            ) : (
              <Badge>{t('notificationDefinitions.off')}</Badge>
            )}
          </Cell>
          <Cell className="tabular-nums">
            {t('notificationDefinitions.usersValue', {
              count: definition.users,
              off: definition.users_off,
            })}
          </Cell>
          <Cell className="tabular-nums">{definition.position}</Cell>
          <Cell>
            <RowActions>
              <EditButton name={`${definition.title}: ${definition.setting}`} onClick={edit} />
              <DeleteButton
                id={definition._id}
                remove={remove}
                label={t('notificationDefinitions.deleteNamed', {
                  name: `${definition.title}: ${definition.setting}`,
                })}
                confirm={t('notificationDefinitions.confirmDelete', {
                  name: `${definition.title}: ${definition.setting}`,
                  count: definition.users,
                })}
                deleted={t('notificationDefinitions.deleted')}
              />
            </RowActions>
          </Cell>
        </tr>
      )}
      form={(definition, done) => <DefinitionForm definition={definition} onDone={done} />}
    />
  );
}
