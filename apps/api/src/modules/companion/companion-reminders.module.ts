import type { Executor } from '../../db/client';
import { CompanionRemindersRepository } from './companion-reminders.repository';

/** The reminders' reads (companion-reminders.ts), on the pool or a caller's transaction. */
export function companionRemindersRepository(db: Executor): CompanionRemindersRepository {
  return new CompanionRemindersRepository(db);
}
