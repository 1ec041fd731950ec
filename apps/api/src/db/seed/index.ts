import type { StorageProvider } from '../../providers/storage/storage';
import type { Database } from '../client';
import type { Config } from '../../config';
import type { SellerConfig } from '../../modules/invoices/invoices.service';
import { seedSavedReplies } from './coach';
import { seedContent } from './content';
import { seedContentTexts } from './content-texts';
import { seedDemoUsers } from './demo-users';
import { seedLiveSessionPictures } from './live-session-pictures';
import { seedMoney } from './money';
import { seedExercises, seedLessons, seedSimTest } from './programme';

/**
 * Demo content for a newcomer's first start. Every step is idempotent (it
 * inserts only what is missing), so later starts reuse what is there.
 */
export async function seedDemo(
  db: Database,
  storage: StorageProvider,
  config: SellerConfig & Pick<Config, 'NODE_ENV'>,
): Promise<void> {
  await seedDemoUsers(db);
  await seedSimTest(db);
  await seedExercises(db);
  await seedLessons(db, storage);
  await seedMoney(db, config);
  await seedContent(db, storage);
  await seedLiveSessionPictures(db, storage);
  await seedContentTexts(db);
  await seedSavedReplies(db);
}
