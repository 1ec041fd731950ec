import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/ui/loader';
import { PageMeta } from '../../../lib/head';
import { useNews } from '../api';
import { NewsCard } from '../components/news-card';

/** /new-and-media (spec §2 "News & Media"). */
export function NewsPage() {
  const { t } = useTranslation();
  const news = useNews();

  useEffect(() => {
    // Spec §8: a failed news fetch is only logged; the page reads as empty.
    if (news.error) console.error('Error fetching news and media', news.error);
  }, [news.error]);

  return (
    <>
      <PageMeta title={t('news.metaTitle')} description={t('news.metaDescription')} />
      <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12">
        <h1 className="text-3xl font-bold text-brand-900 sm:text-4xl">{t('news.title')}</h1>
        <p className="mt-2 max-w-2xl text-lg text-ink-muted">{t('news.lead')}</p>
        {news.isPending ? (
          // A screen tall, so the footer does not show up and then jump away when the list arrives.
          <div className="min-h-dvh">
            <PageLoader />
          </div>
        ) : (news.data ?? []).length === 0 ? (
          <p className="py-16 text-center text-lg text-ink-muted">{t('news.empty')}</p>
        ) : (
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {news.data!.map((item, index) => (
              <li key={item._id}>
                <NewsCard item={item} priority={index === 0} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
