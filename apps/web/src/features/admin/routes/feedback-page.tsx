import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { feedbackReplySchema, type AdminFeedback } from '@exhale/contract/admin';
import { useFeedback, useReplyFeedback, type FeedbackStatus } from '../api';
import { AdminPage } from '../components/admin-page';
import { AdminForm, FormTextAreaField, SubmitButton, useAdminForm } from '../components/admin-form';
import { SelectField } from '../components/form-controls';
import { PagedList, usePagedFilter } from '../components/paged-list';
import { formatIstDateTime } from '../format';

function ReplyForm({ item }: { item: AdminFeedback }) {
  const { t } = useTranslation('admin');
  const reply = useReplyFeedback();
  const { form, onSubmit } = useAdminForm({
    schema: feedbackReplySchema,
    defaultValues: { reply: item.reply ?? '' },
    save: (body, handlers) => reply.mutate({ id: item._id, reply: body.reply }, handlers),
    saved: t('feedback.sent'),
  });
  return (
    <AdminForm form={form} onSubmit={onSubmit} className="mt-3 flex flex-col gap-2">
      <FormTextAreaField
        name="reply"
        label={t('feedback.reply', { name: item.user.name })}
        rows={3}
        maxLength={2000}
        required
        hint={t('feedback.replyHint')}
      />
      <div>
        <SubmitButton
          size="sm"
          pending={reply.isPending}
          label={item.reply ? t('feedback.update') : t('feedback.send')}
        />
      </div>
    </AdminForm>
  );
}

export function FeedbackPage() {
  const { t } = useTranslation('admin');
  const status = usePagedFilter<FeedbackStatus>('open');
  const feedback = useFeedback({ page: status.page, status: status.filter });
  return (
    <AdminPage title={t('feedback.heading')} description={t('feedback.intro')}>
      <SelectField
        label={t('feedback.show')}
        value={status.filter}
        onChange={status.setFilter}
        options={(['open', 'replied', 'all'] as const).map((value) => ({
          value,
          label: t(`feedback.filters.${value}`),
        }))}
        className="max-w-xs"
      />
      <PagedList list={feedback} emptyText={t('feedback.empty')} onPage={status.setPage}>
        {(rows) => (
          <ul className="flex flex-col gap-4">
            {rows.map((item) => (
              <li key={item._id} className="rounded-2xl border border-slate-200 bg-white p-4">
                <p className="text-sm text-ink-muted">
                  <Link
                    to={`/admin/users/${item.user._id}`}
                    className="font-semibold text-brand-800 underline"
                  >
                    {item.user.name}
                  </Link>{' '}
                  · {t('feedback.about', { title: item.lesson.title, day: item.lesson.day })} ·{' '}
                  {formatIstDateTime(item.created_at)}
                </p>
                <p className="mt-1 text-ink">{item.text}</p>
                {item.replied_at ? (
                  <p className="mt-1 text-sm text-ink-muted">
                    {t('feedback.repliedAt', { date: formatIstDateTime(item.replied_at) })}
                  </p>
                ) : null}
                <ReplyForm item={item} />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </AdminPage>
  );
}
