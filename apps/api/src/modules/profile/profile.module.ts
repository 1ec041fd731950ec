import type { Executor } from '../../db/client';
import { composeService } from '../../lib/data-access';
import { SessionsRepository } from '../auth/sessions.repository';
import { UsersRepository } from '../users/users.repository';
import { ProfileService, type ProfileRepositories } from './profile.service';

export function profileRepositories(db: Executor): ProfileRepositories {
  return {
    users: new UsersRepository(db),
    sessions: new SessionsRepository(db),
  };
}

export const createProfileService = composeService(ProfileService, profileRepositories);
