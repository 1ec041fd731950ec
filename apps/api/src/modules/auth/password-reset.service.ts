import type { ResetPasswordRequest } from '@exhale/contract/auth';
import { Messages } from '@exhale/contract/messages';
import type { Database } from '../../db/client';
import { unauthorized } from '../../lib/app-error';
import type { DataAccess } from '../../lib/data-access';
import type { Clock } from '../../lib/clock';
import type { Counters } from '../../lib/counters';
import { hashPassword } from '../../lib/passwords';
import type { Outbox } from '../outbox/outbox.service';
import type { UsersRepository } from '../users/users.repository';
import { passwordResetLink, passwordResetMail } from './auth.mails';
import { passwordLoginThrottleKey } from './auth.service';
import type { OneTimeTokensRepository } from './one-time-tokens.repository';
import type { SessionsRepository } from './sessions.repository';
import { TOKEN_TTL_SECONDS, type TokenClaims, type TokenService } from './tokens';

/** Reset mails one address may receive per hour: enough for a lost mail, not for mail-bombing. */
export const RESET_MAILS_PER_HOUR = 5;

/** The repositories PasswordResetService uses, on the pool or a transaction (its module file builds them). */
export interface PasswordResetRepositories {
  users: UsersRepository;
  oneTimeTokens: OneTimeTokensRepository;
  sessions: SessionsRepository;
}

export class PasswordResetService {
  constructor(
    private readonly deps: {
      db: Database;
      data: DataAccess<PasswordResetRepositories>;
      tokens: TokenService;
      outbox: Outbox;
      counters: Counters;
      clock: Clock;
    },
  ) {}

  /**
   * Mails a reset link when the account exists. The caller always answers 'Mail Sent
   * Successfully' before this runs (as a background task, decision 036), so neither the answer
   * nor its timing tells who has an account.
   */
  async requestLink(email: string, origin: string): Promise<void> {
    const user = await this.deps.data.repos.users.findByEmail(email);
    if (!user) return;

    // Counted before sending, in one atomic step: requests no longer wait for this work, so
    // several of it may run at once.
    const sent = await this.deps.counters.incr(`reset-mails:${user.id}`, 3600);
    if (sent.count > RESET_MAILS_PER_HOUR) return;

    const expiresAt = new Date(this.deps.clock.now().getTime() + TOKEN_TTL_SECONDS.reset * 1000);
    await this.deps.db.transaction(async (tx) => {
      // Store the token single-use: a leaked mail link must not work twice.
      const tokenId = await this.deps.data
        .within(tx)
        .oneTimeTokens.create(user.id, 'reset', expiresAt);
      const token = await this.deps.tokens.sign({
        sub: user.id,
        kind: 'reset',
        jti: tokenId,
        em: user.email,
      });
      const mail = passwordResetMail(user.name, passwordResetLink(origin, token), user.language);
      await this.deps.outbox.enqueue(
        { channel: 'email', to: user.email, userId: user.id, ...mail },
        tx,
      );
    });
    this.deps.outbox.deliverSoon();
  }

  /**
   * Sets the new password with a reset token. The token works once (and retires any older reset
   * link); every session of the account ends, since whoever held them may be why the password
   * is being reset. Using the mailed link proves the address it went to (decision 035).
   */
  async resetPassword(
    claims: TokenClaims,
    input: ResetPasswordRequest,
    ip: string | undefined,
  ): Promise<void> {
    if (!claims.jti) throw this.invalidLink();
    const passwordHash = await hashPassword(input.newPassword);
    const now = this.deps.clock.now();
    const user = await this.deps.db.transaction(async (tx) => {
      const tokens = this.deps.data.within(tx).oneTimeTokens;
      if (!(await tokens.consume(claims.jti!, claims.sub, 'reset', now))) return undefined;
      await tokens.consumeAllForUser(claims.sub, 'reset', now);
      const users = this.deps.data.within(tx).users;
      const updated = await users.setPasswordHash(claims.sub, passwordHash);
      if (updated && claims.em && !updated.emailVerifiedAt) {
        await users.markEmailVerified(claims.sub, claims.em, now);
      }
      await this.deps.data.within(tx).sessions.revokeAllForUser(claims.sub);
      return updated;
    });
    if (!user) throw this.invalidLink();
    // An owner paused by their own failures, who just proved control of the mailbox, may sign in
    // again at once from here.
    const key = passwordLoginThrottleKey({ userId: user.id }, ip);
    await this.deps.counters.reset(key);
    await this.deps.counters.reset(`${key}:pause`);
  }

  private invalidLink() {
    return unauthorized(Messages.RESET_LINK_INVALID.code, Messages.RESET_LINK_INVALID.message);
  }
}
