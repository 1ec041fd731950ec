import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Counters } from '../../lib/counters';
import { dataAccess } from '../../lib/data-access';
import type { StorageProvider } from '../../providers/storage/storage';
import { UsersRepository } from '../users/users.repository';
import { LessonReads, LessonsRepository } from './lessons.repository';
import {
  grantPremiumLessons as grantPremiumLessonsWith,
  LessonsService,
  type LessonsRepositories,
} from './lessons.service';

export function lessonsRepositories(db: Executor): LessonsRepositories {
  return { lessons: new LessonsRepository(db), users: new UsersRepository(db) };
}

export function createLessonsService(deps: {
  db: Database;
  clock: Clock;
  storage: Pick<StorageProvider, 'publicUrl'>;
  counters: Counters;
}): LessonsService {
  const { db, ...rest } = deps;
  return new LessonsService({
    ...rest,
    data: dataAccess(db, lessonsRepositories),
    reads: new LessonReads(db),
  });
}

/** Copies the paid programme to a buyer on the purchase's own transaction (lessons.service.ts). */
export function grantPremiumLessons(tx: Executor, userId: string): Promise<void> {
  return grantPremiumLessonsWith(new LessonsRepository(tx), userId);
}
