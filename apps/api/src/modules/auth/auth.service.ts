import { randomUUID } from 'node:crypto';
import {
  PROFILE_NAME_MAX_LENGTH,
  toSafeName,
  type GoogleLoginRequest,
  type OtpRequest,
  type PasswordLoginRequest,
  type RegisterRequest,
  type User,
} from '@exhale/contract/auth';
import type { LanguageCode } from '@exhale/contract/languages';
import { Messages } from '@exhale/contract/messages';
import { Step } from '@exhale/contract/steps';
import type { Database, Executor } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { AppError, conflict, rateLimited, unauthorized } from '../../lib/app-error';
import type { DataAccess } from '../../lib/data-access';
import type { Clock } from '../../lib/clock';
import type { Counters } from '../../lib/counters';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords';
import { uniqueViolation } from '../../lib/pg-errors';
import { text } from '../../lib/texts/texts';
import {
  GoogleCredentialError,
  GoogleUnavailableError,
  type GoogleIdentity,
  type GoogleProfile,
} from '../../providers/google/google-identity';
import type { StorageProvider } from '../../providers/storage/storage';
import type { TestAttemptsRepository } from '../sim/test-attempts.repository';
import { userConflict } from '../users/users.errors';
import { toUser } from '../users/users.mapper';
import type { UsersRepository } from '../users/users.repository';
import type { NotificationsRepository } from '../notifications/notifications.repository';
import type { Outbox } from '../outbox/outbox.service';
import { googleTakeoverMail, loginCodeMail, loginCodeSms } from './auth.mails';
import type { EmailVerificationService } from './email-verification.service';
import type { OneTimeTokensRepository } from './one-time-tokens.repository';
import type { OtpService } from './otp.service';
import type { SessionsRepository } from './sessions.repository';
import { TOKEN_TTL_SECONDS, type TokenClaims, type TokenService } from './tokens';

/**
 * Failed password logins are counted per account and source address together (decision 036): the
 * first `freeFailures` in the window cost nothing but the answer; each failure after them pauses
 * that account for that source, `firstPauseSeconds` doubling up to `maxPauseSeconds`. Another
 * address is never paused by them, and sign-in codes stay open throughout.
 */
export const PASSWORD_LOGIN_THROTTLE = {
  freeFailures: 5,
  windowSeconds: 60 * 60,
  firstPauseSeconds: 30,
  maxPauseSeconds: 15 * 60,
} as const;

export interface RequestMeta {
  userAgent?: string;
  /** The client's address as the app sees it (behind TRUST_PROXY, the forwarded one). */
  ip?: string;
  /** The language the request carries (Accept-Language): a new account starts in it. */
  language?: LanguageCode;
}

/**
 * The source a failure is counted against: an IPv4 address, or an IPv6 address's /64 (one
 * subscriber commonly holds a whole /64, so its single addresses are free to change).
 */
export function loginSource(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The failed-login counter of one account (email and mobile alike: the account's id) from one
 * source. An identifier with no account counts under itself, the same way, so the answers never
 * tell whether an address is registered.
 */
export function passwordLoginThrottleKey(
  account: { userId: string } | { email?: string; mobile?: string | null },
  ip: string | undefined,
): string {
  const subject =
    'userId' in account
      ? `user:${account.userId}`
      : account.email !== undefined
        ? `email:${account.email}`
        : `mobile:${account.mobile}`;
  return `password-login:${subject}:from:${loginSource(ip)}`;
}

/** The pause that follows the failure `failures` (the count including it), or 0 for none. */
export function passwordLoginPauseSeconds(failures: number): number {
  const past = failures - PASSWORD_LOGIN_THROTTLE.freeFailures;
  if (past < 0) return 0;
  return Math.min(
    PASSWORD_LOGIN_THROTTLE.firstPauseSeconds * 2 ** Math.min(past, 16),
    PASSWORD_LOGIN_THROTTLE.maxPauseSeconds,
  );
}

export interface SignedIn {
  token: string;
  user: User;
}

/** The repositories AuthService uses, on the pool or a transaction (its module file builds them). */
export interface AuthRepositories {
  sessions: SessionsRepository;
  users: UsersRepository;
  testAttempts: TestAttemptsRepository;
  oneTimeTokens: OneTimeTokensRepository;
  notifications: NotificationsRepository;
}

/** Sign-up and every way of signing in or out. */
export class AuthService {
  constructor(
    private readonly deps: {
      db: Database;
      data: DataAccess<AuthRepositories>;
      tokens: TokenService;
      otp: OtpService;
      counters: Counters;
      clock: Clock;
      storage: StorageProvider;
      google: GoogleIdentity | undefined;
      outbox: Outbox;
      emailVerification: EmailVerificationService;
    },
  ) {}

  private async openSession(executor: Executor, userId: string, meta: RequestMeta) {
    const expiresAt = new Date(this.deps.clock.now().getTime() + TOKEN_TTL_SECONDS.session * 1000);
    const sessionId = await this.deps.data
      .within(executor)
      .sessions.create(userId, expiresAt, meta.userAgent);
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
  async register(
    input: RegisterRequest,
    meta: RequestMeta,
    origin: string,
  ): Promise<SignedIn & { step: number }> {
    const passwordHash = await hashPassword(input.password);
    const tookLandingTest = input.step === 1 && input.total_points !== undefined;
    const totalPoints = tookLandingTest ? input.total_points! : 0;
    try {
      return await this.deps.db.transaction(async (tx) => {
        const user = await this.deps.data.within(tx).users.insert({
          name: input.name,
          email: input.email,
          mobile: input.mobile,
          dob: input.dob,
          gender: input.gender,
          language: meta.language ?? 'en',
          // The language the member signed up in is theirs (decision 068).
          languageSetAt: this.deps.clock.now(),
          passwordHash,
          step: tookLandingTest ? Step.WATCHING_FREE_LESSONS : Step.FIRST_TEST_PENDING,
          totalPoints,
        });
        if (tookLandingTest) {
          await this.deps.data.within(tx).testAttempts.insert({
            userId: user.id,
            attempt: 1,
            rawPoints: null,
            totalPoints,
          });
        }
        // The address is not the member's until a link or code sent to it is used (decision 035).
        await this.deps.emailVerification.queueMail(tx, user, origin);
        const token = await this.openSession(tx, user.id, meta);
        return { token, user: toUser(user, this.deps.storage), step: user.step };
      });
    } catch (error) {
      throw userConflict(error) ?? error;
    } finally {
      this.deps.outbox.deliverSoon();
    }
  }

  /**
   * Sends a sign-in code to the account's email or mobile (whichever the user typed) and returns
   * the temp token bound to that code. Calling again after the cooldown is "Resend OTP". An
   * address with no account gets the same answer and sends nothing (decision 077).
   */
  async requestOtp(input: OtpRequest): Promise<{ token: string; message: string }> {
    const users = this.deps.data.repos.users;
    const byEmail = input.email !== undefined;
    const user = byEmail
      ? await users.findByEmail(input.email!)
      : await users.findByMobile(input.mobile!);
    const message = byEmail
      ? Messages.OTP_SENT_TO_MAIL.message
      : Messages.OTP_SENT_TO_MOBILE.message;
    if (!user) {
      const challengeId = await this.deps.otp.sendNowhere(
        byEmail ? `email:${input.email}` : `mobile:${input.mobile}`,
      );
      // A token like any other: a fresh subject no account has, bound to a challenge that
      // does not exist, so it verifies no code.
      const token = await this.deps.tokens.sign({
        sub: randomUUID(),
        kind: 'otp',
        jti: challengeId,
      });
      return { token, message };
    }

    const { challengeId } = await this.deps.otp.send(
      byEmail
        ? {
            userId: user.id,
            purpose: 'login',
            channel: 'email',
            destination: user.email,
            compose: (code) => loginCodeMail(user.name, code, user.language),
          }
        : {
            userId: user.id,
            purpose: 'login',
            channel: 'sms',
            destination: user.mobile!,
            compose: (code) => loginCodeSms(code, user.language),
          },
    );
    const token = await this.deps.tokens.sign({ sub: user.id, kind: 'otp', jti: challengeId });
    return { token, message };
  }

  /**
   * Exchanges the temp token and its code for a session. The token of an address with no
   * account answers every code as a wrong one, with the same tries (decision 077). A code that
   * reached the mailbox proves the address, and one that reached the phone the mobile number
   * (decision 078), if each is still the account's.
   */
  async verifyOtp(claims: TokenClaims, code: string, meta: RequestMeta): Promise<SignedIn> {
    if (!claims.jti) throw unauthorized('INVALID_TOKEN', Messages.SESSION_EXPIRED.message);
    const users = this.deps.data.repos.users;
    let user = await users.findById(claims.sub);
    if (!user) return this.deps.otp.verifyNothing(claims.jti);
    const challenge = await this.deps.otp.verify({
      userId: claims.sub,
      purpose: 'login',
      challengeId: claims.jti,
      code,
    });
    const now = this.deps.clock.now();
    if (challenge.channel === 'email' && !user.emailVerifiedAt) {
      user = (await users.markEmailVerified(user.id, challenge.destination, now)) ?? user;
    }
    if (challenge.channel === 'sms' && !user.mobileVerifiedAt) {
      user = (await users.markMobileVerified(user.id, challenge.destination, now)) ?? user;
    }
    return this.signIn(user, meta);
  }

  /**
   * One answer for an unknown account and a wrong password, and the same argon2 cost for both,
   * so neither the text nor the timing tells whether an address is registered. Repeated failures
   * pause that account for that source address only (decision 036), on every API process when
   * Redis is configured.
   */
  async passwordLogin(input: PasswordLoginRequest, meta: RequestMeta): Promise<SignedIn> {
    const { counters } = this.deps;
    const users = this.deps.data.repos.users;
    const user =
      input.email !== undefined
        ? await users.findByEmail(input.email)
        : await users.findByMobile(input.mobile!);
    const throttleKey = passwordLoginThrottleKey(user ? { userId: user.id } : input, meta.ip);
    const pauseKey = `${throttleKey}:pause`;
    const pause = await counters.get(pauseKey);
    if (pause.count > 0) {
      throw rateLimited(pause.ttlSeconds);
    }

    const hash = user?.passwordHash ?? (await dummyPasswordHash());
    const valid = (await verifyPassword(hash, input.password)) && !!user?.passwordHash;
    if (!user || !valid) {
      const failures = await counters.incr(throttleKey, PASSWORD_LOGIN_THROTTLE.windowSeconds);
      const pauseSeconds = passwordLoginPauseSeconds(failures.count);
      if (pauseSeconds > 0) await counters.incr(pauseKey, pauseSeconds);
      throw unauthorized(Messages.INVALID_CREDENTIALS.code, Messages.INVALID_CREDENTIALS.message);
    }
    await counters.reset(throttleKey);
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
          Messages.GOOGLE_CREDENTIAL_INVALID.code,
          Messages.GOOGLE_CREDENTIAL_INVALID.message,
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

    const user = await this.findOrCreateGoogleUser(profile, false, meta.language);
    return this.signIn(user, meta);
  }

  /**
   * Finds the account of a verified Google identity (decision 035). By subject first; else by
   * the address: a verified address links as before, an unverified one is taken over, since
   * Google has just proved whose it is and the account's holder never did. Otherwise a new
   * account, whose address counts as verified.
   */
  private async findOrCreateGoogleUser(
    profile: GoogleProfile,
    retried = false,
    language: LanguageCode = 'en',
  ): Promise<UserRow> {
    const users = this.deps.data.repos.users;
    const now = this.deps.clock.now();
    const bySub = await users.findByGoogleSub(profile.sub);
    if (bySub) {
      // Linked before addresses were verified: the link may sit on an account someone else
      // registered with this address and a password of their own.
      if (!bySub.emailVerifiedAt && bySub.email === profile.email) {
        return (await this.takeOver(bySub.id, profile.sub)) ?? bySub;
      }
      return bySub;
    }

    const byEmail = await users.findByEmail(profile.email);
    if (byEmail) {
      if (!byEmail.emailVerifiedAt) {
        const taken = await this.takeOver(byEmail.id, profile.sub);
        if (taken) return taken;
        // Verified meanwhile (a racing sign-in): decide again on the row as it is now.
        if (!retried) return this.findOrCreateGoogleUser(profile, true, language);
      }
      if (byEmail.googleSub === null) {
        const linked = await users.linkGoogleSub(byEmail.id, profile.sub);
        if (linked) return linked;
      }
      // The address belongs to an account already linked to a different Google account.
      if (byEmail.googleSub !== profile.sub) {
        throw conflict('EMAIL_TAKEN', Messages.EMAIL_TAKEN.message);
      }
      return byEmail;
    }

    try {
      const name = toSafeName(profile.name ?? '') || profile.email.split('@')[0]!;
      return await users.insert({
        name: name.slice(0, PROFILE_NAME_MAX_LENGTH),
        email: profile.email,
        emailVerifiedAt: now,
        googleSub: profile.sub,
        language,
        languageSetAt: now,
        type: 'free',
        step: Step.FIRST_TEST_PENDING,
      });
    } catch (error) {
      // A double click signs up twice at once; the loser finds the winner's account.
      if (!retried && uniqueViolation(error) !== undefined) {
        return this.findOrCreateGoogleUser(profile, true, language);
      }
      throw error;
    }
  }

  /**
   * The takeover itself, in one transaction: Google's subject replaces any other, the password
   * goes, every session of the account ends (the one signing in opens after), and the owner is
   * told by mail and in the bell. Undefined when the address was verified meanwhile.
   */
  private async takeOver(userId: string, sub: string): Promise<UserRow | undefined> {
    const now = this.deps.clock.now();
    const taken = await this.deps.db.transaction(async (tx) => {
      const row = await this.deps.data.within(tx).users.takeOverForGoogle(userId, sub, now);
      if (!row) return undefined;
      await this.deps.data.within(tx).sessions.revokeAllForUser(row.id);
      await this.deps.data.within(tx).oneTimeTokens.consumeAllForUser(row.id, 'reset', now);
      const mail = googleTakeoverMail(row.name, row.language);
      await this.deps.outbox.enqueue(
        { channel: 'email', to: row.email, userId: row.id, ...mail },
        tx,
      );
      await this.deps.data.within(tx).notifications.insert({
        userId: row.id,
        language: row.language,
        title: text(row.language, 'notice.googleTakeover.title'),
        message: text(row.language, 'notice.googleTakeover.message'),
      });
      return row;
    });
    if (taken) this.deps.outbox.deliverSoon();
    return taken;
  }

  async logout(sessionId: string | undefined): Promise<void> {
    if (sessionId) await this.deps.data.repos.sessions.revoke(sessionId);
  }
}
