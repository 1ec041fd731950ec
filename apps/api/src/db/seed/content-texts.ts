import { createContentTextsService } from '../../modules/content-texts/content-texts.module';
import type { Database } from '../client';
import bn from './content-texts/bn.json' with { type: 'json' };
import hi from './content-texts/hi.json' with { type: 'json' };
import mr from './content-texts/mr.json' with { type: 'json' };
import ta from './content-texts/ta.json' with { type: 'json' };
import te from './content-texts/te.json' with { type: 'json' };

/**
 * The demo content's texts in every language (decision 064): the SIM statements and their
 * agreement scale, the exercise questions, the plans and the lessons, keyed by their English
 * (seed-languages.test.ts checks that none is missing). Every start with the demo seed fills in
 * the texts a database lacks, so one seeded before a text was added gets it too; operators change
 * them at /admin/translations, and a text they wrote is never overwritten.
 */
export const SEED_TEXTS = { hi, mr, ta, te, bn };

export async function seedContentTexts(db: Database): Promise<void> {
  await createContentTextsService({ db }).seed(SEED_TEXTS);
}
