import type { Executor } from '../../db/client';
import { composeService } from '../../lib/data-access';
import { SessionsRepository } from '../auth/sessions.repository';
import { UserReads, UsersRepository } from '../users/users.repository';
import { ProfileService, type ProfileRepositories } from './profile.service';

export function profileRepositories(db: Executor): ProfileRepositories {
  return {
    users: new UsersRepository(db),
    sessions: new SessionsRepository(db),
  };
}

const withRepositories = composeService(ProfileService, profileRepositories);

export function createProfileService(
  deps: Omit<Parameters<typeof withRepositories>[0], 'userReads'>,
): ProfileService {
  return withRepositories({ ...deps, userReads: new UserReads(deps.db) });
}
