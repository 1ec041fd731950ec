import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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
