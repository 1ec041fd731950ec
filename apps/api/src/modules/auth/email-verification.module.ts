import type { Executor } from '../../db/client';
import { composeService } from '../../lib/data-access';
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

export const createEmailVerificationService = composeService(
  EmailVerificationService,
  emailVerificationRepositories,
);
