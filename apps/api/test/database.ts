import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../src/db/client';

let handle: DatabaseHandle | undefined;
let name: string | undefined;

function adminClient() {
  return new pg.Client({ connectionString: inject('adminDatabaseUrl') });
}

/** This test file's own database, cloned from the migrated template on first use. */
export async function testDatabase(): Promise<DatabaseHandle & { url: string }> {
  if (!handle || !name) {
    name = `exhale_t_${randomBytes(6).toString('hex')}`;
    const admin = adminClient();
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
    } finally {
      await admin.end();
    }
    handle = createDatabase(databaseUrl(name), { max: 10 });
  }
  return { ...handle, url: databaseUrl(name) };
}

function databaseUrl(database: string): string {
  const u = new URL(inject('adminDatabaseUrl'));
  u.pathname = `/${database}`;
  return u.toString();
}

export async function dropTestDatabase(): Promise<void> {
  if (!handle || !name) return;
  await handle.close();
  const admin = adminClient();
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
  handle = undefined;
  name = undefined;
}
