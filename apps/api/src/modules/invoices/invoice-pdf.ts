import { toSafeName } from '@exhale/contract/auth';
import { brand } from '@exhale/contract/brand';
import { istParts } from '@exhale/contract/ist';
import type { LanguageCode } from '@exhale/contract/languages';
import { formatTwoDecimals } from '@exhale/contract/money';
import PDFDocument from 'pdfkit';
import type { CreditNoteRow, InvoiceRow } from '../../db/schema/money';
import { text as catalogueText, type TextKey } from '../../lib/texts/texts';
import { stateLabel } from './financial-year';
import { fontName, invoiceFaces, registerInvoiceFonts, writeRuns } from './invoice-fonts';

/**
 * Labels and the GST words print in Hind (Latin, Devanagari, '₹'); a buyer's name and the
 * labels in the buyer's language print run by run in the face their script needs
 * (./invoice-fonts.ts, decision 065).
 */
const REGULAR = fontName('hind', 'regular');
const BOLD = fontName('hind', 'bold');

/**
 * A GST label in the buyer's language beside the English one ('TAX INVOICE / கர...'): the
 * document stays a valid tax invoice in English for the tax office, and the buyer reads it.
 */
function label(key: TextKey, language: LanguageCode): string {
  const english = catalogueText('en', key);
  return language === 'en' ? english : `${english} / ${catalogueText(language, key)}`;
}

/**
 * A character the font cannot draw (another script, an emoji) would print as an empty box; it
 * is shown as '?' instead. The database keeps the real text.
 */
export function pdfText(value: string): string {
  const { coverage } = invoiceFaces()[0]!;
  return Array.from(value, (char) => {
    if (char === '\n') return char;
    const code = char.codePointAt(0)!;
    return code >= 0x20 && coverage.hasGlyphForCodePoint(code) ? char : '?';
  }).join('');
}

const rupees = (paise: number) => `₹ ${formatTwoDecimals(paise)}`;

function istDate(date: Date): string {
  const { year, month, day } = istParts(date);
  return `${String(day).padStart(2, '0')}-${String(month).padStart(2, '0')}-${year}`;
}

/** The amounts of a GST document, in paise. */
type Amounts = Pick<
  InvoiceRow,
  'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise' | 'totalPaise'
>;

/** What differs between a tax invoice and a credit note; the layout is shared. */
interface GstDocument {
  /** In English: the PDF's own title and subject. */
  title: string;
  /** The printed title, in English and the buyer's language. */
  titleKey: TextKey;
  language: LanguageCode;
  /** 'invoice' / 'credit note', in the closing line. */
  noun: string;
  /** 'Invoice No.' / 'Credit Note No.' and the number. */
  numberLabel: string;
  number: string;
  dateLabel: string;
  issuedAt: Date;
  /** Rows under the date in the top-right block (e.g. the original invoice of a credit note). */
  references: [label: string, value: string][];
  /** Seller, place of supply, description and SAC come from the invoice in both cases. */
  invoice: InvoiceRow;
  buyerName: string;
  amounts: Amounts;
  totalLabel: string;
  /** Lines under the totals. */
  notes: string[];
}

export interface InvoicePdfOptions {
  /** Compressed streams are smaller; tests turn compression off to read the text back. */
  compress?: boolean;
  /** The provider's payment id, printed as the payment reference. */
  paymentReference?: string;
  /** The buyer's language: the title, 'Billed to' and the total also say it there. */
  language?: LanguageCode;
}

/** Renders a GST tax invoice (CGST Rules, rule 46) as a one-page A4 PDF. */
export function renderInvoicePdf(
  invoice: InvoiceRow,
  options: InvoicePdfOptions = {},
): Promise<Buffer> {
  return renderGstDocument(
    {
      title: 'TAX INVOICE',
      titleKey: 'pdf.taxInvoice',
      language: options.language ?? 'en',
      noun: 'invoice',
      numberLabel: 'Invoice No.',
      number: invoice.number,
      dateLabel: 'Invoice Date',
      issuedAt: invoice.createdAt,
      references: [],
      invoice,
      buyerName: invoice.buyerName,
      amounts: invoice,
      totalLabel: label('pdf.invoiceTotal', options.language ?? 'en'),
      notes: [
        'Tax payable on reverse charge: No',
        ...(options.paymentReference ? [`Payment reference: ${options.paymentReference}`] : []),
        'Amounts in Indian Rupees. Paid in full.',
        '',
        'This is a computer-generated invoice issued under the CGST Rules, 2017 and needs no signature.',
      ],
    },
    options.compress,
  );
}

/**
 * Renders a GST credit note (CGST Act s. 34, CGST Rules rule 53) against `invoice`: the same
 * layout, the refunded amounts, and the original invoice's number and date.
 */
export function renderCreditNotePdf(
  note: CreditNoteRow,
  invoice: InvoiceRow,
  options: Pick<InvoicePdfOptions, 'compress' | 'language'> = {},
): Promise<Buffer> {
  return renderGstDocument(
    {
      title: 'CREDIT NOTE',
      titleKey: 'pdf.creditNote',
      language: options.language ?? 'en',
      noun: 'credit note',
      numberLabel: 'Credit Note No.',
      number: note.number,
      dateLabel: 'Credit Note Date',
      issuedAt: note.createdAt,
      references: [
        ['Original Invoice', invoice.number],
        ['Invoice Date', istDate(invoice.createdAt)],
      ],
      invoice,
      buyerName: note.buyerName,
      amounts: note,
      totalLabel: label('pdf.creditTotal', options.language ?? 'en'),
      notes: [
        'Reason: refund of a cancelled purchase.',
        'Tax payable on reverse charge: No',
        'Amounts in Indian Rupees, refunded to the original payment method.',
        '',
        'This is a computer-generated credit note issued under section 34 of the CGST Act, 2017 and needs no signature.',
      ],
    },
    options.compress,
  );
}

function renderGstDocument(document: GstDocument, compress = true): Promise<Buffer> {
  const { invoice, amounts } = document;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress,
    info: {
      Title: `${document.title} ${document.number}`,
      Author: pdfText(invoice.sellerName),
      Subject: `${document.title} ${document.number}`,
      // A fixed date keeps one document's PDF byte-identical however often it is rendered.
      CreationDate: document.issuedAt,
    },
  });
  registerInvoiceFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 50;
  const width = doc.page.width - 100;
  const intraState = amounts.igstPaise === 0;

  doc.fillColor(brand.themeColor).fontSize(document.language === 'en' ? 20 : 16);
  writeRuns(doc, label(document.titleKey, document.language), 'bold', left, 50);
  doc.fillColor('#000000').font(BOLD).fontSize(12).text(pdfText(invoice.sellerName));
  doc.font(REGULAR).fontSize(10);
  doc.text(pdfText(invoice.sellerAddress), { width: 300 });
  doc.text(`GSTIN: ${invoice.sellerGstin}`);
  doc.text(`State: ${stateLabel(invoice.sellerStateCode)}`);

  const metaLeft = left + 320;
  const meta: [string, string][] = [
    [document.numberLabel, document.number],
    [document.dateLabel, istDate(document.issuedAt)],
    ...document.references,
    ['Place of Supply', stateLabel(invoice.placeOfSupply)],
  ];
  doc.fontSize(10);
  meta.forEach(([label, value], index) => {
    const top = 90 + index * 32;
    doc.font(BOLD).text(label, metaLeft, top);
    doc.font(REGULAR).text(value, metaLeft, top + 13);
  });

  let y = 90 + meta.length * 32 + 4;
  writeRuns(doc, label('pdf.billedTo', document.language), 'bold', left, y);
  // The one name rule (decision 035) also for names stored before it: no direction overrides,
  // invisible characters or line breaks on a tax document. Each script prints in its own face.
  writeRuns(doc, toSafeName(document.buyerName), 'regular', left, y + 13);
  doc.font(REGULAR).text('Unregistered (B2C), no GSTIN', left, y + 26);

  // The line-item table.
  y += 60;
  const columns = intraState
    ? [
        { label: 'Description', width: 175, align: 'left' as const },
        { label: 'SAC', width: 50, align: 'left' as const },
        { label: 'Taxable value', width: 75, align: 'right' as const },
        { label: 'CGST 9%', width: 60, align: 'right' as const },
        { label: 'SGST 9%', width: 60, align: 'right' as const },
        { label: 'Total', width: width - 420, align: 'right' as const },
      ]
    : [
        { label: 'Description', width: 205, align: 'left' as const },
        { label: 'SAC', width: 50, align: 'left' as const },
        { label: 'Taxable value', width: 85, align: 'right' as const },
        { label: 'IGST 18%', width: 75, align: 'right' as const },
        { label: 'Total', width: width - 415, align: 'right' as const },
      ];
  const values = intraState
    ? [
        pdfText(invoice.description),
        invoice.sac,
        rupees(amounts.taxablePaise),
        rupees(amounts.cgstPaise),
        rupees(amounts.sgstPaise),
        rupees(amounts.totalPaise),
      ]
    : [
        pdfText(invoice.description),
        invoice.sac,
        rupees(amounts.taxablePaise),
        rupees(amounts.igstPaise),
        rupees(amounts.totalPaise),
      ];

  doc.rect(left, y, width, 20).fill('#eef5f4');
  doc.fillColor('#000000').font(BOLD).fontSize(9);
  let x = left;
  for (const column of columns) {
    doc.text(column.label, x + 4, y + 6, { width: column.width - 8, align: column.align });
    x += column.width;
  }
  y += 26;
  doc.font(REGULAR).fontSize(9);
  x = left;
  columns.forEach((column, index) => {
    doc.text(values[index] ?? '', x + 4, y, { width: column.width - 8, align: column.align });
    x += column.width;
  });
  y += 40;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor('#cccccc')
    .stroke();

  // Totals.
  y += 10;
  const totals: [string, string][] = [
    ['Taxable value', rupees(amounts.taxablePaise)],
    ...(intraState
      ? ([
          ['CGST @ 9%', rupees(amounts.cgstPaise)],
          ['SGST @ 9%', rupees(amounts.sgstPaise)],
        ] as [string, string][])
      : ([['IGST @ 18%', rupees(amounts.igstPaise)]] as [string, string][])),
    [document.totalLabel, rupees(amounts.totalPaise)],
  ];
  totals.forEach(([name, value], index) => {
    const last = index === totals.length - 1;
    doc.fontSize(last ? 11 : 10);
    writeRuns(doc, name, last ? 'bold' : 'regular', left + 250, y, { width: 150 });
    doc
      .font(last ? BOLD : REGULAR)
      .text(value, left + 400, y, { width: width - 400, align: 'right' });
    y += last ? 18 : 15;
  });

  y += 20;
  doc.font(REGULAR).fontSize(9).fillColor('#333333');
  doc.text(document.notes[0] ?? '', left, y);
  for (const line of document.notes.slice(1)) {
    if (line === '') doc.moveDown();
    else doc.text(line);
  }
  doc.text(`Questions about this ${document.noun}: ${brand.support.email}`);

  doc.end();
  return done;
}
