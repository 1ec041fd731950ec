/**
 * API load benchmark (`npm run api-load -w @exhale/bench`): the production build on a fresh
 * database with the demo seed and 10k users, measured with autocannon against a bare Fastify +
 * node-postgres point select on the same database (the ceiling for "one request, one query" on
 * this machine). Flags: --duration <s> (10), --connections <n> (50), --quick (3 s, fewer users
 * signed in; CI), --json (also write bench/results/api-load.json), --only <text> (the reference
 * and the routes whose name holds the text; budgets of routes left out are not judged),
 * --cpu-prof <dir> (the API writes a V8 CPU profile of the whole run there when it stops).
 *
 * Each route's row also gives what one request cost in CPU time on each side, read from /proc
 * over the measured run: the server (the API or the reference), PostgreSQL (embedded only: a
 * DATABASE_URL server's processes are not this run's) and the load generator (autocannon, in this
 * process). The sides share the machine's cores, so a route that costs the load generator more
 * (a larger answer to read) also lowers its requests per second.
 *
 * Budgets (exit 1 when missed), against the reference measured in the same run
 * (bench/lib/budgets.ts): GET /api/user-lesson and GET /api/quit-plan/progress (each member
 * holding 1,000 craving and slip entries) at least 60% of the reference's requests per second,
 * with p99 at most twice the reference's p99; no errors and no non-2xx answers on any route.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureBuilt, ROOT, startApi, type ApiProcess } from './lib/api-process';
import { judgeErrors, judgeRoute, ROUTE_LOAD_BUDGET } from './lib/budgets';
import { createBenchDatabase } from './lib/database';
import {
  formatTable,
  runLoad,
  startReference,
  type LoadResult,
  type LoadTarget,
  type ReferenceServer,
} from './lib/load';
import { embeddedPostmasterPid, ownCpuMs, postgresCpuMs, processCpuMs } from './lib/process-cpu';
import {
  BENCH_PASSWORD,
  benchEmail,
  loginMany,
  sampleUserNumbers,
  seedBenchUsers,
  seedQuitLogs,
} from './lib/seed-users';

const USERS = 10_000;
/** The routes held to ROUTE_LOAD_BUDGET; every route is held to no errors. */
const BUDGETED_ROUTES = ['GET /api/user-lesson', 'GET /api/quit-plan/progress'];
/** Each signed-in member's craving and slip log for GET /api/quit-plan/progress (issue 14). */
const QUIT_LOG_ENTRIES = 1_000;

const log = (msg: string) => process.stdout.write(`[api-load] ${msg}\n`);

function options() {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string' },
      connections: { type: 'string' },
      quick: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      only: { type: 'string' },
      'cpu-prof': { type: 'string' },
    },
  });
  const durationSeconds = Number(values.duration ?? (values.quick ? 3 : 10));
  const connections = Number(values.connections ?? 50);
  if (!(durationSeconds > 0) || !Number.isInteger(connections) || connections < 1) {
    throw new Error('--duration must be a positive number and --connections a positive integer');
  }
  return {
    durationSeconds,
    connections,
    quick: values.quick,
    json: values.json,
    only: values.only,
    cpuProfileDir: values['cpu-prof'],
    // Rotated per connection: enough distinct users that the database is not reading one row.
    signedIn: values.quick ? 50 : 200,
    warmUpSeconds: values.quick ? 1 : 2,
  };
}

/** CPU time per request, in µs, of each side during a measured run. */
interface CpuPerRequest {
  server: number;
  /** Undefined on a server of DATABASE_URL. */
  database: number | undefined;
  loadGenerator: number;
}

/** `runLoad`, with what each request cost the server (`serverPid`), PostgreSQL and this process. */
async function measuredLoad(
  target: LoadTarget,
  serverPid: number,
  postmasterPid: number | undefined,
  options: { connections: number; durationSeconds: number },
): Promise<LoadResult & { cpu: CpuPerRequest }> {
  const database = () => (postmasterPid === undefined ? 0 : postgresCpuMs(postmasterPid));
  const before = { server: processCpuMs(serverPid), database: database(), own: ownCpuMs() };
  const result = await runLoad(target, options);
  const perRequest = (ms: number) => (ms * 1000) / Math.max(1, result.requests);
  return {
    ...result,
    cpu: {
      server: perRequest(processCpuMs(serverPid) - before.server),
      database: postmasterPid === undefined ? undefined : perRequest(database() - before.database),
      loadGenerator: perRequest(ownCpuMs() - before.own),
    },
  };
}

/** Sends one request of the target and waits for its answer. */
async function settle(target: LoadTarget): Promise<void> {
  const first = target.requests?.[0];
  await fetch(target.url, {
    method: target.method ?? 'GET',
    headers: first?.headers,
    body: first?.body,
    signal: AbortSignal.timeout(60_000),
  }).then((res) => res.arrayBuffer());
}

async function main(): Promise<number> {
  const opts = options();
  ensureBuilt();
  const database = await createBenchDatabase(log);
  log(`database: ${database.server}`);
  let api: ApiProcess | undefined;
  let reference: ReferenceServer | undefined;
  try {
    api = await startApi({
      databaseUrl: database.url,
      dataDir: database.dataDir,
      seedDemo: true,
      // Every request of the run comes from 127.0.0.1: per-IP limits would turn it into 429s.
      env: { RATE_LIMIT_MAX: '1000000000', AUTH_RATE_LIMIT_MAX: '1000000000' },
      nodeArgs: opts.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${opts.cpuProfileDir}`] : [],
    });
    log(`API on ${api.url}; seeding ${USERS} users`);
    await seedBenchUsers(database.url, USERS);
    const emails = sampleUserNumbers(USERS, opts.signedIn).map(benchEmail);
    const tokens = await loginMany(api.url, emails);
    log(`${tokens.length} users signed in`);
    await seedQuitLogs(database.url, emails, QUIT_LOG_ENTRIES);
    log(`${emails.length} quit plans with ${QUIT_LOG_ENTRIES} log entries each`);
    reference = await startReference(database.url);
    const postmasterPid = embeddedPostmasterPid(database.dataDir);

    const authorised = tokens.map((token) => ({ headers: { authorization: `Bearer ${token}` } }));
    const allTargets: LoadTarget[] = [
      { name: 'reference: pg point select', url: `${reference.url}/reference` },
      { name: 'GET /api/blog', url: `${api.url}/api/blog` },
      { name: 'GET /api/user-lesson', url: `${api.url}/api/user-lesson`, requests: authorised },
      { name: 'GET /api/user/profile', url: `${api.url}/api/user/profile`, requests: authorised },
      {
        name: 'GET /api/quit-plan/progress',
        url: `${api.url}/api/quit-plan/progress`,
        requests: authorised,
      },
      {
        name: 'POST /api/auth/user/password-login',
        url: `${api.url}/api/auth/user/password-login`,
        method: 'POST',
        requests: emails.map((email) => ({
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: BENCH_PASSWORD }),
        })),
      },
    ];
    const targets = allTargets.filter(
      (target, i) => i === 0 || opts.only === undefined || target.name.includes(opts.only),
    );

    const results: (LoadResult & { cpu: CpuPerRequest })[] = [];
    for (const target of targets) {
      log(`${target.name}: warm-up ${opts.warmUpSeconds} s, then ${opts.durationSeconds} s`);
      await runLoad(target, { connections: opts.connections, durationSeconds: opts.warmUpSeconds });
      // The server finishes what the warm-up left queued (argon2 hashes take a while) before
      // the measured run starts: one request answers only after them.
      await settle(target);
      const serverPid = target === targets[0] ? reference.pid : api.child.pid!;
      results.push(
        await measuredLoad(target, serverPid, postmasterPid, {
          connections: opts.connections,
          durationSeconds: opts.durationSeconds,
        }),
      );
    }

    const referenceRate = results[0]!.reqPerSec;
    const ratio = (r: LoadResult) => r.reqPerSec / referenceRate;
    process.stdout.write(
      `\n${opts.connections} connections, ${opts.durationSeconds} s per route, ` +
        `${USERS} users, database ${database.server}, ${os.cpus().length} CPUs, ` +
        `Node ${process.versions.node}\n\n` +
        formatTable(
          [
            'route',
            'req/s',
            'p50 ms',
            'p99 ms',
            'non-2xx',
            'errors',
            'vs reference',
            'CPU µs/req: server',
            'database',
            'load generator',
          ],
          results.map((r) => [
            r.name,
            r.reqPerSec.toFixed(0),
            String(r.p50Ms),
            String(r.p99Ms),
            String(r.non2xx),
            String(r.errors),
            `${(ratio(r) * 100).toFixed(0)}%`,
            r.cpu.server.toFixed(0),
            r.cpu.database === undefined ? '–' : r.cpu.database.toFixed(0),
            r.cpu.loadGenerator.toFixed(0),
          ]),
        ) +
        '\n\n',
    );

    const failures: string[] = [];
    for (const r of results.slice(1)) {
      if (BUDGETED_ROUTES.includes(r.name)) {
        failures.push(...judgeRoute(r.name, r, results[0]!, ROUTE_LOAD_BUDGET));
      }
    }
    for (const r of results) failures.push(...judgeErrors(r.name, r));

    if (opts.json) {
      const file = path.join(ROOT, 'bench/results/api-load.json');
      await mkdir(path.dirname(file), { recursive: true });
      const report = {
        date: new Date().toISOString(),
        database: database.server,
        cpus: os.cpus().length,
        node: process.versions.node,
        users: USERS,
        connections: opts.connections,
        durationSeconds: opts.durationSeconds,
        budget: { routes: BUDGETED_ROUTES, ...ROUTE_LOAD_BUDGET },
        results: results.map((r) => ({ ...r, ratioToReference: ratio(r) })),
        failures,
      };
      await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
      log(`results written to ${path.relative(ROOT, file)}`);
    }

    if (failures.length > 0) {
      process.stdout.write(`FAIL\n${failures.map((f) => `  - ${f}`).join('\n')}\n`);
      return 1;
    }
    process.stdout.write(
      opts.only === undefined
        ? 'PASS: every budget met\n'
        : 'PASS: every budget of these routes met\n',
    );
    return 0;
  } catch (error) {
    if (api) process.stderr.write(`API output:\n${api.output()}\n`);
    throw error;
  } finally {
    await reference?.stop();
    await api?.stop();
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
