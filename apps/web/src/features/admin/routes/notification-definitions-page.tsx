import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  NOTIFICATION_DEFINITION_CHANNELS,
  NOTIFICATION_DEFINITION_TOPICS,
  type AdminNotificationDefinition,
} from '@exhale/contract/admin';
import {
  useDeleteNotificationDefinition,
  useNotificationDefinitions,
  useSaveNotificationDefinition,
} from '../api';
import { Badge, Cell } from '../components/data-table';
import { EditableListPage } from '../components/editable-list-page';
import {
  CheckboxField,
  FormFooter,
  numberOrNull,
  saveHandlers,
  SelectField,
  TextAreaField,
  TextField,
  useServerErrors,
} from '../components/form-controls';
import { DeleteButton, EditButton, RowActions } from '../components/row-actions';

type Topic = AdminNotificationDefinition['topic'];
type Channel = AdminNotificationDefinition['channel'];

function DefinitionForm({
  definition,
  onDone,
}: {
  definition?: AdminNotificationDefinition;
  onDone: () => void;
}) {
  const { t } = useTranslation('admin');
  const save = useSaveNotificationDefinition();
  const errors = useServerErrors();
  const [topic, setTopic] = useState<Topic>(definition?.topic ?? 'reminders');
  const [channel, setChannel] = useState<Channel>(definition?.channel ?? 'email');
  const [title, setTitle] = useState(definition?.title ?? '');
  const [setting, setSetting] = useState(definition?.setting ?? '');
  const [description, setDescription] = useState(definition?.description ?? '');
  const [defaultStatus, setDefaultStatus] = useState(definition?.default_status ?? false);
  const [position, setPosition] = useState(definition ? String(definition.position) : '');

  function submit(event: FormEvent) {
    event.preventDefault();
    errors.clear();
    const fields = { title, setting, description, default_status: defaultStatus };
    const at = numberOrNull(position);
    const options = saveHandlers(errors, t('notificationDefinitions.saved'), onDone);
    if (definition) {
      save.mutate(
        { id: definition._id, body: { ...fields, ...(at === null ? {} : { position: at }) } },
        options,
      );
    } else {
      save.mutate(
        { body: { topic, channel, ...fields, ...(at === null ? {} : { position: at }) } },
        options,
      );
    }
  }

  return (
    <form onSubmit={submit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
      {definition ? (
        <p className="text-sm text-ink-muted sm:col-span-2">
          {t('notificationDefinitions.fixedPair', {
            topic: t(`notificationDefinitions.topics.${definition.topic}`),
            channel: t(`notificationDefinitions.channels.${definition.channel}`),
          })}
        </p>
      ) : (
        <>
          <SelectField
            label={t('notificationDefinitions.topic')}
            value={topic}
            onChange={setTopic}
            hint={t('notificationDefinitions.topicHint')}
            options={NOTIFICATION_DEFINITION_TOPICS.map((value) => ({
              value,
              label: t(`notificationDefinitions.topics.${value}`),
            }))}
            error={errors.of('topic')}
          />
          <SelectField
            label={t('notificationDefinitions.channel')}
            value={channel}
            onChange={setChannel}
            hint={t('notificationDefinitions.channelHint')}
            options={NOTIFICATION_DEFINITION_CHANNELS.map((value) => ({
              value,
              label: t(`notificationDefinitions.channels.${value}`),
            }))}
            error={errors.of('channel')}
          />
        </>
      )}
      <TextField
        label={t('notificationDefinitions.group')}
        value={title}
        onChange={setTitle}
        required
        hint={t('notificationDefinitions.groupHint')}
        error={errors.of('title')}
      />
      <TextField
        label={t('notificationDefinitions.setting')}
        value={setting}
        onChange={setSetting}
        required
        error={errors.of('setting')}
      />
      <TextAreaField
        label={t('notificationDefinitions.description')}
        value={description}
        onChange={setDescription}
        rows={3}
        required
        error={errors.of('description')}
        className="sm:col-span-2"
      />
      <TextField
        label={t('notificationDefinitions.position')}
        type="number"
        min={0}
        value={position}
        onChange={setPosition}
        hint={t('notificationDefinitions.positionHint')}
        error={errors.of('position')}
      />
      <CheckboxField
        label={t('notificationDefinitions.defaultOn')}
        checked={defaultStatus}
        onChange={setDefaultStatus}
        className="self-end"
      />
      <FormFooter
        errors={errors.errors}
        shown={['topic', 'channel', 'title', 'setting', 'description', 'position']}
        pending={save.isPending}
        className="sm:col-span-2"
      />
    </form>
  );
}

/** The settings users toggle on their notification settings page (GET /user-notification). */
export function NotificationDefinitionsPage() {
  const { t } = useTranslation('admin');
  const definitions = useNotificationDefinitions();
  const remove = useDeleteNotificationDefinition();
  return (
    <EditableListPage
      title={t('notificationDefinitions.heading')}
      description={t('notificationDefinitions.intro')}
      newLabel={t('notificationDefinitions.new')}
      editTitle={t('notificationDefinitions.edit')}
      dialogClassName="max-w-2xl"
      list={definitions}
      head={[
        t('notificationDefinitions.group'),
        t('notificationDefinitions.setting'),
        t('notificationDefinitions.topic'),
        t('notificationDefinitions.channel'),
        t('notificationDefinitions.default'),
        t('notificationDefinitions.users'),
        t('notificationDefinitions.position'),
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
