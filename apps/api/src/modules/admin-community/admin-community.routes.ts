import {
  adminExplorePageSchema,
  adminExplorePostResponseSchema,
  adminExploreQuerySchema,
  adminReviewResponseSchema,
  adminReviewsPageSchema,
  adminReviewsQuerySchema,
  reviewVisibilitySchema,
} from '@exhale/contract/admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth, errorResponses } from '../../lib/http-schemas';
import { adminActor } from '../admin-console/admin-actor';
import { createExploreService } from '../explore/explore.module';
import { createAdminCommunityService } from './admin-community.module';

const idParams = z.object({ id: z.string() });
const base = { tags: ['admin'], security: bearerAuth };

/** The Explore moderation queue and hiding abusive reviews. */
export async function adminCommunityRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const community = createAdminCommunityService({
    db: app.db,
    storage: app.storage,
    mediaLinks: app.exploreMedia,
    explore: createExploreService({
      db: app.db,
      storage: app.storage,
      counters: app.counters,
      clock: app.clock,
      outbox: app.outbox,
      log: app.log,
      mediaLinks: app.exploreMedia,
    }),
  });

  typed.get(
    '/explore',
    {
      schema: {
        ...base,
        summary: 'Explore posts of one status with their uploader (pending: oldest first)',
        querystring: adminExploreQuerySchema,
        response: { 200: adminExplorePageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await community.postsPage(request.query)),
    }),
  );

  for (const decision of ['approve', 'reject'] as const) {
    typed.post(
      `/explore/:id/${decision}`,
      {
        schema: {
          ...base,
          summary:
            decision === 'approve'
              ? 'Approve an Explore post: it appears in the feed; the uploader is told'
              : 'Reject an Explore post: it stays hidden; the uploader is told',
          params: idParams,
          response: { 200: adminExplorePostResponseSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await community.moderate(
          adminActor(request),
          request.params.id,
          decision === 'approve' ? 'approved' : 'rejected',
        ),
      }),
    );
  }

  typed.get(
    '/explore-reviews',
    {
      schema: {
        ...base,
        summary: 'Reviews, newest first, hidden ones included (optionally of one post)',
        querystring: adminReviewsQuerySchema,
        response: { 200: adminReviewsPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await community.reviewsPage(request.query)),
    }),
  );

  typed.put(
    '/explore-reviews/:id',
    {
      schema: {
        ...base,
        summary: 'Hide an abusive review from members, or show it again',
        params: idParams,
        body: reviewVisibilitySchema,
        response: { 200: adminReviewResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await community.setReviewHidden(
        adminActor(request),
        request.params.id,
        request.body.hidden,
      ),
    }),
  );
}
