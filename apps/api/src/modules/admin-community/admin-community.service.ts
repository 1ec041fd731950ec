import type { ExploreMediaLinks } from '../explore/explore-media-links';
import type { AdminExplorePost, AdminReview } from '@exhale/contract/admin';
import type { ExploreStatus } from '@exhale/contract/content';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { DataAccess } from '../../lib/data-access';
import { isUuid } from '../../lib/ids';
import type { StorageProvider } from '../../providers/storage/storage';
import type { AdminActor, AuditLog } from '../admin-audit/audit';
import type { ExploreService } from '../explore/explore.service';
import {
  type AdminCommunityRepository,
  type PostListRow,
  type ReviewListRow,
} from './admin-community.repository';

const person = (id: string | null, name: string | null, email: string | null) =>
  id && email !== null ? { _id: id, name: name ?? '', email } : null;

/** The repositories AdminCommunityService uses, on the pool or a transaction (its module file builds them). */
export interface AdminCommunityRepositories {
  adminCommunity: AdminCommunityRepository;
}

/**
 * The Explore moderation queue and review moderation. Deciding on a post is the explore module's
 * own `moderateExplorePost` (it notifies the uploader); this service adds the queue views and the
 * audit record.
 */
export class AdminCommunityService {
  constructor(
    private readonly deps: {
      db: Database;
      data: DataAccess<AdminCommunityRepositories>;
      audit: AuditLog;
      storage: Pick<StorageProvider, 'publicUrl'>;
      explore: Pick<ExploreService, 'moderateExplorePost'>;
      /** A picture not approved (yet) is served only through a signed link. */
      mediaLinks: Pick<ExploreMediaLinks, 'sign'>;
    },
  ) {}

  private get repository() {
    return this.deps.data.repos.adminCommunity;
  }

  toPost(row: PostListRow): AdminExplorePost {
    const { post } = row;
    return {
      _id: post.id,
      title: post.title,
      image:
        post.status === 'approved'
          ? this.deps.storage.publicUrl(post.image)
          : this.deps.mediaLinks.sign(this.deps.storage.publicUrl(post.image), post.image),
      status: post.status,
      created_at: post.createdAt.toISOString(),
      reviewed_at: post.reviewedAt ? post.reviewedAt.toISOString() : null,
      user: person(post.userId, row.userName, row.userEmail),
      reviewed_by: person(row.reviewerId, row.reviewerName, row.reviewerEmail),
      reviews: Number(row.reviews),
    };
  }

  toReview(row: ReviewListRow): AdminReview {
    return {
      _id: row.review.id,
      explore_id: row.review.exploreId,
      post_title: row.postTitle,
      review: row.review.review,
      hidden: row.review.hidden,
      created_at: row.review.createdAt.toISOString(),
      user: { _id: row.review.userId, name: row.userName, email: row.userEmail },
    };
  }

  async postsPage(query: { status: ExploreStatus; page: number; page_size: number }) {
    const { rows, total } = await this.repository.postsPage({
      status: query.status,
      limit: query.page_size,
      offset: (query.page - 1) * query.page_size,
    });
    return {
      data: rows.map((row) => this.toPost(row)),
      total,
      page: query.page,
      page_size: query.page_size,
    };
  }

  async moderate(
    actor: AdminActor,
    id: string,
    status: 'approved' | 'rejected',
  ): Promise<AdminExplorePost> {
    const before = isUuid(id) ? await this.repository.findPost(id) : undefined;
    await this.deps.explore.moderateExplorePost(id, actor.id, status);
    const after = (await this.repository.findPost(id))!;
    await this.deps.db.transaction((tx) =>
      this.deps.audit.record(
        tx,
        actor,
        status === 'approved' ? 'approve' : 'reject',
        'explore_post',
        id,
        before ? { status: before.post.status } : null,
        { status: after.post.status },
      ),
    );
    return this.toPost(after);
  }

  async reviewsPage(query: {
    explore_id?: string;
    hidden?: 'true' | 'false';
    page: number;
    page_size: number;
  }) {
    const exploreId = query.explore_id && isUuid(query.explore_id) ? query.explore_id : undefined;
    if (query.explore_id && !exploreId) {
      return { data: [], total: 0, page: query.page, page_size: query.page_size };
    }
    const { rows, total } = await this.repository.reviewsPage({
      exploreId,
      hidden: query.hidden === undefined ? undefined : query.hidden === 'true',
      limit: query.page_size,
      offset: (query.page - 1) * query.page_size,
    });
    return {
      data: rows.map((row) => this.toReview(row)),
      total,
      page: query.page,
      page_size: query.page_size,
    };
  }

  /** Hides an abusive review from members (or shows it again); nothing is deleted. */
  async setReviewHidden(actor: AdminActor, id: string, hidden: boolean): Promise<AdminReview> {
    if (!isUuid(id)) throw notFound('Review not found.');
    const row = await this.deps.audit.write(
      actor,
      { action: hidden ? 'hide' : 'show', entity: 'explore_review' },
      async (tx) => {
        const repository = this.deps.data.within(tx).adminCommunity;
        const current = await repository.findReview(id);
        if (!current) throw notFound('Review not found.');
        await repository.setReviewHidden(id, hidden);
        const updated = (await repository.findReview(id))!;
        return {
          entityId: id,
          before: { hidden: current.review.hidden, review: current.review.review },
          after: { hidden },
          result: updated,
        };
      },
    );
    return this.toReview(row);
  }
}
