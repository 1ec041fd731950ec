import {
  EXPLORE_IMAGE_MAX_BYTES,
  explorePostResponseSchema,
  explorePostsResponseSchema,
  exploreQuerySchema,
  exploreReviewRequestSchema,
  exploreReviewResponseSchema,
  exploreReviewsQuerySchema,
  exploreReviewsResponseSchema,
  exploreTitleSchema,
} from '@exhale/contract/content';
import { Messages } from '@exhale/contract/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { bearerAuth, errorResponses } from '../../lib/http-schemas';
import { parseInput } from '../../lib/validation';
import { caller } from '../../plugins/auth';
import { uploadFailure } from '../../plugins/uploads';
import { createExploreService } from './explore.module';

/**
 * The multipart body is read by the handler (`readUpload`); the route has nothing else to
 * validate, and its body schema is only there for the OpenAPI document.
 */
const readByHandler = () => (data: unknown) => ({ value: data });

/** The picture in the file field `image` and the optional text field `title`. */
async function readUpload(app: FastifyInstance, request: FastifyRequest) {
  let image: Buffer | undefined;
  let title = '';
  if (!request.isMultipart()) return { image, title: null };
  try {
    const parts = request.parts({ limits: { fileSize: EXPLORE_IMAGE_MAX_BYTES, files: 1 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname === 'image') image = await part.toBuffer();
        else part.file.resume(); // an unexpected file is drained and ignored
      } else if (part.fieldname === 'title' && typeof part.value === 'string') {
        title = part.value;
      }
    }
  } catch (error) {
    throw uploadFailure(
      app,
      error,
      () => new AppError(413, Messages.IMAGE_TOO_LARGE.code, Messages.IMAGE_TOO_LARGE.message),
    );
  }
  return { image, title: parseInput(exploreTitleSchema, title) };
}

export async function exploreRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const explore = createExploreService({
    db: app.db,
    storage: app.storage,
    counters: app.counters,
    clock: app.clock,
    outbox: app.outbox,
    log: app.log,
    mediaLinks: app.exploreMedia,
  });
  const signedIn = app.authenticate();

  typed.get(
    '/explore',
    {
      onRequest: signedIn,
      schema: {
        tags: ['explore'],
        summary:
          'Explore posts, newest first: approved for members; pending or rejected for admins',
        security: bearerAuth,
        querystring: exploreQuerySchema,
        response: { 200: explorePostsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await explore.list(caller(request), request.query.status),
    }),
  );

  typed.post(
    '/explore',
    {
      onRequest: signedIn,
      validatorCompiler: readByHandler,
      schema: {
        tags: ['explore'],
        summary: 'Share a picture on Explore; it is listed once an operator approves it',
        description:
          'multipart/form-data with the picture in the file field `image` (JPEG, PNG or WebP, at most 5 MB; ' +
          'stored as a WebP of at most 1280 px with its metadata removed) and an optional `title`.',
        security: bearerAuth,
        consumes: ['multipart/form-data'],
        body: z.object({
          image: z.string().meta({ format: 'binary' }),
          title: z.string().optional(),
        }),
        response: {
          201: explorePostResponseSchema,
          ...errorResponses(400, 401, 403, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(app, request);
      const data = await explore.upload(caller(request).userId, upload);
      return reply
        .status(201)
        .send({ success: true as const, message: Messages.POST_SUBMITTED.message, data });
    },
  );

  typed.get(
    '/explore-review',
    {
      onRequest: signedIn,
      schema: {
        tags: ['explore'],
        summary: 'Reviews of an approved post, newest first (hidden ones left out)',
        security: bearerAuth,
        querystring: exploreReviewsQuerySchema,
        response: { 200: exploreReviewsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await explore.reviews(request.query.explore_id),
    }),
  );

  typed.post(
    '/explore-review',
    {
      onRequest: signedIn,
      schema: {
        tags: ['explore'],
        summary: 'Review an approved post (1 to 1000 characters; at most 10 a minute)',
        security: bearerAuth,
        body: exploreReviewRequestSchema,
        response: {
          201: exploreReviewResponseSchema,
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const data = await explore.addReview(caller(request), request.body);
      return reply
        .status(201)
        .send({ success: true as const, message: Messages.REVIEW_ADDED.message, data });
    },
  );
}
