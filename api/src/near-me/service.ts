import {
  agencyByCode,
  compassPoint,
  type Locale,
  type NearFire,
  type NearOrigin,
  parseNear,
  STAGE_OF_CONTROL_NAMES,
  type StageOfControl,
} from '@ciffc/contracts';
import geographiclib from 'geographiclib-geodesic';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { firesValidAs } from '../fires/service.ts';
import { currentSeason } from '../fires/store.ts';
import { badRequest } from '../http/errors.ts';
import { currentAreas, fireKey } from '../perimeters/store.ts';
import { placeById } from '../places/service.ts';
import { type AreaFire, activeFiresIn, type Box, seasonFiresIn } from './store.ts';

const WGS84 = geographiclib.Geodesic.WGS84;

/** Kilometres in a degree of latitude, at least (the ellipsoid's meridian degree is 110.57-111.69 km). */
const KM_PER_DEGREE_LAT = 110.5;

/**
 * A box that holds every point within `radiusKm` of the origin, for the database to narrow the
 * fires before each is measured on the ellipsoid. Near a pole, every longitude.
 */
function boxAround(origin: { latitude: number; longitude: number }, radiusKm: number): Box {
  const dLat = radiusKm / KM_PER_DEGREE_LAT;
  const south = Math.max(-90, origin.latitude - dLat);
  const north = Math.min(90, origin.latitude + dLat);
  const widest = Math.max(Math.abs(south), Math.abs(north));
  const cos = Math.cos((widest * Math.PI) / 180);
  const dLon = cos < 0.01 ? 360 : radiusKm / (KM_PER_DEGREE_LAT * cos);
  return { south, north, west: origin.longitude - dLon, east: origin.longitude + dLon };
}

/** Distance on the WGS 84 ellipsoid (one decimal, km) and the bearing from the origin, as GIS tools measure. */
function measure(origin: { latitude: number; longitude: number }, latitude: number, longitude: number) {
  const line = WGS84.Inverse(origin.latitude, origin.longitude, latitude, longitude);
  const bearing = (((line.azi1 ?? 0) % 360) + 360) % 360;
  return {
    distance_km: Math.round((line.s12 ?? 0) / 100) / 10,
    bearing_deg: Math.round(bearing),
    direction: compassPoint(bearing),
  };
}

/**
 * The agency's own page for a fire. No agency's data carries a per-fire address, so it is the
 * agency's wildfire status page, else its wildfire page (docs/decisions.md, "Fires near me").
 */
function agencyFirePage(agencyCode: string): string {
  const agency = agencyByCode(agencyCode);
  return agency?.website_priority_wildfires ?? agency?.website ?? '';
}

export interface MeasuredFire extends NearFire {
  updated_at: string;
}

/** The fires within the radius, with distance and direction, in the order given. */
function withinRadius(
  fires: readonly AreaFire[],
  origin: NearOrigin,
  radiusKm: number,
  perimeterAreas: ReadonlyMap<string, number>,
  lang: Locale,
): MeasuredFire[] {
  const out: MeasuredFire[] = [];
  for (const f of fires) {
    const measured = measure(origin, f.latitude, f.longitude);
    if (measured.distance_km > radiusKm) continue;
    const stage = f.stage_of_control as StageOfControl;
    out.push({
      field_agency_code: f.agency_code,
      field_agency_fire_id: f.agency_fire_id,
      agency_name: agencyByCode(f.agency_code)?.name[lang] ?? f.agency_code.toUpperCase(),
      field_stage_of_control_status: stage,
      stage_name: STAGE_OF_CONTROL_NAMES[stage]?.[lang] ?? f.stage_of_control,
      field_fire_size: f.fire_size,
      field_latitude: f.latitude,
      field_longitude: f.longitude,
      field_status_date: f.status_date,
      field_situation_report_date: f.situation_report_date,
      ...measured,
      perimeter_area_ha: perimeterAreas.get(fireKey(f.agency_code, f.agency_fire_id)) ?? null,
      agency_fire_page: agencyFirePage(f.agency_code),
      updated_at: f.updated_at,
    });
  }
  return out;
}

/** Nearest first; the same distance by agency and fire id, so the order is stable. */
const byDistance = (a: NearFire, b: NearFire) =>
  a.distance_km - b.distance_km ||
  a.field_agency_code.localeCompare(b.field_agency_code) ||
  a.field_agency_fire_id.localeCompare(b.field_agency_fire_id);

/** The place or point `near` names; 400 naming `near` when the place is not in the gazetteer. */
export function nearOrigin(near: string, lang: Locale): NearOrigin {
  const target = parseNear(near);
  if (target && 'place' in target) {
    const place = placeById(target.place, lang);
    if (!place) throw badRequest('near', 'query.unknown_place', { near });
    return { place, latitude: place.latitude, longitude: place.longitude };
  }
  if (!target) throw badRequest('near', 'field.format'); // the schema refuses it first
  return { place: null, ...target };
}

interface Area {
  origin: NearOrigin;
  radiusKm: number;
  lang: Locale;
}

/** GET /v1/fires/near: the active fires within the radius, nearest first, and how many in all. */
export async function nearestFires(db: Kysely<Database>, area: Area, limit: number, now: Date) {
  const { origin, radiusKm, lang } = area;
  const [fires, areas, validAs] = await Promise.all([
    activeFiresIn(db, currentSeason(now), boxAround(origin, radiusKm)),
    currentAreas(db),
    firesValidAs(db),
  ]);
  const near = withinRadius(fires, origin, radiusKm, areas, lang).sort(byDistance);
  return {
    origin,
    radius_km: radiusKm,
    total: near.length,
    items: near.slice(0, limit).map(({ updated_at: _, ...fire }) => fire),
    valid_as: validAs,
  };
}

/** The Atom feed's fires: the season's fires within the radius, most recently changed first, at most `limit`. */
export async function nearFeedFires(db: Kysely<Database>, area: Area, limit: number, now: Date) {
  const [fires, areas] = await Promise.all([
    seasonFiresIn(db, currentSeason(now), boxAround(area.origin, area.radiusKm)),
    currentAreas(db),
  ]);
  // Already most recently changed first (the store's order).
  return withinRadius(fires, area.origin, area.radiusKm, areas, area.lang).slice(0, limit);
}
