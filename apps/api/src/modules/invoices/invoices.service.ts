import type { LanguageCode } from '@exhale/contract/languages';
import type { Config } from '../../config';
import type { InvoiceRow } from '../../db/schema/money';
import { isUuid } from '../../lib/ids';
import { indianFinancialYear, invoiceNumber, splitGst } from './financial-year';
import { renderInvoicePdf } from './invoice-pdf';
import type { InvoicesRepository } from './invoices.repository';

/**
 * What issuing and reading invoices use, on the caller's executor (invoices.module.ts builds them
 * and exports `issueInvoice` and `invoicePdfForUser` bound to an executor).
 */
export interface InvoicesRepositories {
  invoices: Pick<InvoicesRepository, 'nextSeq' | 'insert' | 'findWithOwner'>;
}

/**
 * Outside production SELLER_GSTIN may be unset (config.ts refuses that in production); invoices
 * then carry this well-formed placeholder for the configured state.
 */
export function sellerGstin(config: Pick<Config, 'SELLER_GSTIN' | 'SELLER_STATE_CODE'>): string {
  return config.SELLER_GSTIN ?? `${config.SELLER_STATE_CODE}AAACE1234F1Z2`;
}

export type SellerConfig = Pick<
  Config,
  'SELLER_NAME' | 'SELLER_ADDRESS' | 'SELLER_GSTIN' | 'SELLER_STATE_CODE' | 'INVOICE_SAC'
>;

export interface InvoiceInput {
  paymentId: string;
  buyerName: string;
  description: string;
  taxablePaise: number;
  gstPaise: number;
  issuedAt: Date;
}

/**
 * Issues the tax invoice of a payment inside the purchase transaction, so the invoice, its serial
 * and the payment commit or roll back together. The place of supply is the seller's state: the
 * product records no buyer address, and for services to an unregistered buyer without an address
 * on record the place of supply is the supplier's location (IGST Act s. 12(2)(b)). So every
 * invoice is intra-state, CGST + SGST; `splitGst` is ready for IGST should addresses be collected.
 */
export async function issueInvoice(
  repos: Pick<InvoicesRepositories, 'invoices'>,
  config: SellerConfig,
  input: InvoiceInput,
): Promise<InvoiceRow> {
  const repository = repos.invoices;
  const financialYear = indianFinancialYear(input.issuedAt);
  const seq = await repository.nextSeq(financialYear);
  const placeOfSupply = config.SELLER_STATE_CODE;
  const taxes = splitGst(input.gstPaise, placeOfSupply === config.SELLER_STATE_CODE);
  return repository.insert({
    paymentId: input.paymentId,
    number: invoiceNumber(financialYear, seq),
    financialYear,
    seq,
    sellerName: config.SELLER_NAME,
    sellerAddress: config.SELLER_ADDRESS,
    sellerGstin: sellerGstin(config),
    sellerStateCode: config.SELLER_STATE_CODE,
    placeOfSupply,
    buyerName: input.buyerName,
    description: input.description,
    sac: config.INVOICE_SAC,
    taxablePaise: input.taxablePaise,
    ...taxes,
    totalPaise: input.taxablePaise + input.gstPaise,
    createdAt: input.issuedAt,
  });
}

/** 'invoice-EXH-25-26-000001.pdf': the number without the slashes a file name cannot hold. */
export const pdfFilename = (kind: 'invoice' | 'credit-note', number: string) =>
  `${kind}-${number.replaceAll('/', '-')}.pdf`;

/** A PDF as a mail attachment (the outbox stores attachments as base64). */
export function pdfAttachment(filename: string, pdf: Buffer) {
  return { filename, contentType: 'application/pdf', contentBase64: pdf.toString('base64') };
}

/** The invoice as a mail attachment, its labels also in the buyer's language. */
export async function invoiceAttachment(
  invoice: InvoiceRow,
  paymentReference?: string,
  language?: LanguageCode,
) {
  const pdf = await renderInvoicePdf(invoice, { paymentReference, language });
  return pdfAttachment(pdfFilename('invoice', invoice.number), pdf);
}

/** The PDF of an invoice the caller paid for; undefined for anyone else's (answered as 404). */
export async function invoicePdfForUser(
  repos: Pick<InvoicesRepositories, 'invoices'>,
  userId: string,
  id: string,
): Promise<{ filename: string; pdf: Buffer } | undefined> {
  if (!isUuid(id)) return undefined;
  const found = await repos.invoices.findWithOwner(id);
  if (!found || found.userId !== userId) return undefined;
  const pdf = await renderInvoicePdf(found.invoice, {
    paymentReference: found.providerPaymentId,
    language: found.language ?? undefined,
  });
  return { filename: pdfFilename('invoice', found.invoice.number), pdf };
}
