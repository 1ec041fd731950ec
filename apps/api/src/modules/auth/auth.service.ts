import {
  PROFILE_NAME_MAX_LENGTH,
  type GoogleLoginRequest,
  type OtpRequest,
  type PasswordLoginRequest,
  type RegisterRequest,
  type User,
} from '@exhale/contract/auth';
import { Messages } from '@exhale/contract/messages';
import { Step } from '@exhale/contract/steps';
import type { Database, Executor } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { AppError, conflict, notFound, tooManyRequests, unauthorized } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Counters } from '../../lib/counters';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords';
import { uniqueViolation } from '../../lib/pg-errors';
import {
  GoogleCredentialError,
  GoogleUnavailableError,
  type GoogleIdentity,
  type GoogleProfile,
} from '../../providers/google/google-identity';
import type { StorageProvider } from '../../providers/storage/storage';
import { TestAttemptsRepository } from '../sim/test-attempts.repository';
import { userConflict } from '../users/users.errors';
import { toUser } from '../users/users.mapper';
import { UsersRepository } from '../users/users.repository';
import { loginCodeMail, loginCodeSms } from './auth.mails';
import type { OtpService } from './otp.service';
import { SessionsRepository } from './sessions.repository';
import { TOKEN_TTL_SECONDS, type TokenClaims, type TokenService } from './tokens';

/** Failed password logins per email or mobile before that identifier is locked for the window. */
export const PASSWORD_LOGIN_THROTTLE = { maxFailures: 5, windowSeconds: 15 * 60 } as const;

export interface RequestMeta {
  userAgent?: string;
}

export interface SignedIn {
  token: string;
  user: User;
}

/** The failed-login counter of one identifier (what the user typed: email or mobile). */
export function passwordLoginThrottleKey(input: {
  email?: string;
  mobile?: string | null;
}): string {
  return input.email !== undefined
    ? `password-login:email:${input.email}`
    : `password-login:mobile:${input.mobile}`;
}

/** Sign-up and every way of signing in or out. */
export class AuthService {
  constructor(
    private readonly deps: {
      db: Database;
      tokens: TokenService;
      otp: OtpService;
      counters: Counters;
      clock: Clock;
      storage: StorageProvider;
      google: GoogleIdentity | undefined;
    },
  ) {}

  private async openSession(executor: Executor, userId: string, meta: RequestMeta) {
    const expiresAt = new Date(this.deps.clock.now().getTime() + TOKEN_TTL_SECONDS.session * 1000);
    const sessionId = await new SessionsRepository(executor).create(
      userId,
      expiresAt,
      meta.userAgent,
    );
    return this.deps.tokens.sign({ sub: userId, kind: 'session', sid: sessionId });
  }

  private async signIn(user: UserRow, meta: RequestMeta): Promise<SignedIn> {
    const token = await this.openSession(this.deps.db, user.id, meta);
    return { token, user: toUser(user, this.deps.storage) };
  }

  /**
   * Creates the account and its first session. Step 1 means the visitor took the landing test
   * before signing up; its score becomes SIM attempt 1. A step-1 sign-up without a score has no
   * attempt to record, so it starts at step 0 and takes the test in the app.
   */
  async register(input: RegisterRequest, meta: RequestMeta): Promise<SignedIn & { step: number }> {
    const passwordHash = await hashPassword(input.password);
    const tookLandingTest = input.step === 1 && input.total_points !== undefined;
    const totalPoints = tookLandingTest ? input.total_points! : 0;
    try {
      return await this.deps.db.transaction(async (tx) => {
        const user = await new UsersRepository(tx).insert({
          name: input.name,
          email: input.email,
          mobile: input.mobile,
          dob: input.dob,
          gender: input.gender,
          passwordHash,
          step: tookLandingTest ? Step.WATCHING_FREE_LESSONS : Step.FIRST_TEST_PENDING,
          totalPoints,
        });
        if (tookLandingTest) {
          await new TestAttemptsRepository(tx).insert({
            userId: user.id,
            attempt: 1,
            rawPoints: null,
            totalPoints,
          });
        }
        const token = await this.openSession(tx, user.id, meta);
        return { token, user: toUser(user, this.deps.storage), step: user.step };
      });
    } catch (error) {
      throw userConflict(error) ?? error;
    }
  }

  /**
   * Sends a sign-in code to the account's email or mobile (whichever the user typed) and returns
   * the temp token bound to that code. Calling again after the cooldown is "Resend OTP".
   */
  async requestOtp(input: OtpRequest): Promise<{ token: string; message: string }> {
    const users = new UsersRepository(this.deps.db);
    const byEmail = input.email !== undefined;
    const user = byEmail
      ? await users.findByEmail(input.email!)
      : await users.findByMobile(input.mobile!);
    if (!user) throw notFound(Messages.ACCOUNT_NOT_FOUND.message);

    const { challengeId } = await this.deps.otp.send(
      byEmail
        ? {
            userId: user.id,
            purpose: 'login',
            channel: 'email',
            destination: user.email,
            compose: (code) => loginCodeMail(user.name, code),
          }
        : {
            userId: user.id,
            purpose: 'login',
            channel: 'sms',
            destination: user.mobile!,
            compose: loginCodeSms,
          },
    );
    const token = await this.deps.tokens.sign({ sub: user.id, kind: 'otp', jti: challengeId });
    return {
      token,
      message: byEmail ? Messages.OTP_SENT_TO_MAIL.message : Messages.OTP_SENT_TO_MOBILE.message,
    };
  }

  /** Exchanges the temp token and its code for a session. */
  async verifyOtp(claims: TokenClaims, code: string, meta: RequestMeta): Promise<SignedIn> {
    if (!claims.jti) throw unauthorized(Messages.SESSION_EXPIRED.message, 'INVALID_TOKEN');
    await this.deps.otp.verify({
      userId: claims.sub,
      purpose: 'login',
      challengeId: claims.jti,
      code,
    });
    const user = await new UsersRepository(this.deps.db).findById(claims.sub);
    if (!user) throw unauthorized();
    return this.signIn(user, meta);
  }

  /**
   * One answer for an unknown account and a wrong password, and the same argon2 cost for both,
   * so neither the text nor the timing tells whether an address is registered. Repeated failures
   * lock the identifier for a while, on every API process when Redis is configured.
   */
  async passwordLogin(input: PasswordLoginRequest, meta: RequestMeta): Promise<SignedIn> {
    const throttleKey = passwordLoginThrottleKey(input);
    const failures = await this.deps.counters.get(throttleKey);
    if (failures.count >= PASSWORD_LOGIN_THROTTLE.maxFailures) {
      throw tooManyRequests(
        Messages.RATE_LIMITED.code,
        Messages.RATE_LIMITED.message,
        failures.ttlSeconds,
      );
    }

    const users = new UsersRepository(this.deps.db);
    const user =
      input.email !== undefined
        ? await users.findByEmail(input.email)
        : await users.findByMobile(input.mobile!);
    const hash = user?.passwordHash ?? (await dummyPasswordHash());
    const valid = (await verifyPassword(hash, input.password)) && !!user?.passwordHash;
    if (!user || !valid) {
      await this.deps.counters.incr(throttleKey, PASSWORD_LOGIN_THROTTLE.windowSeconds);
      throw unauthorized(Messages.INVALID_CREDENTIALS.message, Messages.INVALID_CREDENTIALS.code);
    }
    await this.deps.counters.reset(throttleKey);
    return this.signIn(user, meta);
  }

  /**
   * Signs in with a Google credential. Identity (subject and email) comes only from what Google
   * verified, never from the request body. An existing account is found by its Google subject,
   * else by the verified email (and linked); otherwise a free account at step 0 is created.
   */
  async googleLogin(input: GoogleLoginRequest, meta: RequestMeta): Promise<SignedIn> {
    const google = this.deps.google;
    if (!google) {
      throw new AppError(
        503,
        Messages.GOOGLE_NOT_CONFIGURED.code,
        Messages.GOOGLE_NOT_CONFIGURED.message,
      );
    }
    let profile: GoogleProfile;
    try {
      profile = input.credential
        ? await google.verifyIdToken(input.credential)
        : await google.verifyAccessToken(input.access_token!);
    } catch (error) {
      if (error instanceof GoogleCredentialError) {
        throw unauthorized(
          Messages.GOOGLE_CREDENTIAL_INVALID.message,
          Messages.GOOGLE_CREDENTIAL_INVALID.code,
        );
      }
      if (error instanceof GoogleUnavailableError) {
        throw new AppError(
          503,
          'GOOGLE_UNAVAILABLE',
          Messages.GOOGLE_NOT_CONFIGURED.message,
          undefined,
          { 'retry-after': '5' },
        );
      }
      throw error;
    }

    const user = await this.findOrCreateGoogleUser(profile);
    return this.signIn(user, meta);
  }

  private async findOrCreateGoogleUser(profile: GoogleProfile, retried = false): Promise<UserRow> {
    const users = new UsersRepository(this.deps.db);
    const bySub = await users.findByGoogleSub(profile.sub);
    if (bySub) return bySub;

    const byEmail = await users.findByEmail(profile.email);
    if (byEmail) {
      if (byEmail.googleSub === null) {
        const linked = await users.linkGoogleSub(byEmail.id, profile.sub);
        if (linked) return linked;
      }
      // The address belongs to an account already linked to a different Google account.
      if (byEmail.googleSub !== profile.sub) {
        throw conflict(Messages.EMAIL_TAKEN.message, 'EMAIL_TAKEN');
      }
      return byEmail;
    }

    try {
      return await users.insert({
        name: (profile.name ?? profile.email.split('@')[0]!).slice(0, PROFILE_NAME_MAX_LENGTH),
        email: profile.email,
        googleSub: profile.sub,
        type: 'free',
        step: Step.FIRST_TEST_PENDING,
      });
    } catch (error) {
      // A double click signs up twice at once; the loser finds the winner's account.
      if (!retried && uniqueViolation(error) !== undefined) {
        return this.findOrCreateGoogleUser(profile, true);
      }
      throw error;
    }
  }

  async logout(sessionId: string | undefined): Promise<void> {
    if (sessionId) await new SessionsRepository(this.deps.db).revoke(sessionId);
  }
}
