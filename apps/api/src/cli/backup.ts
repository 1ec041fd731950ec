import path from 'node:path';
import { parseConfig } from '../config';
import { createDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { systemClock } from '../lib/clock';
import { createBackupStore } from '../modules/backups/backups.service';
import { createBackupService } from '../modules/backups/backups.module';
import { commandDatabase } from './database-target';

/**
 * `npm run backup`: one backup now, like the scheduled one (decision 050). Safe while the server
 * runs: pg_dump reads one consistent snapshot, and the advisory lock keeps it to one at a time.
 */
async function main() {
  const config = parseConfig();
  const target = await commandDatabase(config);
  const database = createDatabase(target.url, { max: 2 });
  try {
    await runMigrations(database.db, database.pool);
    const service = createBackupService({
      db: database.db,
      clock: systemClock,
      databaseUrl: target.url,
      store: createBackupStore(config),
      uploadsDir:
        config.STORAGE_PROVIDER === 'local' ? path.resolve(config.DATA_DIR, 'uploads') : undefined,
      keep: config.BACKUP_KEEP,
      log: (message) => process.stdout.write(`${message}\n`),
    });
    const outcome = await service.run('command');
    if (outcome.status === 'skipped') {
      process.stderr.write(`no backup made: ${outcome.reason}; try again in a minute\n`);
      process.exitCode = 1;
    } else {
      process.stdout.write(`backed up to ${outcome.location}\n`);
    }
  } catch (error) {
    process.stderr.write(`backup failed: ${(error as Error).message}\n`);
    process.exitCode = 1;
  } finally {
    await database.close();
    await target.stop();
  }
}

void main();
