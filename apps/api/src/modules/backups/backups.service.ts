import { copyFile, mkdir, readdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import pg from 'pg';
import type { Config } from '../../config';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { DataAccess } from '../../lib/data-access';
import type { OutboxRepository } from '../outbox/outbox.repository';
import type { NotificationsRepository } from '../notifications/notifications.repository';
import { notificationCopyMail } from '../notifications/notifications.mails';
import {
  backupName,
  LocalBackupStore,
  S3BackupStore,
  type BackupFile,
  type BackupStore,
} from './backup-store';
import type { BackupsRepository } from './backups.repository';
import { DumpConnectionLostError, pgDump } from './pg-dump';
import { runSqlScript } from './sql-script';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** A dump whose connection the server ended (a restart, a failover) is tried again after this. */
export const DUMP_RETRY_DELAY_MS = 5_000;
/** The newest good backup older than this warns the admins (issue 20). */
export const BACKUP_STALE_MS = 36 * 60 * 60_000;

export type BackupTrigger = 'schedule' | 'command';

export type BackupOutcome =
  | { status: 'ok'; file: BackupFile; location: string; durationMs: number }
  | { status: 'skipped'; reason: string };

/** DATA_DIR/backups, or the bucket's backups/ when uploads go to S3. */
export function createBackupStore(
  config: Pick<
    Config,
    | 'STORAGE_PROVIDER'
    | 'S3_ENDPOINT'
    | 'S3_BUCKET'
    | 'S3_ACCESS_KEY_ID'
    | 'S3_SECRET_ACCESS_KEY'
    | 'S3_REGION'
    | 'DATA_DIR'
  >,
): BackupStore {
  if (config.STORAGE_PROVIDER === 's3') {
    const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = config;
    if (!S3_ENDPOINT || !S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
      throw new Error('STORAGE_PROVIDER=s3 needs S3_ENDPOINT, S3_BUCKET and both S3 keys');
    }
    return new S3BackupStore({
      endpoint: S3_ENDPOINT,
      region: config.S3_REGION,
      bucket: S3_BUCKET,
      accessKeyId: S3_ACCESS_KEY_ID,
      secretAccessKey: S3_SECRET_ACCESS_KEY,
    });
  }
  return new LocalBackupStore(path.resolve(config.DATA_DIR, 'backups'));
}

/**
 * Copies every upload the mirror lacks into `mirror` (temporary name, then rename). Keys are never
 * reused (providers/storage), so a file that is there already is the same file; files deleted
 * from uploads stay in the mirror, because an older backup may still name them.
 */
export async function syncFolder(source: string, mirror: string): Promise<number> {
  let copied = 0;
  const entries = await readdir(source, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const from = path.join(source, entry.name);
    const to = path.join(mirror, entry.name);
    if (entry.isDirectory()) {
      copied += await syncFolder(from, to);
    } else if (entry.isFile() && !entry.name.endsWith('.tmp')) {
      const there = await stat(to).catch(() => undefined);
      if (there?.isFile()) continue;
      await mkdir(mirror, { recursive: true });
      const temporary = `${to}.${process.pid}.tmp`;
      await copyFile(from, temporary);
      await rename(temporary, to);
      copied += 1;
    }
  }
  return copied;
}

export interface BackupServiceDeps {
  db: Database;
  data: DataAccess<BackupRepositories>;
  clock: Clock;
  /** The database to dump: the embedded server's URL or DATABASE_URL. */
  databaseUrl: string;
  store: BackupStore;
  /** Local uploads folder to keep beside the backups; undefined when uploads live in S3. */
  uploadsDir?: string;
  keep: number;
  log: (message: string) => void;
  /** Pause before the one retry of a dump cut off by the server; DUMP_RETRY_DELAY_MS unless set. */
  retryDelayMs?: number;
  /** Wakes the outbox after an alert mail is queued. */
  deliverSoon?: () => void;
}

/** The repositories BackupService uses, on the pool or a transaction (its module file builds them). */
export interface BackupRepositories {
  backups: BackupsRepository;
  notifications: NotificationsRepository;
  outbox: OutboxRepository;
}

/**
 * Backups of the whole database with PostgreSQL's pg_dump (decision 050): one at a time across
 * processes (an advisory lock), written whole or not at all, the newest `keep` kept, and each
 * attempt recorded in backup_runs for the console and the alerts.
 */
export class BackupService {
  constructor(private readonly deps: BackupServiceDeps) {}

  get store(): BackupStore {
    return this.deps.store;
  }

  /** Where uploads are mirrored: `uploads/` beside the backup files. */
  get uploadsMirror(): string | undefined {
    const { store, uploadsDir } = this.deps;
    return uploadsDir && store instanceof LocalBackupStore
      ? path.join(store.dir, 'uploads')
      : undefined;
  }

  /**
   * Makes one backup now. `slot` is the scheduled minute it stands for: when another process
   * already ran that slot, nothing is done.
   */
  async run(trigger: BackupTrigger, slot?: Date): Promise<BackupOutcome> {
    const lock = new pg.Client({ connectionString: this.deps.databaseUrl });
    await lock.connect();
    try {
      const { rows } = await lock.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock($1) AS locked',
        [ADVISORY_LOCKS.backup],
      );
      if (!rows[0]?.locked) return { status: 'skipped', reason: 'another backup is running' };
      const repository = this.deps.data.repos.backups;
      if (slot && (await repository.scheduledRunSince(slot))) {
        return { status: 'skipped', reason: 'this scheduled backup was made already' };
      }
      return await this.runLocked(trigger, repository);
    } finally {
      // Ending the session releases the advisory lock; so does a crash of this process.
      await lock.end().catch(() => {});
    }
  }

  private async runLocked(
    trigger: BackupTrigger,
    repository: BackupsRepository,
  ): Promise<BackupOutcome> {
    const { store, clock, log } = this.deps;
    const startedAt = clock.now();
    const name = backupName(startedAt);
    try {
      if (store instanceof LocalBackupStore) {
        await mkdir(store.dir, { recursive: true, mode: 0o700 });
        await store.removeLeftovers(60 * 60_000, startedAt);
      }
      const mirror = this.uploadsMirror;
      if (mirror && this.deps.uploadsDir) {
        const copied = await syncFolder(this.deps.uploadsDir, mirror);
        log(`backup: ${copied} new upload(s) copied to ${mirror}`);
      }
      log(`backup: dumping the database to ${store.locationOf(name)}`);
      const dump = await this.dump();
      const body = await gzipAsync(dump);
      await store.write(name, body);
      const location = store.locationOf(name);
      const finishedAt = clock.now();
      await repository.record({
        status: 'ok',
        trigger,
        startedAt,
        finishedAt,
        location,
        sizeBytes: body.length,
      });
      await this.prune();
      const durationMs = finishedAt.getTime() - startedAt.getTime();
      log(`backup: ${location} (${body.length} bytes, ${durationMs} ms)`);
      return {
        status: 'ok',
        file: { name, sizeBytes: body.length, createdAt: startedAt },
        location,
        durationMs,
      };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await repository
        .record({
          status: 'failed',
          trigger,
          startedAt,
          finishedAt: clock.now(),
          error: message.slice(0, 2000),
        })
        .catch(() => {});
      throw error;
    }
  }

  /**
   * The database's dump. A server that ends the connection mid-dump has usually restarted or
   * failed over and takes connections again a moment later, so that one failure is tried once
   * more; any other failure, or a second cut, fails the run (and alerts the admins).
   */
  private async dump(): Promise<Buffer> {
    const { databaseUrl, log, retryDelayMs = DUMP_RETRY_DELAY_MS } = this.deps;
    try {
      return await pgDump(databaseUrl);
    } catch (error) {
      if (!(error instanceof DumpConnectionLostError)) throw error;
      log(`backup: ${error.message}; trying once more in ${retryDelayMs} ms`);
      await sleep(retryDelayMs);
      return pgDump(databaseUrl);
    }
  }

  /** Deletes all but the newest `keep` backup files. */
  async prune(): Promise<BackupFile[]> {
    const files = await this.deps.store.list();
    const old = files.slice(this.deps.keep);
    for (const file of old) await this.deps.store.delete(file.name);
    return old;
  }

  /**
   * Tells every admin (bell notice and mail) about a failed run in the last week or a newest good
   * backup older than 36 hours. Each failure and each stale newest backup is told once.
   */
  async sendAlerts(): Promise<number> {
    const now = this.deps.clock.now();
    const repository = this.deps.data.repos.backups;
    const alerts: { key: string; title: string; message: string }[] = [];
    for (const run of await repository.failedSince(new Date(now.getTime() - 7 * 86_400_000))) {
      alerts.push({
        key: `failed:${run.id}`,
        title: 'Backup failed',
        message: `The database backup of ${run.startedAt.toISOString()} failed: ${run.error ?? 'unknown error'}. Check the server log and disk space; run "npm run backup" to retry.`,
      });
    }
    const newest = await repository.latestOk();
    if (newest && now.getTime() - newest.finishedAt.getTime() > BACKUP_STALE_MS) {
      alerts.push({
        key: `stale:${newest.id}`,
        title: 'No recent backup',
        message: `The newest database backup is from ${newest.finishedAt.toISOString()}, more than 36 hours ago. Check that the server runs its scheduled backup (BACKUP_CRON).`,
      });
    }
    let sent = 0;
    for (const alert of alerts) {
      const claimed = await this.deps.db.transaction(async (tx) => {
        const claims = this.deps.data.within(tx).backups;
        if (!(await claims.claimAlert(alert.key))) return false;
        for (const admin of await claims.admins()) {
          await this.deps.data.within(tx).notifications.insert({
            userId: admin.id,
            title: alert.title,
            message: alert.message,
          });
          const mail = notificationCopyMail(admin.name, alert);
          await this.deps.data.within(tx).outbox.insert({
            channel: 'email',
            recipient: admin.email,
            userId: admin.id,
            ...mail,
          });
        }
        return true;
      });
      if (claimed) sent += 1;
    }
    if (sent > 0) this.deps.deliverSoon?.();
    return sent;
  }
}

export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

/** How many members (users) the database has; 0 when it has no users table yet. */
export async function memberCount(client: pg.ClientBase): Promise<number> {
  const { rows } = await client.query<{ exists: boolean }>(
    "SELECT to_regclass('public.users') IS NOT NULL AS exists",
  );
  if (!rows[0]?.exists) return 0;
  const count = await client.query<{ n: string }>('SELECT count(*) AS n FROM public.users');
  return Number(count.rows[0]?.n ?? 0);
}

/**
 * Restores a backup file (gzipped pg_dump script) into the database at `databaseUrl`, in one
 * transaction: whatever the database held is dropped first, so it must be empty of members
 * unless `force`. Uploads come back from the mirror beside the file when both folders are given.
 */
export async function restoreBackup(options: {
  databaseUrl: string;
  body: Buffer;
  force: boolean;
  uploads?: { mirror: string; target: string };
}): Promise<{ uploadsCopied: number }> {
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    const members = await memberCount(client);
    if (members > 0 && !options.force) {
      throw new RestoreRefusedError(
        `the database has ${members} member(s); restore into an empty database, or pass --force to replace them`,
      );
    }
    const script = (await gunzipAsync(options.body)).toString('utf8');
    await client.query('SET statement_timeout = 0');
    await client.query('SET lock_timeout = 0');
    await runSqlScript(client, script, async () => {
      const { rows } = await client.query<{ nspname: string }>(
        `SELECT nspname FROM pg_namespace
         WHERE nspname NOT IN ('pg_catalog', 'information_schema')
           AND nspname NOT LIKE 'pg\\_toast%' AND nspname NOT LIKE 'pg\\_temp%'`,
      );
      for (const { nspname } of rows) {
        await client.query(`DROP SCHEMA ${client.escapeIdentifier(nspname)} CASCADE`);
      }
      await client.query('CREATE SCHEMA public');
    });
  } finally {
    await client.end().catch(() => {});
  }
  const uploadsCopied = options.uploads
    ? await syncFolder(options.uploads.mirror, options.uploads.target)
    : 0;
  return { uploadsCopied };
}
