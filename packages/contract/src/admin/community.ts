// The console's community moderation: the Explore queue and its reviews.
import { z } from 'zod';
import { EXPLORE_STATUSES } from '../content';
import { successEnvelope } from '../envelope';
import { adminPersonSchema, isoOut, pagedEnvelope, pageQuerySchema } from './fields';

// ---------------------------------------------------------------------------------------------
// Community: the Explore queue and reviews
// ---------------------------------------------------------------------------------------------

export const adminExploreQuerySchema = pageQuerySchema.extend({
  status: z.enum(EXPLORE_STATUSES).default('pending'),
});

export const adminExplorePostSchema = z.object({
  _id: z.string(),
  title: z.string().nullable(),
  image: z.string(),
  status: z.enum(EXPLORE_STATUSES),
  created_at: isoOut,
  reviewed_at: isoOut.nullable(),
  user: adminPersonSchema.nullable(),
  reviewed_by: adminPersonSchema.nullable(),
  reviews: z.number().int(),
});
export type AdminExplorePost = z.infer<typeof adminExplorePostSchema>;
export const adminExplorePageSchema = pagedEnvelope(adminExplorePostSchema);
export const adminExplorePostResponseSchema = successEnvelope(adminExplorePostSchema);

export const adminReviewsQuerySchema = pageQuerySchema.extend({
  explore_id: z.string().trim().optional(),
  hidden: z.enum(['true', 'false']).optional(),
});

export const adminReviewSchema = z.object({
  _id: z.string(),
  explore_id: z.string(),
  post_title: z.string().nullable(),
  review: z.string(),
  hidden: z.boolean(),
  created_at: isoOut,
  user: adminPersonSchema,
});
export type AdminReview = z.infer<typeof adminReviewSchema>;
export const adminReviewsPageSchema = pagedEnvelope(adminReviewSchema);
export const adminReviewResponseSchema = successEnvelope(adminReviewSchema);
export const reviewVisibilitySchema = z.object({ hidden: z.boolean() });
