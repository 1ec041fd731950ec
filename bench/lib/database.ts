import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedDatabase } from '../../apps/api/src/db/embedded';

export interface BenchDatabase {
  /** A fresh, empty database of this run's own. */
  url: string;
  /** Where the run may keep files (uploads, local secrets). */
  dataDir: string;
  /** Which server: 'embedded' or the DATABASE_URL host. */
  server: string;
  close(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * A fresh database for one benchmark or suite run: a new database on the server in DATABASE_URL
 * when it is set (dropped afterwards), otherwise an embedded PostgreSQL in a temporary folder.
 */
export async function createBenchDatabase(
  log: (msg: string) => void = () => {},
): Promise<BenchDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'exhale-bench-'));
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `exhale_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    return {
      url: withDatabase(serverUrl, name),
      dataDir,
      server: new URL(serverUrl).host,
      async close() {
        const client = new pg.Client({ connectionString: serverUrl });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  const embedded = await startEmbeddedDatabase({ dataDir, log });
  return {
    url: embedded.url,
    dataDir,
    server: 'embedded',
    async close() {
      await embedded.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
