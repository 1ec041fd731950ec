import { createContentTextsService } from '../../modules/content-texts/content-texts.module';
import type { Database } from '../client';
import bn from './content-texts/bn.json' with { type: 'json' };
import hi from './content-texts/hi.json' with { type: 'json' };
import mr from './content-texts/mr.json' with { type: 'json' };
import ta from './content-texts/ta.json' with { type: 'json' };
import te from './content-texts/te.json' with { type: 'json' };

/**
 * The demo content's texts in every language (decision 064): the agreement scale, the plans and
 * the lessons, keyed by their English. Operators change them at /admin/translations; a text
 * they wrote is never overwritten.
 */
export const SEED_TEXTS = { hi, mr, ta, te, bn };

export async function seedContentTexts(db: Database): Promise<void> {
  await createContentTextsService({ db }).seed(SEED_TEXTS);
}
