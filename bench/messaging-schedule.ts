/**
 * Messaging-schedule budget (`npm run messaging-schedule -w @exhale/bench`, part of the full
 * `npm run bench`): 10,000 members whose programme message is due in the same minute are all
 * enqueued, and sent exactly once, by two worker processes on one PostgreSQL and one Redis. The
 * enqueueing is judged against a reference measured just before it on the same database: 10,000
 * single-row inserts, one statement and one commit each, over two connections (one write per
 * member, the least any schedule can do); all must be enqueued within ENQUEUE_MAX_RATIO times
 * that. Each worker process is the API's own app (production config) running the outbox worker
 * and the programme scheduler (bench/lib/programme-worker.ts), with a clock set to 10:00 IST
 * today so the budget does not depend on the hour it runs at. Exit 1 on a miss.
 *
 * DATABASE_URL (a server to create the run's database on; an embedded PostgreSQL otherwise) and
 * REDIS_URL (default redis://127.0.0.1:6379) as for the other benchmarks.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { judgeDuration } from './lib/budgets';
import { istDateString } from '../packages/contract/src/ist';
import { ensureBuilt, ROOT, startApi } from './lib/api-process';
import { createBenchDatabase } from './lib/database';
import { seedBenchUsers } from './lib/seed-users';

const MEMBERS = 10_000;
/** Enqueueing every member at most this many times the reference's 10,000 inserts. */
const ENQUEUE_MAX_RATIO = 3;
/**
 * Delivery is not the budget, but the run waits for it before calling it a miss: at least 180 s,
 * and on a slower machine twice the enqueueing's budget.
 */
const sendLimitMs = (referenceMs: number) => Math.max(180_000, 2 * ENQUEUE_MAX_RATIO * referenceMs);

const log = (msg: string) => process.stdout.write(`[messaging-schedule] ${msg}\n`);

interface Worker {
  child: ChildProcess;
  output: () => string;
  ready: Promise<void>;
}

function startWorker(env: Record<string, string>): Worker {
  const file = path.join(ROOT, 'bench/lib/programme-worker.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: 'pipe',
  });
  let text = '';
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('ready\n')) resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`worker exited ${code}: ${text.slice(-2000)}`)));
  });
  return { child, output: () => text, ready };
}

async function count(db: pg.Client, sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await db.query<{ n: number }>(sql, params);
  return Number(rows[0]?.n ?? 0);
}

/** 10,000 single-row inserts into a scratch table, one statement each, over two connections. */
async function referenceInsertsMs(databaseUrl: string): Promise<number> {
  const clients = [0, 1].map(() => new pg.Client({ connectionString: databaseUrl }));
  await Promise.all(clients.map((client) => client.connect()));
  try {
    await clients[0]!.query(
      'CREATE TABLE bench_reference (n integer PRIMARY KEY, created_at timestamptz NOT NULL DEFAULT now())',
    );
    const started = performance.now();
    await Promise.all(
      clients.map(async (client, side) => {
        for (let n = side; n < MEMBERS; n += clients.length) {
          await client.query('INSERT INTO bench_reference (n) VALUES ($1)', [n]);
        }
      }),
    );
    const ms = performance.now() - started;
    await clients[0]!.query('DROP TABLE bench_reference');
    return ms;
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}

async function main(): Promise<number> {
  ensureBuilt();
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const database = await createBenchDatabase(log);
  const db = new pg.Client({ connectionString: database.url });
  const workers: Worker[] = [];
  try {
    // The production build migrates and seeds the demo once; the workers then find it done.
    const api = await startApi({ databaseUrl: database.url, dataDir: database.dataDir, redisUrl });
    await api.stop();
    log(`database ${database.server}; seeding ${MEMBERS} members due at 10:00 IST`);
    await seedBenchUsers(database.url, MEMBERS);
    await db.connect();
    const today = istDateString(new Date());
    const clockStart = `${today}T10:00:00.000+05:30`;
    // Quit dates spread over the programme's days, so the library and the counting both work.
    await db.query(
      `INSERT INTO quit_plans (user_id, quit_date, tobacco)
       SELECT id, $1::date - (abs(hashtext(id::text)) % 60 - 7),
              '[{"type":"cigarette","per_day":10,"cost_per_day_paise":12000}]'::jsonb
       FROM users WHERE email LIKE 'bench%@example.com'`,
      [today],
    );
    // SMS goes only to proved numbers (decision 078): the bench's members have proved theirs.
    await db.query(
      `UPDATE users SET mobile_verified_at = now()
       WHERE email LIKE 'bench%@example.com' AND mobile IS NOT NULL`,
    );
    await db.query(
      `INSERT INTO messaging_preferences (user_id, channel, send_minute, language)
       SELECT id, 'sms', 600, CASE WHEN abs(hashtext(id::text)) % 2 = 0 THEN 'en' ELSE 'hi' END
       FROM users WHERE email LIKE 'bench%@example.com'`,
    );
    await db.query('ANALYZE');
    const referenceMs = await referenceInsertsMs(database.url);
    log(`reference: ${MEMBERS} single-row inserts in ${(referenceMs / 1000).toFixed(1)} s`);

    const env = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      DATA_DIR: database.dataDir,
      PUBLIC_URL: 'http://127.0.0.1',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      MESSAGING_INBOUND_SECRET: 'bench-messaging-secret-0123456789abcdef',
      SELLER_GSTIN: '29AAPFU0939F1ZV',
      PAYMENT_PROVIDER: 'sandbox',
      WEB_PUSH_SUBJECT: 'mailto:bench@example.com',
      SEED_DEMO: 'false',
      BENCH_CLOCK_START: clockStart,
    };
    workers.push(startWorker(env), startWorker(env));
    await Promise.all(workers.map((w) => w.ready));
    const started = Date.now();
    log('two worker processes running');

    const sends = `SELECT count(*)::int AS n FROM programme_sends WHERE ist_date = $1`;
    let enqueuedMs: number | undefined;
    let sentMs: number | undefined;
    while (Date.now() - started < sendLimitMs(referenceMs)) {
      const enqueued = await count(db, sends, [today]);
      if (enqueuedMs === undefined && enqueued >= MEMBERS) enqueuedMs = Date.now() - started;
      if (enqueuedMs !== undefined) {
        const pending = await count(
          db,
          `SELECT count(*)::int AS n FROM outbox_messages WHERE channel = 'sms' AND status <> 'sent'`,
        );
        if (pending === 0) {
          sentMs = Date.now() - started;
          break;
        }
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    // Another minute of both schedulers running must add nothing.
    await new Promise((r) => setTimeout(r, 6_000));

    const members = await count(db, `SELECT count(*)::int AS n FROM messaging_preferences`);
    const rows = await db.query<{
      sends: number;
      messages: number;
      twice: number;
      retried: number;
    }>(
      `SELECT
         (SELECT count(*)::int FROM programme_sends WHERE ist_date = $1) AS sends,
         (SELECT count(*)::int FROM outbox_messages o JOIN programme_sends s ON s.outbox_id = o.id
           WHERE o.status = 'sent') AS messages,
         (SELECT count(*)::int FROM (SELECT user_id FROM outbox_messages WHERE channel = 'sms'
           AND user_id IS NOT NULL GROUP BY user_id HAVING count(*) > 1) t) AS twice,
         (SELECT count(*)::int FROM outbox_messages o JOIN programme_sends s ON s.outbox_id = o.id
           WHERE o.attempts <> 1) AS retried`,
      [today],
    );
    const figures = rows.rows[0]!;
    const enqueueMisses = judgeDuration('all enqueued', enqueuedMs, referenceMs, ENQUEUE_MAX_RATIO);
    const enqueuedOk = enqueueMisses.length === 0;
    const enqueueLimit = `${((referenceMs * ENQUEUE_MAX_RATIO) / 1000).toFixed(1)} s`;
    const onceOk =
      figures.sends === MEMBERS &&
      figures.messages === MEMBERS &&
      figures.twice === 0 &&
      figures.retried === 0;
    process.stdout.write(
      `\n${members} members due at 10:00 IST (${today}), two worker processes, ` +
        `database ${database.server}, Redis\n` +
        `  ${enqueuedOk ? 'PASS' : 'FAIL'}  all enqueued in ${enqueuedMs === undefined ? '—' : (enqueuedMs / 1000).toFixed(1)} s (budget ${enqueueLimit}: ${ENQUEUE_MAX_RATIO}× the reference's ${(referenceMs / 1000).toFixed(1)} s)\n` +
        `  ${onceOk ? 'PASS' : 'FAIL'}  sent exactly once: ${figures.sends} sends, ${figures.messages} delivered, ` +
        `${figures.twice} members with two messages, ${figures.retried} messages delivered more than once or not at all` +
        ` (all delivered in ${sentMs === undefined ? '—' : (sentMs / 1000).toFixed(1)} s)\n\n`,
    );
    return enqueuedOk && onceOk ? 0 : 1;
  } finally {
    for (const worker of workers) worker.child.kill('SIGTERM');
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            if (w.child.exitCode !== null) return resolve();
            w.child.once('exit', () => resolve());
            setTimeout(() => w.child.kill('SIGKILL'), 15_000).unref();
          }),
      ),
    );
    await db.end().catch(() => {});
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
