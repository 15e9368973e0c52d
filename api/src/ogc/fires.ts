import { isIsoDate, type OgcFeature, type Season } from '@ciffc/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { FireRow } from '../fires/store.ts';
import { ofSeason } from '../fires/store.ts';
import { badRequest } from '../http/errors.ts';

export interface Bbox {
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
}

/** Inclusive days of the situation report date; an open end is undefined. */
export interface DateRange {
  from?: string | undefined;
  to?: string | undefined;
}

export interface FeaturePage {
  numberMatched: number;
  features: OgcFeature[];
}

/** `minLon,minLat,maxLon,maxLat` (or the 6-number 3D form, heights ignored), in degrees. */
export function parseBbox(value: string): Bbox {
  const numbers = value.split(',').map((n) => Number(n.trim()));
  if ((numbers.length !== 4 && numbers.length !== 6) || numbers.some((n) => !Number.isFinite(n)))
    throw badRequest('bbox', 'expected 4 numbers: minLon,minLat,maxLon,maxLat');
  const [minLon, minLat, maxLon, maxLat] =
    numbers.length === 4 ? numbers : [numbers[0], numbers[1], numbers[3], numbers[4]];
  const box = { minLon, minLat, maxLon, maxLat } as Bbox;
  if (box.minLat > box.maxLat) throw badRequest('bbox', 'minLat is greater than maxLat');
  return box;
}

/** A day of an RFC 3339 date or date-time, or undefined for an open end (`..` or empty). */
function dayOf(end: string): string | undefined {
  if (end === '..' || end === '') return undefined;
  const day = end.slice(0, 10);
  if (!isIsoDate(day) || !/^\d{4}-\d{2}-\d{2}(T.+)?$/.test(end))
    throw badRequest('datetime', `"${end}" is not an RFC 3339 date or date-time`);
  return day;
}

/** `datetime`: an instant (its day), or `start/end` with `..` or nothing for an open end. */
export function parseDatetime(value: string): DateRange {
  const parts = value.split('/');
  if (parts.length > 2) throw badRequest('datetime', 'expected an instant or start/end');
  if (parts.length === 1) {
    const day = dayOf(value);
    if (!day) throw badRequest('datetime', 'an instant cannot be open');
    return { from: day, to: day };
  }
  const [from, to] = [dayOf(parts[0] ?? ''), dayOf(parts[1] ?? '')];
  if (from && to && from > to) throw badRequest('datetime', 'the start is after the end');
  return { from, to };
}

/** The stable id of a fire's feature: agency code, a hyphen, the agency fire id. */
const featureId = (f: Pick<FireRow, 'agency_code' | 'agency_fire_id'>) =>
  `${f.agency_code}-${f.agency_fire_id}`;

function toFeature(f: FireRow): OgcFeature {
  return {
    type: 'Feature',
    id: featureId(f),
    geometry: { type: 'Point', coordinates: [f.longitude, f.latitude] },
    properties: {
      agency_code: f.agency_code,
      agency_fire_id: f.agency_fire_id,
      agency_data_timezone: f.agency_data_timezone,
      situation_report_date: f.situation_report_date,
      status_date: f.status_date,
      stage_of_control: f.stage_of_control,
      fire_cause: f.fire_cause,
      response_type: f.response_type,
      fire_size: f.fire_size,
      latitude: f.latitude,
      longitude: f.longitude,
      updated_at: f.updated_at,
      report_source: f.report_source,
      reported_on: f.reported_on,
      ended_on: f.ended_on,
    },
  };
}

interface FiresFilter {
  bbox?: Bbox | undefined;
  /** The asked `datetime`; without it, the fires of `season` (the national list's default view). */
  dates?: DateRange | undefined;
  season: Season;
}

function filtered(db: Kysely<Database>, filter: FiresFilter) {
  let query = db.selectFrom('fires');
  const { bbox, dates } = filter;
  if (!dates) query = query.where(ofSeason(filter.season));
  if (bbox) {
    query = query.where('latitude', '>=', bbox.minLat).where('latitude', '<=', bbox.maxLat);
    // A box across the antimeridian (minLon > maxLon) is the two sides of it.
    query =
      bbox.minLon <= bbox.maxLon
        ? query.where('longitude', '>=', bbox.minLon).where('longitude', '<=', bbox.maxLon)
        : query.where((eb) =>
            eb.or([eb('longitude', '>=', bbox.minLon), eb('longitude', '<=', bbox.maxLon)]),
          );
  }
  if (dates?.from) query = query.where('situation_report_date', '>=', dates.from);
  if (dates?.to) query = query.where('situation_report_date', '<=', dates.to);
  return query;
}

/** One page of fires in a stable order (agency, fire id), and how many match in all. */
export async function firesPage(
  db: Kysely<Database>,
  filter: FiresFilter & { limit: number; offset: number },
): Promise<FeaturePage> {
  const [count, rows] = await Promise.all([
    filtered(db, filter).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    filtered(db, filter)
      .selectAll()
      .orderBy('agency_code')
      .orderBy('agency_fire_id')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
  ]);
  return { numberMatched: Number(count.n), features: rows.map(toFeature) };
}

export async function featureById(db: Kysely<Database>, id: string): Promise<OgcFeature | undefined> {
  const dash = id.indexOf('-');
  if (dash < 1) return undefined;
  const row = await db
    .selectFrom('fires')
    .selectAll()
    .where('agency_code', '=', id.slice(0, dash))
    .where('agency_fire_id', '=', id.slice(dash + 1))
    .executeTakeFirst();
  return row && toFeature(row);
}
