import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { RandomSource } from '@exhale/contract/sim-score';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import type { Database } from './db/client';
import { InProcessTasks, type BackgroundTasks } from './lib/background-tasks';
import { systemClock, type Clock } from './lib/clock';
import { ContentChanges, isEditorialWrite } from './lib/content-changes';
import { createCounters, type Counters } from './lib/counters';
import { loggerOptions } from './lib/log-redaction';
import { accountRoutes } from './modules/account/account.routes';
import { adminConsoleRoutes } from './modules/admin-console/admin-console.routes';
import { coachRoutes } from './modules/coach/coach.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { exercisesRoutes } from './modules/exercises/exercises.routes';
import { healthRoutes } from './modules/health/health.routes';
import { lessonsRoutes } from './modules/lessons/lessons.routes';
import { devOutboxDisabledRoutes, devOutboxRoutes } from './modules/outbox/outbox.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { mobileVerificationRoutes } from './modules/mobile/mobile.routes';
import { publicConfigRoutes } from './modules/public-config/public-config.routes';
import { questionsRoutes } from './modules/questions/questions.routes';
import { simTestRoutes } from './modules/sim-test/sim-test.routes';
import { whatsappRoutes } from './modules/whatsapp/whatsapp.routes';
import { couponsRoutes } from './modules/coupons/coupons.routes';
import { liveSessionsRoutes } from './modules/live-sessions/live-sessions.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { plansRoutes } from './modules/plans/plans.routes';
import { userPlansRoutes } from './modules/user-plans/user-plans.routes';
import { companionRoutes } from './modules/companion/companion.routes';
import { messagingDevRoutes } from './modules/messaging/messaging.dev-routes';
import { messagingRoutes } from './modules/messaging/messaging.routes';
import { pushRoutes } from './modules/push/push.routes';
import { contentRoutes } from './modules/content/content.routes';
import { siteFilesRoutes } from './modules/content/site-files.routes';
import { exploreRoutes } from './modules/explore/explore.routes';
import { notificationSettingsRoutes } from './modules/notification-settings/notification-settings.routes';
import { quizRoutes } from './modules/quiz/quiz.routes';
import { translateRoutes } from './modules/translate/translate.routes';
import { authPlugin } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import { exploreMediaPlugin } from './plugins/explore-media';
import { messagingPlugin } from './plugins/messaging';
import { paymentsPlugin } from './plugins/payments';
import { metricsPlugin } from './plugins/metrics';
import { openapiPlugin } from './plugins/openapi';
import { rateLimitPlugin } from './plugins/rate-limit';
import { securityPlugin } from './plugins/security';
import { storagePlugin } from './plugins/storage';
import { storedTextPlugin } from './plugins/stored-text';
import { uploadsPlugin } from './plugins/uploads';
import { webPlugin } from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    pg: pg.Pool;
    redis?: Redis;
    /** "Now" for time-based rules; tests substitute a clock they can move. */
    clock: Clock;
    /** Throttling counters: in Redis when configured, so every process shares them. */
    counters: Counters;
    /** Work a request starts without waiting for it (lib/background-tasks.ts). */
    backgroundTasks: BackgroundTasks;
    /** Every route as registered (method and full path), e.g. for the admin authorisation test. */
    routeTable: ReadonlyArray<{ method: string; url: string }>;
    /** Operators' blog and news changes, for the caches of public content (decision 062). */
    contentChanges: ContentChanges;
  }
}

export interface AppDependencies {
  config: Config;
  db: Database;
  pool: pg.Pool;
  redis?: Redis;
  clock?: Clock;
  /** Draws SIM test scores; tests pass a seeded source to get exact scores. */
  random?: RandomSource;
  /** Runs work after the answer (in process unless given); tests hold it to see the order. */
  backgroundTasks?: BackgroundTasks;
  /** Where log lines go (standard output unless given); tests read what would be logged. */
  logStream?: DestinationStream;
}

/** Accept a caller's request id only when it is short and harmless to log and echo. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Builds the whole HTTP application. Tests call this with their own database;
 * `main.ts` calls it and listens. Outside concerns (security, limits,
 * metrics, docs) load before the feature modules that rely on them.
 */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    // Secrets and personal data stay out of every line: lib/log-redaction.ts (decision 038).
    logger: config.LOG_LEVEL === 'silent' ? false : loggerOptions(config.LOG_LEVEL, deps.logStream),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // While draining, a request on a kept-alive connection is still answered in full: Fastify's
    // default is a bare 503 outside the contract's error body, and the listener is already
    // closed to new connections.
    return503OnClosing: false,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming)
        ? incoming
        : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    // A path the router cannot decode (bad percent-encoding: /api/blog/%E0%A4) is refused before
    // any route or error handler runs; answer it in the contract's error shape all the same.
    frameworkErrors: (_error, _request, reply: FastifyReply) => {
      void reply
        .status(400)
        .send({ success: false, message: 'This address is not valid.', code: 'BAD_URL' });
    },
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('db', deps.db);
  app.decorate('pg', deps.pool);
  if (deps.redis) app.decorate('redis', deps.redis);
  const clock = deps.clock ?? systemClock;
  app.decorate('clock', clock);
  app.decorate('counters', createCounters(deps.redis, clock, config.REDIS_KEY_PREFIX));
  const backgroundTasks = deps.backgroundTasks ?? new InProcessTasks(app.log);
  app.decorate('backgroundTasks', backgroundTasks);
  app.addHook('onClose', () => backgroundTasks.idle());

  // Before any plugin: a root onRoute hook sees the routes of every scope registered after it.
  const routeTable: { method: string; url: string }[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url });
  });

  const contentChanges = new ContentChanges();
  app.decorate('contentChanges', contentChanges);
  app.addHook('onResponse', (request, reply, done) => {
    if (isEditorialWrite(request.method, request.url, reply.statusCode)) contentChanges.notify();
    done();
  });

  // Callback style: an async hook costs a promise and a microtask on every request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  await app.register(errorsPlugin);
  await app.register(storedTextPlugin);
  await app.register(securityPlugin, { config });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(rateLimitPlugin, {
    max: config.RATE_LIMIT_MAX,
    redis: deps.redis,
    keyPrefix: config.REDIS_KEY_PREFIX,
  });
  await app.register(metricsPlugin);
  await app.register(openapiPlugin);
  await app.register(authPlugin, { jwtSecret: config.JWT_SECRET });
  await app.register(storagePlugin);
  await app.register(exploreMediaPlugin);
  await app.register(uploadsPlugin);
  await app.register(messagingPlugin);
  await app.register(paymentsPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(publicConfigRoutes);
      await api.register(authRoutes);
      await api.register(profileRoutes);
      await api.register(accountRoutes);
      await api.register(questionsRoutes);
      await api.register(simTestRoutes, { random: deps.random ?? Math.random });
      await api.register(lessonsRoutes);
      await api.register(exercisesRoutes);
      await api.register(whatsappRoutes);
      await api.register(mobileVerificationRoutes);
      await api.register(notificationsRoutes);
      await api.register(plansRoutes);
      await api.register(couponsRoutes);
      await api.register(userPlansRoutes);
      await api.register(paymentsRoutes);
      await api.register(liveSessionsRoutes);
      await api.register(contentRoutes);
      await api.register(exploreRoutes);
      await api.register(quizRoutes);
      await api.register(notificationSettingsRoutes);
      await api.register(translateRoutes);
      await api.register(companionRoutes);
      await api.register(messagingRoutes);
      await api.register(pushRoutes);
      await api.register(coachRoutes);
      // The operators' console: every route under /api/admin requires the admin role, but the
      // coach inbox, which coaches may use too (decision 090).
      await api.register(adminConsoleRoutes, { prefix: '/admin' });
    },
    { prefix: '/api' },
  );

  await app.register(siteFilesRoutes);

  // The local mailbox; never in production, where its paths answer 404.
  await app.register(config.NODE_ENV === 'production' ? devOutboxDisabledRoutes : devOutboxRoutes);
  if (config.NODE_ENV !== 'production') await app.register(messagingDevRoutes);

  if (config.WEB_DIST_DIR) await app.register(webPlugin, { root: config.WEB_DIST_DIR });

  return app;
}
