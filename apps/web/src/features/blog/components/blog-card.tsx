import { formatNewsDate, isAddressSlug, truncateBlogTitle } from '@exhale/contract/formats';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { brand } from '@exhale/contract/brand';
import type { BlogSummary } from '../api';
import { CardCover } from '../../../components/ui/card-cover';

/** A card on /blog (spec §2 "Blogs list"); the whole card opens the post. */
export function BlogCard({ blog, priority = false }: { blog: BlogSummary; priority?: boolean }) {
  const { t } = useTranslation();
  const shortTitle = truncateBlogTitle(blog.title);
  const truncated = shortTitle !== blog.title;
  // The slug is the author label (spec §2) unless it is only the post's address (decision 047).
  const byline = isAddressSlug(blog.slug) ? t('blog.team', { name: brand.name }) : blog.slug;
  return (
    // A container: the title is cut to 28 characters on narrow cards only (decision 047).
    <article className="@container relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <CardCover src={blog.image} priority={priority} />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-ink-muted">
          <span className="font-semibold text-brand-800">{byline}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={blog.createdAt}>{formatNewsDate(blog.createdAt)}</time>
        </p>
        <h2 className="text-xl font-bold text-ink">
          <Link
            to={`/blog/${blog._id}`}
            // The stretched link makes the whole card clickable while the name stays the title.
            className="after:absolute after:inset-0 after:content-[''] hover:underline"
          >
            {truncated ? (
              <>
                {/* Narrow cards: the spec's 28 characters and '...'; wide ones: the whole title. */}
                <span aria-hidden="true" className="@xs:hidden">
                  {shortTitle}
                </span>
                <span className="sr-only @xs:not-sr-only">{blog.title}</span>
              </>
            ) : (
              blog.title
            )}
          </Link>
        </h2>
        {blog.meta_description ? (
          <p className="font-medium text-ink">{blog.meta_description}</p>
        ) : null}
        <p className="line-clamp-3 text-ink-muted">{blog.excerpt}</p>
      </div>
    </article>
  );
}
