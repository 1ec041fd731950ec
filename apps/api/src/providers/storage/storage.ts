import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

/** Inclusive byte range, as in an HTTP Range header; without `end`, to the end of the object. */
export interface ByteRange {
  start: number;
  end?: number;
}

/** The path the API serves stored objects under (plugins/storage.ts), whatever the provider. */
export const MEDIA_PREFIX = '/media/';

/** Keys never change content, so any cache may keep what they name for a year. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export interface StoredObject {
  body: Readable;
  /** Size of the whole object, not of the range. */
  size: number;
  contentType: string;
}

/**
 * Where uploaded files live. Keys are random or content-addressed, never reused, so whatever
 * serves them may cache them forever.
 */
export interface StorageProvider {
  readonly name: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** The URL a browser loads the object from. */
  publicUrl(key: string): string;
  /**
   * undefined when the key does not exist. A range past the end is cut at the end; one that
   * starts past it gives an empty body (the size tells the caller it was unsatisfiable).
   */
  stream(key: string, range?: ByteRange): Promise<StoredObject | undefined>;
}

// Lowercase path segments of letters, digits, dot, dash and underscore: nothing that could climb
// out of the storage root or need escaping in a URL.
const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

export function assertValidKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.includes('..') || key.length > 200) {
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  }
}

/** Whether `key` is one storage could hold: what /media/ serves, and nothing else. */
export function isValidKey(key: string): boolean {
  try {
    assertValidKey(key);
    return true;
  } catch {
    return false;
  }
}

/** A fresh key under `folder`, e.g. `avatars/3f2a….webp`. */
export function newStorageKey(folder: string, extension: string): string {
  return `${folder}/${randomUUID()}.${extension}`;
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  mp4: 'video/mp4',
  m4a: 'audio/mp4',
  vtt: 'text/vtt',
  pdf: 'application/pdf',
};

export function contentTypeForKey(key: string): string {
  const extension = key.split('.').pop()?.toLowerCase() ?? '';
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}
