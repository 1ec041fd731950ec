import { is, Placeholder } from 'drizzle-orm';
import type pg from 'pg';
import type { Database, Executor } from './client';

const statements = new WeakMap<Executor, Map<string, unknown>>();

/**
 * The prepared statement `name` of `db`, built on first use and kept as long as `db` lives. On the
 * pool's database that means drizzle builds the SQL once per process and PostgreSQL parses and
 * plans it once per pooled connection, instead of both on every call: for the reads every request
 * makes (the session check) and the busiest pages. A transaction gets statements of its own.
 * Each name must stand for one SQL text (PostgreSQL keys the parsed statement by name).
 */
export function prepared<T>(db: Executor, name: string, build: (db: Executor) => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db);
    byName.set(name, statement);
  }
  return statement;
}

type Read<Row> = { toSQL(): { sql: string; params: unknown[] }; execute(): Promise<Row[]> };
const reads = new WeakMap<Database, Map<string, unknown>>();

/**
 * A prepared read for the hottest requests, on the pool's database: drizzle builds the SQL once,
 * node-postgres runs it as a named statement and decodes each column with its own type parsers,
 * and each row comes back as an object keyed like `selection`, without drizzle's row mapper
 * (which allocated more per request than the rest of GET /user-lesson together). Only for a flat
 * `selection` of columns that node-postgres decodes as drizzle would: text, uuid, integers,
 * double precision, booleans, jsonb, and timestamptz (as Date).
 */
export function preparedRead<Row>(
  db: Database,
  name: string,
  build: (db: Database) => { selection: Record<string, unknown>; query: Read<Row> },
): (values: Record<string, unknown>) => Promise<Row[]> {
  let byName = reads.get(db);
  if (!byName) {
    byName = new Map();
    reads.set(db, byName);
  }
  const known = byName.get(name) as
    ((values: Record<string, unknown>) => Promise<Row[]>) | undefined;
  if (known) return known;

  const { selection, query } = build(db);
  // Drizzle lists a flat selection's columns in the order of its keys.
  const keys = Object.keys(selection);
  const { sql: text, params } = query.toSQL();
  // drizzle({ client: pool }) keeps the pool as `$client`.
  const pool = (db as Database & { $client: pg.Pool }).$client;
  const run = async (values: Record<string, unknown>) => {
    const result = await pool.query<unknown[]>({
      name,
      text,
      values: params.map((p) => (is(p, Placeholder) ? values[p.name] : p)),
      rowMode: 'array',
    });
    return result.rows.map((cells) => {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i += 1) row[keys[i]!] = cells[i];
      return row as Row;
    });
  };
  byName.set(name, run);
  return run;
}
