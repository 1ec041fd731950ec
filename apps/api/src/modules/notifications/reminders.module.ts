import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { composeService } from '../../lib/data-access';
import { startPeriodic, type PeriodicJob } from '../../lib/periodic';
import { LessonsRepository } from '../lessons/lessons.repository';
import { RemindersRepository } from './reminders.repository';
import {
  REMINDER_INTERVAL_MS,
  RemindersService,
  type RemindersRepositories,
} from './reminders.service';

export function remindersRepositories(db: Executor): RemindersRepositories {
  return {
    reminders: new RemindersRepository(db),
    lessons: new LessonsRepository(db),
  };
}

export const createRemindersService = composeService(RemindersService, remindersRepositories);

/** Runs the reminders every `intervalMs` in this process (any number of processes may). */
export function startReminderScheduler(
  app: FastifyInstance,
  intervalMs = REMINDER_INTERVAL_MS,
): PeriodicJob {
  const reminders = createRemindersService({
    db: app.db,
    clock: app.clock,
    outbox: app.outbox,
    log: app.log,
  });
  return startPeriodic(() => reminders.runDue(), {
    name: 'reminder run',
    intervalMs,
    firstRunAfterMs: 5_000,
    log: app.log,
  });
}
