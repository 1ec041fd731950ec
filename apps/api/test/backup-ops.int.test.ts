import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { notifications } from '../src/db/schema/notifications';
import { outboxMessages } from '../src/db/schema/outbox';
import { LocalBackupStore } from '../src/modules/backups/backup-store';
import { BackupsRepository } from '../src/modules/backups/backups.repository';
import { backupServiceFor } from '../src/modules/backups/backups.worker';
import { createBackupService } from '../src/modules/backups/backups.module';
import { createAdmin } from './admin-fixtures';
import { createTestApp, ManualClock } from './app';
import { testDatabase } from './database';

const apiDir = path.resolve(import.meta.dirname, '..');

describe('backups under faults, alerts and the console', () => {
  let app: FastifyInstance;
  let dataDir: string;
  let url: string;
  const clock = new ManualClock();

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'exhale-backup-ops-'));
    app = await createTestApp({ DATA_DIR: dataDir }, { clock });
    url = (await testDatabase()).url;
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a backup killed with SIGKILL mid-way lists nothing, and the next one succeeds', async () => {
    // `npm run backup` as one process (node with tsx's loader, no wrapper process to outlive).
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/backup.ts'], {
      cwd: apiDir,
      env: { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('dumping')) resolve();
      });
      child.on('exit', () => reject(new Error(`backup ended before the dump: ${output}`)));
    });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    const service = backupServiceFor(app, url);
    expect(await service.store.list()).toEqual([]);
    const made = await service.run('command');
    expect(made.status).toBe('ok');
    const listed = await service.store.list();
    expect(listed).toHaveLength(1);
    const names = await readdir(path.join(dataDir, 'backups'));
    expect(names.filter((n) => n.endsWith('.sql.gz'))).toEqual([listed[0]!.name]);
  }, 60_000);

  it('npm run restore asks first, refuses a database with members, and restores into a fresh one', async () => {
    const file = (await backupServiceFor(app, url).store.list())[0]!;
    const backupFile = path.join(dataDir, 'backups', file.name);
    const restore = (args: string[], databaseUrl: string, input: string) =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/restore.ts', ...args], {
          cwd: apiDir,
          env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, NODE_ENV: 'test' },
        });
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.stdin.end(input);
        child.on('exit', (code) => resolve({ code, out }));
      });

    // Confirmed at the prompt, but this database has members: nothing happens without --force.
    await createAdmin(app, 'Existing member');
    const refused = await restore([backupFile], url, 'yes\n');
    expect(refused.out).toContain('Type yes to go on');
    expect(refused.out).toContain('--force');
    expect(refused.code).toBe(1);

    // A freshly created database: --yes skips the question, and the rows come back.
    const fresh = `exhale_bk_cli_${process.pid}`;
    const adminUrl = inject('adminDatabaseUrl');
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${fresh}`);
      const target = new URL(adminUrl);
      target.pathname = `/${fresh}`;
      const restored = await restore([backupFile, '--yes'], target.toString(), '');
      expect(restored.out, restored.out).toContain('restored');
      expect(restored.code).toBe(0);
      const check = new pg.Client({ connectionString: target.toString() });
      await check.connect();
      const count = 'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations';
      const { rows } = await check.query<{ n: number }>(count);
      await check.end();
      const source = await app.pg.query<{ n: number }>(count);
      expect(rows[0]!.n).toBeGreaterThan(0);
      expect(rows[0]!.n).toBe(source.rows[0]!.n);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${fresh} WITH (FORCE)`);
      await admin.end();
    }
  }, 90_000);

  it('tells every admin once, by bell and mail, that a backup failed or is too old', async () => {
    const admin = await createAdmin(app);
    // The backup folder cannot be made (a file is in its way): the run fails and is recorded.
    const blocked = path.join(dataDir, 'blocked');
    await writeFile(blocked, 'not a folder');
    const broken = createBackupService({
      db: app.db,
      clock: app.clock,
      keep: 14,
      log: () => {},
      databaseUrl: url,
      store: new LocalBackupStore(path.join(blocked, 'backups')),
    });
    clock.advance(60_000); // a minute after the good backup of the test above
    await expect(broken.run('schedule')).rejects.toThrow();
    const failed = await new BackupsRepository(app.db).latest();
    expect(failed?.status).toBe('failed');

    expect(await broken.sendAlerts()).toBe(1);
    expect(await broken.sendAlerts()).toBe(0); // once, however often the worker checks
    const bell = await app.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, admin.id));
    expect(bell.map((n) => n.title)).toEqual(['Backup failed']);
    const mails = await app.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, admin.row.email));
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining('Backup failed')]);

    // The console shows the newest good backup (made by the test above), and that a later
    // attempt failed.
    const metrics = await app.inject({ url: '/api/admin/metrics?days=7', headers: admin.headers });
    expect(metrics.statusCode).toBe(200);
    const backup = metrics.json().data.backup;
    const newest = await new BackupsRepository(app.db).latestOk();
    expect(backup).toEqual({
      at: newest!.finishedAt.toISOString(),
      size_bytes: newest!.sizeBytes,
      place: path.join(dataDir, 'backups', path.basename(newest!.location!)),
      failed_at: failed!.finishedAt.toISOString(),
    });

    // 37 hours later the newest good backup is stale: one more notice, then quiet.
    clock.advance(37 * 60 * 60_000);
    expect(await broken.sendAlerts()).toBe(1);
    expect(await broken.sendAlerts()).toBe(0);
    const titles = (
      await app.db.select().from(notifications).where(eq(notifications.userId, admin.id))
    ).map((n) => n.title);
    expect(titles.sort()).toEqual(['Backup failed', 'No recent backup']);
  }, 60_000);
});
