import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { CameraIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/loader';
import { PageMeta } from '../../../lib/head';
import { useExplorePosts } from '../api';
import { ExploreCard } from '../components/explore-card';
import { PostComposer, UploadButton } from '../components/upload-control';

/** /explore (spec §2 "Explore"): members' approved pictures and their reviews. */
export function ExplorePage() {
  const { t } = useTranslation();
  const posts = useExplorePosts();
  const fileInput = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const done = useCallback(() => {
    setChosen(null);
    setSending(false);
  }, []);

  useEffect(() => {
    if (posts.error) console.error('Error fetching explore posts', posts.error);
  }, [posts.error]);

  const list = posts.data ?? [];
  return (
    <>
      <PageMeta title={t('explore.metaTitle')} />
      {/* The width and padding of the top bar, so the heading lines up with the logo (decision 048). */}
      <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-10">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h1 className="text-3xl font-bold text-brand-900">{t('explore.title')}</h1>
          <UploadButton fileInput={fileInput} onChoose={setChosen} busy={sending} />
        </div>
        {chosen ? (
          <PostComposer
            key={`${chosen.name}-${chosen.lastModified}-${chosen.size}`}
            file={chosen}
            onDone={done}
            onPendingChange={setSending}
          />
        ) : null}
        {posts.isPending ? (
          <div
            role="status"
            className="flex items-center justify-center gap-3 py-16 text-ink-muted"
          >
            <Spinner className="size-6" />
            {t('explore.loading')}
          </div>
        ) : posts.isError ? (
          <p className="py-16 text-center text-lg text-ink-muted">{t('explore.empty')}</p>
        ) : list.length === 0 ? (
          <div className="mx-auto mt-10 flex max-w-xl flex-col items-center gap-4 rounded-2xl border border-dashed border-brand-300 bg-white px-6 py-12 text-center">
            <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-800">
              <CameraIcon className="size-7" />
            </span>
            <h2 className="text-2xl font-bold text-ink">{t('explore.firstTitle')}</h2>
            <p className="text-lg text-ink-muted">{t('explore.firstText')}</p>
            {chosen ? null : (
              <Button variant="secondary" onClick={() => fileInput.current?.click()}>
                {t('explore.firstAction')}
              </Button>
            )}
          </div>
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
    </>
  );
}
