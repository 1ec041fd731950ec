import type { Executor } from '../../db/client';
import { composeService } from '../../lib/data-access';
import { withAuditLog } from '../admin-audit/admin-audit.module';
import { ContentTextsRepository } from './content-texts.repository';
import { ContentTextsService, type ContentTextsRepositories } from './content-texts.service';

export function contentTextsRepositories(db: Executor): ContentTextsRepositories {
  return { contentTexts: new ContentTextsRepository(db) };
}

export const createContentTextsService = withAuditLog(
  composeService(ContentTextsService, contentTextsRepositories),
);
