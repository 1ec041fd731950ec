import { uploadKindSchema, uploadResponseSchema } from '@exhale/contract/admin';
import {
  videoRenditionsKeySchema,
  videoRenditionsResponseSchema,
} from '@exhale/contract/renditions';
import type { FastifyInstance } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest } from '../../lib/app-error';
import { bearerAuth, errorResponses } from '../../lib/http-schemas';
import { uploadFailure } from '../../plugins/uploads';
import { createRenditionsService } from '../renditions/renditions.module';
import { adminActor } from './admin-actor';
import { createMediaService } from './media.module';
import { requireUpload, UPLOAD_LIMITS } from './media.service';

/**
 * The query is validated as usual; the multipart body is read by the handler, and its schema
 * below is only there for the OpenAPI document.
 */
function queryOnlyValidator(route: FastifyRouteSchemaDef<unknown>) {
  return route.httpPart === 'body'
    ? (data: unknown) => ({ value: data })
    : validatorCompiler(route as FastifyRouteSchemaDef<z.ZodType>);
}

export async function adminUploadsRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const media = createMediaService({ db: app.db, storage: app.storage, clock: app.clock });
  const renditions = createRenditionsService({
    db: app.db,
    storage: app.storage,
    clock: app.clock,
  });

  typed.post(
    '/uploads',
    {
      validatorCompiler: queryOnlyValidator,
      schema: {
        tags: ['admin'],
        summary: 'Upload a lesson video (MP4) or an image for content',
        description:
          'multipart/form-data with one file in the field `file`. Videos must be MP4 whose movie ' +
          'header gives the duration (returned in `duration_seconds`); images (JPEG, PNG, WebP) ' +
          'are stored re-encoded as WebP. The returned `key` is what content fields take.',
        security: bearerAuth,
        consumes: ['multipart/form-data'],
        querystring: z.object({ kind: uploadKindSchema }),
        body: z.object({ file: z.string().meta({ format: 'binary' }) }),
        response: { 200: uploadResponseSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request) => {
      if (!request.isMultipart())
        throw badRequest('BAD_REQUEST', 'Send the file as multipart/form-data.');
      const { kind } = request.query;
      let buffer: Buffer | undefined;
      try {
        // Every part is read (not just the first file), so a second file is refused, not ignored.
        const parts = request.parts({ limits: { fileSize: UPLOAD_LIMITS[kind], files: 1 } });
        for await (const part of parts) {
          if (part.type !== 'file') continue;
          if (part.fieldname === 'file') buffer = await part.toBuffer();
          else part.file.resume();
        }
      } catch (error) {
        throw uploadFailure(app, error, () => {
          const mb = Math.round(UPLOAD_LIMITS[kind] / 1024 / 1024);
          return new AppError(413, 'UPLOAD_TOO_LARGE', `The file is larger than ${mb} MB.`);
        });
      }
      if (!buffer || buffer.length === 0)
        throw badRequest('BAD_REQUEST', 'Choose a file to upload.');
      return {
        success: true as const,
        data: await media.upload(adminActor(request), kind, buffer),
      };
    },
  );

  typed.get(
    '/uploads/renditions',
    {
      schema: {
        tags: ['admin'],
        summary: 'How far the data-saver versions of an uploaded video are (decision 057)',
        description:
          'After a video upload the rendition worker makes a 360p-or-lower copy and an ' +
          'audio-only track; `progress` is 0–100 while `running`. `none` means nothing was ' +
          'asked for this key yet (a video stored before renditions existed).',
        security: bearerAuth,
        querystring: videoRenditionsKeySchema,
        response: { 200: videoRenditionsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await renditions.status(request.query.key),
    }),
  );

  typed.post(
    '/uploads/renditions',
    {
      schema: {
        tags: ['admin'],
        summary: "Makes an uploaded video's data-saver versions again (after a failure)",
        security: bearerAuth,
        body: videoRenditionsKeySchema,
        response: { 200: videoRenditionsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { key } = request.body;
      const known = (await renditions.status(key)).status !== 'none';
      // Seeded videos have a row and no upload; anything else must be an uploaded video.
      if (!known) await requireUpload(app.db, key, 'video', 'key');
      await renditions.request(key);
      return { success: true as const, data: await renditions.status(key) };
    },
  );
}
