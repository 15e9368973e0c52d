import { type CsvCell, toCsv } from '@ciffc/contracts';
import type { FastifyReply } from 'fastify';

/** The data API's CSV answers, in the product's one CSV format (`@ciffc/contracts` csv.ts). */
export { CSV_BOM, type CsvCell } from '@ciffc/contracts';

const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

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
