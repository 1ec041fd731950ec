import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { parseConfig } from '../config';
import { LocalBackupStore } from '../modules/backups/backup-store';
import {
  createBackupStore,
  RestoreRefusedError,
  restoreBackup,
} from '../modules/backups/backups.service';
import { commandDatabase } from './database-target';

const USAGE = 'usage: npm run restore -- <backup file> [--yes] [--force]\n';

function describe(url: string): string {
  const u = new URL(url);
  return `${u.pathname.slice(1)} on ${u.hostname}:${u.port || 5432}`;
}

/**
 * `npm run restore -- <file>`: puts a backup back into the database (decision 050). It asks first
 * unless --yes, and refuses a database that has members unless --force, since everything in it is
 * replaced. <file> is a path, or the name of a file in DATA_DIR/backups or the bucket's backups/.
 */
async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { yes: { type: 'boolean', short: 'y' }, force: { type: 'boolean' } },
  });
  const given = positionals[0];
  if (!given || positionals.length > 1) {
    process.stderr.write(USAGE);
    process.exit(2);
  }
  const config = parseConfig();
  // npm runs this inside apps/api; a relative path means where the operator typed the command.
  const local = path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
  const store = createBackupStore(config);
  let body: Buffer;
  let mirror: string | undefined;
  if (existsSync(local)) {
    body = await readFile(local);
    mirror = path.join(path.dirname(local), 'uploads');
  } else {
    const name = path.basename(given);
    body = await store.read(name).catch(() => {
      process.stderr.write(`no backup file ${given} (looked in ${store.place} too)\n`);
      process.exit(1);
    });
    if (store instanceof LocalBackupStore) mirror = path.join(store.dir, 'uploads');
  }
  const uploads =
    config.STORAGE_PROVIDER === 'local' && mirror && existsSync(mirror)
      ? { mirror, target: path.resolve(config.DATA_DIR, 'uploads') }
      : undefined;

  const target = await commandDatabase(config);
  try {
    if (!values.yes) {
      const rl = createInterface({ input: process.stdin, output: process.stdout });
      const answer = await rl.question(
        `Restore ${given} into ${describe(target.url)}? Everything in that database is replaced. Type yes to go on: `,
      );
      rl.close();
      if (answer.trim().toLowerCase() !== 'yes') {
        process.stderr.write('not restored\n');
        process.exitCode = 1;
        return;
      }
    }
    const result = await restoreBackup({
      databaseUrl: target.url,
      body,
      force: values.force ?? false,
      uploads,
    });
    process.stdout.write(
      `restored ${given} into ${describe(target.url)}` +
        (uploads ? `; ${result.uploadsCopied} upload(s) copied back to ${uploads.target}` : '') +
        '\n',
    );
  } catch (error) {
    const message = error instanceof RestoreRefusedError ? error.message : String(error);
    process.stderr.write(`restore failed: ${message}\n`);
    process.exitCode = 1;
  } finally {
    await target.stop();
  }
}

void main();
