import type { Executor } from '../../db/client';
import { composeService } from '../../lib/data-access';
import { UsersRepository } from '../users/users.repository';
import { MobileVerificationService, type MobileVerificationRepositories } from './mobile.service';

export function mobileVerificationRepositories(db: Executor): MobileVerificationRepositories {
  return { users: new UsersRepository(db) };
}

export const createMobileVerificationService = composeService(
  MobileVerificationService,
  mobileVerificationRepositories,
);
