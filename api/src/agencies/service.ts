import type { AgencyList, Locale } from '@ciffc/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { dataVersion } from '../db/versions.ts';
import { listAgencies } from './store.ts';

/** What the agency list's cached answer depends on: the reference data step bumps it on any change. */
export const agenciesVersion = (db: Kysely<Database>): Promise<number> => dataVersion(db, 'agencies');

/** GET /v1/agency: the agencies in the contracts' order, or those that report a sitrep. */
export async function agencyList(
  db: Kysely<Database>,
  options: { lang: Locale; hasSitrep: boolean },
): Promise<AgencyList> {
  const rows = await listAgencies(db, { hasSitrep: options.hasSitrep });
  return {
    items: rows.map((a) => ({
      field_code: a.code,
      field_name: options.lang === 'fr' ? a.name_fr : a.name_en,
      field_name_en: a.name_en,
      field_name_fr: a.name_fr,
      field_website: a.website,
      field_website_priority_wildfires: a.website_priority_wildfires,
      field_has_sitrep: Boolean(a.has_sitrep),
      field_time_zone: a.time_zone,
    })),
  };
}
