import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { ADVISORY_LOCKS } from './advisory-locks';
import type { Database } from './client';

/** Bundled builds copy the SQL next to the bundle; in source it sits beside this file. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Applies pending migrations; safe when several processes start at once. They run on one
 * connection of their own without the pool's statement and lock timeouts: building an index on a
 * large table, or waiting for another process's migrations, may take longer than any request
 * should. The connection is closed afterwards rather than returned to the pool with those limits
 * lifted.
 */
export async function runMigrations(_db: Database, pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('SET statement_timeout = 0');
    await client.query('SET lock_timeout = 0');
    await client.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCKS.migrations]);
    await migrate(drizzle({ client }), { migrationsFolder });
  } catch (error) {
    broken = true;
    throw error;
  } finally {
    if (!broken) {
      await client
        .query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCKS.migrations])
        .catch(() => {});
    }
    // Closing the connection also releases the advisory lock if the unlock did not run.
    client.release(true);
  }
}

/** Number of migrations this build ships, for the readiness check. */
export function expectedMigrationCount(): number {
  const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

export async function appliedMigrationCount(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ count: string }>(
    'SELECT count(*)::text AS count FROM drizzle.__drizzle_migrations',
  );
  return Number(rows[0]?.count ?? 0);
}
