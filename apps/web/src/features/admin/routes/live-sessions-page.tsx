import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  adminLiveSessionCreateSchema,
  adminLiveSessionUpdateSchema,
  type AdminLiveSession,
} from '@exhale/contract/admin';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { useEnrolments, useLiveSessions, useSaveLiveSession } from '../api';
import { QueryState } from '../components/admin-page';
import {
  AdminForm,
  FormCheckboxField,
  FormFooter,
  FormRichTextField,
  FormTextAreaField,
  FormTextField,
  FormUploadField,
  useAdminForm,
} from '../components/admin-form';
import { Badge, Cell, DataTable } from '../components/data-table';
import { EditableListPage } from '../components/editable-list-page';
import { EditButton, RowActions } from '../components/row-actions';
import { formatIstDateTime, formatPaise } from '../format';

interface LiveSessionValues {
  title: string;
  description: string;
  amount: string;
  host: string;
  tags: string;
  thumbnail_image: string | null;
  session_date_ist: string;
  duration_minutes: string;
  joining_details: string;
  included_in_premium: boolean;
  active: boolean;
}

const toBody = (values: LiveSessionValues) => ({
  ...values,
  amount: Number(values.amount),
  duration_minutes: Number(values.duration_minutes),
});

function LiveSessionForm({ session, onDone }: { session?: AdminLiveSession; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const save = useSaveLiveSession();
  const { form, onSubmit } = useAdminForm({
    schema: session ? adminLiveSessionUpdateSchema : adminLiveSessionCreateSchema,
    defaultValues: {
      title: session?.title ?? '',
      description: session?.description ?? '',
      amount: session ? String(session.amount) : '',
      host: session?.host ?? '',
      tags: session?.tags ?? '',
      thumbnail_image: session?.thumbnail_image ?? null,
      session_date_ist: session?.session_date_ist ?? '',
      duration_minutes: String(session?.duration_minutes ?? 60),
      joining_details: session?.joining_details ?? '',
      included_in_premium: session?.included_in_premium ?? false,
      active: session?.active ?? true,
    } satisfies LiveSessionValues,
    toBody,
    save: (body, handlers) => save.mutate({ id: session?._id, body }, handlers),
    saved: t('liveSessions.saved'),
    onSaved: onDone,
  });

  return (
    <AdminForm form={form} onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-2">
      <FormTextField
        name="title"
        label={t('liveSessions.title')}
        required
        className="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        <FormRichTextField name="description" label={t('liveSessions.description')} />
      </div>
      <FormTextField
        name="amount"
        label={t('liveSessions.amount')}
        type="number"
        min={0}
        step="0.01"
        required
        hint={t('liveSessions.amountHint')}
      />
      <FormTextField name="host" label={t('liveSessions.host')} required />
      <FormTextField
        name="session_date_ist"
        label={t('liveSessions.when')}
        type="datetime-local"
        required
        hint={t('liveSessions.whenHint')}
      />
      <FormTextField
        name="duration_minutes"
        label={t('liveSessions.duration')}
        type="number"
        min={5}
      />
      <FormTextField
        name="tags"
        label={t('liveSessions.tags')}
        hint={t('liveSessions.tagsHint')}
        className="sm:col-span-2"
      />
      <FormTextAreaField
        name="joining_details"
        label={t('liveSessions.joining')}
        rows={3}
        hint={t('liveSessions.joiningHint')}
        className="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        <FormUploadField
          name="thumbnail_image"
          kind="image"
          label={t('liveSessions.thumbnail')}
          url={session?.thumbnail_url ?? null}
        />
      </div>
      <FormCheckboxField name="active" label={t('liveSessions.active')} />
      <FormCheckboxField name="included_in_premium" label={t('liveSessions.includedInPremium')} />
      <FormFooter
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
    </AdminForm>
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
      section="liveSessions"
      dialogClassName="max-w-3xl"
      list={sessions}
      head={[
        ...(['title', 'whenShort', 'host', 'amount', 'enrolled', 'status'] as const).map((key) =>
          t(`liveSessions.${key}`),
        ),
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
