import type { Executor } from '../../db/client';
import { dataAccess } from '../../lib/data-access';
import { ContentTextsRepository } from '../content-texts/content-texts.repository';
import { CreditNotesRepository } from '../invoices/credit-notes.repository';
import { creditNoteAttachment } from '../invoices/credit-notes.service';
import { issueCreditNote } from '../invoices/invoices.module';
import { InvoicesRepository } from '../invoices/invoices.repository';
import { LiveSessionsRepository } from '../live-sessions/live-sessions.repository';
import { notify } from '../notifications/notifications.module';
import { PaymentsRepository } from '../payments/payments.repository';
import { PlansRepository } from '../plans/plans.repository';
import { UserPlansRepository } from '../user-plans/user-plans.repository';
import { UsersRepository } from '../users/users.repository';
import { RefundsRepository } from './refunds.repository';
import {
  RefundsService,
  type RefundsDependencies,
  type RefundsRepositories,
} from './refunds.service';

export function refundsRepositories(db: Executor): RefundsRepositories {
  return {
    refunds: new RefundsRepository(db),
    userPlans: new UserPlansRepository(db),
    payments: new PaymentsRepository(db),
    invoices: new InvoicesRepository(db),
    creditNotes: new CreditNotesRepository(db),
    plans: new PlansRepository(db),
    liveSessions: new LiveSessionsRepository(db),
    users: new UsersRepository(db),
    contentTexts: new ContentTextsRepository(db),
  };
}

/** The refunds module wired to the database and the modules it tells (bell, credit notes). */
export function createRefundsService(
  deps: Omit<RefundsDependencies, 'data' | 'notify' | 'creditNotes'> & {
    db: Parameters<typeof dataAccess>[0];
  },
): RefundsService {
  const { db, ...rest } = deps;
  return new RefundsService({
    ...rest,
    data: dataAccess(db, refundsRepositories),
    notify,
    creditNotes: { issue: issueCreditNote, attachment: creditNoteAttachment },
  });
}
