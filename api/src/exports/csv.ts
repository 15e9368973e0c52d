import type { FastifyReply } from 'fastify';

/**
 * The one CSV writer of the data API; every export goes through it. Same rules as the site's
 * `web/src/shared/csv.ts` (both are tested with the same cases): UTF-8 with a byte order mark so
 * spreadsheet programs read accents in both languages, every cell quoted, CRLF line ends
 * (RFC 4180), and a text cell starting with =, +, -, @, tab or carriage return prefixed with an
 * apostrophe so a spreadsheet never runs it as a formula (OWASP "CSV injection"). Numbers are
 * written plainly (never locale-formatted), so a negative longitude stays a number.
 */
export type CsvCell = string | number | boolean | null | undefined;

export const CSV_BOM = '\uFEFF';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

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

/** Records to CSV with the given columns, in order; a missing field is an empty cell. */
export function recordsToCsv<T extends object>(
  columns: readonly (keyof T & string)[],
  records: readonly T[],
): string {
  return toCsv(
    columns,
    records.map((r) => columns.map((c) => r[c] as CsvCell)),
  );
}

/** A `filename` safe for the header (the names used are ASCII: CIFFC.csv, national-sitreps-2025-export.csv). */
export function sendCsv(reply: FastifyReply, fileName: string, text: string): FastifyReply {
  const safe = fileName.replace(/[^A-Za-z0-9._-]/g, '_');
  return reply
    .header('content-disposition', `attachment; filename="${safe}"`)
    .type(CSV_CONTENT_TYPE)
    .send(text);
}
