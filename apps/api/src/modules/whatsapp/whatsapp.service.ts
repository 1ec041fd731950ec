import type { LanguageCode } from '@exhale/contract/languages';
import { Messages } from '@exhale/contract/messages';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import type { DataAccess } from '../../lib/data-access';
import { uniqueViolation } from '../../lib/pg-errors';
import { textsFor } from '../../lib/texts/texts';
import type { OtpMessage, OtpService } from '../auth/otp.service';
import type { TokenService } from '../auth/tokens';
import type { WhatsappRepository } from './whatsapp.repository';

const numberTaken = () =>
  new AppError(409, Messages.WHATSAPP_TAKEN.code, Messages.WHATSAPP_TAKEN.message);

/** The code by WhatsApp: short, code first, no link. */
export function whatsappCodeMessage(code: string, language: LanguageCode = 'en'): OtpMessage {
  return { subject: null, html: null, text: textsFor(language)('whatsappCode.text', { code }) };
}

/** The repositories WhatsappService uses, on the pool or a transaction (its module file builds them). */
export interface WhatsappRepositories {
  whatsapp: WhatsappRepository;
}

/**
 * Confirming a WhatsApp number: a code goes to the number itself, and only the right code saves
 * it. Codes follow the sign-in rules (10 minutes, 5 tries, single use) because they are the same
 * OTP service with its own purpose.
 */
export class WhatsappService {
  constructor(
    private readonly deps: {
      db: Database;
      data: DataAccess<WhatsappRepositories>;
      otp: OtpService;
      tokens: TokenService;
    },
  ) {}

  /**
   * Sends the code and returns a whatsapp-kind token: the caller's session (same `sid`, so logout
   * still ends it) that also names the number waiting for confirmation.
   */
  async sendCode(
    caller: { userId: string; sessionId?: string },
    number: string,
    language: LanguageCode = 'en',
  ): Promise<string> {
    if (await this.deps.data.repos.whatsapp.takenByAnother(number, caller.userId)) {
      throw numberTaken();
    }
    await this.deps.otp.send({
      userId: caller.userId,
      purpose: 'whatsapp',
      channel: 'whatsapp',
      destination: number,
      compose: (code) => ({ ...whatsappCodeMessage(code, language), language }),
    });
    return this.deps.tokens.sign({
      sub: caller.userId,
      kind: 'whatsapp',
      sid: caller.sessionId,
      wa: number,
    });
  }

  async verify(
    caller: { userId: string; pendingNumber?: string },
    number: string,
    code: string,
  ): Promise<UserRow> {
    // A whatsapp token only confirms the number it was issued for.
    if (caller.pendingNumber !== undefined && caller.pendingNumber !== number) {
      throw badRequest(Messages.INVALID_OTP.code, Messages.INVALID_OTP.message, [
        { path: 'whatsapp_no', message: 'This is not the number the code was sent to' },
      ]);
    }
    // The code is bound to the number it was sent to: a code for one number cannot save another.
    await this.deps.otp.verify({
      userId: caller.userId,
      purpose: 'whatsapp',
      code,
      destination: number,
    });
    try {
      const row = await this.deps.data.repos.whatsapp.setNumber(caller.userId, number);
      if (!row) throw notFound();
      return row;
    } catch (error) {
      // Another account confirmed the same number between our check and now.
      if (uniqueViolation(error) === 'users_whatsapp_no_key') throw numberTaken();
      throw error;
    }
  }
}
