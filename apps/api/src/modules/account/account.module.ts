import type { Database, Executor } from '../../db/client';
import { dataAccess } from '../../lib/data-access';
import { OneTimeTokensRepository } from '../auth/one-time-tokens.repository';
import { ExploreRepository } from '../explore/explore.repository';
import { CreditNotesRepository } from '../invoices/credit-notes.repository';
import { InvoicesRepository } from '../invoices/invoices.repository';
import { PaymentsRepository } from '../payments/payments.repository';
import { UsersRepository } from '../users/users.repository';
import { AccountService, type AccountRepositories } from './account.service';

export function accountRepositories(db: Executor): AccountRepositories {
  return {
    users: new UsersRepository(db),
    oneTimeTokens: new OneTimeTokensRepository(db),
    payments: new PaymentsRepository(db),
    invoices: new InvoicesRepository(db),
    creditNotes: new CreditNotesRepository(db),
    explore: new ExploreRepository(db),
  };
}

export function createAccountService(
  deps: Omit<ConstructorParameters<typeof AccountService>[0], 'data'> & { db: Database },
): AccountService {
  const { db, ...rest } = deps;
  return new AccountService({ ...rest, data: dataAccess(db, accountRepositories) });
}
