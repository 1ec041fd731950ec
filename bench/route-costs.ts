/**
 * What one request of each busy route costs (`npm run route-costs -w @exhale/bench`): API CPU time,
 * PostgreSQL CPU time and database round trips per request, the inputs of docs/scaling.md. The
 * production build runs on a fresh embedded PostgreSQL (its processes are this run's own, so their
 * CPU time can be read from /proc) with the demo seed and 10k users; the API reaches the database
 * through a TCP proxy here that counts the client's round trips (a simple Query, or a Sync that ends
 * an extended-protocol query; BEGIN and COMMIT are round trips too). Background work (outbox,
 * schedulers) is measured while idle and taken off. Flags: --requests <n> (2000 per route),
 * --connections <n> (8), --json (also writes bench/results/route-costs.json). Linux only (/proc).
 * Reports; no budget.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { ensureBuilt, freePort, ROOT, startApi, type ApiProcess } from './lib/api-process';
import { createBenchDatabase } from './lib/database';
import { formatTable } from './lib/load';
import { embeddedPostmasterPid, postgresCpuMs, processCpuMs } from './lib/process-cpu';
import {
  BENCH_PASSWORD,
  benchEmail,
  loginMany,
  sampleUserNumbers,
  seedBenchUsers,
  seedQuitLogs,
} from './lib/seed-users';

const USERS = 10_000;
const SIGNED_IN = 100;

const log = (msg: string) => process.stdout.write(`[route-costs] ${msg}\n`);

/**
 * A TCP proxy in front of PostgreSQL counting round trips the clients start: 'Q' (simple query)
 * and 'S' (Sync, the end of an extended-protocol query) messages after the startup message.
 */
async function countingProxy(target: { host: string; port: number }) {
  let roundTrips = 0;
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    let buffer = Buffer.alloc(0);
    let started = false;
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (!started) {
          if (buffer.length < 4) break;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) break;
          const code = buffer.readInt32BE(4);
          buffer = buffer.subarray(length);
          // SSLRequest and GSSENCRequest come before the real startup message.
          if (code !== 80877103 && code !== 80877104) started = true;
          continue;
        }
        if (buffer.length < 5) break;
        const length = buffer.readInt32BE(1);
        if (buffer.length < length + 1) break;
        const type = String.fromCharCode(buffer[0]!);
        if (type === 'Q' || type === 'S') roundTrips += 1;
        buffer = buffer.subarray(length + 1);
      }
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    roundTrips: () => roundTrips,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Route {
  name: string;
  method?: 'GET' | 'PUT' | 'POST';
  /** One request per signed-in member, rotated over the connections. */
  requests: { path: string; headers?: Record<string, string>; body?: string }[];
}

interface Cost {
  route: string;
  requests: number;
  reqPerSec: number;
  apiCpuMs: number;
  dbCpuMs: number;
  roundTrips: number;
  non2xx: number;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      requests: { type: 'string', default: '2000' },
      connections: { type: 'string', default: '8' },
      json: { type: 'boolean', default: false },
    },
  });
  const amount = Number(values.requests);
  const connections = Number(values.connections);
  if (process.env.DATABASE_URL) {
    throw new Error(
      'route-costs reads the CPU time of its own embedded PostgreSQL: unset DATABASE_URL',
    );
  }
  ensureBuilt();
  const database = await createBenchDatabase(log);
  const dbUrl = new URL(database.url);
  const postmasterPid = embeddedPostmasterPid(database.dataDir)!;
  const proxy = await countingProxy({ host: dbUrl.hostname, port: Number(dbUrl.port) });
  const proxiedUrl = new URL(database.url);
  proxiedUrl.port = String(proxy.port);
  let api: ApiProcess | undefined;
  try {
    api = await startApi({
      databaseUrl: proxiedUrl.toString(),
      dataDir: database.dataDir,
      seedDemo: true,
      env: { RATE_LIMIT_MAX: '1000000000', AUTH_RATE_LIMIT_MAX: '1000000000' },
    });
    log(`API on ${api.url}; seeding ${USERS} users`);
    await seedBenchUsers(database.url, USERS);
    const emails = sampleUserNumbers(USERS, SIGNED_IN).map(benchEmail);
    const tokens = await loginMany(api.url, emails);
    await seedQuitLogs(database.url, emails, 1_000);
    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    const json = { 'content-type': 'application/json' };

    // Each member's first playable lesson, for the progress report the player sends every 5 s.
    const lessonIds = await Promise.all(
      tokens.map(async (token) => {
        const res = await fetch(`${api!.url}/api/user-lesson`, { headers: auth(token) });
        const body = (await res.json()) as { data?: { _id: string; status: string }[] };
        const playable = body.data?.find((lesson) => lesson.status !== 'inactive');
        if (!playable)
          throw new Error(`GET /api/user-lesson: ${res.status} ${JSON.stringify(body)}`);
        return playable._id;
      }),
    );

    const signedIn = (p: string) => tokens.map((token) => ({ path: p, headers: auth(token) }));
    const routes: Route[] = [
      { name: 'GET /api/user/profile', requests: signedIn('/api/user/profile') },
      { name: 'GET /api/user-lesson', requests: signedIn('/api/user-lesson') },
      {
        name: 'PUT /api/user-lesson/:id (progress)',
        method: 'PUT',
        requests: tokens.map((token, i) => ({
          path: `/api/user-lesson/${lessonIds[i]}`,
          headers: { ...auth(token), ...json },
          body: JSON.stringify({ seconds_viewed: 5 }),
        })),
      },
      { name: 'GET /api/user-plan/current', requests: signedIn('/api/user-plan/current') },
      { name: 'GET /api/notification', requests: signedIn('/api/notification') },
      { name: 'GET /api/quit-plan/progress', requests: signedIn('/api/quit-plan/progress') },
      { name: 'GET /api/blog', requests: [{ path: '/api/blog' }] },
      {
        name: 'POST /api/auth/user/password-login',
        method: 'POST',
        requests: emails.map((email) => ({
          path: '/api/auth/user/password-login',
          headers: json,
          body: JSON.stringify({ email, password: BENCH_PASSWORD }),
        })),
      },
    ];

    const fire = (route: Route, count: number) =>
      autocannon({
        url: api!.url,
        connections,
        amount: count,
        requests: route.requests.map((r) => ({ method: route.method ?? 'GET', ...r })),
      });

    // Background work between requests: round trips and CPU per second while idle.
    const idleSeconds = 5;
    const idleStart = {
      trips: proxy.roundTrips(),
      api: processCpuMs(api.child.pid!),
      db: postgresCpuMs(postmasterPid),
    };
    await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
    const idle = {
      trips: (proxy.roundTrips() - idleStart.trips) / idleSeconds,
      api: (processCpuMs(api.child.pid!) - idleStart.api) / idleSeconds,
      db: (postgresCpuMs(postmasterPid) - idleStart.db) / idleSeconds,
    };
    log(`idle: ${idle.trips.toFixed(1)} round trips/s, API ${idle.api.toFixed(1)} ms CPU/s`);

    const costs: Cost[] = [];
    for (const route of routes) {
      const count = route.method === 'POST' ? Math.min(amount, 200) : amount;
      await fire(route, Math.min(200, count)); // warm-up: JIT, caches, pool connections
      const before = {
        trips: proxy.roundTrips(),
        api: processCpuMs(api.child.pid!),
        db: postgresCpuMs(postmasterPid),
        at: performance.now(),
      };
      const result = await fire(route, count);
      const seconds = (performance.now() - before.at) / 1000;
      const requests = result.requests.total;
      const per = (value: number, idlePerSecond: number) =>
        Math.max(0, value - idlePerSecond * seconds) / requests;
      costs.push({
        route: route.name,
        requests,
        reqPerSec: requests / seconds,
        apiCpuMs: per(processCpuMs(api.child.pid!) - before.api, idle.api),
        dbCpuMs: per(postgresCpuMs(postmasterPid) - before.db, idle.db),
        roundTrips: per(proxy.roundTrips() - before.trips, idle.trips),
        non2xx: result.non2xx,
      });
      log(`${route.name}: done`);
    }

    // What the database holds for these members: the largest tables, for sizing.
    const sizes = new pg.Client({ connectionString: database.url });
    await sizes.connect();
    const { rows: tables } = await sizes.query<{ name: string; rows: string; bytes: string }>(
      `SELECT c.relname AS name, c.reltuples::bigint AS rows,
              pg_total_relation_size(c.oid) AS bytes
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind = 'r' AND n.nspname = 'public'
        ORDER BY pg_total_relation_size(c.oid) DESC LIMIT 8`,
    );
    const { rows: total } = await sizes.query<{ bytes: string }>(
      'SELECT pg_database_size(current_database()) AS bytes',
    );
    await sizes.end();
    const mb = (bytes: string | number) => (Number(bytes) / 1024 / 1024).toFixed(1);
    log(`database ${mb(total[0]!.bytes)} MB for ${USERS} users`);
    for (const t of tables) log(`  ${t.name}: ${t.rows} rows, ${mb(t.bytes)} MB`);

    process.stdout.write(
      `\n${connections} connections, ${os.cpus().length} CPUs, Node ${process.versions.node}, ` +
        `embedded PostgreSQL, ${USERS} users\n\n` +
        formatTable(
          ['route', 'requests', 'req/s', 'API CPU ms', 'PG CPU ms', 'round trips', 'non-2xx'],
          costs.map((c) => [
            c.route,
            String(c.requests),
            c.reqPerSec.toFixed(0),
            c.apiCpuMs.toFixed(2),
            c.dbCpuMs.toFixed(2),
            c.roundTrips.toFixed(2),
            String(c.non2xx),
          ]),
        ) +
        '\n',
    );
    if (values.json) {
      const dir = path.join(ROOT, 'bench/results');
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, 'route-costs.json'), JSON.stringify({ idle, costs }, null, 2));
    }
  } finally {
    await api?.stop();
    await proxy.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
