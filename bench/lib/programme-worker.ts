/**
 * One worker process of the messaging-schedule bench: the API's own app (production config, the
 * given PostgreSQL and Redis) running the outbox worker and the programme scheduler, with a clock
 * that starts at BENCH_CLOCK_START (a daytime IST instant) and runs at real speed, so the bench
 * does not depend on the hour it is run at. Stops on SIGTERM.
 */
import { buildApp } from '../../apps/api/src/app';
import { parseConfig } from '../../apps/api/src/config';
import { createDatabase } from '../../apps/api/src/db/client';
import { createProgrammeScheduler } from '../../apps/api/src/modules/messaging/messaging.module';
import { startOutboxWorker } from '../../apps/api/src/modules/outbox/outbox.module';
import { Redis } from 'ioredis';

const started = Date.now();
const base = Date.parse(process.env.BENCH_CLOCK_START ?? '');
if (Number.isNaN(base)) throw new Error('BENCH_CLOCK_START must be an ISO instant');
const clock = { now: () => new Date(base + (Date.now() - started)) };

const raw = parseConfig();
const config = {
  ...raw,
  JWT_SECRET: raw.JWT_SECRET ?? 'bench-secret-bench-secret-bench-secret-0123',
};
const database = createDatabase(config.DATABASE_URL!, { max: config.DATABASE_POOL_MAX });
const redis = config.REDIS_URL
  ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: false })
  : undefined;
const app = await buildApp({ config, db: database.db, pool: database.pool, redis, clock });
const outbox = startOutboxWorker(app, { batchSize: 100, pollIntervalMs: 250 });
const scheduler = createProgrammeScheduler({ db: app.db, outbox: app.outbox, clock, log: app.log });

let stopped = false;
process.on('SIGTERM', () => {
  stopped = true;
});
process.stdout.write('ready\n');
while (!stopped) {
  const run = await scheduler.runOnce();
  process.stdout.write(`${JSON.stringify(run)}\n`);
  // The API runs it once a minute; a few seconds here keep the bench short.
  for (let i = 0; i < 20 && !stopped; i += 1) await new Promise((r) => setTimeout(r, 250));
}
await outbox.stop();
await app.close();
await database.close();
redis?.disconnect();
process.exit(0);
