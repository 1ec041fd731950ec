import type { Executor } from '../../db/client';
import { composeService } from '../../lib/data-access';
import { UsersRepository } from '../users/users.repository';
import { ExploreRepository } from './explore.repository';
import { ExploreService, type ExploreRepositories } from './explore.service';

export function exploreRepositories(db: Executor): ExploreRepositories {
  return {
    explore: new ExploreRepository(db),
    users: new UsersRepository(db),
  };
}

export const createExploreService = composeService(ExploreService, exploreRepositories);
