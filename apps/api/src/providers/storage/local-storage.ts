import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  assertValidKey,
  contentTypeForKey,
  MEDIA_PREFIX,
  type ByteRange,
  type StorageProvider,
  type StoredObject,
} from './storage';

/** Files on the local disk under `root`, served by the API itself at /media/. */
export class LocalStorage implements StorageProvider {
  readonly name = 'local' as const;

  constructor(readonly root: string) {}

  private file(key: string): string {
    assertValidKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Buffer): Promise<void> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Write then rename: a reader never sees half a file.
    const temporary = `${target}.${randomUUID()}.tmp`;
    await writeFile(temporary, body);
    await rename(temporary, target);
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  publicUrl(key: string): string {
    assertValidKey(key);
    return `${MEDIA_PREFIX}${key}`;
  }

  async stream(key: string, range?: ByteRange): Promise<StoredObject | undefined> {
    const file = this.file(key);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    return {
      body: createReadStream(file, range ? { start: range.start, end: range.end } : {}),
      size: info.size,
      contentType: contentTypeForKey(key),
    };
  }
}
