import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { brand } from '@exhale/contract/brand';
import { istParts } from '@exhale/contract/ist';
import { formatTwoDecimals } from '@exhale/contract/money';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import type { InvoiceRow } from '../../db/schema/money';
import { stateLabel } from './financial-year';

/**
 * Hind (Indian Type Foundry, SIL Open Font License) covers Latin, Devanagari and the rupee sign:
 * a buyer who signed up with a Hindi name sees it on the invoice as written, and amounts carry
 * '₹'. The standard PDF fonts cover Windows-1252 only. Only the glyphs used are embedded.
 */
const resolve = createRequire(import.meta.url).resolve;
const REGULAR = 'Hind';
const BOLD = 'Hind-Bold';

interface InvoiceFonts {
  regular: Buffer;
  bold: Buffer;
  /** Parsed once to know which characters the font can draw. */
  coverage: fontkit.Font;
}

let fonts: InvoiceFonts | undefined;
/** Read on the first invoice, then kept: every receipt mail renders one. */
function invoiceFonts(): InvoiceFonts {
  if (!fonts) {
    const regular = readFileSync(resolve('@expo-google-fonts/hind/400Regular/Hind_400Regular.ttf'));
    const bold = readFileSync(resolve('@expo-google-fonts/hind/700Bold/Hind_700Bold.ttf'));
    fonts = { regular, bold, coverage: fontkit.create(regular) as fontkit.Font };
  }
  return fonts;
}

/**
 * A character the font cannot draw (another script, an emoji) would print as an empty box; it
 * is shown as '?' instead. The database keeps the real text.
 */
export function pdfText(value: string): string {
  const { coverage } = invoiceFonts();
  return Array.from(value, (char) => {
    if (char === '\n') return char;
    const code = char.codePointAt(0)!;
    return code >= 0x20 && coverage.hasGlyphForCodePoint(code) ? char : '?';
  }).join('');
}

const rs = (paise: number) => `₹ ${formatTwoDecimals(paise)}`;

function istDate(date: Date): string {
  const { year, month, day } = istParts(date);
  return `${String(day).padStart(2, '0')}-${String(month).padStart(2, '0')}-${year}`;
}

export interface InvoicePdfOptions {
  /** Compressed streams are smaller; tests turn compression off to read the text back. */
  compress?: boolean;
  /** The provider's payment id, printed as the payment reference. */
  paymentReference?: string;
}

/** Renders a GST tax invoice (CGST Rules, rule 46) as a one-page A4 PDF. */
export function renderInvoicePdf(
  invoice: InvoiceRow,
  options: InvoicePdfOptions = {},
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress: options.compress ?? true,
    info: {
      Title: `Tax Invoice ${invoice.number}`,
      Author: pdfText(invoice.sellerName),
      Subject: `Tax invoice ${invoice.number}`,
      // A fixed date keeps one invoice's PDF byte-identical however often it is rendered.
      CreationDate: invoice.createdAt,
    },
  });
  const { regular, bold } = invoiceFonts();
  doc.registerFont(REGULAR, regular);
  doc.registerFont(BOLD, bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 50;
  const width = doc.page.width - 100;
  const intraState = invoice.igstPaise === 0;

  doc.fillColor(brand.themeColor).font(BOLD).fontSize(20).text('TAX INVOICE', left, 50);
  doc.fillColor('#000000').font(BOLD).fontSize(12).text(pdfText(invoice.sellerName));
  doc.font(REGULAR).fontSize(10);
  doc.text(pdfText(invoice.sellerAddress), { width: 300 });
  doc.text(`GSTIN: ${invoice.sellerGstin}`);
  doc.text(`State: ${stateLabel(invoice.sellerStateCode)}`);

  const metaTop = 90;
  const metaLeft = left + 320;
  doc.fontSize(10);
  doc.font(BOLD).text('Invoice No.', metaLeft, metaTop);
  doc.font(REGULAR).text(invoice.number, metaLeft, metaTop + 13);
  doc.font(BOLD).text('Invoice Date', metaLeft, metaTop + 32);
  doc.font(REGULAR).text(istDate(invoice.createdAt), metaLeft, metaTop + 45);
  doc.font(BOLD).text('Place of Supply', metaLeft, metaTop + 64);
  doc.font(REGULAR).text(stateLabel(invoice.placeOfSupply), metaLeft, metaTop + 77);

  let y = 190;
  doc.font(BOLD).text('Billed to', left, y);
  doc.font(REGULAR).text(pdfText(invoice.buyerName), left, y + 13);
  doc.text('Unregistered (B2C), no GSTIN', left, y + 26);

  // The line-item table.
  y = 250;
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
        rs(invoice.taxablePaise),
        rs(invoice.cgstPaise),
        rs(invoice.sgstPaise),
        rs(invoice.totalPaise),
      ]
    : [
        pdfText(invoice.description),
        invoice.sac,
        rs(invoice.taxablePaise),
        rs(invoice.igstPaise),
        rs(invoice.totalPaise),
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
    ['Taxable value', rs(invoice.taxablePaise)],
    ...(intraState
      ? ([
          ['CGST @ 9%', rs(invoice.cgstPaise)],
          ['SGST @ 9%', rs(invoice.sgstPaise)],
        ] as [string, string][])
      : ([['IGST @ 18%', rs(invoice.igstPaise)]] as [string, string][])),
    ['Invoice total (INR)', rs(invoice.totalPaise)],
  ];
  totals.forEach(([label, value], index) => {
    const last = index === totals.length - 1;
    doc.font(last ? BOLD : REGULAR).fontSize(last ? 11 : 10);
    doc.text(label, left + 250, y, { width: 150 });
    doc.text(value, left + 400, y, { width: width - 400, align: 'right' });
    y += last ? 18 : 15;
  });

  y += 20;
  doc.font(REGULAR).fontSize(9).fillColor('#333333');
  doc.text('Tax payable on reverse charge: No', left, y);
  if (options.paymentReference) doc.text(`Payment reference: ${options.paymentReference}`);
  doc.text('Amounts in Indian Rupees. Paid in full.');
  doc.moveDown();
  doc.text(
    'This is a computer-generated invoice issued under the CGST Rules, 2017 and needs no signature.',
  );
  doc.text(`Questions about this invoice: ${brand.support.email}`);

  doc.end();
  return done;
}
