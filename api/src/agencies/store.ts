import type { Kysely, Selectable } from 'kysely';
import type { AgenciesTable, Database } from '../db/tables.ts';

export type AgencyRow = Selectable<AgenciesTable>;

export function listAgencies(
  db: Kysely<Database>,
  options: { hasSitrep?: boolean } = {},
): Promise<AgencyRow[]> {
  let query = db.selectFrom('agencies').selectAll().orderBy('sort_order');
  if (options.hasSitrep) query = query.where('has_sitrep', '=', 1);
  return query.execute();
}
