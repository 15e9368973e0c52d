import type { AgencyCode, FirePerimeters, PerimeterImport, PerimeterZoomBand } from '@ciffc/contracts';
import type { Kysely } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Database } from '../db/tables.ts';
import { notFound } from '../http/errors.ts';
import type { Box } from './geometry.ts';
import { importPerimeters } from './import.ts';
import { capturesOfFire, currentPerimeters, recentImports } from './store.ts';

/**
 * A scheduled feed's file of perimeters, imported as the agency's own (docs/perimeters.md, "A
 * scheduled feed"): the same checks, matching and history as a file sent to the import route.
 */
export async function importPerimeterFeed(
  db: Db,
  bytes: Buffer,
  options: { agency: AgencyCode; now: Date; fileName: string },
) {
  const result = await importPerimeters(db, bytes, {
    ownAgency: options.agency,
    dryRun: false,
    now: options.now,
    actor: { source: 'feed', userId: null, username: null },
    fileName: options.fileName,
  });
  return {
    total: result.total_features,
    accepted: result.accepted_count,
    refused: result.refused_count,
    importId: result.import_id,
  };
}

/** GET /v1/perimeters/imports: the recent imports, of one agency when `agency` is set. */
export async function perimeterImports(db: Kysely<Database>, agency: string | undefined) {
  const rows = await recentImports(db, agency);
  return {
    items: rows.map(({ user_id: _user, ...r }) => ({
      ...r,
      source: r.source as PerimeterImport['source'],
      format: r.format as PerimeterImport['format'],
    })),
  };
}

/**
 * GET /v1/perimeters: each fire's newest capture meeting the box, simplified for the zoom band, as
 * GeoJSON text; the stored shapes are sent as they are, without parsing them again.
 */
export async function mapPerimeters(
  db: Kysely<Database>,
  box: Box,
  band: PerimeterZoomBand,
): Promise<string> {
  const rows = await currentPerimeters(db, box, band);
  const features = rows.flatMap(({ shape, captures, ...properties }) =>
    shape === null
      ? []
      : [
          `{"type":"Feature","id":${properties.id},"geometry":${shape},"properties":${JSON.stringify({
            ...properties,
            captures: Math.max(1, Number(captures)),
          })}}`,
        ],
  );
  return `{"type":"FeatureCollection","features":[${features.join(',')}]}`;
}

/** GET /v1/perimeters/fires/{agency}/{id}: a fire's captures, oldest first; 404 when it has none. */
export async function firePerimeters(
  db: Kysely<Database>,
  agency: string,
  fireId: string,
): Promise<FirePerimeters> {
  const rows = await capturesOfFire(db, agency, fireId);
  if (!rows.length) throw notFound('perimeters.not_found', { fire: fireId, agency });
  return {
    agency_code: agency,
    agency_fire_id: fireId,
    items: rows.map(({ geometry, is_current, ...r }) => ({
      ...r,
      current: is_current === 1,
      geometry: JSON.parse(geometry) as FirePerimeters['items'][number]['geometry'],
    })),
  };
}
