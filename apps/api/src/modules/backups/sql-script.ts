import type pg from 'pg';

/**
 * Splits a pg_dump plain-format script into its statements the way psql reads it: a semicolon
 * ends a statement only outside quotes ('…', E'…', "…", $tag$…$tag$) and comments; a line that
 * starts with a backslash between statements is a psql meta-command (pg_dump writes \restrict and
 * \unrestrict), which is skipped. The dump is made with --rows-per-insert, so it has no COPY … FROM
 * stdin data blocks (decision 050).
 */
export function* sqlStatements(script: string): Generator<string> {
  let start = 0;
  let i = 0;
  const n = script.length;
  let atStatementStart = true;
  while (i < n) {
    const c = script[i]!;
    if (atStatementStart) {
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
        i++;
        start = i;
        continue;
      }
      if (c === '\\') {
        const end = script.indexOf('\n', i);
        i = end === -1 ? n : end + 1;
        start = i;
        continue;
      }
      if (c === '-' && script[i + 1] === '-') {
        const end = script.indexOf('\n', i);
        i = end === -1 ? n : end + 1;
        start = i;
        continue;
      }
      atStatementStart = false;
    }
    if (c === '-' && script[i + 1] === '-') {
      const end = script.indexOf('\n', i);
      i = end === -1 ? n : end + 1;
    } else if (c === '/' && script[i + 1] === '*') {
      let depth = 1;
      i += 2;
      while (i < n && depth > 0) {
        if (script[i] === '/' && script[i + 1] === '*') {
          depth++;
          i += 2;
        } else if (script[i] === '*' && script[i + 1] === '/') {
          depth--;
          i += 2;
        } else i++;
      }
    } else if (c === "'") {
      const escapes = /[eE]/.test(script[i - 1] ?? '') && !/[\w$]/.test(script[i - 2] ?? '');
      i++;
      while (i < n) {
        const d = script[i]!;
        if (escapes && d === '\\') i += 2;
        else if (d === "'" && script[i + 1] === "'") i += 2;
        else if (d === "'") {
          i++;
          break;
        } else i++;
      }
    } else if (c === '"') {
      const end = script.indexOf('"', i + 1);
      i = end === -1 ? n : end + 1;
      while (script[i] === '"') {
        const next = script.indexOf('"', i + 1);
        i = next === -1 ? n : next + 1;
      }
    } else if (c === '$' && !/[\w$]/.test(script[i - 1] ?? '')) {
      const tag = /^\$(?:[A-Za-z_\u0080-\uffff][\w\u0080-\uffff]*)?\$/.exec(
        script.slice(i, i + 64),
      );
      if (tag) {
        const end = script.indexOf(tag[0], i + tag[0].length);
        i = end === -1 ? n : end + tag[0].length;
      } else i++;
    } else if (c === ';') {
      i++;
      yield script.slice(start, i);
      start = i;
      atStatementStart = true;
    } else i++;
  }
  const rest = script.slice(start).trim();
  if (rest) yield rest;
}

const UNDEFINED_OBJECT = '42704';
const BATCH_CHARS = 1 << 20;

/**
 * Runs a pg_dump script in one transaction: a failure leaves the database as it was. A `SET` of a
 * parameter the server does not know (pg_dump 18 writes `SET transaction_timeout = 0`, which
 * PostgreSQL 15 lacks) is skipped, as psql would report it and go on; any other error stops.
 */
export async function runSqlScript(
  client: pg.ClientBase,
  script: string,
  /** Runs first inside the same transaction (the restore drops what the database held). */
  prepare?: () => Promise<void>,
): Promise<void> {
  await client.query('BEGIN');
  try {
    await prepare?.();
    let batch = '';
    const flush = async () => {
      if (batch) await client.query(batch);
      batch = '';
    };
    for (const statement of sqlStatements(script)) {
      if (/^SET\s/i.test(statement)) {
        await flush();
        await client.query('SAVEPOINT exhale_set');
        try {
          await client.query(statement);
          await client.query('RELEASE SAVEPOINT exhale_set');
        } catch (error) {
          if ((error as { code?: string }).code !== UNDEFINED_OBJECT) throw error;
          await client.query('ROLLBACK TO SAVEPOINT exhale_set');
        }
        continue;
      }
      batch += `${statement}\n`;
      if (batch.length >= BATCH_CHARS) await flush();
    }
    await flush();
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}
