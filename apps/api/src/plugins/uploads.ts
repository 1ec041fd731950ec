import { Messages } from '@exhale/contract/messages';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

/**
 * Multipart bodies for uploads. Parts are read by the route (`request.parts()`), which passes its
 * own file-size limit; these defaults only bound what any route may receive.
 */
export const uploadsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(multipart, {
    limits: {
      fileSize: 2 * 1024 * 1024,
      files: 1,
      fields: 20,
      fieldSize: 10_000,
      parts: 21,
      headerPairs: 100,
    },
  });
});

/**
 * The answer to a failure while reading a multipart body: a file over the size limit is
 * `tooLarge` (413), a second file is 413 "one file at a time"; the plugin's other refusals (too
 * many fields or parts, a prototype field name) keep their 4xx; anything else is a body the client
 * broke (cut short, no boundary, garbled part headers), which the parser reports as a plain Error
 * and must be a 400, not a 500.
 */
export function uploadFailure(
  app: FastifyInstance,
  error: unknown,
  tooLarge: () => AppError,
): Error {
  const { RequestFileTooLargeError, FilesLimitError } = app.multipartErrors;
  if (error instanceof RequestFileTooLargeError) return tooLarge();
  if (error instanceof FilesLimitError) {
    return new AppError(413, Messages.UPLOAD_ONE_FILE.code, Messages.UPLOAD_ONE_FILE.message);
  }
  const status = (error as { statusCode?: unknown }).statusCode;
  if (error instanceof Error && typeof status === 'number' && status >= 400 && status < 500) {
    return error;
  }
  return new AppError(400, Messages.UPLOAD_UNREADABLE.code, Messages.UPLOAD_UNREADABLE.message);
}
