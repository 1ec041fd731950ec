import type { Executor } from '../../db/client';
import { CreditNotesRepository } from './credit-notes.repository';
import {
  issueCreditNote as issueCreditNoteWith,
  type CreditNoteInput,
} from './credit-notes.service';
import { InvoicesRepository } from './invoices.repository';
import {
  invoicePdfForUser as invoicePdfForUserWith,
  issueInvoice as issueInvoiceWith,
  type InvoiceInput,
  type SellerConfig,
} from './invoices.service';

/**
 * The tax invoice of a payment, on `tx` (the purchase transaction: the invoice, its serial and the
 * payment commit or roll back together). See `issueInvoice` in invoices.service.ts.
 */
export function issueInvoice(tx: Executor, config: SellerConfig, input: InvoiceInput) {
  return issueInvoiceWith({ invoices: new InvoicesRepository(tx) }, config, input);
}

/** The PDF of an invoice the caller paid for; undefined for anyone else's. */
export function invoicePdfForUser(db: Executor, userId: string, id: string) {
  return invoicePdfForUserWith({ invoices: new InvoicesRepository(db) }, userId, id);
}

/** The credit note of an approved refund, on the refund's transaction `tx`. */
export function issueCreditNote(tx: Executor, input: CreditNoteInput) {
  return issueCreditNoteWith({ creditNotes: new CreditNotesRepository(tx) }, input);
}
