import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { LocalStorage } from '../providers/storage/local-storage';
import { S3Storage } from '../providers/storage/s3-storage';
import {
  IMMUTABLE_CACHE_CONTROL,
  MEDIA_PREFIX,
  type StorageProvider,
} from '../providers/storage/storage';
import { mediaRoutes } from './media';

declare module 'fastify' {
  interface FastifyInstance {
    storage: StorageProvider;
  }
}

export function createStorage(config: Config): StorageProvider {
  if (config.STORAGE_PROVIDER === 's3') {
    const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = config;
    // parseConfig already requires these with s3; this only narrows the types.
    if (!S3_ENDPOINT || !S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
      throw new Error('STORAGE_PROVIDER=s3 needs S3_ENDPOINT, S3_BUCKET and both S3 keys');
    }
    return new S3Storage({
      endpoint: S3_ENDPOINT,
      region: config.S3_REGION,
      bucket: S3_BUCKET,
      accessKeyId: S3_ACCESS_KEY_ID,
      secretAccessKey: S3_SECRET_ACCESS_KEY,
    });
  }
  return new LocalStorage(path.resolve(config.DATA_DIR, 'uploads'));
}

/**
 * File storage for uploads, served at /media/ whatever the provider, with range requests (videos
 * seek) and a year of caching: keys are never reused, so a cached copy can never be stale. Local
 * files go through @fastify/static; objects in an S3-compatible store are streamed through the
 * API (plugins/media.ts), so browsers stay on our origin.
 */
export const storagePlugin = fp(async (app: FastifyInstance) => {
  const storage = createStorage(app.config);
  app.decorate('storage', storage);
  if (storage instanceof LocalStorage) {
    mkdirSync(storage.root, { recursive: true });
    await app.register(fastifyStatic, {
      root: storage.root,
      prefix: MEDIA_PREFIX,
      decorateReply: false,
      acceptRanges: true,
      index: false,
      dotfiles: 'deny',
      cacheControl: false,
      setHeaders(res) {
        res.setHeader('cache-control', IMMUTABLE_CACHE_CONTROL);
      },
    });
  } else {
    mediaRoutes(app, storage);
  }
});
