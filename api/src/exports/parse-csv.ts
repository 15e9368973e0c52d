import { parse } from 'csv-parse/sync';

/** A CSV answer read back for the tests (csv-parse), noting whether it began with a BOM. */
export function parseCsv(text: string): { bom: boolean; rows: string[][] } {
  return { bom: text.startsWith('\uFEFF'), rows: parse(text, { bom: true, relax_column_count: true }) };
}
