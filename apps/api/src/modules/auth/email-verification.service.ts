import { Messages } from '@exhale/contract/messages';
import type { Database, Executor } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { unauthorized } from '../../lib/app-error';
import type { DataAccess } from '../../lib/data-access';
import type { Clock } from '../../lib/clock';
import type { Outbox } from '../outbox/outbox.service';
import type { UsersRepository } from '../users/users.repository';
import { emailVerificationLink, emailVerificationMail } from './auth.mails';
import type { OneTimeTokensRepository } from './one-time-tokens.repository';
import { TOKEN_TTL_SECONDS, type TokenClaims, type TokenService } from './tokens';

/** The repositories EmailVerificationService uses, on the pool or a transaction (its module file builds them). */
export interface EmailVerificationRepositories {
  oneTimeTokens: OneTimeTokensRepository;
  users: UsersRepository;
}

/**
 * Proof that an account's email address belongs to its holder (decision 035). An address counts
 * as verified once a link or code mailed to it was used (this link, a sign-in code by mail, a
 * reset link) or a verified Google credential for it arrived; changing the address unverifies it.
 */
export class EmailVerificationService {
  constructor(
    private readonly deps: {
      db: Database;
      data: DataAccess<EmailVerificationRepositories>;
      tokens: TokenService;
      outbox: Outbox;
      clock: Clock;
    },
  ) {}

  /**
   * Queues the verification mail on the caller's transaction (sign-up, address change), so the
   * mail exists exactly when the account or address does. The caller wakes the outbox after the
   * commit. The link carries the address it was sent to: it cannot verify a later one.
   */
  async queueMail(
    tx: Executor,
    user: Pick<UserRow, 'id' | 'name' | 'email' | 'language'>,
    origin: string,
  ): Promise<void> {
    const expiresAt = new Date(this.deps.clock.now().getTime() + TOKEN_TTL_SECONDS.verify * 1000);
    const tokenId = await this.deps.data
      .within(tx)
      .oneTimeTokens.create(user.id, 'verify-email', expiresAt);
    const token = await this.deps.tokens.sign({
      sub: user.id,
      kind: 'verify',
      jti: tokenId,
      em: user.email,
    });
    const mail = emailVerificationMail(
      user.name,
      emailVerificationLink(origin, token),
      user.language,
    );
    await this.deps.outbox.enqueue(
      { channel: 'email', to: user.email, userId: user.id, ...mail },
      tx,
    );
  }

  /** Mails a fresh link to the signed-in member's address, unless it is verified already. */
  async resend(userId: string, origin: string): Promise<void> {
    const user = await this.deps.data.repos.users.findById(userId);
    if (!user) throw unauthorized();
    if (user.emailVerifiedAt) return;
    await this.deps.db.transaction((tx) => this.queueMail(tx, user, origin));
    this.deps.outbox.deliverSoon();
  }

  /**
   * Uses a mailed link: it works once, and only while the account still has the address the link
   * went to. Any other outstanding link of the account is retired with it.
   */
  async verifyLink(claims: TokenClaims): Promise<void> {
    const { jti, em } = claims;
    if (!jti || !em) throw this.invalidLink();
    const now = this.deps.clock.now();
    const verified = await this.deps.db.transaction(async (tx) => {
      const tokens = this.deps.data.within(tx).oneTimeTokens;
      if (!(await tokens.consume(jti, claims.sub, 'verify-email', now))) return false;
      const user = await this.deps.data.within(tx).users.findByIdForUpdate(claims.sub);
      if (!user || user.email !== em) return false;
      await tokens.consumeAllForUser(claims.sub, 'verify-email', now);
      if (!user.emailVerifiedAt)
        await this.deps.data.within(tx).users.markEmailVerified(user.id, em, now);
      return true;
    });
    if (!verified) throw this.invalidLink();
  }

  private invalidLink() {
    return unauthorized(Messages.VERIFY_LINK_INVALID.code, Messages.VERIFY_LINK_INVALID.message);
  }
}
