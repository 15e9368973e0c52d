import { AGENCY_CODES } from '@ciffc/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { currentPublication } from '../national-sitrep/store.ts';

export interface Mobilized {
  /** `${agency}|${field_item_short}` → how many of that resource the agency has out on mobilization. */
  counts: Map<string, number>;
  /** What the counts were read from (the summary's meta, docs/decisions.md). */
  source: string;
}

/**
 * "Mobilized" is read from the latest published national sitrep: its National Mobilizations
 * "From" table (national_from_mobs) gives, per resource short name, how many each agency has sent
 * out. Before any publication nothing is mobilized. See docs/decisions.md.
 */
export async function loadMobilized(db: Kysely<Database>): Promise<Mobilized> {
  const counts = new Map<string, number>();
  let publication: Awaited<ReturnType<typeof currentPublication>>;
  try {
    publication = await currentPublication(db);
  } catch {
    // The national sitrep's tables are not there (its domain not migrated): nothing is known mobilized.
    return { counts, source: 'unavailable' };
  }
  if (!publication) return { counts, source: 'none' };
  let fields: { national_from_mobs?: Record<string, Record<string, unknown>> } = {};
  try {
    fields = JSON.parse(publication.fields);
  } catch {
    return { counts, source: 'none' };
  }
  for (const [short, row] of Object.entries(fields.national_from_mobs ?? {})) {
    for (const agency of AGENCY_CODES) {
      const value = row?.[agency];
      if (typeof value === 'number' && Number.isFinite(value) && value > 0)
        counts.set(`${agency}|${short}`, value);
    }
  }
  return {
    counts,
    source: `national_from_mobs of the national sitrep published for ${publication.report_date}`,
  };
}
