import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '../../../components/ui/button';
import { handleApiError } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/auth-store';
import { notify } from '../../../lib/toast';
import { AdminPage, AdminSection, QueryState } from '../components/admin-page';
import { Badge } from '../components/data-table';
import { SelectField } from '../components/form-controls';
import { formatIstDateTime } from '../format';
import {
  useAddNote,
  useAssign,
  useCoaches,
  useConversationDetail,
  useReply,
  useSavedReplies,
  useSetStatus,
  type InboxDetail,
} from './api';
import { CoachTextForm } from './components/coach-text-form';
import { ConsoleThread } from './components/console-thread';
import { MemberContext } from './components/member-context';

const NOBODY = '';

/** Assign to me, to another coach, or to nobody. */
function AssignControl({ detail }: { detail: InboxDetail }) {
  const { t } = useTranslation('admin');
  const me = useCurrentUser();
  const coaches = useCoaches();
  const assign = useAssign(detail._id);
  const [choice, setChoice] = useState(detail.assigned_to?._id ?? NOBODY);
  const others = (coaches.data ?? []).filter((coach) => coach._id !== me?._id);
  const options = [
    { value: NOBODY, label: t('inbox.assign.nobody') },
    ...(me ? [{ value: me._id, label: t('inbox.assign.me') }] : []),
    ...others.map((coach) => ({ value: coach._id, label: coach.name })),
  ];
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        assign.mutate(choice === NOBODY ? null : choice, {
          onSuccess: () => notify.success(t('inbox.assign.done')),
          onError: (error) => handleApiError(error, 'common.genericError'),
        });
      }}
    >
      <SelectField
        label={t('inbox.assign.label')}
        value={choice}
        onChange={setChoice}
        options={options}
        className="min-w-48"
      />
      <Button type="submit" variant="secondary" disabled={assign.isPending}>
        {t('inbox.assign.submit')}
      </Button>
    </form>
  );
}

function StatusButton({ detail }: { detail: InboxDetail }) {
  const { t } = useTranslation('admin');
  const setStatus = useSetStatus(detail._id);
  const action = detail.status === 'open' ? 'close' : 'reopen';
  return (
    <Button
      variant="secondary"
      disabled={setStatus.isPending}
      onClick={() =>
        setStatus.mutate(action, {
          onSuccess: () => notify.success(t(`inbox.status.${action}Done`)),
          onError: (error) => handleApiError(error, 'common.genericError'),
        })
      }
    >
      {t(`inbox.status.${action}`)}
    </Button>
  );
}

function ReplyBox({ detail }: { detail: InboxDetail }) {
  const { t } = useTranslation('admin');
  const reply = useReply(detail._id);
  const savedReplies = useSavedReplies(detail.member.language);
  const [chosen, setChosen] = useState('');
  const replies = savedReplies.data ?? [];
  return (
    <CoachTextForm
      label={t('inbox.reply.label')}
      submitLabel={t('inbox.reply.send')}
      saved={t('inbox.reply.sent')}
      pending={reply.isPending}
      save={(body, handlers) => reply.mutate(body, handlers)}
      tools={(insert) =>
        replies.length > 0 ? (
          <div className="flex flex-wrap items-end gap-2">
            <SelectField
              label={t('inbox.reply.saved')}
              value={chosen}
              onChange={setChosen}
              options={[
                { value: '', label: t('inbox.reply.choose') },
                ...replies.map((saved) => ({ value: saved._id, label: saved.title })),
              ]}
              className="min-w-48 flex-1"
            />
            <Button
              variant="secondary"
              disabled={chosen === ''}
              onClick={() => {
                const saved = replies.find((item) => item._id === chosen);
                if (saved) insert(saved.text);
              }}
            >
              {t('inbox.reply.use')}
            </Button>
          </div>
        ) : null
      }
    />
  );
}

/** Internal notes: set apart in look and words, since the member never sees them. */
function Notes({ detail }: { detail: InboxDetail }) {
  const { t } = useTranslation('admin');
  const addNote = useAddNote(detail._id);
  return (
    <section
      aria-labelledby="notes-heading"
      className="flex flex-col gap-3 rounded-2xl border-2 border-dashed border-amber-400 bg-amber-50 p-4"
    >
      <div>
        <h2 id="notes-heading" className="text-lg font-bold text-ink">
          {t('inbox.notes.title')}
        </h2>
        <p className="text-sm font-semibold text-amber-900">{t('inbox.notes.private')}</p>
      </div>
      {detail.notes.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('inbox.notes.none')}</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {detail.notes.map((note) => (
            <li key={note._id} className="rounded-xl bg-white p-3">
              <p className="text-sm text-ink-muted">
                {note.author?.name ?? t('inbox.coach')} ·{' '}
                <time dateTime={note.created_at}>{formatIstDateTime(note.created_at)} IST</time>
              </p>
              <p className="break-words whitespace-pre-line text-ink">{note.text}</p>
            </li>
          ))}
        </ol>
      )}
      <CoachTextForm
        label={t('inbox.notes.label')}
        submitLabel={t('inbox.notes.add')}
        saved={t('inbox.notes.saved')}
        pending={addNote.isPending}
        save={(body, handlers) => addNote.mutate(body, handlers)}
      />
    </section>
  );
}

/**
 * /admin/inbox/:id: the thread with a reply box, the member's context, the internal notes, and
 * assign, close and reopen. Each opening is written to the audit log by the server.
 */
export function ConversationPage() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  const detail = useConversationDetail(id);
  const data = detail.data;
  return (
    <AdminPage
      title={data ? data.member.name : t('inbox.conversation')}
      actions={
        <Link to="/admin/inbox" className={buttonClasses({ variant: 'ghost' })}>
          {t('inbox.back')}
        </Link>
      }
    >
      <QueryState isPending={detail.isPending} error={detail.error}>
        {data ? (
          <>
            <div className="flex flex-wrap items-end gap-3">
              {data.urgent ? <Badge tone="bad">{t('inbox.urgent')}</Badge> : null}
              <Badge tone={data.status === 'open' ? 'good' : 'neutral'}>
                {t(`inbox.statuses.${data.status}`)}
              </Badge>
              <AssignControl key={data.assigned_to?._id ?? NOBODY} detail={data} />
              <StatusButton detail={data} />
            </div>
            {/* Who the member is comes first, so a coach on a phone reads it before the thread;
                on a wide screen it is the top of the side column, beside the thread. */}
            <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_1fr] lg:items-start">
              <div className="lg:col-start-2 lg:row-start-1">
                <AdminSection title={t('inbox.context.title')}>
                  <MemberContext member={data.member} />
                </AdminSection>
              </div>
              <div className="flex flex-col gap-4 lg:col-start-1 lg:row-span-2 lg:row-start-1">
                <AdminSection title={t('inbox.threadTitle')}>
                  <ConsoleThread messages={data.messages} memberName={data.member.name} />
                </AdminSection>
                <AdminSection title={t('inbox.reply.title')}>
                  <ReplyBox detail={data} />
                </AdminSection>
              </div>
              <div className="lg:col-start-2 lg:row-start-2">
                <Notes detail={data} />
              </div>
            </div>
          </>
        ) : null}
      </QueryState>
    </AdminPage>
  );
}
