import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { composeService } from '../../lib/data-access';
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

export interface RunningReminderScheduler {
  stop(): Promise<void>;
}

/** Runs the reminders every `intervalMs` in this process (any number of processes may). */
export function startReminderScheduler(
  app: FastifyInstance,
  intervalMs = REMINDER_INTERVAL_MS,
): RunningReminderScheduler {
  const reminders = createRemindersService({
    db: app.db,
    clock: app.clock,
    outbox: app.outbox,
    log: app.log,
  });
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = reminders.runDue().catch((error: unknown) => {
      app.log.error({ err: error }, 'reminder run failed; the next run retries');
    });
  };
  // A first run shortly after start, then on the interval.
  const first = setTimeout(tick, 5_000);
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
