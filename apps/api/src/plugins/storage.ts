import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { LOCAL_MEDIA_PREFIX, LocalStorage } from '../providers/storage/local-storage';
import type { StorageProvider } from '../providers/storage/storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: StorageProvider;
  }
}

export function createStorage(config: Config): StorageProvider {
  if (config.STORAGE_PROVIDER === 's3') {
    // The S3 adapter arrives with the programme issue; fail at start, not on the first upload.
    throw new Error('STORAGE_PROVIDER=s3 is not available in this build yet');
  }
  return new LocalStorage(path.resolve(config.DATA_DIR, 'uploads'));
}

/**
 * File storage for uploads. Local files are served at /media/ with range requests (videos seek)
 * and a year of caching: keys are never reused, so a cached copy can never be stale.
 */
export const storagePlugin = fp(async (app: FastifyInstance) => {
  const storage = createStorage(app.config);
  app.decorate('storage', storage);
  if (storage instanceof LocalStorage) {
    mkdirSync(storage.root, { recursive: true });
    await app.register(fastifyStatic, {
      root: storage.root,
      prefix: LOCAL_MEDIA_PREFIX,
      decorateReply: false,
      acceptRanges: true,
      index: false,
      dotfiles: 'deny',
      cacheControl: false,
      setHeaders(res) {
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
});
