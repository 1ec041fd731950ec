import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminNotifySchema, type AdminUserDetail } from '@exhale/contract/admin';
import { USER_ROLES, type UserRole } from '@exhale/contract/auth';
import { Button, buttonClasses } from '../../../components/ui/button';
import { handleApiError } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/auth-store';
import { notify } from '../../../lib/toast';
import { useChangeRole, useNotifyUser, useUserDetail } from '../api';
import { AdminPage, AdminSection, QueryState } from '../components/admin-page';
import { Badge, Cell, DataTable } from '../components/data-table';
import { SelectField } from '../components/form-controls';
import { QuitSection } from '../components/quit-section';
import {
  AdminForm,
  FormCheckboxField,
  FormFooter,
  FormTextAreaField,
  FormTextField,
  useAdminForm,
} from '../components/admin-form';
import { formatDuration, formatIstDateTime } from '../format';

function Facts({ detail }: { detail: AdminUserDetail }) {
  const { t } = useTranslation('admin');
  const { user } = detail;
  const facts: [string, string][] = [
    [t('users.email'), user.email],
    [t('users.mobile'), user.mobile ?? '—'],
    [t('users.whatsapp'), user.whatsapp_no ?? '—'],
    [t('users.age'), user.dob === null ? '—' : String(user.dob)],
    [t('users.type'), t(`users.types.${user.type}`)],
    [t('users.role'), t(`users.roles.${user.role}`)],
    [t('users.step'), String(user.step)],
    [t('users.currentDay'), String(user.current_day)],
    [t('users.points'), String(user.total_points)],
    [t('users.joined'), formatIstDateTime(user.created_at)],
    [
      t('users.plan'),
      detail.plan
        ? `${detail.plan.name} · ${t(`users.planStatuses.${detail.plan.status}`)} · ${formatIstDateTime(detail.plan.purchased_at)}`
        : t('users.noPlan'),
    ],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt className="text-sm text-ink-muted">{label}</dt>
          <dd className="font-medium text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function RoleControl({ detail }: { detail: AdminUserDetail }) {
  const { t } = useTranslation('admin');
  const me = useCurrentUser();
  const change = useChangeRole();
  const { user } = detail;
  const [role, setRole] = useState<UserRole>(user.role);
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (role === user.role) return;
        const self = me?._id === user._id;
        const question =
          self && user.role === 'admin'
            ? t('users.confirmDemoteSelf')
            : t(`users.confirmRole.${role}`, { name: user.name });
        if (!window.confirm(question)) return;
        change.mutate(
          { id: user._id, role },
          {
            onSuccess: () => notify.success(t('users.roleChanged')),
            onError: (error) => handleApiError(error, 'common.genericError'),
          },
        );
      }}
    >
      <SelectField
        label={t('users.role')}
        value={role}
        onChange={setRole}
        options={USER_ROLES.map((value) => ({ value, label: t(`users.roles.${value}`) }))}
        className="min-w-40"
      />
      <Button type="submit" variant="secondary" disabled={change.isPending || role === user.role}>
        {t('users.changeRole')}
      </Button>
    </form>
  );
}

function NotifyForm({ userId }: { userId: string }) {
  const { t } = useTranslation('admin');
  const send = useNotifyUser();
  const { form, onSubmit } = useAdminForm({
    schema: adminNotifySchema,
    defaultValues: { title: '', message: '', email: false },
    save: (body, handlers) => send.mutate({ id: userId, body }, handlers),
    saved: t('users.notificationSent'),
    // Ready for the next message; the email choice stays.
    onSaved: (body) => form.reset({ title: '', message: '', email: body.email }),
  });
  return (
    <AdminForm form={form} onSubmit={onSubmit} className="flex max-w-xl flex-col gap-3">
      <FormTextField name="title" label={t('users.notifyTitle')} maxLength={120} required />
      <FormTextAreaField
        name="message"
        label={t('users.notifyMessage')}
        maxLength={1000}
        required
      />
      <FormCheckboxField name="email" label={t('users.notifyEmail')} />
      <FormFooter
        shown={['title', 'message']}
        pending={send.isPending}
        submitLabel={t('users.send')}
      />
    </AdminForm>
  );
}

export function UserDetailPage() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  const detail = useUserDetail(id);
  const data = detail.data;
  return (
    <AdminPage
      title={data ? data.user.name : t('users.detailHeading')}
      actions={
        <Link to="/admin/users" className={buttonClasses({ variant: 'ghost' })}>
          {t('users.back')}
        </Link>
      }
    >
      <QueryState isPending={detail.isPending} error={detail.error}>
        {data ? (
          <>
            <AdminSection title={t('users.account')} actions={<RoleControl detail={data} />}>
              <Facts detail={data} />
            </AdminSection>
            <QuitSection quit={data.quit} />
            <AdminSection title={t('users.attempts')}>
              {data.attempts.length === 0 ? (
                <p className="text-ink-muted">{t('users.noAttempts')}</p>
              ) : (
                <DataTable
                  caption={t('users.attempts')}
                  head={[t('users.attempt'), t('users.score'), t('users.date')]}
                >
                  {data.attempts.map((a) => (
                    <tr key={a.attempt}>
                      <Cell>{a.attempt}</Cell>
                      <Cell>{t('users.scoreOf', { score: a.total_points })}</Cell>
                      <Cell>{formatIstDateTime(a.created_at)}</Cell>
                    </tr>
                  ))}
                </DataTable>
              )}
            </AdminSection>
            <AdminSection title={t('users.lessons')}>
              {data.lessons.length === 0 ? (
                <p className="text-ink-muted">{t('users.noLessons')}</p>
              ) : (
                <DataTable
                  caption={t('users.lessons')}
                  head={[
                    t('lessons.title'),
                    t('users.day'),
                    t('users.lessonStatus'),
                    t('users.watched'),
                    t('users.completedAt'),
                  ]}
                >
                  {data.lessons.map((l) => (
                    <tr key={l._id}>
                      <Cell>
                        {l.title}
                        {!l.active ? (
                          <span className="ml-2">
                            <Badge>{t('lessons.retiredBadge')}</Badge>
                          </span>
                        ) : null}
                      </Cell>
                      <Cell>
                        {t(`lessons.types.${l.type}`)} · {l.day}
                      </Cell>
                      <Cell>{t(`users.lessonStatuses.${l.status}`)}</Cell>
                      <Cell>
                        {formatDuration(l.seconds_viewed)} / {formatDuration(l.total_duration)}
                      </Cell>
                      <Cell>{formatIstDateTime(l.completed_at)}</Cell>
                    </tr>
                  ))}
                </DataTable>
              )}
            </AdminSection>
            <AdminSection title={t('users.exercises')}>
              {data.exercises.length === 0 ? (
                <p className="text-ink-muted">{t('users.noExercises')}</p>
              ) : (
                <ul className="list-disc pl-5">
                  {data.exercises.map((e) => (
                    <li key={e.route}>
                      {t('users.exerciseLine', {
                        route: e.route,
                        answers: e.answers,
                        date: formatIstDateTime(e.created_at),
                      })}
                    </li>
                  ))}
                </ul>
              )}
            </AdminSection>
            <AdminSection title={t('users.feedback')}>
              {data.feedback.length === 0 ? (
                <p className="text-ink-muted">{t('users.noFeedback')}</p>
              ) : (
                <ul className="flex flex-col gap-3">
                  {data.feedback.map((f) => (
                    <li key={f._id} className="rounded-lg border border-slate-200 p-3">
                      <p className="text-sm text-ink-muted">
                        {f.lesson_title} · {formatIstDateTime(f.created_at)}
                      </p>
                      <p className="text-ink">{f.text}</p>
                      {f.reply ? (
                        <p className="mt-2 border-l-4 border-brand-300 pl-3 text-ink">{f.reply}</p>
                      ) : (
                        <Badge tone="warn">{t('feedback.unanswered')}</Badge>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </AdminSection>
            <AdminSection title={t('users.notify')}>
              <NotifyForm userId={data.user._id} />
            </AdminSection>
          </>
        ) : null}
      </QueryState>
    </AdminPage>
  );
}
