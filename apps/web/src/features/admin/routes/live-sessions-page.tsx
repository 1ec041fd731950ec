import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminLiveSession } from '@exhale/contract/admin';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { useEnrolments, useLiveSessions, useSaveLiveSession } from '../api';
import { QueryState } from '../components/admin-page';
import { Badge, Cell, DataTable } from '../components/data-table';
import { EditableListPage } from '../components/editable-list-page';
import {
  CheckboxField,
  FormFooter,
  saveHandlers,
  TextAreaField,
  TextField,
  useServerErrors,
} from '../components/form-controls';
import { LazyRichTextEditor } from '../components/lazy-rich-text-editor';
import { EditButton, RowActions } from '../components/row-actions';
import { UploadField, useUploadedImage } from '../components/upload-field';
import { formatIstDateTime, formatPaise } from '../format';

function LiveSessionForm({ session, onDone }: { session?: AdminLiveSession; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const save = useSaveLiveSession();
  const errors = useServerErrors();
  const [title, setTitle] = useState(session?.title ?? '');
  const [description, setDescription] = useState(session?.description ?? '');
  const [amount, setAmount] = useState(session ? String(session.amount) : '');
  const [host, setHost] = useState(session?.host ?? '');
  const [tags, setTags] = useState(session?.tags ?? '');
  const [when, setWhen] = useState(session?.session_date_ist ?? '');
  const [duration, setDuration] = useState(String(session?.duration_minutes ?? 60));
  const [joining, setJoining] = useState(session?.joining_details ?? '');
  const thumbnail = useUploadedImage({
    key: session?.thumbnail_image ?? null,
    url: session?.thumbnail_url ?? null,
  });
  const [active, setActive] = useState(session?.active ?? true);
  const [included, setIncluded] = useState(session?.included_in_premium ?? false);

  function submit(event: FormEvent) {
    event.preventDefault();
    errors.clear();
    save.mutate(
      {
        id: session?._id,
        body: {
          title,
          description,
          amount: Number(amount),
          host,
          tags,
          thumbnail_image: thumbnail.key,
          session_date_ist: when,
          duration_minutes: Number(duration),
          joining_details: joining,
          included_in_premium: included,
          active,
        },
      },
      saveHandlers(errors, t('liveSessions.saved'), onDone),
    );
  }

  return (
    <form onSubmit={submit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
      <TextField
        label={t('liveSessions.title')}
        value={title}
        onChange={setTitle}
        required
        error={errors.of('title')}
        className="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        <LazyRichTextEditor
          label={t('liveSessions.description')}
          value={description}
          onChange={setDescription}
          error={errors.of('description')}
        />
      </div>
      <TextField
        label={t('liveSessions.amount')}
        type="number"
        min={0}
        step="0.01"
        value={amount}
        onChange={setAmount}
        required
        hint={t('liveSessions.amountHint')}
        error={errors.of('amount')}
      />
      <TextField
        label={t('liveSessions.host')}
        value={host}
        onChange={setHost}
        required
        error={errors.of('host')}
      />
      <TextField
        label={t('liveSessions.when')}
        type="datetime-local"
        value={when}
        onChange={setWhen}
        required
        hint={t('liveSessions.whenHint')}
        error={errors.of('session_date_ist')}
      />
      <TextField
        label={t('liveSessions.duration')}
        type="number"
        min={5}
        value={duration}
        onChange={setDuration}
        error={errors.of('duration_minutes')}
      />
      <TextField
        label={t('liveSessions.tags')}
        value={tags}
        onChange={setTags}
        hint={t('liveSessions.tagsHint')}
        error={errors.of('tags')}
        className="sm:col-span-2"
      />
      <TextAreaField
        label={t('liveSessions.joining')}
        value={joining}
        onChange={setJoining}
        rows={3}
        hint={t('liveSessions.joiningHint')}
        error={errors.of('joining_details')}
        className="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        <UploadField
          kind="image"
          label={t('liveSessions.thumbnail')}
          currentUrl={thumbnail.url}
          error={errors.of('thumbnail_image')}
          onUploaded={thumbnail.onUploaded}
        />
      </div>
      <CheckboxField label={t('liveSessions.active')} checked={active} onChange={setActive} />
      <CheckboxField
        label={t('liveSessions.includedInPremium')}
        checked={included}
        onChange={setIncluded}
      />
      <FormFooter
        errors={errors.errors}
        shown={[
          'title',
          'description',
          'amount',
          'host',
          'tags',
          'thumbnail_image',
          'session_date_ist',
          'duration_minutes',
          'joining_details',
        ]}
        pending={save.isPending}
        className="sm:col-span-2"
      />
    </form>
  );
}

function Enrolments({ session }: { session: AdminLiveSession }) {
  const { t } = useTranslation('admin');
  const enrolments = useEnrolments(session._id);
  return (
    <div className="mt-4">
      <QueryState
        isPending={enrolments.isPending}
        error={enrolments.error}
        isEmpty={enrolments.data?.length === 0}
        emptyText={t('liveSessions.noEnrolments')}
      >
        <DataTable
          caption={t('liveSessions.enrolmentsOf', { title: session.title })}
          head={[
            t('users.name'),
            t('users.email'),
            t('users.mobile'),
            t('liveSessions.enrolledAt'),
            t('liveSessions.status'),
          ]}
        >
          {(enrolments.data ?? []).map((row) => (
            <tr key={row._id}>
              <Cell>{row.user.name}</Cell>
              <Cell>{row.user.email}</Cell>
              <Cell>{row.user.mobile ?? '—'}</Cell>
              <Cell>{formatIstDateTime(row.created_at)}</Cell>
              <Cell>{t(`liveSessions.enrolment.${row.status}`)}</Cell>
            </tr>
          ))}
        </DataTable>
      </QueryState>
    </div>
  );
}

export function LiveSessionsPage() {
  const { t } = useTranslation('admin');
  const sessions = useLiveSessions();
  const [viewing, setViewing] = useState<AdminLiveSession | null>(null);
  return (
    <EditableListPage
      title={t('liveSessions.heading')}
      description={t('liveSessions.intro')}
      newLabel={t('liveSessions.new')}
      editTitle={t('liveSessions.edit')}
      dialogClassName="max-w-3xl"
      list={sessions}
      head={[
        t('liveSessions.title'),
        t('liveSessions.whenShort'),
        t('liveSessions.host'),
        t('liveSessions.amount'),
        t('liveSessions.enrolled'),
        t('liveSessions.status'),
        t('common.actions'),
      ]}
      row={(session, edit) => (
        <tr key={session._id}>
          <Cell className="font-medium">{session.title}</Cell>
          <Cell>{formatIstDateTime(session.session_date)}</Cell>
          <Cell>{session.host}</Cell>
          <Cell>
            {formatPaise(session.amount_paise)}
            {session.included_in_premium ? (
              <span className="mt-1 block text-xs text-ink-muted">
                {t('liveSessions.includedForPremium')}
              </span>
            ) : null}
          </Cell>
          <Cell>{session.registrations}</Cell>
          <Cell>
            {session.active ? (
              <Badge tone="good">{t('liveSessions.visible')}</Badge>
            ) : (
              <Badge>{t('liveSessions.hidden')}</Badge>
            )}
          </Cell>
          <Cell>
            <RowActions>
              <EditButton name={session.title} onClick={edit} />
              <Button variant="ghost" size="sm" onClick={() => setViewing(session)}>
                {t('liveSessions.enrolments')}
              </Button>
            </RowActions>
          </Cell>
        </tr>
      )}
      form={(session, done) => <LiveSessionForm session={session} onDone={done} />}
    >
      <Dialog open={viewing !== null} onOpenChange={(open) => !open && setViewing(null)}>
        {viewing !== null ? (
          <DialogContent
            title={t('liveSessions.enrolmentsOf', { title: viewing.title })}
            className="max-w-3xl"
          >
            <Enrolments session={viewing} />
          </DialogContent>
        ) : null}
      </Dialog>
    </EditableListPage>
  );
}
