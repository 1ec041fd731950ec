import type { FastifyInstance } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { dataAccess } from '../../lib/data-access';
import { RenditionsRepository } from './renditions.repository';
import { RenditionsService, type RenditionsRepositories } from './renditions.service';
import {
  RenditionWorker,
  type RenditionWorkerOptions,
  type RunningRenditionWorker,
} from './renditions.worker';

export function renditionsRepositories(db: Executor): RenditionsRepositories {
  return { renditions: new RenditionsRepository(db) };
}

export function createRenditionsService(
  deps: Omit<ConstructorParameters<typeof RenditionsService>[0], 'data'> & { db: Database },
): RenditionsService {
  const { db, ...rest } = deps;
  return new RenditionsService({ ...rest, data: dataAccess(db, renditionsRepositories) });
}

export function createRenditionWorker(
  deps: Omit<ConstructorParameters<typeof RenditionWorker>[0], 'data'> & { db: Database },
  options: Partial<RenditionWorkerOptions> = {},
): RenditionWorker {
  const { db, ...rest } = deps;
  return new RenditionWorker({ ...rest, data: dataAccess(db, renditionsRepositories) }, options);
}

/**
 * Runs a rendition worker in this process beside the outbox worker (main.ts), in a loop of its
 * own so a long transcode never holds up mail: it makes jobs while there are any, then polls.
 */
export function startRenditionWorker(
  app: FastifyInstance,
  options: Partial<RenditionWorkerOptions> = {},
): RunningRenditionWorker {
  const worker = createRenditionWorker(
    { db: app.db, storage: app.storage, log: app.log, clock: app.clock },
    options,
  );
  let stopped = false;
  let wake: (() => void) | undefined;
  const loop = (async () => {
    while (!stopped) {
      let found = false;
      try {
        found = await worker.runOnce();
      } catch (error) {
        app.log.error({ err: error }, 'rendition worker could not claim a job');
      }
      if (stopped || found) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, worker.options.pollIntervalMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  })();
  return {
    async stop() {
      stopped = true;
      wake?.();
      await loop;
    },
  };
}
