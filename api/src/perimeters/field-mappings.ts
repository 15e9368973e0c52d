import type {
  AgencyCode,
  PerimeterFieldMapping,
  PerimetersInspectResult,
  SavedPerimeterMapping,
} from '@ciffc/contracts';
import { PERIMETER_MAPPED_FIELDS } from '@ciffc/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import type { FileAttribute } from './check.ts';
import { attributeIn, detectMapping } from './mapping.ts';

/**
 * Whose files a mapping is remembered for: the agency of the file (an agency user's own, or the one
 * the national centre chose for the whole file), else the national centre's own files.
 */
const NATIONAL_MAPPING = 'ciffc';
export const mappingKey = (ownAgency: AgencyCode | undefined, fileAgency: AgencyCode | undefined) =>
  ownAgency ?? fileAgency ?? NATIONAL_MAPPING;

const EMPTY: PerimeterFieldMapping = { fire_id: null, captured_at: null, agency: null, area_ha: null };

/** The mappings this user may use: an agency user's own, every one for the national centre. */
export async function savedMappings(
  db: Kysely<Database>,
  ownAgency: AgencyCode | undefined,
): Promise<SavedPerimeterMapping[]> {
  let query = db.selectFrom('perimeter_field_mappings').selectAll().orderBy('agency_code');
  if (ownAgency) query = query.where('agency_code', '=', ownAgency);
  const rows = await query.execute();
  return rows.map((r) => ({
    agency_code: r.agency_code,
    fire_id: r.fire_id_field,
    captured_at: r.captured_at_field,
    agency: r.agency_field,
    area_ha: r.area_ha_field,
    updated_by: r.updated_by,
    updated_at: r.updated_at,
  }));
}

/**
 * Remembers the mapping of an import for the next file of the same agency: a setting, so the last
 * choice replaces the one before (who and when kept beside it).
 */
export async function rememberMapping(
  db: Kysely<Database>,
  key: string,
  mapping: Partial<PerimeterFieldMapping>,
  by: { username: string | null; now: Date },
): Promise<void> {
  const values = {
    fire_id_field: mapping.fire_id ?? null,
    captured_at_field: mapping.captured_at ?? null,
    agency_field: mapping.agency ?? null,
    area_ha_field: mapping.area_ha ?? null,
    updated_by: by.username,
    updated_at: by.now.toISOString(),
  };
  await db
    .insertInto('perimeter_field_mappings')
    .values({ agency_code: key, ...values })
    .onConflict((oc) => oc.column('agency_code').doUpdateSet(values))
    .execute();
}

/** A remembered mapping fits a file when every attribute it names is one of the file's. */
const fits = (mapping: PerimeterFieldMapping, names: readonly string[]) =>
  PERIMETER_MAPPED_FIELDS.every((f) => mapping[f] === null || attributeIn(names, mapping[f]) !== undefined);

/** The remembered mapping's attributes as the file spells them (the mapping reads them without case). */
const spelledAsIn = (mapping: PerimeterFieldMapping, names: readonly string[]): PerimeterFieldMapping => ({
  ...EMPTY,
  ...Object.fromEntries(
    PERIMETER_MAPPED_FIELDS.map((f) => [
      f,
      mapping[f] === null ? null : (attributeIn(names, mapping[f]) ?? null),
    ]),
  ),
});

/**
 * What the mapping step shows of a file: its attributes, what the automatic mapping reads, the
 * mappings remembered, and the one proposed: the file's agency's remembered mapping when the file
 * has all its attributes, else the detected one.
 */
export function inspection(
  file: { format: PerimetersInspectResult['format']; total: number; attributes: FileAttribute[] },
  saved: SavedPerimeterMapping[],
  key: string,
): PerimetersInspectResult {
  const names = file.attributes.map((a) => a.name);
  const detected = detectMapping(names);
  const remembered = saved.find((s) => s.agency_code === key);
  const usable = remembered && fits(remembered, names) ? spelledAsIn(remembered, names) : undefined;
  return {
    format: file.format,
    total_features: file.total,
    attributes: file.attributes,
    detected,
    saved,
    proposed: usable ?? detected,
    proposed_from: usable ? key : null,
  };
}
