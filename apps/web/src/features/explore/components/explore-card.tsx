import { useTranslation } from 'react-i18next';
import type { ExplorePost } from '../api';
import { ReviewSection } from './review-section';

/** One approved post: the picture, its title, and its reviews. */
export function ExploreCard({ post, index }: { post: ExplorePost; index: number }) {
  const { t } = useTranslation();
  const label = post.title ?? t('explore.untitled', { number: index + 1 });
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <img
        src={post.image}
        alt={post.title ?? t('explore.imageAlt')}
        width={640}
        height={480}
        // The first card is on the first screen: its picture loads at once and first.
        loading={index === 0 ? 'eager' : 'lazy'}
        fetchPriority={index === 0 ? 'high' : undefined}
        decoding="async"
        className="aspect-[4/3] w-full bg-brand-50 object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-4">
        {post.title ? (
          <h2 className="text-lg font-bold break-words text-ink">{post.title}</h2>
        ) : null}
        <ReviewSection exploreId={post._id} postLabel={label} />
      </div>
    </article>
  );
}
