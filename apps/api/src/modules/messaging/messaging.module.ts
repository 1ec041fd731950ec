import type { FastifyInstance } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { dataAccess } from '../../lib/data-access';
import { startPeriodic, type PeriodicJob } from '../../lib/periodic';
import { withAuditLog } from '../admin-audit/admin-audit.module';
import { FiguresRepository } from './figures.repository';
import { LibraryRepository } from './library.repository';
import { MessagingRepository } from './messaging.repository';
import { MessagingService, type MessagingRepositories } from './messaging.service';
import { ProgrammeAdminService, type ProgrammeAdminRepositories } from './programme-admin.service';
import { PROGRAMME_INTERVAL_MS, ProgrammeScheduler, type SchedulerRepositories } from './scheduler';

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
