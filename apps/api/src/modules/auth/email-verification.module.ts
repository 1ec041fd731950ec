import type { Executor } from '../../db/client';
import { dataAccess } from '../../lib/data-access';
import { UsersRepository } from '../users/users.repository';
import { OneTimeTokensRepository } from './one-time-tokens.repository';
import {
  EmailVerificationService,
  type EmailVerificationRepositories,
} from './email-verification.service';

export function emailVerificationRepositories(db: Executor): EmailVerificationRepositories {
  return {
    oneTimeTokens: new OneTimeTokensRepository(db),
    users: new UsersRepository(db),
  };
}

export function createEmailVerificationService(
  deps: Omit<ConstructorParameters<typeof EmailVerificationService>[0], 'data'>,
): EmailVerificationService {
  return new EmailVerificationService({
    ...deps,
    data: dataAccess(deps.db, emailVerificationRepositories),
  });
}
