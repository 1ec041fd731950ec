import type { Executor } from '../../db/client';
import { composeService } from '../../lib/data-access';
import { withAuditLog } from '../admin-audit/admin-audit.module';
import { CreditNotesRepository } from '../invoices/credit-notes.repository';
import { InvoicesRepository } from '../invoices/invoices.repository';
import { createLiveSessionsCatalogue } from '../live-sessions/live-sessions.module';
import { AdminCommerceRepository } from './admin-commerce.repository';
import { AdminCommerceService, type AdminCommerceRepositories } from './admin-commerce.service';

export function adminCommerceRepositories(db: Executor): AdminCommerceRepositories {
  return {
    adminCommerce: new AdminCommerceRepository(db),
    invoices: new InvoicesRepository(db),
    creditNotes: new CreditNotesRepository(db),
  };
}

const withRepositories = withAuditLog(
  composeService(AdminCommerceService, adminCommerceRepositories),
);

export function createAdminCommerceService(
  deps: Omit<Parameters<typeof withRepositories>[0], 'liveSessions'>,
): AdminCommerceService {
  return withRepositories({ ...deps, liveSessions: createLiveSessionsCatalogue({ db: deps.db }) });
}
