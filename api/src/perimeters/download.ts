import { PERIMETERS_LICENCE_URL } from '@ciffc/contracts';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { publishedArea } from './geometry.ts';
import { PUBLISHED_PERIMETER_COLUMNS, type PublishedPerimeter } from './tables.ts';

type Row = PublishedPerimeter;

/** Every capture, or the current ones, in a stable order (fire, then capture time). */
export async function perimetersForDownload(db: Kysely<Database>, all: boolean): Promise<Row[]> {
  let query = db
    .selectFrom('perimeters')
    .select(PUBLISHED_PERIMETER_COLUMNS)
    .orderBy('agency_code')
    .orderBy('agency_fire_id')
    .orderBy('captured_at')
    .orderBy('id');
  if (!all) query = query.where('is_current', '=', 1);
  return query.execute();
}

const properties = (r: Row) => ({
  agency_code: r.agency_code,
  agency_fire_id: r.agency_fire_id,
  fire_name: r.fire_name,
  captured_at: r.captured_at,
  area_ha: r.area_ha,
  agency_area_ha: r.agency_area_ha,
  source: r.source,
  current: r.is_current === 1,
});

/** The capture's (Multi)Polygon rounded as the OGC items are (`publishedArea`). */
const published = (r: Row) => publishedArea(JSON.parse(r.geometry) as Polygon | MultiPolygon);

export function toGeoJson(rows: readonly Row[]): string {
  const features = rows.map(
    (r) =>
      `{"type":"Feature","id":${r.id},"geometry":${JSON.stringify(published(r))},"properties":${JSON.stringify(properties(r))}}`,
  );
  const licence = JSON.stringify({ license: PERIMETERS_LICENCE_URL });
  return `{"type":"FeatureCollection",${licence.slice(1, -1)},"features":[${features.join(',')}]}`;
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

const ringKml = (ring: Position[]) =>
  `<LinearRing><coordinates>${ring.map((p) => `${p[0]},${p[1]}`).join(' ')}</coordinates></LinearRing>`;

function polygonKml(rings: Position[][]): string {
  const [outer, ...holes] = rings;
  return `<Polygon><outerBoundaryIs>${ringKml(outer ?? [])}</outerBoundaryIs>${holes
    .map((h) => `<innerBoundaryIs>${ringKml(h)}</innerBoundaryIs>`)
    .join('')}</Polygon>`;
}

/** KML 2.2: a Placemark per capture, its values as ExtendedData (names as the import reads them). */
export function toKml(rows: readonly Row[]): string {
  const placemarks = rows.map((r) => {
    const geometry = published(r);
    const shape =
      geometry.type === 'Polygon'
        ? polygonKml(geometry.coordinates)
        : `<MultiGeometry>${geometry.coordinates.map(polygonKml).join('')}</MultiGeometry>`;
    const data = Object.entries({ ...properties(r), agency: r.agency_code, fire_id: r.agency_fire_id })
      .filter(([, v]) => v !== null)
      .map(([k, v]) => `<Data name="${k}"><value>${escapeXml(String(v))}</value></Data>`)
      .join('');
    const name = escapeXml(r.fire_name ?? r.agency_fire_id ?? `perimeter ${r.id}`);
    return `<Placemark id="perimeter-${r.id}"><name>${name}</name><TimeStamp><when>${r.captured_at}</when></TimeStamp><ExtendedData>${data}</ExtendedData>${shape}</Placemark>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Fire perimeters (CIFFC)</name><description>Licence: ${PERIMETERS_LICENCE_URL}</description>${placemarks.join('')}</Document></kml>\n`;
}
