import { useTranslation } from 'react-i18next';
import { EXPLORE_STATUSES, type ExploreStatus } from '@exhale/contract/content';
import { Button } from '../../../components/ui/button';
import { handleApiError } from '../../../lib/api';
import { notify } from '../../../lib/toast';
import { useExploreQueue, useModeratePost, useReviews, useSetReviewHidden } from '../api';
import { AdminPage, AdminSection } from '../components/admin-page';
import { Badge, Cell } from '../components/data-table';
import { SelectField } from '../components/form-controls';
import { PagedList, PagedTable, usePagedFilter } from '../components/paged-list';
import { formatIstDateTime } from '../format';

function PostQueue() {
  const { t } = useTranslation('admin');
  const status = usePagedFilter<ExploreStatus>('pending');
  const queue = useExploreQueue({ page: status.page, status: status.filter });
  const moderate = useModeratePost();

  const decide = (id: string, decision: 'approve' | 'reject') =>
    moderate.mutate(
      { id, decision },
      {
        onSuccess: () =>
          notify.success(decision === 'approve' ? t('explore.approved') : t('explore.rejected')),
        onError: (error) => handleApiError(error, 'common.genericError'),
      },
    );

  return (
    <AdminSection
      title={t('explore.posts')}
      actions={
        <SelectField
          label={t('explore.filter')}
          value={status.filter}
          onChange={status.setFilter}
          options={EXPLORE_STATUSES.map((value) => ({
            value,
            label: t(`explore.statuses.${value}`),
          }))}
        />
      }
    >
      <PagedList list={queue} emptyText={t('explore.empty')} onPage={status.setPage}>
        {(posts) => (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {posts.map((post) => (
              <li
                key={post._id}
                className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white"
              >
                <img
                  src={post.image}
                  alt={
                    post.title
                      ? t('explore.imageOf', { title: post.title })
                      : t('explore.untitledImage')
                  }
                  width={400}
                  height={400}
                  className="aspect-square w-full bg-slate-100 object-cover"
                  loading="lazy"
                  decoding="async"
                />
                <div className="flex flex-1 flex-col gap-2 p-3">
                  <p className="font-semibold text-ink">{post.title ?? t('explore.untitled')}</p>
                  <p className="text-sm text-ink-muted">
                    {t('explore.by', {
                      name: post.user?.name ?? t('explore.unknown'),
                      date: formatIstDateTime(post.created_at),
                    })}
                  </p>
                  {post.reviewed_by ? (
                    <p className="text-xs text-ink-muted">
                      {t('explore.decidedBy', {
                        name: post.reviewed_by.name,
                        date: formatIstDateTime(post.reviewed_at),
                      })}
                    </p>
                  ) : null}
                  <div className="mt-auto flex flex-wrap gap-2">
                    {post.status !== 'approved' ? (
                      <Button
                        size="sm"
                        disabled={moderate.isPending}
                        onClick={() => decide(post._id, 'approve')}
                        aria-label={t('explore.approveNamed', {
                          title: post.title ?? t('explore.untitled'),
                        })}
                      >
                        {t('explore.approve')}
                      </Button>
                    ) : null}
                    {post.status !== 'rejected' ? (
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={moderate.isPending}
                        onClick={() => decide(post._id, 'reject')}
                        aria-label={t('explore.rejectNamed', {
                          title: post.title ?? t('explore.untitled'),
                        })}
                      >
                        {t('explore.reject')}
                      </Button>
                    ) : null}
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </AdminSection>
  );
}

function ReviewList() {
  const { t } = useTranslation('admin');
  const hidden = usePagedFilter<'' | 'true' | 'false'>('');
  const reviews = useReviews({ page: hidden.page, hidden: hidden.filter || undefined });
  const setHidden = useSetReviewHidden();
  return (
    <AdminSection
      title={t('explore.reviews')}
      actions={
        <SelectField
          label={t('explore.filter')}
          value={hidden.filter}
          onChange={hidden.setFilter}
          options={[
            { value: '' as const, label: t('explore.allReviews') },
            { value: 'false' as const, label: t('explore.visibleReviews') },
            { value: 'true' as const, label: t('explore.hiddenReviews') },
          ]}
        />
      }
    >
      <PagedTable
        list={reviews}
        emptyText={t('explore.noReviews')}
        onPage={hidden.setPage}
        caption={t('explore.reviews')}
        head={[
          t('explore.review'),
          t('explore.author'),
          t('explore.post'),
          t('explore.when'),
          t('explore.visibility'),
          t('common.actions'),
        ]}
        row={(review) => (
          <tr key={review._id}>
            <Cell className="max-w-md">{review.review}</Cell>
            <Cell>{review.user.name}</Cell>
            <Cell>{review.post_title ?? t('explore.untitled')}</Cell>
            <Cell>{formatIstDateTime(review.created_at)}</Cell>
            <Cell>
              {review.hidden ? (
                <Badge tone="bad">{t('explore.hidden')}</Badge>
              ) : (
                <Badge tone="good">{t('explore.visible')}</Badge>
              )}
            </Cell>
            <Cell>
              <Button
                variant={review.hidden ? 'secondary' : 'ghost'}
                size="sm"
                disabled={setHidden.isPending}
                onClick={() =>
                  setHidden.mutate(
                    { id: review._id, hidden: !review.hidden },
                    {
                      onSuccess: () =>
                        notify.success(
                          review.hidden ? t('explore.shownToast') : t('explore.hiddenToast'),
                        ),
                      onError: (error) => handleApiError(error, 'common.genericError'),
                    },
                  )
                }
              >
                {review.hidden ? t('explore.unhide') : t('explore.hide')}
              </Button>
            </Cell>
          </tr>
        )}
      />
    </AdminSection>
  );
}

export function ExplorePage() {
  const { t } = useTranslation('admin');
  return (
    <AdminPage title={t('explore.heading')} description={t('explore.intro')}>
      <PostQueue />
      <ReviewList />
    </AdminPage>
  );
}
