import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/ui/loader';
import { PageMeta } from '../../../lib/head';
import { useBlogs } from '../api';
import { BlogCard } from '../components/blog-card';

/** /blog (spec §2 "Blogs list"). */
export function BlogListPage() {
  const { t } = useTranslation();
  const blogs = useBlogs();

  useEffect(() => {
    // Spec §8: a failed blog fetch is only logged; the page reads as empty.
    if (blogs.error) console.error('Error fetching blogs', blogs.error);
  }, [blogs.error]);

  return (
    <>
      <PageMeta title={t('blog.metaTitle')} description={t('blog.metaDescription')} />
      <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12">
        <h1 className="text-3xl font-bold text-brand-900 sm:text-4xl">{t('blog.title')}</h1>
        <p className="mt-2 max-w-2xl text-lg text-ink-muted">{t('blog.lead')}</p>
        {blogs.isPending ? (
          // A screen tall, so the footer does not show up and then jump away when the list arrives.
          <div className="min-h-dvh">
            <PageLoader />
          </div>
        ) : (blogs.data ?? []).length === 0 ? (
          <p className="py-16 text-center text-lg text-ink-muted">{t('blog.empty')}</p>
        ) : (
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {blogs.data!.map((blog, index) => (
              <li key={blog._id}>
                <BlogCard blog={blog} priority={index === 0} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
