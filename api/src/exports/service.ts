import type { Locale, WildfiresDownloadQuery } from '@ciffc/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../db/tables.ts';
import { firesValidAs, listFilters } from '../fires/service.ts';
import { listFires } from '../fires/store.ts';
import { currentAreas } from '../perimeters/store.ts';
import { wildfiresDownload } from './wildfires-download.ts';
import { wildfiresGeoPackage } from './wildfires-geopackage.ts';

/**
 * GET /v1/wildfires/download: the national list's current view (its filters, its order, the
 * current picture's season unless `season=all`) as the asked file (docs/open-data.md).
 */
export async function wildfiresFile(
  db: Kysely<Database>,
  q: z.infer<typeof WildfiresDownloadQuery>,
  lang: Locale,
  now: Date,
) {
  const [fires, validAs] = await Promise.all([
    listFires(db, listFilters(q, now), undefined, q.sort),
    firesValidAs(db),
  ]);
  if (q.format === 'gpkg') return wildfiresGeoPackage(fires, lang, validAs);
  // The CSVs carry each fire's perimeter area.
  const areas = q.format.startsWith('csv') ? await currentAreas(db) : new Map<string, number>();
  return wildfiresDownload(q.format, fires, lang, validAs, areas);
}
