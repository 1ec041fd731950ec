import type { ResetPasswordRequest } from '@exhale/contract/auth';
import { Messages } from '@exhale/contract/messages';
import type { Database } from '../../db/client';
import { unauthorized } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Counters } from '../../lib/counters';
import { hashPassword } from '../../lib/passwords';
import type { Outbox } from '../outbox/outbox.service';
import { UsersRepository } from '../users/users.repository';
import { passwordResetLink, passwordResetMail } from './auth.mails';
import { passwordLoginThrottleKey } from './auth.service';
import { OneTimeTokensRepository } from './one-time-tokens.repository';
import { SessionsRepository } from './sessions.repository';
import { TOKEN_TTL_SECONDS, type TokenClaims, type TokenService } from './tokens';

/** Reset mails one address may receive per hour: enough for a lost mail, not for mail-bombing. */
export const RESET_MAILS_PER_HOUR = 5;

export class PasswordResetService {
  constructor(
    private readonly deps: {
      db: Database;
      tokens: TokenService;
      outbox: Outbox;
      counters: Counters;
      clock: Clock;
    },
  ) {}

  /**
   * Mails a reset link when the account exists. The caller always answers 'Mail Sent
   * Successfully', so the endpoint cannot be used to find out who has an account.
   */
  async requestLink(email: string, origin: string): Promise<void> {
    const user = await new UsersRepository(this.deps.db).findByEmail(email);
    if (!user) return;

    const mailsKey = `reset-mails:${user.id}`;
    if ((await this.deps.counters.get(mailsKey)).count >= RESET_MAILS_PER_HOUR) return;

    const expiresAt = new Date(this.deps.clock.now().getTime() + TOKEN_TTL_SECONDS.reset * 1000);
    await this.deps.db.transaction(async (tx) => {
      // Store the token single-use: a leaked mail link must not work twice.
      const tokenId = await new OneTimeTokensRepository(tx).create(user.id, 'reset', expiresAt);
      const token = await this.deps.tokens.sign({ sub: user.id, kind: 'reset', jti: tokenId });
      const mail = passwordResetMail(user.name, passwordResetLink(origin, token));
      await this.deps.outbox.enqueue(
        { channel: 'email', to: user.email, userId: user.id, ...mail },
        tx,
      );
    });
    await this.deps.counters.incr(mailsKey, 3600);
    this.deps.outbox.deliverSoon();
  }

  /**
   * Sets the new password with a reset token. The token works once (and retires any older reset
   * link); every session of the account ends, since whoever held them may be why the password
   * is being reset.
   */
  async resetPassword(claims: TokenClaims, input: ResetPasswordRequest): Promise<void> {
    if (!claims.jti) throw this.invalidLink();
    const passwordHash = await hashPassword(input.newPassword);
    const now = this.deps.clock.now();
    const user = await this.deps.db.transaction(async (tx) => {
      const tokens = new OneTimeTokensRepository(tx);
      if (!(await tokens.consume(claims.jti!, claims.sub, 'reset', now))) return undefined;
      await tokens.consumeAllForUser(claims.sub, 'reset', now);
      const updated = await new UsersRepository(tx).setPasswordHash(claims.sub, passwordHash);
      await new SessionsRepository(tx).revokeAllForUser(claims.sub);
      return updated;
    });
    if (!user) throw this.invalidLink();
    // A locked-out owner who just proved control of the mailbox may sign in again at once.
    await this.deps.counters.reset(passwordLoginThrottleKey({ email: user.email }));
    if (user.mobile)
      await this.deps.counters.reset(passwordLoginThrottleKey({ mobile: user.mobile }));
  }

  private invalidLink() {
    return unauthorized(Messages.RESET_LINK_INVALID.message, Messages.RESET_LINK_INVALID.code);
  }
}
