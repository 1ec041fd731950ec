import { drizzle, type NodePgDatabase, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';

export type Database = NodePgDatabase;
/** What repositories run on: the pool-backed database or a transaction opened from it. */
export type Executor = PgDatabase<NodePgQueryResultHKT>;

export interface DatabaseHandle {
  pool: pg.Pool;
  db: Database;
  close(): Promise<void>;
}

/**
 * One pool per process. A short connection timeout makes requests fail fast
 * with 503 while the database is down instead of hanging until the client gives up.
 */
export function createDatabase(url: string, options: { max?: number } = {}): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 20,
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 15_000,
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  return { pool, db: drizzle({ client: pool }), close: () => pool.end() };
}
