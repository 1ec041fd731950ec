import { describe, expect, it } from 'vitest';
import type { InvoiceRow } from '../../db/schema/money';
import { pdfLines } from '../../../test/pdf-text';
import { scriptRuns } from './invoice-fonts';
import { pdfText, renderCreditNotePdf, renderInvoicePdf } from './invoice-pdf';

const invoice: InvoiceRow = {
  id: '00000000-0000-4000-8000-000000000001',
  paymentId: '00000000-0000-4000-8000-000000000002',
  number: 'EXH/2026-27/000042',
  financialYear: '2026-27',
  seq: 42,
  sellerName: 'Exhale Health Pvt. Ltd.',
  sellerAddress: '12 MG Road, Bengaluru 560001',
  sellerGstin: '29ABCDE1234F1Z5',
  sellerStateCode: '29',
  placeOfSupply: '09',
  buyerName: 'प्रिया शर्मा',
  description: 'Exhale premium programme – 30 days',
  sac: '999293',
  taxablePaise: 423_000,
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 76_140,
  totalPaise: 499_140,
  createdAt: new Date('2026-11-20T06:30:00Z'),
};

describe('renderInvoicePdf', () => {
  it('prints the buyer name under the one name rule, even one stored before it', async () => {
    const text = (
      await pdfLines(
        await renderInvoicePdf(
          { ...invoice, buyerName: 'Asha\u202E\u200B\nRao<i>' },
          { paymentReference: 'pay_123' },
        ),
      )
    ).join('\n');
    expect(text).toContain('Asha Raoi');
    expect(text).not.toContain('?');
  });

  it('prints a Hindi name, the rupee sign and the GST lines as written', async () => {
    const text = (
      await pdfLines(await renderInvoicePdf(invoice, { paymentReference: 'pay_123' }))
    ).join('\n');
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain('EXH/2026-27/000042');
    // A PDF holds glyphs in the order they are drawn, and pdf.js reads them back in that order:
    // the i-sign before the conjunct it follows in speech, the r-hook (reph) after the syllable
    // it sits on. Unshaped text would come back in typing order and with broken conjuncts.
    expect(text).toContain('िप्रया शमार्');
    expect(text).not.toContain('?');
    expect(text).toContain('Exhale premium programme – 30 days');
    expect(text).toContain('IGST @ 18%');
    expect(text).toContain('₹ 761.40');
    expect(text).toContain('₹ 4991.40');
    expect(text).toContain('Payment reference: pay_123');
  });

  it('is the same bytes however often one invoice is rendered', async () => {
    const [first, second] = await Promise.all([
      renderInvoicePdf(invoice),
      renderInvoicePdf(invoice),
    ]);
    expect(first.equals(second)).toBe(true);
  });
});

describe('names and labels in Tamil, Telugu and Bengali script (decision 065)', () => {
  const linesOf = async (pdf: Promise<Buffer>) => (await pdfLines(await pdf)).join('\n');

  it('prints a Tamil name in Noto Sans Tamil, and the Tamil labels beside the English ones', async () => {
    const text = await linesOf(
      renderInvoicePdf(
        { ...invoice, buyerName: 'கவிதா ராஜன்' },
        { paymentReference: 'pay_123', language: 'ta' },
      ),
    );
    // Tamil letters in drawing order (no prefix vowel sign here, so as typed), not '?'.
    expect(text).toContain('கவிதா ராஜன்');
    expect(text).not.toContain('?');
    expect(text).toMatch(/TAX INVOICE \/\s*வரி/);
    expect(text).toContain('பெறுநர்'.slice(2)); // 'றுநர்': the prefix sign 'ெ' is drawn first
    // The tax document stays one: GSTIN, SAC, the tax lines and the total in English.
    expect(text).toContain('GSTIN: 29ABCDE1234F1Z5');
    expect(text).toContain('999293');
    expect(text).toContain('IGST @ 18%');
    expect(text).toContain('Invoice total (INR) /');
    expect(text).toContain('₹ 4991.40');
  });

  it('prints Telugu and Bengali names, and a name mixing scripts, without a single ?', async () => {
    for (const buyerName of ['సుమ రెడ్డి', 'শ্রীনিবাস', 'Anand ஆனந்த் দাস']) {
      const text = await linesOf(renderInvoicePdf({ ...invoice, buyerName }));
      expect(text, buyerName).not.toContain('?');
    }
    const bengali = await linesOf(renderInvoicePdf({ ...invoice, buyerName: 'সুমিতা দাস' }));
    expect(bengali).toContain('দাস');
  });

  it('labels a credit note in the buyer language too', async () => {
    const note = {
      id: '00000000-0000-4000-8000-000000000003',
      refundId: '00000000-0000-4000-8000-000000000004',
      invoiceId: invoice.id,
      number: 'EXH/CN/2026-27/000001',
      financialYear: '2026-27',
      seq: 1,
      buyerName: 'সুমিতা দাস',
      taxablePaise: invoice.taxablePaise,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: invoice.igstPaise,
      totalPaise: invoice.totalPaise,
      createdAt: new Date('2026-11-22T06:30:00Z'),
    };
    const text = await linesOf(renderCreditNotePdf(note, invoice, { language: 'bn' }));
    // Bengali in drawing order (a prefix vowel sign comes first): the script, not a ?.
    expect(text).toMatch(/CREDIT NOTE \/\s*[\u0980-\u09FF]/);
    expect(text).toContain('EXH/CN/2026-27/000001');
    expect(text).not.toContain('?');
  });

  it('splits text into runs by the face that draws each script; spaces stay in the run', () => {
    expect(scriptRuns('Anand ஆனந்த் দাস')).toEqual([
      { face: 'hind', text: 'Anand ' },
      { face: 'tamil', text: 'ஆனந்த் ' },
      { face: 'bengali', text: 'দাস' },
    ]);
    expect(scriptRuns('प्रिया 🙂')).toEqual([{ face: 'hind', text: 'प्रिया ?' }]);
  });
});

describe('pdfText', () => {
  it('keeps Latin, Devanagari and the rupee sign, and marks what the font cannot draw', () => {
    expect(pdfText('Priya Sharma ₹ प्रिया')).toBe('Priya Sharma ₹ प्रिया');
    expect(pdfText('Anand 🙂 ஆனந்த்')).toBe('Anand ? ??????');
    expect(pdfText('a\u0007b')).toBe('a?b');
  });
});
