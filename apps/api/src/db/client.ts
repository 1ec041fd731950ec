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

/** PostgreSQL cancels a statement after this long; the longest legitimate query is far below. */
const STATEMENT_TIMEOUT_MS = 15_000;

/**
 * One pool per process. A short connection timeout makes requests fail fast with 503 while the
 * database is down instead of hanging until the client gives up. `statement_timeout` is enforced
 * by the server, so a server that stops answering altogether (frozen, or a network partition that
 * drops packets) never enforces it: the client-side `query_timeout`, a little longer, ends those
 * queries with an error the error handler maps to 503, and the pool discards their connections.
 */
export function createDatabase(
  url: string,
  options: { max?: number; queryTimeoutMs?: number } = {},
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 20,
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    query_timeout: options.queryTimeoutMs ?? STATEMENT_TIMEOUT_MS + 5_000,
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  return { pool, db: drizzle({ client: pool }), close: () => pool.end() };
}
