import {
  type ExpandedShortnames,
  expandShortnames,
  type Locale,
  type ResourceOptions,
  requestedShortnames,
  type ShortnamesRequest,
} from '@ciffc/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { dataVersion } from '../db/versions.ts';
import { loadResourceOptions } from './store.ts';

type Db = Kysely<Database>;

/**
 * What the catalogue's cached answers depend on: the reference data step bumps it whenever it
 * writes a category, subcategory, item (added, renamed, retired, moved) or short-name list, so a
 * renamed item is a new ETag (docs/decisions.md, "Reference data applied, not migrated").
 */
export const catalogueVersion = (db: Db): Promise<number> => dataVersion(db, 'catalogue');

/** GET /v1/resource/options (and /active): the options set in the asked language. */
export const resourceOptions = (
  db: Db,
  options: { locale: Locale; activeOnly: boolean },
): Promise<ResourceOptions> => loadResourceOptions(db, options);

/** POST /v1/resource/options (and /active): the options set narrowed to the given short names. */
export async function expandedShortnames(
  db: Db,
  options: { locale: Locale; activeOnly: boolean },
  shortnames: ShortnamesRequest['shortnames'],
): Promise<ExpandedShortnames> {
  return expandShortnames(await loadResourceOptions(db, options), requestedShortnames(shortnames));
}
