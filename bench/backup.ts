/**
 * Times a backup of the seeded demo database (issue 20: under 10 s on this machine) and a restore
 * of it into a fresh database, on the embedded PostgreSQL in a temp dir. `npm run backup -w
 * @exhale/bench`; the figures go in bench/README.md.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { parseConfig } from '../apps/api/src/config';
import { createDatabase } from '../apps/api/src/db/client';
import { startEmbeddedDatabase } from '../apps/api/src/db/embedded';
import { runMigrations } from '../apps/api/src/db/migrate';
import { seedDemo } from '../apps/api/src/db/seed';
import { systemClock } from '../apps/api/src/lib/clock';
import { LocalBackupStore } from '../apps/api/src/modules/backups/backup-store';
import { restoreBackup } from '../apps/api/src/modules/backups/backups.service';
import { createBackupService } from '../apps/api/src/modules/backups/backups.module';
import { createStorage } from '../apps/api/src/plugins/storage';

const BUDGET_MS = 10_000;

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
  const times: number[] = [];
  let size = 0;
  let name = '';
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const outcome = await service.run('command');
    times.push(performance.now() - started);
    if (outcome.status !== 'ok') throw new Error(outcome.reason);
    size = outcome.file.sizeBytes;
    name = outcome.file.name;
  }
  const admin = new pg.Client({ connectionString: embedded.url.replace(/\/exhale$/, '/postgres') });
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
  const median = [...times].sort((a, b) => a - b)[1]!;
  console.log(
    `backup of the seeded demo database: ${times.map((t) => `${(t / 1000).toFixed(1)} s`).join(', ')} ` +
      `(median ${(median / 1000).toFixed(1)} s, budget ${BUDGET_MS / 1000} s), ${(size / 1e6).toFixed(2)} MB gzipped; ` +
      `restore into a fresh database ${(restoreMs / 1000).toFixed(1)} s`,
  );
  process.exitCode = median <= BUDGET_MS ? 0 : 1;
} finally {
  await database.close();
  await embedded.stop();
  await rm(dataDir, { recursive: true, force: true });
}
