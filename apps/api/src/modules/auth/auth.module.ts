import type { Executor } from '../../db/client';
import { composeService } from '../../lib/data-access';
import { NotificationsRepository } from '../notifications/notifications.repository';
import { TestAttemptsRepository } from '../sim/test-attempts.repository';
import { UsersRepository } from '../users/users.repository';
import { OneTimeTokensRepository } from './one-time-tokens.repository';
import { SessionsRepository } from './sessions.repository';
import { AuthService, type AuthRepositories } from './auth.service';

export function authRepositories(db: Executor): AuthRepositories {
  return {
    sessions: new SessionsRepository(db),
    users: new UsersRepository(db),
    testAttempts: new TestAttemptsRepository(db),
    oneTimeTokens: new OneTimeTokensRepository(db),
    notifications: new NotificationsRepository(db),
  };
}

export const createAuthService = composeService(AuthService, authRepositories);
