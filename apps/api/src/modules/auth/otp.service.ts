import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { Messages, otpAttemptsLeftMessage } from '@exhale/contract/messages';
import type { Database } from '../../db/client';
import { AppError, rateLimited, tooManyRequests } from '../../lib/app-error';
import type { DataAccess } from '../../lib/data-access';
import type { Clock } from '../../lib/clock';
import type { Counters } from '../../lib/counters';
import type { MessageDraft, Outbox } from '../outbox/outbox.service';
import { type OtpRepository, type OtpChannel, type OtpPurpose } from './otp.repository';

export const OTP_POLICY = {
  /** Spec §9: six digits. */
  length: 6,
  ttlMs: 10 * 60_000,
  resendCooldownMs: 30_000,
  /** Wrong answers a code survives; the next one burns it. */
  maxAttempts: 5,
  /**
   * Codes one account may be sent per hour and purpose. Each new code restores the 5 tries, so
   * without this cap a patient attacker could keep guessing (and flood the user's phone).
   */
  sendsPerHour: 10,
} as const;

export type OtpMessage = Pick<MessageDraft, 'subject' | 'text' | 'html' | 'language'>;

/** The repositories OtpService uses, on the pool or a transaction (its module file builds them). */
export interface OtpRepositories {
  otp: OtpRepository;
}

/**
 * One-time codes for any purpose: signing in (to the account's email or mobile) and
 * confirming a WhatsApp number. Codes are stored only as an HMAC, so a database leak reveals none.
 */
export class OtpService {
  constructor(
    private readonly deps: {
      db: Database;
      data: DataAccess<OtpRepositories>;
      outbox: Outbox;
      counters: Counters;
      clock: Clock;
      /** Keys the code HMAC; the JWT secret serves, it never leaves the server either. */
      secret: string;
    },
  ) {}

  private hash(userId: string, purpose: OtpPurpose, code: string): string {
    return createHmac('sha256', this.deps.secret)
      .update(`${purpose}:${userId}:${code}`)
      .digest('hex');
  }

  /**
   * Sends a new code and retires the previous one. 429 with Retry-After within 30 s of the last
   * code, or after too many codes this hour. The message is queued on the same transaction as
   * the challenge, so the code a user receives is always the one stored.
   */
  async send(input: {
    userId: string;
    purpose: OtpPurpose;
    channel: OtpChannel;
    destination: string;
    compose: (code: string) => OtpMessage;
  }): Promise<{ challengeId: string; expiresAt: Date }> {
    const { userId, purpose } = input;
    const hourlyKey = `otp-sends:${purpose}:${userId}`;
    const sent = await this.deps.counters.get(hourlyKey);
    if (sent.count >= OTP_POLICY.sendsPerHour) {
      throw rateLimited(sent.ttlSeconds);
    }

    const now = this.deps.clock.now();
    const code = String(randomInt(0, 10 ** OTP_POLICY.length)).padStart(OTP_POLICY.length, '0');
    const challengeId = randomUUID();
    const expiresAt = new Date(now.getTime() + OTP_POLICY.ttlMs);

    const stored = await this.deps.db.transaction(async (tx) => {
      const replaced = await this.deps.data.within(tx).otp.replaceIfCooledDown(
        {
          id: challengeId,
          userId,
          purpose,
          channel: input.channel,
          destination: input.destination,
          codeHash: this.hash(userId, purpose, code),
          expiresAt,
          lastSentAt: now,
        },
        new Date(now.getTime() - OTP_POLICY.resendCooldownMs),
      );
      if (!replaced) return false;
      await this.deps.outbox.enqueue(
        {
          channel: input.channel,
          to: input.destination,
          userId,
          // SMS and WhatsApp deliver a code only through a registered template (kind and value).
          ...(input.channel === 'email' ? {} : { kind: 'otp' as const, params: { code } }),
          ...input.compose(code),
        },
        tx,
      );
      return true;
    });

    if (!stored) {
      const current = await this.deps.data.repos.otp.find(userId, purpose);
      const waitMs = current
        ? current.lastSentAt.getTime() + OTP_POLICY.resendCooldownMs - now.getTime()
        : OTP_POLICY.resendCooldownMs;
      throw tooManyRequests(
        Messages.OTP_RESEND_TOO_SOON.code,
        Messages.OTP_RESEND_TOO_SOON.message,
        waitMs / 1000,
      );
    }

    await this.deps.counters.incr(hourlyKey, 3600);
    this.deps.outbox.deliverSoon();
    return { challengeId, expiresAt };
  }

  /**
   * What `send` does for a sign-in address with no account (decision 077): the same limits,
   * counted per address (429 within 30 s of the last request, or after too many this hour), and
   * about the same work, but no code is stored and nothing is sent. Returns the id a temp token
   * is bound to; no challenge has it, so `verifyNothing` is all it can meet.
   */
  async sendNowhere(address: string): Promise<string> {
    const hourlyKey = `otp-sends:login:${address}`;
    const cooldownKey = `otp-cooldown:login:${address}`;
    const [sent, cooling] = await Promise.all([
      this.deps.counters.get(hourlyKey),
      this.deps.counters.get(cooldownKey),
    ]);
    if (sent.count >= OTP_POLICY.sendsPerHour) throw rateLimited(sent.ttlSeconds);
    if (cooling.count > 0) {
      throw tooManyRequests(
        Messages.OTP_RESEND_TOO_SOON.code,
        Messages.OTP_RESEND_TOO_SOON.message,
        cooling.ttlSeconds,
      );
    }
    const challengeId = randomUUID();
    // The hash and a read in a transaction stand in for the stored code and the queued message.
    this.hash(challengeId, 'login', String(randomInt(0, 10 ** OTP_POLICY.length)));
    await this.deps.db.transaction((tx) =>
      this.deps.data.within(tx).otp.find(challengeId, 'login'),
    );
    await this.deps.counters.incr(cooldownKey, OTP_POLICY.resendCooldownMs / 1000);
    await this.deps.counters.incr(hourlyKey, 3600);
    return challengeId;
  }

  /**
   * A code checked against a temp token of an address with no account: every code is wrong,
   * 400 'Invalid OTP!' with the tries left, then 429 after the fifth, as for a real code.
   */
  async verifyNothing(challengeId: string): Promise<never> {
    await this.deps.data.repos.otp.find(challengeId, 'login');
    const tries = await this.deps.counters.incr(
      `otp-nowhere:${challengeId}`,
      OTP_POLICY.ttlMs / 1000,
    );
    if (tries.count > OTP_POLICY.maxAttempts) {
      throw new AppError(
        429,
        Messages.OTP_TOO_MANY_ATTEMPTS.code,
        Messages.OTP_TOO_MANY_ATTEMPTS.message,
      );
    }
    const left = OTP_POLICY.maxAttempts - tries.count;
    throw new AppError(400, Messages.INVALID_OTP.code, Messages.INVALID_OTP.message, [
      { path: 'otp', message: otpAttemptsLeftMessage(left) },
    ]);
  }

  /**
   * Checks a code. Wrong: 400 'Invalid OTP!' with the tries left; expired, replaced or used:
   * 410; out of tries: 429 (the code stays burned even if the next guess is right). Right: the
   * code is consumed and cannot be used again, and where it was sent is returned (a code by mail
   * proves the address). `challengeId` binds the check to the code a temp
   * token was issued for; `destination` to the number a WhatsApp code was sent to.
   */
  async verify(input: {
    userId: string;
    purpose: OtpPurpose;
    code: string;
    challengeId?: string;
    destination?: string;
  }): Promise<{ channel: OtpChannel; destination: string }> {
    const repository = this.deps.data.repos.otp;
    const now = this.deps.clock.now();
    const challenge = await repository.countAttempt({
      userId: input.userId,
      purpose: input.purpose,
      challengeId: input.challengeId,
      now,
      maxAttempts: OTP_POLICY.maxAttempts,
    });

    if (!challenge) {
      const current = await repository.find(input.userId, input.purpose);
      const sameChallenge =
        current && (!input.challengeId || current.id === input.challengeId) && !current.consumedAt;
      if (sameChallenge && current.attempts >= OTP_POLICY.maxAttempts) {
        throw new AppError(
          429,
          Messages.OTP_TOO_MANY_ATTEMPTS.code,
          Messages.OTP_TOO_MANY_ATTEMPTS.message,
        );
      }
      throw new AppError(410, Messages.OTP_EXPIRED.code, Messages.OTP_EXPIRED.message);
    }

    const expected = Buffer.from(challenge.codeHash, 'hex');
    const given = Buffer.from(this.hash(input.userId, input.purpose, input.code), 'hex');
    const matches =
      expected.length === given.length &&
      timingSafeEqual(expected, given) &&
      (input.destination === undefined || input.destination === challenge.destination);
    if (!matches) {
      const left = Math.max(0, OTP_POLICY.maxAttempts - challenge.attempts);
      throw new AppError(400, Messages.INVALID_OTP.code, Messages.INVALID_OTP.message, [
        { path: 'otp', message: otpAttemptsLeftMessage(left) },
      ]);
    }

    if (!(await repository.consume(challenge.id, now))) {
      throw new AppError(410, Messages.OTP_EXPIRED.code, Messages.OTP_EXPIRED.message);
    }
    return { channel: challenge.channel, destination: challenge.destination };
  }
}
