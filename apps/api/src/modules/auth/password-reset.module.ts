import type { Executor } from '../../db/client';
import { dataAccess } from '../../lib/data-access';
import { UsersRepository } from '../users/users.repository';
import { OneTimeTokensRepository } from './one-time-tokens.repository';
import { SessionsRepository } from './sessions.repository';
import { PasswordResetService, type PasswordResetRepositories } from './password-reset.service';

export function passwordResetRepositories(db: Executor): PasswordResetRepositories {
  return {
    users: new UsersRepository(db),
    oneTimeTokens: new OneTimeTokensRepository(db),
    sessions: new SessionsRepository(db),
  };
}

export function createPasswordResetService(
  deps: Omit<ConstructorParameters<typeof PasswordResetService>[0], 'data'>,
): PasswordResetService {
  return new PasswordResetService({
    ...deps,
    data: dataAccess(deps.db, passwordResetRepositories),
  });
}
