import { randomUUID } from 'node:crypto';
import { Messages } from '@exhale/contract/messages';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createDatabase } from '../src/db/client';
import { testConfig } from './app';
import { testDatabase } from './database';
import { startFreezableProxy } from './fakes/freezable-proxy';

// What a request that needs PostgreSQL gets while it cannot be reached: the contract's error body
// with 503 and Retry-After, at once, never a hang, a 500 or a 401 that would sign the user out.
// `npm run faults -w @exhale/bench` stops a real server under traffic; these pin the mapping.

const unavailable = {
  success: false,
  message: Messages.SERVICE_UNAVAILABLE.message,
  code: Messages.SERVICE_UNAVAILABLE.code,
};

/** A driver error as drizzle hands it on: drizzle's own error, the driver's in `cause`. */
function drizzleWrapped(driverError: Error) {
  return new Error('Failed query: select 1\nparams: ', { cause: driverError });
}

/** Holds the transaction of /probe/idle-in-transaction between its two statements. */
let releaseIdleTransaction: () => void = () => {};

async function probeRoutes(api: FastifyInstance) {
  api.get('/probe/driver-error/:code', async (request) => {
    const { code } = request.params as { code: string };
    throw drizzleWrapped(Object.assign(new Error(`driver detail ${code}`), { code }));
  });
  api.get('/probe/connect-timeout', async () => {
    // node-postgres' pool, when connectionTimeoutMillis passes without a connection.
    throw drizzleWrapped(new Error('timeout exceeded when trying to connect'));
  });
  api.get('/probe/idle-in-transaction', async () => {
    const held = new Promise<void>((resolve) => (releaseIdleTransaction = resolve));
    await api.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1 AS idle_probe`);
      // The connection is lent to this transaction and idle, as while a request's code runs.
      await held;
      await tx.execute(sql`SELECT 2`);
    });
    return { success: true };
  });
  api.get('/probe/slow-query', async () => {
    await api.db.execute(sql`SELECT pg_sleep(10) AS faults_probe`);
    return { success: true };
  });
}

describe('a database that refuses connections', () => {
  let app: FastifyInstance;
  const dead = createDatabase('postgres://nobody@127.0.0.1:1/none', { max: 2 });

  beforeAll(async () => {
    app = await buildApp({ config: testConfig(), db: dead.db, pool: dead.pool });
    await app.ready();
    return async () => {
      await app.close();
      await dead.close();
    };
  });

  it('answers a request that needs it with 503, Retry-After and the contract body, at once', async () => {
    const started = Date.now();
    const res = await app.inject({ url: '/api/plan' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual(unavailable);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('answers a signed-in request 503, not 401: the session cannot be checked, not refused', async () => {
    const token = await app.tokens.sign({ sub: randomUUID(), kind: 'session', sid: randomUUID() });
    const res = await app.inject({
      url: '/api/user-plan/current',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(unavailable);
  });

  it('stays live (healthz 200) while not ready (readyz 503)', async () => {
    expect((await app.inject({ url: '/api/healthz' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/readyz' })).statusCode).toBe(503);
  });
});

describe('driver errors', () => {
  let app: FastifyInstance;
  let databaseUrl: string;

  beforeAll(async () => {
    const database = await testDatabase();
    databaseUrl = database.url;
    app = await buildApp({ config: testConfig(), db: database.db, pool: database.pool });
    await app.register(probeRoutes, { prefix: '/api' });
    await app.ready();
    return () => app.close();
  });

  it.each([
    ['ECONNREFUSED', 'connection refused'],
    ['ECONNRESET', 'connection reset'],
    ['57P01', 'admin_shutdown'],
    ['57P02', 'crash_shutdown'],
    ['57P03', 'cannot_connect_now (starting up)'],
    ['08006', 'connection_failure'],
    ['53300', 'too_many_connections'],
  ])('maps %s (%s) to 503', async (code) => {
    const res = await app.inject({ url: `/api/probe/driver-error/${code}` });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(unavailable);
  });

  it("maps the pool's connection timeout to 503", async () => {
    const res = await app.inject({ url: '/api/probe/connect-timeout' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(unavailable);
  });

  it('keeps any other database error a 500 that hides the detail', async () => {
    const res = await app.inject({ url: '/api/probe/driver-error/42P01' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      message: Messages.INTERNAL_ERROR.message,
      code: 'INTERNAL_ERROR',
    });
  });

  it('answers 503 when the server ends the connection mid-query, then serves the next request', async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const pending = app.inject({ url: '/api/probe/slow-query' });
      let terminated = 0;
      for (let i = 0; i < 100 && terminated === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const { rows } = await admin.query<{ ended: boolean }>(
          `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
           WHERE datname = current_database() AND pid <> pg_backend_pid()
             AND query LIKE '%faults_probe%'`,
        );
        terminated = rows.filter((row) => row.ended).length;
      }
      expect(terminated).toBe(1);
      const res = await pending;
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(unavailable);
      expect((await app.inject({ url: '/api/plan' })).statusCode).toBe(200);
    } finally {
      await admin.end();
    }
  });
});

describe('a lent connection that the server ends between two statements', () => {
  let app: FastifyInstance;
  let databaseUrl: string;

  beforeAll(async () => {
    const database = await testDatabase();
    databaseUrl = database.url;
    app = await buildApp({ config: testConfig(), db: database.db, pool: database.pool });
    await app.register(probeRoutes, { prefix: '/api' });
    await app.ready();
    return () => app.close();
  });

  // A restart or failover ends every session, also those inside a transaction waiting on the
  // app's own code. With no listener on the lent client, its 'error' event crashed the process
  // (seen in `npm run faults` db-outage); now the transaction fails and answers 503.
  it('answers 503 without crashing, then serves the next request', async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const pending = app.inject({ url: '/api/probe/idle-in-transaction' });
      let terminated = 0;
      for (let i = 0; i < 100 && terminated === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const { rows } = await admin.query<{ ended: boolean }>(
          `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
           WHERE datname = current_database() AND state = 'idle in transaction'
             AND query LIKE '%idle_probe%'`,
        );
        terminated = rows.filter((row) => row.ended).length;
      }
      expect(terminated).toBe(1);
      // The server's goodbye reaches the idle client before the transaction goes on.
      await new Promise((resolve) => setTimeout(resolve, 300));
      releaseIdleTransaction();
      const res = await pending;
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(unavailable);
      expect((await app.inject({ url: '/api/plan' })).statusCode).toBe(200);
    } finally {
      await admin.end();
    }
  });
});

describe('a database that stops answering (frozen server, dropped packets)', () => {
  it('answers 503 once the query timeout passes, then serves again when the server answers', async () => {
    const database = await testDatabase();
    const target = new URL(database.url);
    const proxy = await startFreezableProxy({ host: target.hostname, port: Number(target.port) });
    const viaProxy = new URL(database.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const handle = createDatabase(viaProxy.toString(), { max: 2, queryTimeoutMs: 1_000 });
    const app = await buildApp({ config: testConfig(), db: handle.db, pool: handle.pool });
    await app.ready();
    try {
      // The pool holds an open connection, so the request below is sent and then never answered.
      expect((await app.inject({ url: '/api/plan' })).statusCode).toBe(200);
      proxy.freeze();
      const started = Date.now();
      const res = await app.inject({ url: '/api/plan' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(unavailable);
      expect(Date.now() - started).toBeLessThan(4_000);

      proxy.thaw();
      expect((await app.inject({ url: '/api/plan' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await handle.close();
      await proxy.close();
    }
  });
});

describe('a query too slow, or stuck behind a lock (statement and lock timeouts)', () => {
  let app: FastifyInstance;
  let handle: ReturnType<typeof createDatabase>;
  let databaseUrl: string;

  beforeAll(async () => {
    const database = await testDatabase();
    databaseUrl = database.url;
    handle = createDatabase(database.url, { max: 2, statementTimeoutMs: 500, lockTimeoutMs: 300 });
    app = await buildApp({ config: testConfig(), db: handle.db, pool: handle.pool });
    await app.register(probeRoutes, { prefix: '/api' });
    await app.ready();
    return async () => {
      await app.close();
      await handle.close();
    };
  });

  it('cancels a statement past the statement timeout and answers 503 with Retry-After', async () => {
    const started = Date.now();
    const res = await app.inject({ url: '/api/probe/slow-query' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual(unavailable);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect((await app.inject({ url: '/api/plan' })).statusCode).toBe(200);
  });

  it('answers 503 when a table stays locked by another connection, then serves again', async () => {
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE plans IN ACCESS EXCLUSIVE MODE');
      const started = Date.now();
      const res = await app.inject({ url: '/api/plan' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(unavailable);
      expect(Date.now() - started).toBeLessThan(3_000);
      await holder.query('ROLLBACK');
      expect((await app.inject({ url: '/api/plan' })).statusCode).toBe(200);
    } finally {
      await holder.end();
    }
  });

  it('sets both timeouts on every pooled connection, 5 s and 2 s unless configured', async () => {
    const defaults = createDatabase(databaseUrl, { max: 1 });
    try {
      const { rows } = await defaults.pool.query<{ statement: string; lock: string }>(
        "SELECT current_setting('statement_timeout') AS statement, current_setting('lock_timeout') AS lock",
      );
      expect(rows[0]).toEqual({ statement: '5s', lock: '2s' });
    } finally {
      await defaults.close();
    }
  });
});
