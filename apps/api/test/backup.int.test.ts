import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { backupName, LocalBackupStore } from '../src/modules/backups/backup-store';
import { DumpConnectionLostError } from '../src/modules/backups/pg-dump';
import {
  BackupService,
  RestoreRefusedError,
  restoreBackup,
} from '../src/modules/backups/backups.service';
import { createBackupService } from '../src/modules/backups/backups.module';
import { backupServiceFor } from '../src/modules/backups/backups.worker';
import { LocalStorage } from '../src/providers/storage/local-storage';
import { createTestApp } from './app';
import { testDatabase } from './database';
import { buyLifetime, createUser, seedCatalogue } from './money-fixtures';

/**
 * The backup round trip, on whichever server the API suite runs against (the embedded one, or
 * PostgreSQL 15 when TEST_DATABASE_URL is set): members, payments, invoices and uploads are
 * written, backed up with pg_dump, the database and the uploads wiped, the backup restored, and
 * every table's rows must come back identical. Scratch databases of this file's own are made and
 * dropped; the shared ones are never touched.
 */

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/** `{ "schema.table": "rows:md5 of every row" }` for every table outside the system schemas. */
async function fingerprint(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
        ORDER BY 1, 2`,
    );
    const result: Record<string, string> = {};
    for (const { schema, name } of tables) {
      const { rows } = await client.query<{ n: number; sum: string }>(
        `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS sum
           FROM ${quote(schema)}.${quote(name)} t`,
      );
      result[`${schema}.${name}`] = `${rows[0]!.n}:${rows[0]!.sum}`;
    }
    return result;
  } finally {
    await client.end();
  }
}

async function filesUnder(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, full)] = (await readFile(full)).toString('base64');
  }
  return files;
}

describe('backup and restore round trip', () => {
  let app: FastifyInstance;
  let dataDir: string;
  let sourceUrl: string;
  let service: BackupService;
  const scratch: string[] = [];

  async function freshDatabase(): Promise<string> {
    const name = `exhale_bk_${randomBytes(5).toString('hex')}`;
    await admin((client) => client.query(`CREATE DATABASE ${name}`));
    scratch.push(name);
    return withDatabase(inject('adminDatabaseUrl'), name);
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'exhale-backup-'));
    app = await createTestApp({ DATA_DIR: dataDir });
    sourceUrl = (await testDatabase()).url;
    service = backupServiceFor(app, sourceUrl);

    // Members (one with text that quotes, comments and dollar signs would trip a naive split),
    // a purchase with its payment and GST invoice, and uploads.
    const catalogue = await seedCatalogue(app);
    const buyer = await createUser(app, { name: 'खरीदार Buyer' });
    await buyLifetime(app, buyer, catalogue.lifetime);
    await createUser(app, {
      name: "O'Brien; DROP TABLE users; -- $$ $x$ \\. \n-- Name: users; Type: TABLE",
    });
    await createUser(app, { name: 'Plain Member' });
    expect(app.storage).toBeInstanceOf(LocalStorage);
    await app.storage.put('avatars/round-trip.webp', randomBytes(4096), 'image/webp');
    await app.storage.put('lessons/videos/clip.mp4', randomBytes(20_000), 'video/mp4');
  }, 120_000);

  afterAll(async () => {
    await admin(async (client) => {
      for (const name of scratch)
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });
    await rm(dataDir, { recursive: true, force: true });
  });

  it('brings back every row of every table and every upload', async () => {
    const before = await fingerprint(sourceUrl);
    expect(Number(before['public.users']!.split(':')[0])).toBe(3);
    expect(Number(before['public.payments']!.split(':')[0])).toBeGreaterThan(0);
    expect(Number(before['public.invoices']!.split(':')[0])).toBeGreaterThan(0);
    expect(Number(before['drizzle.__drizzle_migrations']!.split(':')[0])).toBeGreaterThan(0);
    const uploadsDir = path.join(dataDir, 'uploads');
    const uploadsBefore = await filesUnder(uploadsDir);
    expect(Object.keys(uploadsBefore)).toHaveLength(2);

    const outcome = await service.run('command');
    expect(outcome.status).toBe('ok');
    if (outcome.status !== 'ok') return;
    expect(outcome.location).toBe(path.join(dataDir, 'backups', outcome.file.name));
    expect((await service.store.list()).map((f) => f.name)).toEqual([outcome.file.name]);

    // Wipe: the uploads go, and the restore goes into a database created empty.
    await rm(uploadsDir, { recursive: true, force: true });
    const target = await freshDatabase();
    await restoreBackup({
      databaseUrl: target,
      body: await service.store.read(outcome.file.name),
      force: false,
      uploads: { mirror: path.join(dataDir, 'backups', 'uploads'), target: uploadsDir },
    });
    expect(await fingerprint(target)).toEqual(before);
    expect(await filesUnder(uploadsDir)).toEqual(uploadsBefore);
  }, 120_000);

  it('refuses a database that has members unless forced, then replaces what it held', async () => {
    const snapshot = await fingerprint(sourceUrl);
    const made = await service.run('command');
    if (made.status !== 'ok') throw new Error('no backup');
    const body = await service.store.read(made.file.name);

    // The live database changes after the backup: a new member and a deleted one.
    await createUser(app, { name: 'Joined after the backup' });
    await app.pg.query(`DELETE FROM users WHERE name = 'Plain Member'`);
    await expect(
      restoreBackup({ databaseUrl: sourceUrl, body, force: false }),
    ).rejects.toBeInstanceOf(RestoreRefusedError);

    await restoreBackup({ databaseUrl: sourceUrl, body, force: true });
    // As it was when the backup began (its own run is recorded after the dump).
    expect(await fingerprint(sourceUrl)).toEqual(snapshot);
  }, 120_000);
});

describe('a dump whose connection the server ends', () => {
  let dataDir: string;
  let app: FastifyInstance;
  let url: string;
  const logged: string[] = [];
  let service: BackupService;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'exhale-backup-cut-'));
    app = await createTestApp({ DATA_DIR: dataDir });
    url = (await testDatabase()).url;
    service = createBackupService({
      db: app.db,
      clock: app.clock,
      databaseUrl: url,
      store: new LocalBackupStore(path.join(dataDir, 'backups')),
      keep: 3,
      log: (message) => logged.push(message),
      retryDelayMs: 50,
    });
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  /**
   * Holds the users table so pg_dump waits for it, ends the session of each of the first `cuts`
   * pg_dumps that queue behind the hold (as a server restart would), then lets go. The sessions
   * are looked up from a second connection: inside the holder's transaction pg_stat_activity
   * would stay as it was at the transaction's first look.
   */
  async function cutDumps(cuts: number, run: Promise<unknown>) {
    const holder = new pg.Client({ connectionString: url });
    const watcher = new pg.Client({ connectionString: url });
    await holder.connect();
    await watcher.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
      for (let cut = 0; cut < cuts; cut += 1) {
        let ended = false;
        for (let i = 0; i < 400 && !ended; i += 1) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          const { rows } = await watcher.query<{ ended: boolean }>(
            `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'
                AND query ILIKE 'LOCK TABLE%'`,
          );
          ended = rows.some((row) => row.ended);
        }
        expect(ended).toBe(true);
      }
      await holder.query('COMMIT');
      await run.catch(() => {});
    } finally {
      await holder.end();
      await watcher.end();
    }
  }

  it('tries once more and makes the backup', async () => {
    logged.length = 0;
    const run = service.run('command');
    await cutDumps(1, run);
    const outcome = await run;
    expect(outcome.status).toBe('ok');
    expect(logged).toContainEqual(
      expect.stringContaining('the database server closed the connection during the dump'),
    );
  }, 60_000);

  it('fails the run with that reason when the retry is cut off too', async () => {
    const run = service.run('command');
    await cutDumps(2, run);
    await expect(run).rejects.toBeInstanceOf(DumpConnectionLostError);
    const { rows } = await app.pg.query<{ status: string; error: string }>(
      'SELECT status, error FROM backup_runs ORDER BY started_at DESC LIMIT 1',
    );
    expect(rows[0]).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('closed the connection during the dump'),
    });
  }, 60_000);
});

describe('backup files', () => {
  let dataDir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'exhale-backup-files-'));
    app = await createTestApp({ DATA_DIR: dataDir });
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps exactly BACKUP_KEEP files, the newest, and never lists a partial one', async () => {
    const url = (await testDatabase()).url;
    const dir = path.join(dataDir, 'backups');
    await mkdir(dir, { recursive: true });
    const service = createBackupService({
      db: app.db,
      clock: app.clock,
      databaseUrl: url,
      store: new LocalBackupStore(dir),
      keep: 3,
      log: () => {},
    });
    // Four older backups, and what a writer killed mid-file leaves behind.
    const older = [1, 2, 3, 4].map((days) => backupName(new Date(Date.now() - days * 86_400_000)));
    for (const name of older) await writeFile(path.join(dir, name), 'old');
    const partial = `${backupName(new Date())}.3f2a.tmp`;
    await writeFile(path.join(dir, partial), 'half a dump');
    expect((await service.store.list()).map((f) => f.name)).toEqual(older);

    const made = await service.run('command');
    if (made.status !== 'ok') throw new Error('no backup');
    const listed = (await service.store.list()).map((f) => f.name);
    expect(listed).toEqual([made.file.name, older[0], older[1]]);
    expect(existsSync(path.join(dir, older[3]!))).toBe(false);
  }, 60_000);
});
