import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { dataAccess } from '../../lib/data-access';
import type { PaymentsService } from '../payments/payments.service';
import { UsersRepository } from '../users/users.repository';
import { LiveSessionsRepository } from './live-sessions.repository';
import {
  LiveSessionsCatalogue,
  LiveSessionsService,
  type LiveSessionsRepositories,
} from './live-sessions.service';

export function liveSessionsRepositories(db: Executor): LiveSessionsRepositories {
  return { sessions: new LiveSessionsRepository(db), users: new UsersRepository(db) };
}

/** The console's create, inside the transaction the console opens. */
export function createLiveSessionsCatalogue(deps: { db: Database }): LiveSessionsCatalogue {
  return new LiveSessionsCatalogue({
    data: dataAccess(deps.db, (db) => ({ sessions: new LiveSessionsRepository(db) })),
  });
}

/** The live sessions on an executor, for the paid order's fulfilment. */
export const liveSessionsOn = (tx: Executor) => new LiveSessionsRepository(tx);

export function createLiveSessionsService(deps: {
  db: Database;
  clock: Clock;
  payments: PaymentsService;
  mediaUrl: (value: string) => string;
}): LiveSessionsService {
  const { db, ...rest } = deps;
  return new LiveSessionsService({ ...rest, data: dataAccess(db, liveSessionsRepositories) });
}
