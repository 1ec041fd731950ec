import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../src/db/client';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../src/db/embedded';
import { runMigrations } from '../src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A connection URL to the server's maintenance database (to create/drop databases). */
    adminDatabaseUrl: string;
    /** The migrated database each test file clones. */
    templateDatabase: string;
  }
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * One PostgreSQL per run: the embedded server in a fresh temp dir, or the
 * server named by TEST_DATABASE_URL. Migrations run once into a template;
 * each test file then clones it (CREATE DATABASE … TEMPLATE), which takes
 * milliseconds and isolates files from each other.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined;
  let tempDir: string | undefined;
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    tempDir = await mkdtemp(path.join(tmpdir(), 'exhale-test-'));
    await chmod(tempDir, 0o755); // the postgres user must reach it when we run as root
    embedded = await startEmbeddedDatabase({ dataDir: tempDir, log: () => {} });
    serverUrl = embedded.url;
  }
  const adminUrl = withDatabase(serverUrl, 'postgres');
  const template = `exhale_tpl_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const database = createDatabase(withDatabase(serverUrl, template), { max: 2 });
  await runMigrations(database.db, database.pool);
  await database.close();

  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', template);

  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => {});
    await admin.end();
    await embedded?.stop();
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  };
}
