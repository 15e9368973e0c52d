import { AGENCY_CODES } from '../agencies.ts';
import { PRODUCT_FIELD_PREFIX } from '../product.ts';

/* ---------- national mobilization tables (docs/spec/data-entry.md 2.2, 4.6) ---------- */

/** The numeric columns of a national mobilization row: the 13 agencies (no Nunavut), CIFFC, Fed, Intl. */
const PRODUCT_COLUMN = PRODUCT_FIELD_PREFIX as 'ciffc';
export const NATIONAL_MOB_COLUMNS = [...AGENCY_CODES, PRODUCT_COLUMN, 'fed', 'intl'] as const;
export type NationalMobColumn = (typeof NATIONAL_MOB_COLUMNS)[number];

/** One row of national_to_mobs / national_from_mobs: the resource short name and a count per column. */
type NationalMobRow = { resources: string } & { [K in NationalMobColumn]?: number | null };
export type NationalMobTable = Record<string, NationalMobRow>;

/** Sum of every column of the row, blanks (null, missing, non-numbers) counted as 0. */
export function nationalMobRowTotal(row: Partial<Record<string, unknown>>): number {
  let total = 0;
  for (const column of NATIONAL_MOB_COLUMNS) {
    const v = row[column];
    if (typeof v === 'number' && Number.isFinite(v)) total += v;
  }
  return total;
}

/** Column totals of a table (for a totals line), blanks 0. */
export function nationalMobColumnTotals(
  table: NationalMobTable,
): Record<NationalMobColumn | 'total', number> {
  const totals = { total: 0 } as Record<NationalMobColumn | 'total', number>;
  for (const column of NATIONAL_MOB_COLUMNS) totals[column] = 0;
  for (const row of Object.values(table)) {
    for (const column of NATIONAL_MOB_COLUMNS) {
      const v = row[column];
      if (typeof v === 'number' && Number.isFinite(v)) totals[column] = (totals[column] ?? 0) + v;
    }
    totals.total = (totals.total ?? 0) + nationalMobRowTotal(row);
  }
  return totals;
}

const emptyNationalMobRow = (short: string): NationalMobRow => ({ resources: short });

export interface NationalMobTables {
  national_to_mobs: NationalMobTable;
  national_from_mobs: NationalMobTable;
}

/** Adding a To row adds the same resource to From (and the reverse); an existing row is kept. */
export function addNationalMobRow<T extends NationalMobTables>(tables: T, short: string): T {
  if (!short) return tables;
  return {
    ...tables,
    national_to_mobs:
      short in tables.national_to_mobs
        ? tables.national_to_mobs
        : { ...tables.national_to_mobs, [short]: emptyNationalMobRow(short) },
    national_from_mobs:
      short in tables.national_from_mobs
        ? tables.national_from_mobs
        : { ...tables.national_from_mobs, [short]: emptyNationalMobRow(short) },
  };
}

/** Removing a row removes the resource from both tables. */
export function removeNationalMobRow<T extends NationalMobTables>(tables: T, short: string): T {
  const { [short]: _to, ...to } = tables.national_to_mobs;
  const { [short]: _from, ...from } = tables.national_from_mobs;
  return { ...tables, national_to_mobs: to, national_from_mobs: from };
}

/** Whether there is anything to bring forward (docs/spec/data-entry.md 4.5: else "There is no data to bring forward."). */
export function hasNationalMobsToBringForward(
  previous: Partial<NationalMobTables> | null | undefined,
): boolean {
  if (!previous) return false;
  return (
    Object.keys(previous.national_to_mobs ?? {}).length > 0 ||
    Object.keys(previous.national_from_mobs ?? {}).length > 0
  );
}

/**
 * Bring forward (4.5): the previous day's tables replace the current ones; a resource key present on
 * one side only is added as an empty row on the other, so the two tables always list the same rows.
 */
export function bringForwardNationalMobs(previous: Partial<NationalMobTables>): NationalMobTables {
  const to: NationalMobTable = {};
  const from: NationalMobTable = {};
  const prevTo = previous.national_to_mobs ?? {};
  const prevFrom = previous.national_from_mobs ?? {};
  const keys = [...new Set([...Object.keys(prevTo), ...Object.keys(prevFrom)])];
  for (const key of keys) {
    to[key] = { ...(prevTo[key] ?? emptyNationalMobRow(key)), resources: key };
    from[key] = { ...(prevFrom[key] ?? emptyNationalMobRow(key)), resources: key };
  }
  return { national_to_mobs: to, national_from_mobs: from };
}
