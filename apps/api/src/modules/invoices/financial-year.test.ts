import { describe, expect, it } from 'vitest';
import { creditNoteNumber, indianFinancialYear, invoiceNumber, splitGst } from './financial-year';

describe('indianFinancialYear', () => {
  it.each([
    ['2026-03-31T18:29:59Z', '2025-26'], // 23:59:59 IST on 31 March
    ['2026-03-31T18:30:00Z', '2026-27'], // 00:00 IST on 1 April
    ['2026-01-15T10:00:00Z', '2025-26'],
    ['2026-12-31T10:00:00Z', '2026-27'],
    ['2099-06-01T00:00:00Z', '2099-00'],
  ])('%s → %s', (iso, fy) => {
    expect(indianFinancialYear(new Date(iso))).toBe(fy);
  });
});

describe('invoiceNumber', () => {
  it('fits GST rule 46: at most 16 characters of letters, digits, - and /', () => {
    const number = invoiceNumber('2025-26', 1);
    expect(number).toBe('EXH/25-26/000001');
    expect(number.length).toBeLessThanOrEqual(16);
    expect(number).toMatch(/^[A-Za-z0-9/-]+$/);
    expect(invoiceNumber('2025-26', 999_999)).toHaveLength(16);
  });

  it('refuses serials below 1', () => {
    expect(() => invoiceNumber('2025-26', 0)).toThrow(RangeError);
  });
});

describe('creditNoteNumber', () => {
  it('is a series of its own in the same 16-character shape (GST rule 53)', () => {
    expect(creditNoteNumber('2025-26', 7)).toBe('EXC/25-26/000007');
    expect(creditNoteNumber('2025-26', 999_999)).toHaveLength(16);
    expect(() => creditNoteNumber('2025-26', 0)).toThrow(RangeError);
  });
});

describe('splitGst', () => {
  it('halves intra-state GST into CGST and SGST that add up', () => {
    expect(splitGst(89_982, true)).toEqual({ cgstPaise: 44_991, sgstPaise: 44_991, igstPaise: 0 });
    expect(splitGst(5, true)).toEqual({ cgstPaise: 3, sgstPaise: 2, igstPaise: 0 });
  });

  it('charges IGST across states', () => {
    expect(splitGst(89_982, false)).toEqual({ cgstPaise: 0, sgstPaise: 0, igstPaise: 89_982 });
  });
});
