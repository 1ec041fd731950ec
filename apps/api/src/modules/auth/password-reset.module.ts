import type { Executor } from '../../db/client';
import { composeService } from '../../lib/data-access';
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

export const createPasswordResetService = composeService(
  PasswordResetService,
  passwordResetRepositories,
);
