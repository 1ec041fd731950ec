import type { FastifyInstance } from 'fastify';

/**
 * A checksum of every row of every table in the app's schema: `{ table: "rows:md5" }`. Two equal
 * fingerprints mean no row was added, removed or changed in between. `ignoreColumns` leaves out
 * columns that change on their own (each caller says why).
 */
export async function databaseFingerprint(
  app: FastifyInstance,
  ignoreColumns: Record<string, readonly string[]> = {},
): Promise<Record<string, string>> {
  const { rows: columns } = await app.pg.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'public'
        AND table_name IN (SELECT table_name FROM information_schema.tables
                            WHERE table_schema = 'public' AND table_type = 'BASE TABLE')
      ORDER BY table_name, ordinal_position`,
  );
  const byTable = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of columns) {
    if (ignoreColumns[table]?.includes(column)) continue;
    byTable.set(table, [...(byTable.get(table) ?? []), column]);
  }
  const fingerprint: Record<string, string> = {};
  for (const [table, names] of byTable) {
    const row = names.map((name) => `t.${quote(name)}`).join(', ');
    const { rows } = await app.pg.query<{ n: number; sum: string }>(
      `SELECT count(*)::int AS n,
              md5(coalesce(string_agg(r, E'\\n' ORDER BY r), '')) AS sum
         FROM (SELECT ROW(${row})::text AS r FROM ${quote(table)} t) rows`,
    );
    fingerprint[table] = `${rows[0]!.n}:${rows[0]!.sum}`;
  }
  return fingerprint;
}

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;
