/**
 * The one CSV format of the product (site downloads and API exports alike): UTF-8 with a byte
 * order mark so spreadsheet programs read accents in both languages, every cell quoted, CRLF line
 * ends (RFC 4180), and a text cell starting with =, +, -, @, tab or carriage return prefixed with
 * an apostrophe so a spreadsheet never runs it as a formula (OWASP "CSV injection"). Numbers are
 * written plainly (never locale-formatted), so a negative longitude stays a number.
 */
export type CsvCell = string | number | boolean | null | undefined;

export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '""';
  let text: string;
  if (typeof value === 'number') {
    text = Number.isFinite(value) ? String(value) : '';
  } else {
    text = String(value);
    if (FORMULA_START.test(text)) text = `'${text}`;
  }
  return `"${text.replaceAll('"', '""')}"`;
}

/** The file's text: BOM, a header row, then one row per record. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
