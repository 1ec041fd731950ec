import type { Blog, BlogSummary, NewsItem } from '@exhale/contract/content';
import { Messages } from '@exhale/contract/messages';
import type { BlogRow, NewsItemRow } from '../../db/schema/content';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { DataAccess } from '../../lib/data-access';
import { textExcerpt } from '../../lib/html-text';
import { isUuid } from '../../lib/ids';
import { sanitizeHtml } from '../../lib/sanitize-html';
import { TtlCache } from '../../lib/ttl-cache';
import type { ContentRepository, NewBlog, NewNewsItem } from './content.repository';

/** How long a process reuses a public list before reading it again. */
export const CONTENT_CACHE_TTL_MS = 30_000;

const blogNotFound = () =>
  new AppError(404, Messages.BLOG_NOT_FOUND.code, Messages.BLOG_NOT_FOUND.message);

/** Editors' HTML is cleaned before it is stored (ARCHITECTURE §5): reads never sanitise. */
export function blogValues(input: NewBlog): NewBlog {
  return { ...input, content: sanitizeHtml(input.content ?? '') };
}

export function newsValues(input: NewNewsItem): NewNewsItem {
  return { ...input, description: sanitizeHtml(input.description ?? '') };
}

/** What the public content reads and the seed writes (content.module.ts builds them). */
export interface ContentRepositories {
  content: Pick<
    ContentRepository,
    'listPublishedBlogs' | 'findPublishedBlog' | 'listNews' | 'insertBlog' | 'insertNews'
  >;
}

type BlogSummaryRow = Awaited<ReturnType<ContentRepository['listPublishedBlogs']>>[number];

/**
 * Blogs and news for every visitor. The lists change rarely and are read on every visit, so each
 * process keeps them for `CONTENT_CACHE_TTL_MS`; writes through this service clear the cache.
 */
export class ContentService {
  private readonly blogLists: TtlCache<BlogSummary[]>;
  private readonly blogPosts: TtlCache<Blog | null>;
  private readonly newsLists: TtlCache<NewsItem[]>;

  constructor(
    private readonly deps: {
      data: DataAccess<ContentRepositories>;
      clock: Clock;
      /** Resolves a stored image (storage key or URL) to the URL a browser loads. */
      mediaUrl: (value: string) => string;
    },
  ) {
    this.blogLists = new TtlCache(CONTENT_CACHE_TTL_MS, deps.clock);
    this.blogPosts = new TtlCache(CONTENT_CACHE_TTL_MS, deps.clock);
    this.newsLists = new TtlCache(CONTENT_CACHE_TTL_MS, deps.clock);
  }

  private repository() {
    return this.deps.data.repos.content;
  }

  private image(value: string | null): string | null {
    return value ? this.deps.mediaUrl(value) : null;
  }

  private toSummary(row: BlogSummaryRow): BlogSummary {
    return {
      _id: row.id,
      image: this.image(row.image),
      title: row.title,
      slug: row.slug,
      createdAt: row.createdAt.toISOString(),
      published_at: row.publishedAt ? row.publishedAt.toISOString() : null,
      meta_title: row.metaTitle,
      meta_description: row.metaDescription,
      excerpt: textExcerpt(row.contentStart),
    };
  }

  private toBlog(row: BlogRow): Blog {
    return {
      ...this.toSummary({ ...row, contentStart: row.content }),
      content: row.content,
    };
  }

  private toNews(row: NewsItemRow): NewsItem {
    return {
      _id: row.id,
      image: this.image(row.image),
      title: row.title,
      author: row.author,
      createdAt: row.createdAt.toISOString(),
      tag: row.tag,
      description: row.description,
      link: row.link,
    };
  }

  listBlogs(): Promise<BlogSummary[]> {
    return this.blogLists.get('all', async () =>
      (await this.repository().listPublishedBlogs()).map((row) => this.toSummary(row)),
    );
  }

  async getBlog(id: string): Promise<Blog> {
    if (!isUuid(id)) throw blogNotFound();
    const blog = await this.blogPosts.get(id.toLowerCase(), async () => {
      const row = await this.repository().findPublishedBlog(id);
      return row ? this.toBlog(row) : null;
    });
    if (!blog) throw blogNotFound();
    return blog;
  }

  listNews(): Promise<NewsItem[]> {
    return this.newsLists.get('all', async () =>
      (await this.repository().listNews()).map((row) => this.toNews(row)),
    );
  }

  /** Forgets the lists and posts read so far (an operator changed them). */
  clearCaches(): void {
    this.blogLists.clear();
    this.blogPosts.clear();
    this.newsLists.clear();
  }

  /** For the admin console and the seed: stores a post with its HTML sanitised. */
  async createBlog(input: NewBlog): Promise<Blog> {
    const row = await this.repository().insertBlog(blogValues(input));
    this.blogLists.clear();
    this.blogPosts.clear();
    return this.toBlog(row);
  }

  async createNews(input: NewNewsItem): Promise<NewsItem> {
    const row = await this.repository().insertNews(newsValues(input));
    this.newsLists.clear();
    return this.toNews(row);
  }
}
