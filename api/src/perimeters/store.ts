import { PERIMETER_ZOOM_BANDS, type PerimeterZoomBand, zoomBand } from '@ciffc/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/tables.ts';
import { fireYearOf, fireYearSql } from './fire-year.ts';
import { type Area, type Box, publishedArea, simplifyArea } from './geometry.ts';
import type { PerimetersTable } from './tables.ts';

type Tx = Kysely<Database>;
export type NewPerimeter = Omit<
  PerimetersTable,
  'id' | 'is_current' | 'fire_year' | ShapeColumn | 'published_geometry'
> & {
  fire_year?: number | null;
};

type ShapeColumn = `shape_z${PerimeterZoomBand['maxZoom']}`;
const shapeColumn = (band: PerimeterZoomBand) => `shape_z${band.maxZoom}` as ShapeColumn;

/** A capture's shapes for every zoom band (`simplifyArea`), computed once when it is stored. */
export function shapesOf(geometry: string): Record<ShapeColumn, string | null> {
  return shapesOfArea(JSON.parse(geometry) as Area);
}

function shapesOfArea(area: Area): Record<ShapeColumn, string | null> {
  const entries = PERIMETER_ZOOM_BANDS.map((band) => {
    const shape = simplifyArea(area, band.tolerance, band.digits);
    return [shapeColumn(band), shape ? JSON.stringify(shape) : null] as const;
  });
  return Object.fromEntries(entries) as Record<ShapeColumn, string | null>;
}

/**
 * Every column a capture derives from its geometry: the map's shapes and the published geometry
 * (tables.ts), computed once when it is stored.
 */
function derivedOf(geometry: string): Record<ShapeColumn | 'published_geometry', string | null> {
  const area = JSON.parse(geometry) as Area;
  return { ...shapesOfArea(area), published_geometry: publishedText(area) };
}

const publishedText = (area: Area) => JSON.stringify(publishedArea(area));

/** The `published_geometry` of a capture's stored geometry text. */
export const publishedGeometryOf = (geometry: string) => publishedText(JSON.parse(geometry) as Area);

/**
 * What a read selects for a capture's published geometry: the stored text, and the stored geometry
 * only when that text is null (a capture stored before the column, until the migration fills it),
 * so the full-precision geometry is not read for nothing.
 */
export const PUBLISHED_GEOMETRY_SELECTION = [
  'published_geometry',
  sql<string | null>`case when published_geometry is null then geometry end`.as('unpublished'),
] as const;

/** A capture's published geometry text from `PUBLISHED_GEOMETRY_SELECTION`'s columns. */
export const publishedGeometryText = (r: { published_geometry: string | null; unpublished: string | null }) =>
  r.published_geometry ?? publishedGeometryOf(r.unpublished ?? '');

type FireKey = { agency_code: string; agency_fire_id: string };

const CHUNK = 200;
const chunks = <T>(items: readonly T[], size = CHUNK) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

const byAgency = (keys: readonly FireKey[]) => {
  const map = new Map<string, string[]>();
  for (const k of keys) map.set(k.agency_code, [...(map.get(k.agency_code) ?? []), k.agency_fire_id]);
  return map;
};

export const fireKey = (agency: string, id: string) => `${agency}\u0000${id}`;

/** The fire year (`fireYearOf`) of each of these fires that exists, keyed by `fireKey`. */
export async function existingFires(db: Tx, keys: readonly FireKey[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (const [agency, ids] of byAgency(keys))
    for (const part of chunks([...new Set(ids)])) {
      const rows = await db
        .selectFrom('fires')
        .select(['agency_code', 'agency_fire_id', 'situation_report_date'])
        .where('agency_code', '=', agency)
        .where('agency_fire_id', 'in', part)
        .execute();
      for (const r of rows)
        found.set(
          fireKey(r.agency_code, r.agency_fire_id),
          fireYearOf(r.agency_code, r.situation_report_date),
        );
    }
  return found;
}

/** A stored capture's key: its fire, the fire's year (empty when unknown) and its time. */
export const captureKey = (agency: string, id: string, year: number | null, capturedAt: string) =>
  `${fireKey(agency, id)}\u0000${year ?? ''}\u0000${capturedAt}`;

export interface StoredCapture {
  id: number;
  agency_code: string;
  agency_fire_id: string;
  fire_year: number | null;
  captured_at: string;
  /** Its polygon as published (`published_geometry`): what a file's polygon is compared with. */
  published: string;
  agency_area_ha: number | null;
}

/** What an import compares a capture against: the columns of `StoredCapture`. */
const CAPTURE_COLUMNS = [
  'id',
  'agency_code',
  'agency_fire_id',
  'fire_year',
  'captured_at',
  'agency_area_ha',
  ...PUBLISHED_GEOMETRY_SELECTION,
] as const;

type CaptureRow = Omit<StoredCapture, 'published' | 'agency_code' | 'agency_fire_id'> & {
  agency_code: string | null;
  agency_fire_id: string | null;
  published_geometry: string | null;
  unpublished: string | null;
};

const storedCapture = ({ published_geometry, unpublished, ...r }: CaptureRow): StoredCapture => ({
  ...(r as Omit<StoredCapture, 'published'>),
  published: publishedGeometryText({ published_geometry, unpublished }),
});

/** The stored captures of these fires, keyed by `captureKey`. */
export async function capturesOf(db: Tx, keys: readonly FireKey[]): Promise<Map<string, StoredCapture>> {
  const out = new Map<string, StoredCapture>();
  for (const [agency, ids] of byAgency(keys))
    for (const part of chunks([...new Set(ids)])) {
      const rows = await db
        .selectFrom('perimeters')
        .select(CAPTURE_COLUMNS)
        .where('agency_code', '=', agency)
        .where('agency_fire_id', 'in', part)
        .execute();
      for (const r of rows)
        out.set(captureKey(agency, r.agency_fire_id as string, r.fire_year, r.captured_at), storedCapture(r));
    }
  return out;
}

/**
 * The stored captures without a fire id taken at these times: an id-less capture sent again (the
 * same CWFIS file twice) is found here by its time, agency and polygon.
 */
export async function idlessCapturesAt(db: Tx, times: readonly string[]): Promise<StoredCapture[]> {
  const out: StoredCapture[] = [];
  for (const part of chunks([...new Set(times)]))
    out.push(
      ...(
        await db
          .selectFrom('perimeters')
          .select(CAPTURE_COLUMNS)
          .where('agency_fire_id', 'is', null)
          .where('captured_at', 'in', part)
          .execute()
      ).map(storedCapture),
    );
  return out;
}

export async function insertPerimeters(db: Tx, rows: readonly NewPerimeter[]): Promise<void> {
  // Captures without a fire id stand alone, so each is current (docs/perimeters.md).
  for (const part of chunks(rows, 50))
    await db
      .insertInto('perimeters')
      .values(
        part.map((r) => ({ ...r, ...derivedOf(r.geometry), is_current: r.agency_fire_id === null ? 1 : 0 })),
      )
      .execute();
}

export async function replacePerimeter(db: Tx, id: number, row: NewPerimeter): Promise<void> {
  await db
    .updateTable('perimeters')
    .set({ ...row, ...derivedOf(row.geometry) })
    .where('id', '=', id)
    .execute();
}

/**
 * Marks the newest capture of each of these fires current, and its older ones not. A fire is its
 * agency, id and year: last season's fire of the same id keeps its own current capture.
 */
export async function markCurrent(db: Tx, keys: readonly FireKey[]): Promise<void> {
  for (const [agency, ids] of byAgency(keys))
    for (const part of chunks([...new Set(ids)]))
      await sql`update perimeters set is_current = case when captured_at = (
          select max(p.captured_at) from perimeters p
          where p.agency_code = perimeters.agency_code and p.agency_fire_id = perimeters.agency_fire_id
            and coalesce(p.fire_year, -1) = coalesce(perimeters.fire_year, -1)
        ) then 1 else 0 end
        where agency_code = ${agency} and agency_fire_id in (${sql.join(part)})`.execute(db);
}

/** The fire holding the capture's id is the capture's fire: same year, or a capture of no known year. */
const sameSeason = (perimeter: string, fire: string) =>
  sql<boolean>`(${sql.ref(`${perimeter}.fire_year`)} is null or ${sql.ref(`${perimeter}.fire_year`)} = ${fireYearSql(
    sql.ref(`${fire}.agency_code`),
    sql.ref(`${fire}.situation_report_date`),
  )})`;

export interface CurrentPerimeter {
  id: number;
  agency_code: string | null;
  agency_fire_id: string | null;
  fire_name: string | null;
  captured_at: string;
  area_ha: number;
  agency_area_ha: number | null;
  /** The shape of the zoom band asked (GeoJSON text); null when it collapses at that band. */
  shape: string | null;
  stage_of_control: string | null;
  response_type: string | null;
  fire_size: number | null;
  captures: number;
}

/**
 * The current perimeters whose box meets `box`, with their fire's stage and reported size, and
 * their shape for the zoom band (the finest when none is given).
 */
export async function currentPerimeters(
  db: Tx,
  box: Box,
  band: PerimeterZoomBand = zoomBand(24),
): Promise<CurrentPerimeter[]> {
  const [west, south, east, north] = box;
  return db
    .selectFrom('perimeters as p')
    .leftJoin('fires as f', (j) =>
      j
        .onRef('f.agency_code', '=', 'p.agency_code')
        .onRef('f.agency_fire_id', '=', 'p.agency_fire_id')
        .on(sameSeason('p', 'f')),
    )
    .select([
      'p.id',
      'p.agency_code',
      'p.agency_fire_id',
      'p.fire_name',
      'p.captured_at',
      'p.area_ha',
      'p.agency_area_ha',
      sql.ref<string | null>(`p.${shapeColumn(band)}`).as('shape'),
      'f.stage_of_control',
      'f.response_type',
      'f.fire_size',
      sql<number>`(select count(*) from perimeters c where c.agency_code = p.agency_code and c.agency_fire_id = p.agency_fire_id and coalesce(c.fire_year, -1) = coalesce(p.fire_year, -1))`.as(
        'captures',
      ),
    ])
    .where('p.is_current', '=', 1)
    .where('p.min_lon', '<=', east)
    .where('p.max_lon', '>=', west)
    .where('p.min_lat', '<=', north)
    .where('p.max_lat', '>=', south)
    .orderBy('p.area_ha', 'desc')
    .orderBy('p.id')
    .execute() as Promise<CurrentPerimeter[]>;
}

/**
 * A fire's captures, oldest first (its growth): those of the fire holding the id (its year's, or of
 * no known year); every capture of the id when no fire holds it.
 */
export async function capturesOfFire(db: Tx, agency: string, fireId: string) {
  const fire = await db
    .selectFrom('fires')
    .select(['situation_report_date'])
    .where('agency_code', '=', agency)
    .where('agency_fire_id', '=', fireId)
    .executeTakeFirst();
  let query = db
    .selectFrom('perimeters')
    .select(['id', 'captured_at', 'area_ha', 'agency_area_ha', 'source', 'is_current', 'geometry'])
    .where('agency_code', '=', agency)
    .where('agency_fire_id', '=', fireId);
  if (fire) {
    const year = fireYearOf(agency, fire.situation_report_date);
    query = query.where((eb) => eb.or([eb('fire_year', 'is', null), eb('fire_year', '=', year)]));
  }
  return query.orderBy('captured_at').execute();
}

/** The mapped area of each fire's current perimeter, keyed by `fireKey` (the national list's CSV). */
export async function currentAreas(db: Tx): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('perimeters as p')
    .innerJoin('fires as f', (j) =>
      j
        .onRef('f.agency_code', '=', 'p.agency_code')
        .onRef('f.agency_fire_id', '=', 'p.agency_fire_id')
        .on(sameSeason('p', 'f')),
    )
    .select(['p.agency_code', 'p.agency_fire_id', 'p.area_ha'])
    .where('p.is_current', '=', 1)
    .execute();
  return new Map(rows.map((r) => [fireKey(r.agency_code as string, r.agency_fire_id as string), r.area_ha]));
}

/** The last 50 perimeter imports, newest first; an agency's own when `agency` is given. */
export async function recentImports(db: Tx, agency: string | undefined) {
  let query = db.selectFrom('perimeter_imports').selectAll().orderBy('id', 'desc').limit(50);
  if (agency) query = query.where('agency_code', '=', agency);
  return query.execute();
}
