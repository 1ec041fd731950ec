import type { LanguageCode } from '@exhale/contract/languages';
import { Messages } from '@exhale/contract/messages';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { AppError, unauthorized } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { DataAccess } from '../../lib/data-access';
import { textsFor } from '../../lib/texts/texts';
import type { OtpMessage, OtpService } from '../auth/otp.service';
import type { UsersRepository } from '../users/users.repository';

const noMobile = () =>
  new AppError(409, Messages.NO_MOBILE_NUMBER.code, Messages.NO_MOBILE_NUMBER.message);

/** The code by SMS: short, code first, no link. */
export function mobileCodeMessage(code: string, language: LanguageCode = 'en'): OtpMessage {
  return { subject: null, html: null, text: textsFor(language)('mobileCode.text', { code }) };
}

/** The repositories MobileVerificationService uses (its module file builds them). */
export interface MobileVerificationRepositories {
  users: UsersRepository;
}

/**
 * Proving the account's own mobile number (decision 078): a code goes by SMS to the number the
 * account has, and entering it marks that number verified. Codes follow the sign-in rules
 * (hashed, 10 minutes, 5 tries, single use, 30 s between sends, 10 an hour) because they are the
 * same OTP service with its own purpose, and each is bound to the number it was sent to: a number
 * changed in between is not verified by a code sent to the old one.
 */
export class MobileVerificationService {
  constructor(
    private readonly deps: {
      db: Database;
      data: DataAccess<MobileVerificationRepositories>;
      otp: OtpService;
      clock: Clock;
    },
  ) {}

  private async member(userId: string): Promise<UserRow & { mobile: string }> {
    const user = await this.deps.data.repos.users.findById(userId);
    if (!user) throw unauthorized();
    if (!user.mobile) throw noMobile();
    return user as UserRow & { mobile: string };
  }

  /** Sends a code to the account's mobile number; 409 `NO_MOBILE_NUMBER` without one. */
  async sendCode(userId: string, language: LanguageCode = 'en'): Promise<void> {
    const user = await this.member(userId);
    await this.deps.otp.send({
      userId,
      purpose: 'mobile',
      channel: 'sms',
      destination: user.mobile,
      compose: (code) => mobileCodeMessage(code, language),
    });
  }

  /** Checks the code against the number the account has now, and marks that number verified. */
  async verify(userId: string, code: string): Promise<UserRow> {
    const user = await this.member(userId);
    const { destination } = await this.deps.otp.verify({
      userId,
      purpose: 'mobile',
      code,
      destination: user.mobile,
    });
    const users = this.deps.data.repos.users;
    const row = await users.markMobileVerified(userId, destination, this.deps.clock.now());
    // The number changed between the check and now: the code proved the old one only.
    if (!row) throw new AppError(410, Messages.OTP_EXPIRED.code, Messages.OTP_EXPIRED.message);
    return row;
  }
}
