import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { blogs, newsItems } from '../../db/schema/content';

export type NewBlog = typeof blogs.$inferInsert;
export type NewNewsItem = typeof newsItems.$inferInsert;

/** How much of each article the list reads: enough for an excerpt, not the whole text. */
const EXCERPT_SOURCE_LENGTH = 2000;

const summaryColumns = {
  id: blogs.id,
  image: blogs.image,
  title: blogs.title,
  slug: blogs.slug,
  metaTitle: blogs.metaTitle,
  metaDescription: blogs.metaDescription,
  publishedAt: blogs.publishedAt,
  createdAt: blogs.createdAt,
  contentStart: sql<string>`left(${blogs.content}, ${EXCERPT_SOURCE_LENGTH})`,
};

export class ContentRepository {
  constructor(private readonly db: Executor) {}

  /** Published posts, newest first (by publication, then creation). */
  listPublishedBlogs(limit = 100) {
    return this.db
      .select(summaryColumns)
      .from(blogs)
      .where(eq(blogs.published, true))
      .orderBy(sql`${blogs.publishedAt} desc nulls last`, desc(blogs.createdAt), desc(blogs.id))
      .limit(limit);
  }

  async findPublishedBlog(id: string) {
    const [row] = await this.db
      .select()
      .from(blogs)
      .where(and(eq(blogs.id, id), eq(blogs.published, true)));
    return row;
  }

  async insertBlog(values: NewBlog) {
    const [row] = await this.db.insert(blogs).values(values).returning();
    return row!;
  }

  listNews(limit = 100) {
    return this.db
      .select()
      .from(newsItems)
      .where(eq(newsItems.published, true))
      .orderBy(desc(newsItems.createdAt), desc(newsItems.id))
      .limit(limit);
  }

  async insertNews(values: NewNewsItem) {
    const [row] = await this.db.insert(newsItems).values(values).returning();
    return row!;
  }
}
