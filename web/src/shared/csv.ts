/**
 * CSV files the site hands to the user (national fires list, wildfire graphs, inventory, reports):
 * UTF-8 with a byte order mark so that spreadsheet programs read accents correctly, every cell
 * quoted, CRLF line ends (RFC 4180), and cells that a spreadsheet would run as a formula
 * (starting with =, +, -, @, tab or carriage return) neutralised with a leading apostrophe
 * (OWASP "CSV injection"). Numbers are written as plain numbers, never locale-formatted, so the
 * file reads the same in every language.
 */
export type CsvCell = string | number | boolean | null | undefined;

export const CSV_BOM = '\uFEFF';
export const CSV_MIME = 'text/csv;charset=utf-8';

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

/** Offers the text as a download named `fileName`. */
export function downloadCsv(fileName: string, text: string): void {
  const blob = new Blob([text], { type: CSV_MIME });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
