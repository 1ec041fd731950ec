import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/loader';
import { usePageMeta } from '../../../lib/head';
import { useExplorePosts } from '../api';
import { ExploreCard } from '../components/explore-card';
import { UploadControl } from '../components/upload-control';

/** /explore (spec §2 "Explore"): members' approved pictures and their reviews. */
export function ExplorePage() {
  const { t } = useTranslation();
  const posts = useExplorePosts();
  usePageMeta(t('explore.metaTitle'));

  useEffect(() => {
    if (posts.error) console.error('Error fetching explore posts', posts.error);
  }, [posts.error]);

  const list = posts.data ?? [];
  return (
    <section className="mx-auto w-full max-w-[96rem] px-4 py-8 sm:py-10">
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <h1 className="text-3xl font-bold text-brand-900">{t('explore.title')}</h1>
        <UploadControl />
      </div>
      {posts.isPending ? (
        <div role="status" className="flex items-center justify-center gap-3 py-16 text-ink-muted">
          <Spinner className="size-6" />
          {t('explore.loading')}
        </div>
      ) : posts.isError || list.length === 0 ? (
        <p className="py-16 text-center text-lg text-ink-muted">{t('explore.empty')}</p>
      ) : (
        <ul className="mt-8 grid grid-cols-1 gap-5 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
          {list.map((post, index) => (
            <li key={post._id}>
              <ExploreCard post={post} index={index} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
