import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ExploreStatus } from '@exhale/contract/content';
import type { Executor } from '../../db/client';
import { explorePosts, exploreReviews } from '../../db/schema/content';
import { users } from '../../db/schema/users';

const reviewers = alias(users, 'reviewers');

export class AdminCommunityRepository {
  constructor(private readonly db: Executor) {}

  private postsQuery() {
    return this.db
      .select({
        post: explorePosts,
        userName: users.name,
        userEmail: users.email,
        reviewerId: reviewers.id,
        reviewerName: reviewers.name,
        reviewerEmail: reviewers.email,
        reviews: sql<number>`(SELECT count(*)::int FROM ${exploreReviews} WHERE ${exploreReviews.exploreId} = ${explorePosts.id})`,
      })
      .from(explorePosts)
      .leftJoin(users, eq(users.id, explorePosts.userId))
      .leftJoin(reviewers, eq(reviewers.id, explorePosts.reviewedBy));
  }

  /** One status's posts: the pending queue oldest first (first come, first seen), others newest. */
  async postsPage(input: { status: ExploreStatus; limit: number; offset: number }) {
    const where = eq(explorePosts.status, input.status);
    const order =
      input.status === 'pending'
        ? [sql`${explorePosts.createdAt} asc`, sql`${explorePosts.id} asc`]
        : [desc(explorePosts.createdAt), desc(explorePosts.id)];
    const rows = await this.postsQuery()
      .where(where)
      .orderBy(...order)
      .limit(input.limit)
      .offset(input.offset);
    const [total] = await this.db.select({ n: count() }).from(explorePosts).where(where);
    return { rows, total: total?.n ?? 0 };
  }

  async findPost(id: string) {
    const [row] = await this.postsQuery().where(eq(explorePosts.id, id)).limit(1);
    return row;
  }

  private reviewsQuery() {
    return this.db
      .select({
        review: exploreReviews,
        postTitle: explorePosts.title,
        userName: users.name,
        userEmail: users.email,
      })
      .from(exploreReviews)
      .innerJoin(explorePosts, eq(explorePosts.id, exploreReviews.exploreId))
      .innerJoin(users, eq(users.id, exploreReviews.userId));
  }

  async reviewsPage(input: {
    exploreId?: string;
    hidden?: boolean;
    limit: number;
    offset: number;
  }) {
    const conditions: SQL[] = [];
    if (input.exploreId) conditions.push(eq(exploreReviews.exploreId, input.exploreId));
    if (input.hidden !== undefined) conditions.push(eq(exploreReviews.hidden, input.hidden));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const rows = await this.reviewsQuery()
      .where(where)
      .orderBy(desc(exploreReviews.createdAt), desc(exploreReviews.id))
      .limit(input.limit)
      .offset(input.offset);
    const [total] = await this.db.select({ n: count() }).from(exploreReviews).where(where);
    return { rows, total: total?.n ?? 0 };
  }

  async findReview(id: string) {
    const [row] = await this.reviewsQuery().where(eq(exploreReviews.id, id)).limit(1);
    return row;
  }

  async setReviewHidden(id: string, hidden: boolean) {
    await this.db.update(exploreReviews).set({ hidden }).where(eq(exploreReviews.id, id));
  }
}

export type PostListRow = NonNullable<Awaited<ReturnType<AdminCommunityRepository['findPost']>>>;
export type ReviewListRow = NonNullable<
  Awaited<ReturnType<AdminCommunityRepository['findReview']>>
>;
