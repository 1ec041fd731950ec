import { uploadKindSchema, uploadResponseSchema } from '@exhale/contract/admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest } from '../../lib/app-error';
import { bearerAuth, errorResponses } from '../../lib/http-schemas';
import { adminActor } from './admin-actor';
import { MediaService, UPLOAD_LIMITS } from './media.service';

export async function adminUploadsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const media = new MediaService({ db: app.db, storage: app.storage });

  r.post(
    '/uploads',
    {
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
        response: { 200: uploadResponseSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest('Send the file as multipart/form-data.');
      const { kind } = request.query;
      let buffer: Buffer | undefined;
      try {
        const file = await request.file({ limits: { fileSize: UPLOAD_LIMITS[kind], files: 1 } });
        if (file && file.fieldname === 'file') buffer = await file.toBuffer();
        else file?.file.resume();
      } catch (error) {
        const { RequestFileTooLargeError, FilesLimitError } = app.multipartErrors;
        if (error instanceof RequestFileTooLargeError || error instanceof FilesLimitError) {
          const mb = Math.round(UPLOAD_LIMITS[kind] / 1024 / 1024);
          throw new AppError(413, 'UPLOAD_TOO_LARGE', `The file is larger than ${mb} MB.`);
        }
        throw error;
      }
      if (!buffer || buffer.length === 0) throw badRequest('Choose a file to upload.');
      return {
        success: true as const,
        data: await media.upload(adminActor(request), kind, buffer),
      };
    },
  );
}
