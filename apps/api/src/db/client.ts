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

/** Defaults of DATABASE_STATEMENT_TIMEOUT_MS and DATABASE_LOCK_TIMEOUT_MS (config.ts). */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5_000;
export const DEFAULT_LOCK_TIMEOUT_MS = 2_000;

export interface DatabaseOptions {
  max?: number;
  /** PostgreSQL cancels a statement after this long; the longest legitimate query is far below. */
  statementTimeoutMs?: number;
  /** A statement stops waiting for a lock another connection holds after this long. */
  lockTimeoutMs?: number;
  /** Client-side limit for a server that stops answering; a second past the statement timeout. */
  queryTimeoutMs?: number;
}

/**
 * One pool per process. A short connection timeout makes requests fail fast with 503 while the
 * database is down instead of hanging until the client gives up. `statement_timeout` and
 * `lock_timeout` are enforced by the server: a slow statement or one stuck behind another
 * connection's lock is cancelled (SQLSTATE 57014, 55P03) and answered 503 (plugins/errors.ts).
 * A server that stops answering altogether (frozen, or a network partition that drops packets)
 * enforces nothing, so the client-side `query_timeout`, a little longer, ends those queries with
 * an error also mapped to 503, and the pool discards their connections.
 */
export function createDatabase(url: string, options: DatabaseOptions = {}): DatabaseHandle {
  const statementTimeout = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 20,
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: statementTimeout,
    lock_timeout: Math.min(options.lockTimeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS, statementTimeout),
    query_timeout: options.queryTimeoutMs ?? statementTimeout + 1_000,
  });
  // A client losing its connection (database restart, failover) must not crash the process. The
  // pool listens on its idle clients only; one lent to a transaction that is waiting on the app's
  // own code would emit 'error' to nobody. Its next statement then fails with a connection error
  // (answered 503), and the pool discards it when it comes back.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return { pool, db: drizzle({ client: pool }), close: () => pool.end() };
}
