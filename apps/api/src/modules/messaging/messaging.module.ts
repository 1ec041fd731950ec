import type { FastifyInstance } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { dataAccess } from '../../lib/data-access';
import { startPeriodic, type PeriodicJob } from '../../lib/periodic';
import { withAuditLog } from '../admin-audit/admin-audit.module';
import type { AuditLog } from '../admin-audit/audit';
import { createOutboxWorker } from '../outbox/outbox.module';
import { OutboxRepository } from '../outbox/outbox.repository';
import { PushRepository } from '../push/push.repository';
import { UsersRepository } from '../users/users.repository';
import type { Clock } from '../../lib/clock';
import type { MessageSenders } from '../../providers/messaging/messaging';
import { ChannelTestService, type ChannelTestRepositories } from './channel-test.service';
import { ChannelsRepository } from './channels.repository';
import {
  CHANNEL_EVENTS_BATCH,
  ChannelsService,
  type ChannelsRepositories,
} from './channels.service';
import { FiguresRepository } from './figures.repository';
import { LibraryRepository } from './library.repository';
import { MessagingRepository } from './messaging.repository';
import { MessagingService, type MessagingRepositories } from './messaging.service';
import { ProgrammeAdminService, type ProgrammeAdminRepositories } from './programme-admin.service';
import { PROGRAMME_INTERVAL_MS, ProgrammeScheduler, type SchedulerRepositories } from './scheduler';
import { messagingSecret } from './secret';

/** The messaging module's repositories on one executor; each service picks what it uses. */
export function messagingRepositories(
  db: Executor,
): MessagingRepositories & ProgrammeAdminRepositories & SchedulerRepositories {
  return {
    messaging: new MessagingRepository(db),
    library: new LibraryRepository(db),
    figures: new FiguresRepository(db),
  };
}

export function createMessagingService(
  deps: Omit<ConstructorParameters<typeof MessagingService>[0], 'data'>,
): MessagingService {
  return new MessagingService({ ...deps, data: dataAccess(deps.db, messagingRepositories) });
}

export const createProgrammeAdminService = withAuditLog(
  (deps: Omit<ConstructorParameters<typeof ProgrammeAdminService>[0], 'data'>) =>
    new ProgrammeAdminService({ ...deps, data: dataAccess(deps.db, messagingRepositories) }),
);

export function createProgrammeScheduler(
  deps: Omit<ConstructorParameters<typeof ProgrammeScheduler>[0], 'data'> & { db: Database },
): ProgrammeScheduler {
  return new ProgrammeScheduler({ ...deps, data: dataAccess(deps.db, messagingRepositories) });
}

/** Runs the scheduler every minute in this process (beside the outbox worker) until `stop()`. */
export function startProgrammeScheduler(
  app: FastifyInstance,
  intervalMs = PROGRAMME_INTERVAL_MS,
): PeriodicJob {
  const scheduler = createProgrammeScheduler({
    db: app.db,
    outbox: app.outbox,
    clock: app.clock,
    log: app.log,
  });
  return startPeriodic(() => scheduler.runOnce(), {
    name: 'programme messages run',
    intervalMs,
    firstRunAfterMs: 5_000,
    log: app.log,
  });
}

export function channelsRepositories(db: Executor): ChannelsRepositories {
  return { channels: new ChannelsRepository(db), messaging: new MessagingRepository(db) };
}

/** The real providers' webhooks and the worker that handles what they queue. */
export function createChannelsService(
  deps: Omit<ConstructorParameters<typeof ChannelsService>[0], 'data' | 'messaging'> & {
    db: Database;
    secret: string;
  },
): ChannelsService {
  const { db, secret, ...rest } = deps;
  return new ChannelsService({
    ...rest,
    data: dataAccess(db, channelsRepositories),
    messaging: createMessagingService({
      db,
      clock: deps.clock,
      outbox: deps.outbox,
      secret,
      coachHours: deps.config.COACH_HOURS,
    }),
  });
}

/** What the WhatsApp Cloud API adapter reads before a send: the member's 24-hour window. */
export function whatsappWindows(db: Executor) {
  const repository = new ChannelsRepository(db);
  return (number: string) => repository.lastInboundAt(number);
}

/** How often the worker looks for queued webhook bodies (a CRAVE is answered within 30 s). */
export const CHANNEL_EVENTS_INTERVAL_MS = 1_000;

/** Handles queued webhook bodies in this process until `stop()`. */
export async function startChannelEventWorker(app: FastifyInstance): Promise<PeriodicJob> {
  const channels = createChannelsService({
    db: app.db,
    clock: app.clock,
    outbox: app.outbox,
    config: app.config,
    log: app.log,
    secret: await messagingSecret(app.config),
  });
  return startPeriodic(
    async () => {
      // A full batch means there may be more; anything else waits for the next tick.
      while ((await channels.drainOnce()) >= CHANNEL_EVENTS_BATCH) {
        // Drains while the batches come full.
      }
    },
    { name: 'webhook events run', intervalMs: CHANNEL_EVENTS_INTERVAL_MS, log: app.log },
  );
}

function channelTestRepositories(db: Executor): ChannelTestRepositories {
  return {
    users: new UsersRepository(db),
    push: new PushRepository(db),
    outbox: new OutboxRepository(db),
  };
}

/** The console's 'Send a test': through the outbox, delivered at once by the app's senders. */
export const createChannelTestService = withAuditLog(
  (deps: {
    db: Database;
    audit: AuditLog;
    clock: Clock;
    senders: MessageSenders;
    log: FastifyInstance['log'];
  }) =>
    new ChannelTestService({
      data: dataAccess(deps.db, channelTestRepositories),
      audit: deps.audit,
      clock: deps.clock,
      worker: createOutboxWorker({
        db: deps.db,
        senders: deps.senders,
        log: deps.log,
        clock: deps.clock,
      }),
      providers: {
        sms: deps.senders.sms.name,
        whatsapp: deps.senders.whatsapp.name,
        email: deps.senders.email.name,
        push: deps.senders.push?.name ?? 'none',
      },
    }),
);
