import type { Executor } from '../../db/client';
import { composeService } from '../../lib/data-access';
import { OtpRepository } from './otp.repository';
import { OtpService, type OtpRepositories } from './otp.service';

export function otpRepositories(db: Executor): OtpRepositories {
  return {
    otp: new OtpRepository(db),
  };
}

export const createOtpService = composeService(OtpService, otpRepositories);
