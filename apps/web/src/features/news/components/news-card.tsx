import { formatNewsDate } from '@exhale/contract/formats';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../../components/ui/safe-html';
import type { NewsItem } from '../api';
import { CardCover } from '../../../components/ui/card-cover';

/** A card on /new-and-media (spec §2 "News & Media"). */
export function NewsCard({ item, priority = false }: { item: NewsItem; priority?: boolean }) {
  const { t } = useTranslation();
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <CardCover src={item.image} priority={priority} />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink-muted">
          <span className="font-semibold text-brand-800">{item.author}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={item.createdAt}>{formatNewsDate(item.createdAt)}</time>
          {item.tag ? (
            <span className="ml-auto rounded-full bg-brand-100 px-3 py-0.5 text-xs font-semibold text-brand-900">
              {item.tag}
            </span>
          ) : null}
        </div>
        <h2 className="text-xl font-bold text-ink">{item.title}</h2>
        <SafeHtml html={item.description} className="flex-1 text-ink-muted" />
        <a
          href={item.link}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-2 inline-flex min-h-11 items-center self-start font-semibold text-brand-800 underline-offset-2 hover:underline"
        >
          {t('news.readMore')}
          <span className="sr-only">
            {': '}
            {item.title} {t('common.opensInNewTab')}
          </span>
        </a>
      </div>
    </article>
  );
}
