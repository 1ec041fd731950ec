import type { LanguageCode } from '@exhale/contract/languages';
import type { CreditNoteRow, InvoiceRow } from '../../db/schema/money';
import { creditNoteNumber, indianFinancialYear } from './financial-year';
import { renderCreditNotePdf } from './invoice-pdf';
import { pdfAttachment, pdfFilename } from './invoices.service';
import type { CreditNotesRepository } from './credit-notes.repository';

/** What issuing a credit note writes (invoices.module.ts builds it on the refund's transaction). */
export interface CreditNotesRepositories {
  creditNotes: Pick<CreditNotesRepository, 'nextSeq' | 'insert'>;
}

export interface CreditNoteInput {
  refundId: string;
  /** The invoice of the refunded payment. */
  invoice: InvoiceRow;
  issuedAt: Date;
}

/**
 * The credit note of an approved refund (CGST Act s. 34), inside the transaction that cancels the
 * plan, so the note, its serial and the cancellation commit or roll back together. Refunds give
 * back the whole payment, so the note credits the invoice's own figures. Nothing is issued for an
 * invoice of ₹0 (a plan taken with a full-discount coupon).
 */
export async function issueCreditNote(
  repos: CreditNotesRepositories,
  { refundId, invoice, issuedAt }: CreditNoteInput,
): Promise<CreditNoteRow | undefined> {
  if (invoice.totalPaise <= 0) return undefined;
  const repository = repos.creditNotes;
  const financialYear = indianFinancialYear(issuedAt);
  const seq = await repository.nextSeq(financialYear);
  return repository.insert({
    refundId,
    invoiceId: invoice.id,
    number: creditNoteNumber(financialYear, seq),
    financialYear,
    seq,
    buyerName: invoice.buyerName,
    taxablePaise: invoice.taxablePaise,
    cgstPaise: invoice.cgstPaise,
    sgstPaise: invoice.sgstPaise,
    igstPaise: invoice.igstPaise,
    totalPaise: invoice.totalPaise,
    createdAt: issuedAt,
  });
}

/** The credit note as a mail attachment, its labels also in the buyer's language. */
export async function creditNoteAttachment(
  note: CreditNoteRow,
  invoice: InvoiceRow,
  language?: LanguageCode,
) {
  const pdf = await renderCreditNotePdf(note, invoice, { language });
  return pdfAttachment(pdfFilename('credit-note', note.number), pdf);
}
