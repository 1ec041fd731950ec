import type { Executor } from '../../db/client';
import { composeService } from '../../lib/data-access';
import { createContentTextsService } from '../content-texts/content-texts.module';
import { TranslateRepository } from './translate.repository';
import { TranslateService, type TranslateRepositories } from './translate.service';

export function translateRepositories(db: Executor): TranslateRepositories {
  return {
    translate: new TranslateRepository(db),
  };
}

const withRepositories = composeService(TranslateService, translateRepositories);

export function createTranslateService(
  deps: Omit<Parameters<typeof withRepositories>[0], 'contentTexts'>,
): TranslateService {
  return withRepositories({ ...deps, contentTexts: createContentTextsService({ db: deps.db }) });
}
