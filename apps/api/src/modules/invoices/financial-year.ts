import { istParts } from '@exhale/contract/ist';

/**
 * The Indian financial year (1 April to 31 March) of an instant, by its IST date, as written on
 * invoices: '2025-26'. GST invoice serials restart each financial year.
 */
export function indianFinancialYear(date: Date): string {
  const { year, month } = istParts(date);
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

export const INVOICE_PREFIX = 'EXH';
/** Credit notes are a series of their own (CGST Rules, rule 53), told apart by the prefix. */
export const CREDIT_NOTE_PREFIX = 'EXC';

/**
 * 'EXH/25-26/000001'. GST rules 46 and 53 allow at most 16 characters of letters, digits, '-' and
 * '/', unique within the financial year; this format is exactly 16 up to serial 999999.
 */
function documentNumber(prefix: string, financialYear: string, seq: number): string {
  if (!Number.isSafeInteger(seq) || seq < 1) throw new RangeError(`bad document serial ${seq}`);
  const short = financialYear.slice(2); // '2025-26' → '25-26'
  return `${prefix}/${short}/${String(seq).padStart(6, '0')}`;
}

export const invoiceNumber = (financialYear: string, seq: number) =>
  documentNumber(INVOICE_PREFIX, financialYear, seq);

export const creditNoteNumber = (financialYear: string, seq: number) =>
  documentNumber(CREDIT_NOTE_PREFIX, financialYear, seq);

/** GST state codes, for "Place of supply: Karnataka (29)" on invoices. */
export const GST_STATES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
};

export function stateLabel(code: string): string {
  const name = GST_STATES[code];
  return name ? `${name} (${code})` : code;
}

/**
 * Splits GST for an invoice. Within the seller's state it is CGST and SGST, half each (an odd
 * paisa goes to CGST so the parts always add up to the GST charged); across states it is IGST.
 */
export function splitGst(
  gstPaise: number,
  intraState: boolean,
): { cgstPaise: number; sgstPaise: number; igstPaise: number } {
  if (!intraState) return { cgstPaise: 0, sgstPaise: 0, igstPaise: gstPaise };
  const sgstPaise = Math.floor(gstPaise / 2);
  return { cgstPaise: gstPaise - sgstPaise, sgstPaise, igstPaise: 0 };
}
