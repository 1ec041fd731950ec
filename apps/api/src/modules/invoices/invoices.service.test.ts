import { describe, expect, it } from 'vitest';
import type { CreditNoteRow, InvoiceRow } from '../../db/schema/money';
import { issueCreditNote, type CreditNotesRepositories } from './credit-notes.service';
import { issueInvoice, type InvoicesRepositories, type SellerConfig } from './invoices.service';

const SELLER: SellerConfig = {
  SELLER_NAME: 'Exhale Health Pvt Ltd',
  SELLER_ADDRESS: 'Bengaluru',
  SELLER_GSTIN: undefined,
  SELLER_STATE_CODE: '29',
  INVOICE_SAC: '999312',
};

/** Invoices in memory: one serial counter per financial year, as the counter table keeps them. */
function invoicesInMemory() {
  const counters = new Map<string, number>();
  const issued: InvoiceRow[] = [];
  const repos: Pick<InvoicesRepositories, 'invoices'> = {
    invoices: {
      nextSeq: async (financialYear) => {
        const next = (counters.get(financialYear) ?? 0) + 1;
        counters.set(financialYear, next);
        return next;
      },
      insert: async (values) => {
        const row = { id: `invoice-${issued.length + 1}`, ...values } as InvoiceRow;
        issued.push(row);
        return row;
      },
      findWithOwner: async () => undefined,
    },
  };
  return { repos, issued };
}

const sale = (issuedAt: string, overrides: { taxablePaise?: number; gstPaise?: number } = {}) => ({
  paymentId: 'payment-1',
  buyerName: 'Asha',
  description: 'Premium - quit-smoking programme',
  taxablePaise: overrides.taxablePaise ?? 84_661,
  gstPaise: overrides.gstPaise ?? 15_239,
  issuedAt: new Date(issuedAt),
});

describe('invoice numbering', () => {
  it('numbers invoices consecutively within an Indian financial year, from 1 again in the next', async () => {
    const { repos } = invoicesInMemory();
    const numbers = [];
    for (const at of [
      '2026-03-31T18:29:00Z', // 23:59 IST on 31 March: still 2025-26
      '2026-03-31T18:31:00Z', // 00:01 IST on 1 April: 2026-27 begins
      '2026-04-02T06:00:00Z',
    ]) {
      numbers.push((await issueInvoice(repos, SELLER, sale(at))).number);
    }
    expect(numbers).toEqual(['EXH/25-26/000001', 'EXH/26-27/000001', 'EXH/26-27/000002']);
  });

  it("is intra-state at the seller's state: GST split into CGST and SGST, the odd paisa to CGST", async () => {
    const { repos } = invoicesInMemory();
    const invoice = await issueInvoice(repos, SELLER, sale('2026-05-01T06:00:00Z'));
    expect(invoice).toMatchObject({
      placeOfSupply: '29',
      sellerStateCode: '29',
      cgstPaise: 7_620,
      sgstPaise: 7_619,
      igstPaise: 0,
      totalPaise: 84_661 + 15_239,
      sac: '999312',
      financialYear: '2026-27',
      seq: 1,
    });
    // Without a configured GSTIN (outside production) a well-formed placeholder for the state.
    expect(invoice.sellerGstin).toBe('29AAACE1234F1Z2');
  });
});

describe('credit notes', () => {
  function notesInMemory() {
    let seq = 0;
    const repos: CreditNotesRepositories = {
      creditNotes: {
        nextSeq: async () => ++seq,
        insert: async (values) => ({ id: `note-${seq}`, ...values }) as CreditNoteRow,
      },
    };
    return repos;
  }

  it("credits the invoice's own figures in a series of its own", async () => {
    const { repos } = invoicesInMemory();
    const invoice = await issueInvoice(repos, SELLER, sale('2026-05-01T06:00:00Z'));
    const note = await issueCreditNote(notesInMemory(), {
      refundId: 'refund-1',
      invoice,
      issuedAt: new Date('2026-05-03T06:00:00Z'),
    });
    expect(note).toMatchObject({
      number: 'EXC/26-27/000001',
      invoiceId: invoice.id,
      taxablePaise: invoice.taxablePaise,
      cgstPaise: invoice.cgstPaise,
      sgstPaise: invoice.sgstPaise,
      totalPaise: invoice.totalPaise,
    });
  });

  it('issues nothing, and takes no serial, for an invoice of ₹0 (a full-discount coupon)', async () => {
    const { repos } = invoicesInMemory();
    const free = await issueInvoice(
      repos,
      SELLER,
      sale('2026-05-01T06:00:00Z', { taxablePaise: 0, gstPaise: 0 }),
    );
    const notes = notesInMemory();
    const issued = await issueCreditNote(notes, {
      refundId: 'refund-1',
      invoice: free,
      issuedAt: new Date('2026-05-03T06:00:00Z'),
    });
    expect(issued).toBeUndefined();
    expect(await notes.creditNotes.nextSeq('2026-27')).toBe(1);
  });
});
