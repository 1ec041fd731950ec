import { Messages } from '@exhale/contract/messages';
import type { FastifyBaseLogger } from 'fastify';
import { unauthorized } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { DataAccess } from '../../lib/data-access';
import type { AuthContext } from '../../plugins/auth';
import type { StorageProvider } from '../../providers/storage/storage';
import { accountDeletionLink, accountDeletionMail } from '../auth/auth.mails';
import type { OneTimeTokensRepository } from '../auth/one-time-tokens.repository';
import { TOKEN_TTL_SECONDS, type TokenService } from '../auth/tokens';
import type { ExploreRepository } from '../explore/explore.repository';
import type { CreditNotesRepository } from '../invoices/credit-notes.repository';
import type { InvoicesRepository } from '../invoices/invoices.repository';
import type { Outbox } from '../outbox/outbox.service';
import type { PaymentsRepository } from '../payments/payments.repository';
import { ERASED_BUYER_NAME } from '../payments/payments.service';
import type { UsersRepository } from '../users/users.repository';

/** What deleting an account reads and erases (account.module.ts builds them). */
export interface AccountRepositories {
  users: Pick<UsersRepository, 'findById' | 'delete'>;
  oneTimeTokens: Pick<OneTimeTokensRepository, 'create' | 'consume'>;
  payments: Pick<PaymentsRepository, 'anonymiseBuyer'>;
  invoices: Pick<InvoicesRepository, 'anonymiseBuyer'>;
  creditNotes: Pick<CreditNotesRepository, 'anonymiseBuyer'>;
  explore: Pick<ExploreRepository, 'deleteAllOfUser'>;
}

/** Account deletion: a mailed confirmation link, then erasure. */
export class AccountService {
  constructor(
    private readonly deps: {
      data: DataAccess<AccountRepositories>;
      tokens: TokenService;
      outbox: Outbox;
      storage: StorageProvider;
      clock: Clock;
      log: FastifyBaseLogger;
    },
  ) {}

  /** Mails a single-use link to /user-delete, valid for 24 hours. */
  async requestDeletion(userId: string, origin: string): Promise<void> {
    const user = await this.deps.data.repos.users.findById(userId);
    if (!user) throw unauthorized();
    const expiresAt = new Date(this.deps.clock.now().getTime() + TOKEN_TTL_SECONDS.delete * 1000);
    await this.deps.data.transaction(async (repos, tx) => {
      const tokenId = await repos.oneTimeTokens.create(user.id, 'delete', expiresAt);
      const token = await this.deps.tokens.sign({ sub: user.id, kind: 'delete', jti: tokenId });
      const mail = accountDeletionMail(
        user.name,
        accountDeletionLink(origin, token),
        user.language,
      );
      await this.deps.outbox.enqueue(
        { channel: 'email', to: user.email, userId: user.id, ...mail },
        tx,
      );
    });
    this.deps.outbox.deliverSoon();
  }

  /**
   * Erases the account in one transaction. Payment records stay, because tax law keeps them,
   * but stop naming the person: the payments' and invoices' copies of the buyer's name are
   * replaced first (docs/decisions/021), while the orders still point at the user. Then the user
   * row goes, and with it (ON DELETE CASCADE) sessions, codes, tokens, test attempts, progress,
   * live-session places, queued messages and the quit companion (plan, craving and slip log,
   * check-ins, dependence test results, follow-up answers); its orders, plans, refunds and coupon uses stay
   * without the link to it (ON DELETE SET NULL), and so do the payments and invoices hanging off
   * those orders. Stored files are deleted after
   * the commit. A delete link works once; a session token may delete its own account directly.
   */
  async deleteAccount(auth: AuthContext): Promise<void> {
    const now = this.deps.clock.now();
    const deleted = await this.deps.data.transaction(async (repos) => {
      if (auth.kind === 'delete') {
        const jti = auth.claims.jti;
        const fresh =
          jti !== undefined && (await repos.oneTimeTokens.consume(jti, auth.userId, 'delete', now));
        if (!fresh) return undefined;
      }
      await repos.payments.anonymiseBuyer(auth.userId);
      await repos.invoices.anonymiseBuyer(auth.userId, ERASED_BUYER_NAME);
      await repos.creditNotes.anonymiseBuyer(auth.userId, ERASED_BUYER_NAME);
      // Explore posts would go with the user row anyway; deleting them here yields their files.
      const exploreImages = await repos.explore.deleteAllOfUser(auth.userId);
      const user = await repos.users.delete(auth.userId);
      return user && { ...user, exploreImages };
    });
    if (!deleted) throw unauthorized('DELETE_LINK_INVALID', Messages.ACCOUNT_DELETE_FAILED.message);

    for (const key of [deleted.profileImage, ...deleted.exploreImages]) {
      if (!key) continue;
      await this.deps.storage.delete(key).catch((error: unknown) => {
        this.deps.log.warn(
          { err: error, key },
          'could not delete a stored file of a deleted account',
        );
      });
    }
  }
}
