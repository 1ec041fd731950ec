/**
 * Times a backup of the seeded demo database and a restore of it into a fresh database, on the
 * embedded PostgreSQL in a temp dir. `npm run backup -w @exhale/bench`; the figures go in
 * bench/README.md.
 *
 * Budget (exit 1 when missed): the median of three backups at most 3× the median of three
 * pg_dumps of an empty database run beside them (the dump's fixed cost on this machine: its
 * worker, the WebAssembly module, the catalogue queries), so that the budget holds on a slow or
 * busy machine alike.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { judgeDuration, median as medianOf } from './lib/budgets';
import { parseConfig } from '../apps/api/src/config';
import { createDatabase } from '../apps/api/src/db/client';
import { startEmbeddedDatabase } from '../apps/api/src/db/embedded';
import { runMigrations } from '../apps/api/src/db/migrate';
import { seedDemo } from '../apps/api/src/db/seed';
import { systemClock } from '../apps/api/src/lib/clock';
import { LocalBackupStore } from '../apps/api/src/modules/backups/backup-store';
import { restoreBackup } from '../apps/api/src/modules/backups/backups.service';
import { createBackupService } from '../apps/api/src/modules/backups/backups.module';
import { pgDump } from '../apps/api/src/modules/backups/pg-dump';
import { createStorage } from '../apps/api/src/plugins/storage';

/** A backup of the demo at most this many times a dump of an empty database. */
const MAX_RATIO = 3;

const dataDir = await mkdtemp(path.join(tmpdir(), 'exhale-bench-backup-'));
await chmod(dataDir, 0o755);
const embedded = await startEmbeddedDatabase({ dataDir, log: () => {} });
const raw = parseConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
const config = { ...raw, JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256' };
const database = createDatabase(embedded.url, { max: 4 });
try {
  await runMigrations(database.db, database.pool);
  await seedDemo(database.db, createStorage(config), config);
  const service = createBackupService({
    db: database.db,
    clock: systemClock,
    databaseUrl: embedded.url,
    store: new LocalBackupStore(path.join(dataDir, 'backups')),
    uploadsDir: path.join(dataDir, 'uploads'),
    keep: 14,
    log: () => {},
  });
  const adminUrl = embedded.url.replace(/\/exhale$/, '/postgres');
  const emptyUrl = embedded.url.replace(/\/exhale$/, '/exhale_empty');
  const setup = new pg.Client({ connectionString: adminUrl });
  await setup.connect();
  await setup.query('CREATE DATABASE exhale_empty');
  await setup.end();
  const times: number[] = [];
  const emptyTimes: number[] = [];
  let size = 0;
  let name = '';
  for (let i = 0; i < 3; i++) {
    // Interleaved, so that a slower stretch of the machine falls on both alike.
    const emptyStarted = performance.now();
    await pgDump(emptyUrl);
    emptyTimes.push(performance.now() - emptyStarted);
    const started = performance.now();
    const outcome = await service.run('command');
    times.push(performance.now() - started);
    if (outcome.status !== 'ok') throw new Error(outcome.reason);
    size = outcome.file.sizeBytes;
    name = outcome.file.name;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query('CREATE DATABASE exhale_restored');
  await admin.end();
  const restoreStarted = performance.now();
  await restoreBackup({
    databaseUrl: embedded.url.replace(/\/exhale$/, '/exhale_restored'),
    body: await service.store.read(name),
    force: false,
  });
  const restoreMs = performance.now() - restoreStarted;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const median = medianOf(times);
  const reference = medianOf(emptyTimes);
  console.log(
    `backup of the seeded demo database: ${times.map(seconds).join(', ')} ` +
      `(median ${seconds(median)}), ${(size / 1e6).toFixed(2)} MB gzipped; ` +
      `pg_dump of an empty database: ${emptyTimes.map(seconds).join(', ')} ` +
      `(median ${seconds(reference)}); restore into a fresh database ${seconds(restoreMs)}`,
  );
  const misses = judgeDuration('median backup', median, reference, MAX_RATIO);
  for (const miss of misses) console.error(`Budget missed: ${miss}`);
  process.exitCode = misses.length === 0 ? 0 : 1;
} finally {
  await database.close();
  await embedded.stop();
  await rm(dataDir, { recursive: true, force: true });
}
