import { formatNewsDate, truncateBlogTitle } from '@exhale/contract/formats';
import { Link } from 'react-router';
import type { BlogSummary } from '../api';

/** A card on /blog (spec §2 "Blogs list"); the whole card opens the post. */
export function BlogCard({ blog, priority = false }: { blog: BlogSummary; priority?: boolean }) {
  const shortTitle = truncateBlogTitle(blog.title);
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      {blog.image ? (
        <img
          src={blog.image}
          alt=""
          width={800}
          height={450}
          // The first card is on the first screen, where its picture is the largest thing: fetch
          // it at once and first. The others wait until they are scrolled near.
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          className="aspect-video w-full bg-brand-50 object-cover"
        />
      ) : (
        <div className="aspect-video w-full bg-brand-100" aria-hidden="true" />
      )}
      <div className="flex flex-1 flex-col gap-2 p-5">
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-ink-muted">
          <span className="font-semibold text-brand-800">{blog.slug}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={blog.createdAt}>{formatNewsDate(blog.createdAt)}</time>
        </p>
        <h2 className="text-xl font-bold text-ink">
          <Link
            to={`/blog/${blog._id}`}
            title={shortTitle === blog.title ? undefined : blog.title}
            // The stretched link makes the whole card clickable while the name stays the title.
            className="after:absolute after:inset-0 after:content-[''] hover:underline"
          >
            <span aria-hidden={shortTitle !== blog.title}>{shortTitle}</span>
            {shortTitle === blog.title ? null : <span className="sr-only">{blog.title}</span>}
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
