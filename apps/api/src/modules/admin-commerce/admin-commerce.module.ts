import type { Executor } from '../../db/client';
import { dataAccess } from '../../lib/data-access';
import { CreditNotesRepository } from '../invoices/credit-notes.repository';
import { InvoicesRepository } from '../invoices/invoices.repository';
import { AdminCommerceRepository } from './admin-commerce.repository';
import { AdminCommerceService, type AdminCommerceRepositories } from './admin-commerce.service';

export function adminCommerceRepositories(db: Executor): AdminCommerceRepositories {
  return {
    adminCommerce: new AdminCommerceRepository(db),
    invoices: new InvoicesRepository(db),
    creditNotes: new CreditNotesRepository(db),
  };
}

export function createAdminCommerceService(
  deps: Omit<ConstructorParameters<typeof AdminCommerceService>[0], 'data'>,
): AdminCommerceService {
  return new AdminCommerceService({
    ...deps,
    data: dataAccess(deps.db, adminCommerceRepositories),
  });
}
