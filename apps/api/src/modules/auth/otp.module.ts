import type { Executor } from '../../db/client';
import { dataAccess } from '../../lib/data-access';
import { OtpRepository } from './otp.repository';
import { OtpService, type OtpRepositories } from './otp.service';

export function otpRepositories(db: Executor): OtpRepositories {
  return {
    otp: new OtpRepository(db),
  };
}

export function createOtpService(
  deps: Omit<ConstructorParameters<typeof OtpService>[0], 'data'>,
): OtpService {
  return new OtpService({ ...deps, data: dataAccess(deps.db, otpRepositories) });
}
