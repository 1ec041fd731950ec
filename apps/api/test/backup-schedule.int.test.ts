import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVISORY_LOCKS } from '../src/db/advisory-locks';
import { backupRuns } from '../src/db/schema/backups';
import { backupName, S3BackupStore } from '../src/modules/backups/backup-store';
import { BackupsRepository } from '../src/modules/backups/backups.repository';
import { backupServiceFor, startBackupScheduler } from '../src/modules/backups/backups.worker';
import { createTestApp, ManualClock } from './app';
import { testDatabase } from './database';
import { startFakeS3, type FakeS3 } from './fakes/fake-s3';

/**
 * The worker's side of backups: the scheduled minute is taken by one process only, and with S3
 * storage the files go to the bucket under backups/ with the same retention.
 */
describe('scheduled backups to S3', () => {
  let fake: FakeS3;
  const clock = new ManualClock(Date.parse('2026-11-24T20:58:00Z')); // 02:28 IST

  beforeAll(async () => {
    fake = await startFakeS3();
  });

  afterAll(async () => {
    await fake.close();
  });

  async function s3App() {
    return createTestApp(
      {
        STORAGE_PROVIDER: 's3',
        S3_ENDPOINT: fake.url,
        S3_REGION: fake.region,
        S3_BUCKET: fake.bucket,
        S3_ACCESS_KEY_ID: fake.accessKeyId,
        S3_SECRET_ACCESS_KEY: fake.secretAccessKey,
        BACKUP_CRON: '30 2 * * *',
        BACKUP_KEEP: '2',
      },
      { clock },
    );
  }

  it('backs up once at 02:30 IST into the bucket, keeping BACKUP_KEEP files', async () => {
    const app = await s3App();
    const url = (await testDatabase()).url;
    // Two older backups already in the bucket.
    for (const days of [1, 2]) {
      const name = backupName(new Date(clock.now().getTime() - days * 86_400_000));
      fake.objects.set(`backups/${name}`, {
        body: Buffer.from('old'),
        contentType: 'application/gzip',
        cacheControl: undefined,
      });
    }
    // Two API processes' schedulers on one database.
    const first = startBackupScheduler(app, url, 50);
    const second = startBackupScheduler(app, url, 50);
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await app.db.select().from(backupRuns)).toEqual([]); // 02:28: not yet
      clock.advance(2 * 60_000); // 02:30 IST
      const deadline = Date.now() + 40_000;
      let runs: (typeof backupRuns.$inferSelect)[] = [];
      while (Date.now() < deadline) {
        runs = await app.db.select().from(backupRuns).where(eq(backupRuns.trigger, 'schedule'));
        if (runs.length > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(runs).toHaveLength(1);
      expect(runs[0]!.status).toBe('ok');
      clock.advance(60_000);
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      await first.stop();
      await second.stop();
    }
    // One backup for the minute, however many schedulers saw it.
    const runs = await app.db.select().from(backupRuns);
    expect(runs).toHaveLength(1);
    expect(runs[0]!.location).toMatch(
      new RegExp(`^s3://${fake.bucket}/backups/exhale-\\d{8}T\\d{9}Z\\.sql\\.gz$`),
    );

    const store = backupServiceFor(app, url).store;
    expect(store).toBeInstanceOf(S3BackupStore);
    const listed = await store.list();
    expect(listed).toHaveLength(2); // BACKUP_KEEP
    expect(`${store.place}${listed[0]!.name}`).toBe(runs[0]!.location);
    const script = gunzipSync(await store.read(listed[0]!.name)).toString('utf8');
    expect(script).toContain('PostgreSQL database dump complete');
    expect(script).toContain('CREATE TABLE "public"."users"');
  }, 90_000);

  it('skips while another process holds the backup lock, and a minute already made', async () => {
    const app = await s3App();
    const url = (await testDatabase()).url;
    const service = backupServiceFor(app, url);
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCKS.backup]);
      expect(await service.run('command')).toEqual({
        status: 'skipped',
        reason: 'another backup is running',
      });
    } finally {
      await holder.end();
    }
    const slot = new Date('2026-11-24T21:00:00Z');
    await new BackupsRepository(app.db).record({
      status: 'ok',
      trigger: 'schedule',
      startedAt: slot,
      finishedAt: new Date(slot.getTime() + 4000),
      location: 's3://elsewhere',
      sizeBytes: 1,
    });
    expect(await service.run('schedule', slot)).toEqual({
      status: 'skipped',
      reason: 'this scheduled backup was made already',
    });
  });
});
