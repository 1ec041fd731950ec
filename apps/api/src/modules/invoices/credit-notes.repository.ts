import { and, eq, inArray, lt, or } from 'drizzle-orm';
import type { LanguageCode } from '@exhale/contract/languages';
import type { Executor } from '../../db/client';
import {
  creditNoteCounters,
  creditNotes,
  invoices,
  refunds,
  type CreditNoteRow,
  type InvoiceRow,
} from '../../db/schema/money';
import { users } from '../../db/schema/users';
import { UNREGISTERED_BUYER_NAME_REQUIRED_FROM_PAISE } from './invoices.repository';
import { nextSerial } from './serials';

export type NewCreditNote = typeof creditNotes.$inferInsert;

export class CreditNotesRepository {
  constructor(private readonly db: Executor) {}

  /** The next credit-note serial of a financial year (gap-free; see `nextSerial`). */
  nextSeq(financialYear: string): Promise<number> {
    return nextSerial(this.db, creditNoteCounters, financialYear);
  }

  async insert(values: NewCreditNote): Promise<CreditNoteRow> {
    const [row] = await this.db.insert(creditNotes).values(values).returning();
    return row!;
  }

  /** A credit note by its id or its refund's id, with the invoice it cancels. */
  async findWithInvoice(
    id: string,
  ): Promise<
    { creditNote: CreditNoteRow; invoice: InvoiceRow; language: LanguageCode | null } | undefined
  > {
    const [row] = await this.db
      .select({ creditNote: creditNotes, invoice: invoices, language: users.language })
      .from(creditNotes)
      .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
      .leftJoin(refunds, eq(refunds.id, creditNotes.refundId))
      .leftJoin(users, eq(users.id, refunds.userId))
      .where(or(eq(creditNotes.id, id), eq(creditNotes.refundId, id)))
      .limit(1);
    return row;
  }

  /**
   * Account erasure, as for invoices (decision 021): the name goes where the law does not need it.
   * Run before the user row goes, while refunds still name the user.
   */
  async anonymiseBuyer(userId: string, label: string): Promise<void> {
    await this.db
      .update(creditNotes)
      .set({ buyerName: label })
      .where(
        and(
          lt(creditNotes.taxablePaise, UNREGISTERED_BUYER_NAME_REQUIRED_FROM_PAISE),
          inArray(
            creditNotes.refundId,
            this.db.select({ id: refunds.id }).from(refunds).where(eq(refunds.userId, userId)),
          ),
        ),
      );
  }
}
