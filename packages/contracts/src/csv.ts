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

/**
 * French Excel's CSV (docs/open-data.md, "A CSV for French Excel"): what Excel opens in columns
 * under a French regional setting, and exactly what the fire import reads back. Semicolons between
 * cells, a decimal comma in numbers, the same BOM and CRLF; a cell is quoted only when it holds a
 * semicolon, a quote or a line break (Excel keeps quoted numbers as text), and a text cell that a
 * spreadsheet would run as a formula gets the same apostrophe.
 */
function semicolonCsvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).replace('.', ',') : '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The French Excel file's text: BOM, a header row, then one row per record. */
export function toSemicolonCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(semicolonCsvCell).join(';'));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
