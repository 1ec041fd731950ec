import type { Executor } from '../../db/client';
import { dataAccess } from '../../lib/data-access';
import { TranslateRepository } from './translate.repository';
import { TranslateService, type TranslateRepositories } from './translate.service';

export function translateRepositories(db: Executor): TranslateRepositories {
  return {
    translate: new TranslateRepository(db),
  };
}

export function createTranslateService(
  deps: Omit<ConstructorParameters<typeof TranslateService>[0], 'data'>,
): TranslateService {
  return new TranslateService({ ...deps, data: dataAccess(deps.db, translateRepositories) });
}
