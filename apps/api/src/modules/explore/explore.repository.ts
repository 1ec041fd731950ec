import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { explorePosts, exploreReviews, type ExplorePostRow } from '../../db/schema/content';
import { users } from '../../db/schema/users';

export type ExploreStatusValue = ExplorePostRow['status'];

export class ExploreRepository {
  constructor(private readonly db: Executor) {}

  async insertPost(values: { userId: string; title: string | null; image: string }) {
    const [row] = await this.db.insert(explorePosts).values(values).returning();
    return row!;
  }

  /** Newest first; the feed shows the latest posts only. */
  listByStatus(status: ExploreStatusValue, limit = 200) {
    return this.db
      .select()
      .from(explorePosts)
      .where(eq(explorePosts.status, status))
      .orderBy(desc(explorePosts.createdAt), desc(explorePosts.id))
      .limit(limit);
  }

  async findById(id: string) {
    const [row] = await this.db.select().from(explorePosts).where(eq(explorePosts.id, id));
    return row;
  }

  /** The moderation status of the post whose picture is stored under `key`, if any. */
  async statusOfImage(key: string) {
    const [row] = await this.db
      .select({ status: explorePosts.status })
      .from(explorePosts)
      .where(eq(explorePosts.image, key))
      .limit(1);
    return row?.status;
  }

  async lockById(id: string) {
    const [row] = await this.db
      .select()
      .from(explorePosts)
      .where(eq(explorePosts.id, id))
      .for('update');
    return row;
  }

  async setStatus(id: string, status: ExploreStatusValue, reviewedBy: string, reviewedAt: Date) {
    const [row] = await this.db
      .update(explorePosts)
      .set({ status, reviewedBy, reviewedAt })
      .where(eq(explorePosts.id, id))
      .returning();
    return row!;
  }

  /** Removes every post of a user and answers their image keys, so the files can go too. */
  async deleteAllOfUser(userId: string): Promise<string[]> {
    const rows = await this.db
      .delete(explorePosts)
      .where(eq(explorePosts.userId, userId))
      .returning({ image: explorePosts.image });
    return rows.map((row) => row.image);
  }

  /** Visible reviews of a post with their authors' names, newest first. */
  listVisibleReviews(exploreId: string, limit = 200) {
    return this.db
      .select({
        id: exploreReviews.id,
        exploreId: exploreReviews.exploreId,
        review: exploreReviews.review,
        createdAt: exploreReviews.createdAt,
        authorName: users.name,
      })
      .from(exploreReviews)
      .innerJoin(users, eq(users.id, exploreReviews.userId))
      .where(and(eq(exploreReviews.exploreId, exploreId), eq(exploreReviews.hidden, false)))
      .orderBy(desc(exploreReviews.createdAt), desc(exploreReviews.id))
      .limit(limit);
  }

  async insertReview(values: { exploreId: string; userId: string; review: string }) {
    const [row] = await this.db.insert(exploreReviews).values(values).returning();
    return row!;
  }
}
