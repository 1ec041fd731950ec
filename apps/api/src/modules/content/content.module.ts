import type { Database, Executor } from '../../db/client';
import { dataAccess } from '../../lib/data-access';
import { ContentRepository } from './content.repository';
import { ContentService, type ContentRepositories } from './content.service';

export function contentRepositories(db: Executor): ContentRepositories {
  return { content: new ContentRepository(db) };
}

export function createContentService(
  deps: Omit<ConstructorParameters<typeof ContentService>[0], 'data'> & { db: Database },
): ContentService {
  const { db, ...rest } = deps;
  return new ContentService({ ...rest, data: dataAccess(db, contentRepositories) });
}
