import { formatNewsDate, isAddressSlug } from '@exhale/contract/formats';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeftIcon } from '../../../components/ui/icons';
import { PageLoader } from '../../../components/ui/loader';
import { SafeHtml } from '../../../components/ui/safe-html';
import { PageMeta } from '../../../lib/head';
import { useBlog } from '../api';

/** /blog/:id (spec §2 "Blog detail"). */
export function BlogDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const blog = useBlog(id);
  const post = blog.data;

  useEffect(() => {
    if (blog.error) console.error('Error fetching blog', blog.error);
  }, [blog.error]);

  const back = (
    <Link
      to="/blog"
      className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-800 underline-offset-2 hover:underline"
    >
      <ArrowLeftIcon className="size-5" />
      {t('blog.back')}
    </Link>
  );

  if (blog.isPending) return <PageLoader />;
  if (!post) {
    return (
      <section className="mx-auto w-full max-w-3xl px-4 py-16 text-center">
        <PageMeta title={t('blog.notFound')} />
        <h1 className="text-2xl font-bold text-brand-900">{t('blog.notFound')}</h1>
        <div className="mt-6">{back}</div>
      </section>
    );
  }

  const published = post.published_at ?? post.createdAt;
  return (
    <>
      <PageMeta
        title={post.meta_title || post.title}
        description={post.meta_description || undefined}
        // A shared link previews the post itself: its own title and its header picture.
        share={{ title: post.title, image: post.image, type: 'article' }}
      />
      <article className="w-full">
        <header className="relative isolate overflow-hidden bg-brand-900">
          {post.image ? (
            <img
              src={post.image}
              alt=""
              width={800}
              height={450}
              // The post's header picture: the largest thing on the first screen.
              fetchPriority="high"
              className="absolute inset-0 -z-10 size-full object-cover"
            />
          ) : null}
          {/* A dark veil keeps the white overlay text readable on any picture. */}
          <div className="absolute inset-0 -z-10 bg-black/60" aria-hidden="true" />
          <div className="mx-auto flex min-h-64 max-w-4xl flex-col justify-end gap-3 px-4 py-10 text-white sm:min-h-80">
            <p className="text-3xl font-extrabold break-words sm:text-5xl">
              {/* The slug is the banner title (spec §2) unless it is only an address (decision 047). */}
              {isAddressSlug(post.slug) ? post.meta_title || post.title : post.slug}
            </p>
            {post.meta_description ? (
              <p className="max-w-2xl text-lg text-white">{post.meta_description}</p>
            ) : null}
          </div>
        </header>
        <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
          {back}
          <h1 className="mt-4 text-3xl font-bold text-brand-900 sm:text-4xl">{post.title}</h1>
          <p className="mt-2 text-ink-muted">
            {t('blog.published')} <time dateTime={published}>{formatNewsDate(published)}</time>
          </p>
          <SafeHtml
            html={post.content}
            className="mt-6 text-lg leading-relaxed text-ink [&_h2]:mt-8 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-brand-900 [&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-semibold [&_p]:mt-4"
          />
        </div>
      </article>
    </>
  );
}
