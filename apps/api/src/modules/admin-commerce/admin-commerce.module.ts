import type { Executor } from '../../db/client';
import { composeService } from '../../lib/data-access';
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

export const createAdminCommerceService = composeService(
  AdminCommerceService,
  adminCommerceRepositories,
);
