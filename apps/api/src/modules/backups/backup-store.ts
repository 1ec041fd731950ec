import { randomUUID } from 'node:crypto';
import { open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AwsClient } from 'aws4fetch';
import { s3Bucket, type S3BucketOptions } from '../../providers/storage/s3-storage';

/** A finished backup file: only complete files are ever listed. */
export interface BackupFile {
  name: string;
  sizeBytes: number;
  /** When it was made, read from its name. */
  createdAt: Date;
}

/** Where backup files are kept: DATA_DIR/backups, or the S3 bucket under backups/. */
export interface BackupStore {
  /** Shown to operators: a folder, or s3://bucket/backups/. */
  readonly place: string;
  list(): Promise<BackupFile[]>;
  /** Complete or nothing: a crash while writing leaves no file that list() shows. */
  write(name: string, body: Buffer): Promise<void>;
  read(name: string): Promise<Buffer>;
  delete(name: string): Promise<void>;
  /** The full location of one file, for logs and the console. */
  locationOf(name: string): string;
}

const NAME_PATTERN = /^exhale-(\d{8}T\d{6}(?:\d{3})?Z)\.sql\.gz$/;

/** exhale-20261125T023000123Z.sql.gz: sorts by time, and says when it was made. */
export function backupName(at: Date): string {
  return `exhale-${at.toISOString().replace(/[-:.]/g, '')}.sql.gz`;
}

function createdAtOf(name: string): Date | undefined {
  const match = NAME_PATTERN.exec(name);
  if (!match) return undefined;
  const s = match[1]!;
  const iso = `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}.${s.length > 16 ? s.slice(15, 18) : '000'}Z`;
  return new Date(iso);
}

function assertName(name: string): void {
  if (!NAME_PATTERN.test(name)) throw new Error(`not a backup file name: ${name}`);
}

function sortNewestFirst(files: BackupFile[]): BackupFile[] {
  return files.sort((a, b) => b.name.localeCompare(a.name));
}

export class LocalBackupStore implements BackupStore {
  constructor(readonly dir: string) {}

  get place(): string {
    return this.dir;
  }

  locationOf(name: string): string {
    return path.join(this.dir, name);
  }

  async list(): Promise<BackupFile[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const files: BackupFile[] = [];
    for (const name of names) {
      const createdAt = createdAtOf(name);
      if (!createdAt) continue; // temporary files (…tmp) and anything else in the folder
      const info = await stat(path.join(this.dir, name)).catch(() => undefined);
      if (info?.isFile()) files.push({ name, sizeBytes: info.size, createdAt });
    }
    return sortNewestFirst(files);
  }

  async write(name: string, body: Buffer): Promise<void> {
    assertName(name);
    const target = this.locationOf(name);
    const temporary = `${target}.${randomUUID()}.tmp`;
    const file = await open(temporary, 'w', 0o600);
    try {
      await file.writeFile(body);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, target);
    // The rename itself survives a power cut once the folder is synced too.
    const folder = await open(this.dir, 'r');
    await folder.sync().finally(() => folder.close());
  }

  read(name: string): Promise<Buffer> {
    assertName(name);
    return readFile(this.locationOf(name));
  }

  async delete(name: string): Promise<void> {
    assertName(name);
    await rm(this.locationOf(name), { force: true });
  }

  /** Temporary files left by a process that was killed while writing. */
  async removeLeftovers(olderThanMs: number, now: Date): Promise<void> {
    for (const name of await readdir(this.dir).catch(() => [] as string[])) {
      if (!name.endsWith('.tmp')) continue;
      const info = await stat(path.join(this.dir, name)).catch(() => undefined);
      if (info && now.getTime() - info.mtimeMs > olderThanMs) {
        await rm(path.join(this.dir, name), { force: true });
      }
    }
  }
}

/**
 * The bucket's backups/ prefix. An S3 PUT is atomic (the object appears whole when the upload
 * completes, or not at all), so no temporary name is needed.
 */
export class S3BackupStore implements BackupStore {
  private readonly client: AwsClient;
  private readonly bucketUrl: string;

  constructor(private readonly options: S3BucketOptions) {
    ({ client: this.client, bucketUrl: this.bucketUrl } = s3Bucket(options));
  }

  get place(): string {
    return `s3://${this.options.bucket}/backups/`;
  }

  locationOf(name: string): string {
    return `${this.place}${name}`;
  }

  private async send(method: string, key: string, body?: Buffer): Promise<Response> {
    const response = await this.client.fetch(`${this.bucketUrl}${key}`, {
      method,
      body,
      signal: AbortSignal.timeout(10 * 60_000),
    });
    if (!response.ok && !(method === 'DELETE' && response.status === 404)) {
      const text = await response.text().catch(() => '');
      throw new Error(
        `S3 ${method} ${this.options.bucket}/${key} failed: ${response.status} ${text.slice(0, 200)}`,
      );
    }
    return response;
  }

  async list(): Promise<BackupFile[]> {
    const files: BackupFile[] = [];
    let token: string | undefined;
    do {
      const query = new URLSearchParams({ 'list-type': '2', prefix: 'backups/' });
      if (token) query.set('continuation-token', token);
      const xml = await (await this.send('GET', `?${query.toString()}`)).text();
      for (const [, item] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
        const key = /<Key>([^<]*)<\/Key>/.exec(item!)?.[1] ?? '';
        const size = Number(/<Size>(\d+)<\/Size>/.exec(item!)?.[1] ?? 0);
        const name = key.slice('backups/'.length);
        const createdAt = createdAtOf(name);
        if (createdAt) files.push({ name, sizeBytes: size, createdAt });
      }
      token = /<IsTruncated>true<\/IsTruncated>/.test(xml)
        ? /<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1]
        : undefined;
    } while (token);
    return sortNewestFirst(files);
  }

  async write(name: string, body: Buffer): Promise<void> {
    assertName(name);
    await this.send('PUT', `backups/${name}`, body);
  }

  async read(name: string): Promise<Buffer> {
    assertName(name);
    return Buffer.from(await (await this.send('GET', `backups/${name}`)).arrayBuffer());
  }

  async delete(name: string): Promise<void> {
    assertName(name);
    await this.send('DELETE', `backups/${name}`);
  }
}
