/**
 * Web Push delivery budget (`npm run push-delivery -w @exhale/bench`): 10,000 members' daily
 * programme messages, queued by push in the outbox, are delivered by the outbox worker to a local
 * HTTPS push service, every one exactly once, within MAX_RATIO times the duration of a bare
 * `web-push` loop run just before in the same process (the same service, the same number of sends
 * in flight): at least half its rate. The reference is measured on the same machine in the same
 * run, so the budget says whether the worker keeps up with what the machine can encrypt and send
 * (decision 087); the absolute seconds are printed, not judged. The encryption of each message (an
 * ECDH agreement and AES-GCM) is the cost both sides pay; what the worker adds is claiming,
 * reading the subscription and marking each row sent. Exit 1 on a miss.
 *
 * DATABASE_URL (a server to create the run's database on; an embedded PostgreSQL otherwise) as for
 * the other benchmarks.
 */
import { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import webpush from 'web-push';
import { createDatabase } from '../apps/api/src/db/client';
import { runMigrations } from '../apps/api/src/db/migrate';
import { createOutboxWorker } from '../apps/api/src/modules/outbox/outbox.module';
import { enqueuePush, pushSubscriptionStore } from '../apps/api/src/modules/push/push.module';
import type { MessageSenders } from '../apps/api/src/providers/messaging/messaging';
import { WebPushSender } from '../apps/api/src/providers/push/web-push-sender';
import { startFakePushService } from '../apps/api/test/fake-push-service';
import { judgeDuration } from './lib/budgets';
import { createBenchDatabase } from './lib/database';

const MEMBERS = 10_000;
/** Every message delivered within this many times the bare loop's duration (≥ 50% its rate). */
const MAX_RATIO = 2;
/** Sends in flight: the worker's batch, and the bare loop's lanes. */
const IN_FLIGHT = 50;
const LANGUAGES = ['en', 'hi', 'mr', 'ta', 'te', 'bn'];

const log = (msg: string) => process.stdout.write(`[push-delivery] ${msg}\n`);
const quiet = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child() {
    return quiet;
  },
} as unknown as FastifyBaseLogger;

async function main(): Promise<number> {
  const database = await createBenchDatabase(log);
  const handle = createDatabase(database.url, { max: 10 });
  const push = await startFakePushService({ record: false });
  const agent = new Agent({ ca: push.ca, keepAlive: true, maxSockets: IN_FLIGHT });
  const vapid = { subject: 'mailto:bench@example.com', ...webpush.generateVAPIDKeys() };
  // One browser's keys for every subscription: the server's side (a fresh key per message) is
  // what costs, and it is the same whatever the browser's key.
  const browser = push.browser();
  try {
    await runMigrations(handle.db, handle.pool);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows: members } = await client.query<{ id: string; language: string }>(
      `INSERT INTO users (name, email, language)
       SELECT 'Bench member ' || n, 'bench.push.' || n || '@example.com',
              ($1::text[])[1 + n % 6]
       FROM generate_series(1, ${MEMBERS}) AS n
       RETURNING id, language`,
      [LANGUAGES],
    );
    await client.query(
      `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth)
       SELECT id, $1 || '/member/' || id, $2, $3 FROM users WHERE email LIKE 'bench.push.%'`,
      [push.origin, browser.keys.p256dh, browser.keys.auth],
    );
    await client.end();
    log(`${members.length} members, each with one browser; local push service ${push.origin}`);

    // The reference: web-push alone, IN_FLIGHT lanes, the same payload size.
    const payload = JSON.stringify({
      title: 'आज का आपका Exhale संदेश',
      body: 'दिन 3: हर तलब कुछ मिनट में गुज़र जाती है। पानी पिएँ और पाँच गहरी साँसें लें।',
      url: '/dashboard',
      tag: 'exhale-programme',
    });
    let next = 0;
    const bareStarted = performance.now();
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < MEMBERS) {
          next += 1;
          await webpush.sendNotification(
            { endpoint: `${push.origin}/bare/${next}`, keys: browser.keys },
            payload,
            {
              TTL: 43_200,
              urgency: 'normal',
              topic: 'exhale-programme',
              vapidDetails: vapid,
              agent,
            },
          );
        }
      }),
    );
    const bareMs = performance.now() - bareStarted;
    const bareRate = MEMBERS / (bareMs / 1000);
    log(
      `bare web-push loop: ${MEMBERS} in ${(bareMs / 1000).toFixed(1)} s (${bareRate.toFixed(0)}/s)`,
    );

    // The day's message for every member, queued as the programme scheduler queues it.
    const now = new Date();
    for (let i = 0; i < members.length; i += 500) {
      await handle.db.transaction(async (tx) => {
        for (const member of members.slice(i, i + 500)) {
          await enqueuePush(
            tx,
            member.id,
            {
              title: 'Your Exhale message for today',
              body: 'Day 3: every craving passes in a few minutes. Drink water and take five deep breaths.',
              url: '/dashboard',
            },
            'programme',
            now,
          );
        }
      });
    }
    const before = push.received();
    const sender = new WebPushSender({
      vapid,
      subscriptions: pushSubscriptionStore(handle.db),
      production: false,
      log: quiet,
      agent,
    });
    const unused = { name: 'unused', send: async () => undefined };
    const senders: MessageSenders = { email: unused, sms: unused, whatsapp: unused, push: sender };
    // Two worker loops (as two processes would run), each with half the sends in flight: a batch
    // waits for its slowest send, and the other loop keeps the push service busy meanwhile.
    const workers = [0, 1].map(() =>
      createOutboxWorker({ db: handle.db, senders, log: quiet }, { batchSize: IN_FLIGHT / 2 }),
    );
    const started = performance.now();
    await Promise.all(
      workers.map(async (worker) => {
        // Past twice the budget the run is a miss whatever follows: stop rather than hang.
        while (performance.now() - started < bareMs * MAX_RATIO * 2) {
          if ((await worker.drainOnce()) === 0) break;
        }
      }),
    );
    const workerMs = performance.now() - started;
    const delivered = push.received() - before;
    const check = new pg.Client({ connectionString: database.url });
    await check.connect();
    const { rows } = await check.query<{ sent: number; other: number }>(
      `SELECT count(*) FILTER (WHERE status = 'sent')::int AS sent,
              count(*) FILTER (WHERE status <> 'sent')::int AS other
       FROM outbox_messages WHERE channel = 'push'`,
    );
    await check.end();
    const { sent, other } = rows[0]!;
    const workerRate = sent / (workerMs / 1000);
    const allOnce = sent === MEMBERS && other === 0 && delivered === MEMBERS;
    const misses = judgeDuration(
      'all delivered',
      allOnce ? workerMs : undefined,
      bareMs,
      MAX_RATIO,
    );
    process.stdout.write(
      `\n${MEMBERS} daily programme messages by push, database ${database.server}, ${IN_FLIGHT} in flight\n` +
        `  ${allOnce ? 'PASS' : 'FAIL'}  all delivered exactly once: ` +
        `${sent} sent, ${other} not, ${delivered} received\n` +
        `  ${misses.length === 0 ? 'PASS' : 'FAIL'}  outbox worker ${(workerMs / 1000).toFixed(1)} s ` +
        `(${workerRate.toFixed(0)}/s) ≤ ${MAX_RATIO}× the bare loop's ${(bareMs / 1000).toFixed(1)} s ` +
        `(${bareRate.toFixed(0)}/s): ${((workerRate / bareRate) * 100).toFixed(0)}% of its rate\n` +
        misses.map((miss) => `  miss: ${miss}\n`).join('') +
        '\n',
    );
    return allOnce && misses.length === 0 ? 0 : 1;
  } finally {
    agent.destroy();
    await push.close();
    await handle.close();
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
