// CSV for spreadsheets (RFC 4180), safe to open in Excel, LibreOffice and Google Sheets.

// A cell starting with one of these is read as a formula by spreadsheet programs: a registrant
// who types `=HYPERLINK("http://evil", "click")` as their name must not get a live formula into
// an operator's sheet (OWASP "CSV injection"). Tab and carriage return are included because some
// programs skip them before deciding.
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: formula-looking text is prefixed with a quote, then quoted when it must be. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows joined with CRLF and a UTF-8 byte-order mark, so Excel reads Hindi names correctly. */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
