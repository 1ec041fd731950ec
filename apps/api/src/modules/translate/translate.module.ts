import type { Executor } from '../../db/client';
import { composeService } from '../../lib/data-access';
import { TranslateRepository } from './translate.repository';
import { TranslateService, type TranslateRepositories } from './translate.service';

export function translateRepositories(db: Executor): TranslateRepositories {
  return {
    translate: new TranslateRepository(db),
  };
}

export const createTranslateService = composeService(TranslateService, translateRepositories);
