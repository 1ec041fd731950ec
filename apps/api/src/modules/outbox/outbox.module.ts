import type { FastifyInstance } from 'fastify';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { dataAccess } from '../../lib/data-access';
import { OutboxRepository } from './outbox.repository';
import { Outbox, type OutboxRepositories } from './outbox.service';
import {
  OutboxWorker,
  type OutboxWorkerOptions,
  type OutboxWorkerRepositories,
  type RunningOutboxWorker,
} from './outbox.worker';

export function outboxRepositories(
  db: Executor,
): OutboxRepositories & OutboxWorkerRepositories & { outbox: OutboxRepository } {
  return { outbox: new OutboxRepository(db) };
}

/** Where services put mail, SMS and WhatsApp messages (the app's `outbox`). */
export function createOutbox(db: Database, clock?: Clock): Outbox {
  return new Outbox(dataAccess(db, outboxRepositories), clock);
}

export function createOutboxWorker(
  deps: Omit<ConstructorParameters<typeof OutboxWorker>[0], 'data'> & { db: Database },
  options: Partial<OutboxWorkerOptions> = {},
): OutboxWorker {
  const { db, ...rest } = deps;
  return new OutboxWorker({ ...rest, data: dataAccess(db, outboxRepositories) }, options);
}

/**
 * Runs a worker loop in this process until `stop()`: it drains while there is work, then sleeps
 * until the poll interval passes or a service calls `outbox.deliverSoon()`.
 */
export function startOutboxWorker(
  app: FastifyInstance,
  options: Partial<OutboxWorkerOptions> = {},
): RunningOutboxWorker {
  const worker = createOutboxWorker(
    { db: app.db, senders: app.messageSenders, log: app.log, clock: app.clock },
    options,
  );
  let stopped = false;
  // A wake-up that arrives while the worker is busy must not be lost: remember it.
  let woken = false;
  let wake: (() => void) | undefined;
  const unsubscribe = app.outbox.onWake(() => {
    woken = true;
    wake?.();
  });

  const sleep = () =>
    new Promise<void>((resolve) => {
      if (woken) {
        woken = false;
        resolve();
        return;
      }
      const timer = setTimeout(done, worker.options.pollIntervalMs);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        woken = false;
        resolve();
      }
      wake = done;
    });

  const loop = (async () => {
    while (!stopped) {
      let claimed = 0;
      try {
        claimed = await worker.drainOnce();
      } catch (error) {
        app.log.error({ err: error }, 'outbox worker could not claim messages');
      }
      if (!stopped && claimed < worker.options.batchSize) await sleep();
    }
  })();

  return {
    async stop() {
      stopped = true;
      unsubscribe();
      woken = true;
      wake?.();
      await loop;
    },
  };
}
