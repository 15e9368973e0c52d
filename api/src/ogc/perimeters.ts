import {
  CRS84,
  type OgcCrs,
  OgcPerimeterCollection,
  type OgcPerimeterFeature,
  OgcPerimetersQuery,
  OgcPerimeterWithLinks,
} from '@ciffc/contracts';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../db/tables.ts';
import { PUBLISHED_GEOMETRY_SELECTION, publishedGeometryText } from '../perimeters/store.ts';
import {
  PUBLISHED_PERIMETER_COLUMNS,
  PUBLISHED_PROPERTY_COLUMNS,
  type PublishedPerimeter,
  publishedProperties,
} from '../perimeters/tables.ts';
import type { ItemsRequest, OgcCollectionSource } from './collection.ts';
import { type Box, crs84Envelope, project } from './crs.ts';
import { PERIMETER_QUERYABLE_TYPES } from './queryables.ts';

/** The day after an ISO day: captures are instants, `datetime` names whole days (UTC). */
const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The captures whose stored box meets `box` (a box of `crs`, brought to degrees): the box columns
 * are indexed on both engines (docs/decisions.md, "Perimeters without PostGIS"), so a bbox filter
 * matches on the perimeter's box, as GIS clients do before drawing.
 */
function boxMeets(box: Box, crs: OgcCrs): Expression<SqlBool> {
  const { minX, minY, maxX, maxY } = crs84Envelope(box, crs);
  const lats = sql<SqlBool>`min_lat <= ${maxY} and max_lat >= ${minY}`;
  // A CRS84 box across the antimeridian (minx > maxx) is two boxes.
  const lons =
    minX <= maxX
      ? sql<SqlBool>`min_lon <= ${maxX} and max_lon >= ${minX}`
      : sql<SqlBool>`(max_lon >= ${minX} or min_lon <= ${maxX})`;
  return sql<SqlBool>`(${lats} and ${lons})`;
}

type Row = PublishedPerimeter;

/**
 * Every vertex goes through `project`, CRS84 included: the stored positions keep the file's full
 * precision, and rounded to about a centimetre the answer is a third smaller (bench/perimeters.ts:
 * 25 MB instead of 39 MB for 2,000 polygons of 500 vertices).
 */
const ring = (positions: Position[], crs: OgcCrs) =>
  positions.map((p) => project(crs, p[0] as number, p[1] as number));

function projected(text: string, crs: OgcCrs): OgcPerimeterFeature['geometry'] {
  const geometry = JSON.parse(text) as Polygon | MultiPolygon;
  if (geometry.type === 'Polygon')
    return { type: 'Polygon', coordinates: geometry.coordinates.map((r) => ring(r, crs)) };
  return {
    type: 'MultiPolygon',
    coordinates: geometry.coordinates.map((polygon) => polygon.map((r) => ring(r, crs))),
  };
}

function toFeature(r: Row, crs: OgcCrs): OgcPerimeterFeature {
  return {
    type: 'Feature',
    id: r.id,
    geometry: projected(r.geometry, crs),
    properties: publishedProperties(r),
  };
}

const COLUMNS = PUBLISHED_PERIMETER_COLUMNS;

function filtered(db: Kysely<Database>, request: ItemsRequest<OgcPerimetersQuery>) {
  const { query, bbox, dates, condition } = request;
  let select = db.selectFrom('perimeters');
  if (query.captures !== 'all') select = select.where('is_current', '=', 1);
  if (bbox) select = select.where(boxMeets(bbox.box, bbox.crs));
  // captured_at is an ISO instant in UTC: text order is time order, so the index serves the range.
  if (dates?.from) select = select.where('captured_at', '>=', dates.from);
  if (dates?.to) select = select.where('captured_at', '<', nextDay(dates.to));
  if (query.agency_code !== undefined) select = select.where('agency_code', '=', query.agency_code);
  if (query.agency_fire_id !== undefined) select = select.where('agency_fire_id', '=', query.agency_fire_id);
  if (query.area_ha !== undefined) select = select.where('area_ha', '=', query.area_ha);
  if (query.current !== undefined) select = select.where('is_current', '=', query.current ? 1 : 0);
  if (condition) select = select.where(condition);
  return select;
}

/** One page of captures in the order they were stored (the same on both engines), and the count. */
async function perimetersPage(db: Kysely<Database>, request: ItemsRequest<OgcPerimetersQuery>) {
  const [count, rows] = await Promise.all([
    filtered(db, request).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    filtered(db, request).select(COLUMNS).orderBy('id').limit(request.limit).offset(request.offset).execute(),
  ]);
  return { numberMatched: Number(count.n), features: rows.map((r) => toFeature(r, request.crs)) };
}

/** The columns besides the geometry, in the order `toFeature` writes them. */
const PROPERTY_COLUMNS = PUBLISHED_PROPERTY_COLUMNS;

/**
 * The same page in CRS84 with each feature as GeoJSON text around its stored published geometry
 * (`published_geometry`, the text `toFeature` would write): a page of 1,000 perimeters of 500
 * vertices took 0.2-0.7 s to read, parse and round and 0.1 s to serialise, 0.06-0.12 s so.
 */
async function perimetersPageText(db: Kysely<Database>, request: ItemsRequest<OgcPerimetersQuery>) {
  if (request.crs !== CRS84) return undefined;
  const [count, rows] = await Promise.all([
    filtered(db, request).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    filtered(db, request)
      .select(PROPERTY_COLUMNS)
      .select(PUBLISHED_GEOMETRY_SELECTION)
      .orderBy('id')
      .limit(request.limit)
      .offset(request.offset)
      .execute(),
  ]);
  const features = rows.map(
    (r) =>
      `{"type":"Feature","id":${r.id},"geometry":${publishedGeometryText(r)},"properties":${JSON.stringify(publishedProperties(r))}}`,
  );
  return { numberMatched: Number(count.n), features };
}

async function featureById(db: Kysely<Database>, id: string, crs: OgcCrs) {
  if (!/^\d{1,15}$/.test(id)) return undefined;
  if (crs === CRS84) {
    // The stored published text, as the pages and the downloads send it.
    const row = await db
      .selectFrom('perimeters')
      .select(PROPERTY_COLUMNS)
      .select(PUBLISHED_GEOMETRY_SELECTION)
      .where('id', '=', Number(id))
      .executeTakeFirst();
    return (
      row && {
        type: 'Feature' as const,
        id: row.id,
        geometry: JSON.parse(publishedGeometryText(row)) as OgcPerimeterFeature['geometry'],
        properties: publishedProperties(row),
      }
    );
  }
  const row = await db
    .selectFrom('perimeters')
    .select(COLUMNS)
    .where('id', '=', Number(id))
    .executeTakeFirst();
  return row && toFeature(row, crs);
}

/**
 * The fire perimeters as an OGC collection (docs/perimeters.md, "For GIS"): each fire's current
 * capture by default, every capture kept with `captures=all`.
 */
export const perimetersCollection: OgcCollectionSource<OgcPerimetersQuery, OgcPerimeterFeature> = {
  id: 'perimeters',
  title: 'Wildland fire perimeters in Canada / Périmètres des feux de végétation au Canada',
  description:
    "Mapped perimeters of the fires, imported from the agencies' files: one (Multi)Polygon per capture, " +
    "with its capture time and area. Each fire's current (newest) capture by default; captures=all adds the " +
    "past ones (current=false), so a fire's growth can be drawn.",
  bbox: [-141.1, 41.6, -52.5, 83.2],
  interval: [null, null],
  queryables: PERIMETER_QUERYABLE_TYPES,
  geometry: { format: 'geometry-polygon-or-multipolygon', description: 'A polygon or multipolygon' },
  spatial: boxMeets,
  itemsQuery: OgcPerimetersQuery,
  dataSets: ['perimeters'],
  itemsSchema: OgcPerimeterCollection,
  featureSchema: OgcPerimeterWithLinks,
  page: (app, request) => perimetersPage(app.db.kysely, request),
  pageText: (app, request) => perimetersPageText(app.db.kysely, request),
  feature: (app, id, crs) => featureById(app.db.kysely, id, crs),
  linkParams: (query) => ({
    datetime: query.datetime,
    captures: query.captures,
    agency_code: query.agency_code,
    agency_fire_id: query.agency_fire_id,
    area_ha: query.area_ha,
    current: query.current === undefined ? undefined : String(query.current),
  }),
};
