import {
  EXPLORE_IMAGE_MAX_SIDE,
  type ExplorePost,
  type ExploreReview,
  type ExploreReviewRequest,
  type ExploreStatus,
} from '@exhale/contract/content';
import { Messages } from '@exhale/contract/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { ExplorePostRow } from '../../db/schema/content';
import { AppError, badRequest, forbidden, rateLimited } from '../../lib/app-error';
import type { DataAccess } from '../../lib/data-access';
import type { Clock } from '../../lib/clock';
import type { Counters } from '../../lib/counters';
import { isUuid } from '../../lib/ids';
import { reencodeImage } from '../../lib/images';
import { languageOf, text } from '../../lib/texts/texts';
import type { AuthContext } from '../../plugins/auth';
import type { ExploreMediaLinks } from './explore-media-links';
import { newStorageKey, type StorageProvider } from '../../providers/storage/storage';
import { notify } from '../notifications/notifications.module';
import type { Outbox } from '../outbox/outbox.service';
import type { UsersRepository } from '../users/users.repository';
import type { ExploreRepository } from './explore.repository';

/** Per member: reviews a minute and uploads an hour, so one account cannot flood the feed. */
export const REVIEW_LIMIT = { max: 10, windowSeconds: 60 } as const;
export const UPLOAD_LIMIT = { max: 20, windowSeconds: 60 * 60 } as const;

const postNotFound = () =>
  new AppError(404, Messages.EXPLORE_POST_NOT_FOUND.code, Messages.EXPLORE_POST_NOT_FOUND.message);

/** Re-encodes a member's picture: at most 1280 px on the long side, WebP, no metadata. */
export function reencodeExploreImage(upload: Buffer): Promise<Buffer> {
  return reencodeImage(upload, (image) =>
    image.resize(EXPLORE_IMAGE_MAX_SIDE, EXPLORE_IMAGE_MAX_SIDE, {
      fit: 'inside',
      withoutEnlargement: true,
    }),
  );
}

/** The repositories ExploreService uses, on the pool or a transaction (its module file builds them). */
export interface ExploreRepositories {
  explore: ExploreRepository;
  users: UsersRepository;
}

/**
 * The community feed (spec §2 "Explore"). Uploads wait for an operator: only approved posts are
 * listed to members, and only approved posts take reviews.
 */
export class ExploreService {
  constructor(
    private readonly deps: {
      db: Database;
      data: DataAccess<ExploreRepositories>;
      storage: StorageProvider;
      counters: Counters;
      clock: Clock;
      outbox: Pick<Outbox, 'deliverSoon'>;
      log: FastifyBaseLogger;
      /** Signs links to pictures not approved (yet): only their author and admins get those. */
      mediaLinks: Pick<ExploreMediaLinks, 'sign'>;
    },
  ) {}

  private toPost(row: ExplorePostRow): ExplorePost {
    return {
      _id: row.id,
      title: row.title,
      image:
        row.status === 'approved'
          ? this.deps.storage.publicUrl(row.image)
          : this.deps.mediaLinks.sign(this.deps.storage.publicUrl(row.image), row.image),
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    };
  }

  private async throttle(key: string, limit: { max: number; windowSeconds: number }) {
    const { count, ttlSeconds } = await this.deps.counters.incr(key, limit.windowSeconds);
    if (count > limit.max) throw rateLimited(ttlSeconds);
  }

  /** Approved posts for members; the moderation queues (pending, rejected) for admins only. */
  async list(auth: AuthContext, status: ExploreStatus): Promise<ExplorePost[]> {
    if (status !== 'approved' && auth.role !== 'admin') throw forbidden();
    const rows = await this.deps.data.repos.explore.listByStatus(status);
    return rows.map((row) => this.toPost(row));
  }

  /** Stores the re-encoded picture and files the post as pending. */
  async upload(
    userId: string,
    input: { image?: Buffer; title: string | null },
  ): Promise<ExplorePost> {
    if (!input.image || input.image.length === 0) {
      throw badRequest(
        Messages.EXPLORE_IMAGE_REQUIRED.code,
        Messages.EXPLORE_IMAGE_REQUIRED.message,
      );
    }
    await this.throttle(`explore-upload:${userId}`, UPLOAD_LIMIT);
    const image = await reencodeExploreImage(input.image);
    const key = newStorageKey('explore', 'webp');
    await this.deps.storage.put(key, image, 'image/webp');
    try {
      const row = await this.deps.data.repos.explore.insertPost({
        userId,
        title: input.title,
        image: key,
      });
      return this.toPost(row);
    } catch (error) {
      await this.deps.storage.delete(key).catch(() => {});
      throw error;
    }
  }

  private async approvedPost(exploreId: string): Promise<ExplorePostRow> {
    if (!isUuid(exploreId)) throw postNotFound();
    const post = await this.deps.data.repos.explore.findById(exploreId);
    if (!post || post.status !== 'approved') throw postNotFound();
    return post;
  }

  async reviews(exploreId: string): Promise<ExploreReview[]> {
    const post = await this.approvedPost(exploreId);
    const rows = await this.deps.data.repos.explore.listVisibleReviews(post.id);
    return rows.map((row) => ({
      _id: row.id,
      explore_id: row.exploreId,
      review: row.review,
      user_id: { name: row.authorName },
      createdAt: row.createdAt.toISOString(),
    }));
  }

  async addReview(auth: AuthContext, input: ExploreReviewRequest): Promise<ExploreReview> {
    await this.throttle(`explore-review:${auth.userId}`, REVIEW_LIMIT);
    const post = await this.approvedPost(input.explore_id);
    const row = await this.deps.data.repos.explore.insertReview({
      exploreId: post.id,
      userId: auth.userId,
      review: input.review,
    });
    const author = await this.deps.data.repos.users.findById(auth.userId);
    return {
      _id: row.id,
      explore_id: row.exploreId,
      review: row.review,
      user_id: { name: author?.name ?? '' },
      createdAt: row.createdAt.toISOString(),
    };
  }

  /**
   * An operator's decision (the admin console calls this). The uploader hears about it in the
   * bell, and by email or WhatsApp as their community settings allow. Deciding the same way twice
   * changes nothing and notifies nobody again.
   */
  async moderateExplorePost(
    postId: string,
    adminId: string,
    status: 'approved' | 'rejected',
  ): Promise<ExplorePost> {
    if (!isUuid(postId)) throw postNotFound();
    const { row, changed } = await this.deps.db.transaction(async (tx) => {
      const repos = this.deps.data.within(tx);
      const repository = repos.explore;
      const post = await repository.lockById(postId);
      if (!post) throw postNotFound();
      if (post.status === status) return { row: post, changed: false };
      const updated = await repository.setStatus(post.id, status, adminId, this.deps.clock.now());
      const language = languageOf((await repos.users.findById(post.userId))?.language);
      const notice = status === 'approved' ? 'notice.postApproved' : 'notice.postRejected';
      await notify(tx, post.userId, {
        topic: 'community',
        language,
        title: text(language, `${notice}.title`),
        message: post.title
          ? text(language, `${notice}.message`, { title: post.title })
          : text(language, `${notice}.messageUntitled`),
      });
      return { row: updated, changed: true };
    });
    if (changed) this.deps.outbox.deliverSoon();
    return this.toPost(row);
  }
}
