import { NATIONAL_FIRES_COLUMNS, type NationalFireRow } from '@ciffc/contracts';
import { toCsv } from '../../shared/csv.ts';

/**
 * The national fires export: the specification's field names as the header (the same columns as
 * the API's own CSV), raw codes and numbers, one row per fire.
 */
export function nationalFiresCsv(rows: readonly NationalFireRow[]): string {
  return toCsv(
    NATIONAL_FIRES_COLUMNS,
    rows.map((row) => NATIONAL_FIRES_COLUMNS.map((column) => row[column])),
  );
}
