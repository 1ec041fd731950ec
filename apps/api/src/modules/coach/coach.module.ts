import type { FastifyInstance } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { dataAccess } from '../../lib/data-access';
import { startPeriodic, type PeriodicJob } from '../../lib/periodic';
import { withAuditLog } from '../admin-audit/admin-audit.module';
import { NotificationsRepository } from '../notifications/notifications.repository';
import type { Clock } from '../../lib/clock';
import { createFollowUpsService } from '../companion/follow-ups.module';
import { COACH_ALERTS_INTERVAL_MS, CoachAlerts } from './coach-alerts';
import { CoachFiguresRepository, coachFigures, type Range } from './coach-figures';
import { DEFAULT_COACH_HOURS, parseCoachHours } from './coach-hours';
import { CoachRepository } from './coach.repository';
import { CoachService, type CoachRepositories } from './coach.service';
import { InboxService } from './inbox.service';
import { SavedRepliesService } from './saved-replies.service';

export function coachRepositories(db: Executor): CoachRepositories {
  return { coach: new CoachRepository(db), notifications: new NotificationsRepository(db) };
}

/** COACH_HOURS as config.ts validated it (the default when absent). */
export const coachHoursOf = (value: string | undefined) =>
  parseCoachHours(value ?? DEFAULT_COACH_HOURS);

export function createCoachService(
  deps: Omit<ConstructorParameters<typeof CoachService>[0], 'data' | 'hours'> & {
    db: Database;
    coachHours: string | undefined;
  },
): CoachService {
  const { db, coachHours, ...rest } = deps;
  return new CoachService({
    ...rest,
    hours: coachHoursOf(coachHours),
    data: dataAccess(db, coachRepositories),
  });
}

export const createInboxService = withAuditLog(
  (deps: Omit<ConstructorParameters<typeof InboxService>[0], 'data'>) =>
    new InboxService({ ...deps, data: dataAccess(deps.db, coachRepositories) }),
);

export const createSavedRepliesService = withAuditLog(
  (deps: Omit<ConstructorParameters<typeof SavedRepliesService>[0], 'data'>) =>
    new SavedRepliesService({ ...deps, data: dataAccess(deps.db, coachRepositories) }),
);

export function createCoachAlerts(app: FastifyInstance): CoachAlerts {
  return new CoachAlerts({
    data: dataAccess(app.db, coachRepositories),
    clock: app.clock,
    outbox: app.outbox,
    hours: coachHoursOf(app.config.COACH_HOURS),
  });
}

/** Runs the waiting-conversation check every minute in this process until `stop()`. */
export function startCoachAlerts(
  app: FastifyInstance,
  intervalMs = COACH_ALERTS_INTERVAL_MS,
): PeriodicJob {
  const alerts = createCoachAlerts(app);
  return startPeriodic(() => alerts.runOnce(), {
    name: 'coach alerts run',
    intervalMs,
    firstRunAfterMs: 10_000,
    log: app.log,
  });
}

/** The coach figures of the metrics page for `range` (GET /admin/metrics, `coach`). */
export function readCoachFigures(db: Database, clock: Clock, range: Range) {
  return coachFigures(
    {
      figures: new CoachFiguresRepository(db),
      outcomesByCoach: () => createFollowUpsService({ db, clock }).outcomes('coach'),
    },
    range,
  );
}
