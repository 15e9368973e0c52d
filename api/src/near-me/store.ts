import type { Season } from '@ciffc/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { activeInSeason, ofSeason } from '../fires/store.ts';

/** A box of latitudes and longitudes around a place that holds every point within the radius. */
export interface Box {
  south: number;
  north: number;
  west: number;
  east: number;
}

const COLUMNS = [
  'agency_code',
  'agency_fire_id',
  'stage_of_control',
  'fire_size',
  'latitude',
  'longitude',
  'status_date',
  'situation_report_date',
  'updated_at',
] as const;

function inBox(db: Kysely<Database>, box: Box) {
  let query = db
    .selectFrom('fires')
    .select(COLUMNS)
    .where('latitude', '>=', box.south)
    .where('latitude', '<=', box.north);
  // A box across the antimeridian is not needed in Canada: the whole band is read instead.
  if (box.west >= -180 && box.east <= 180)
    query = query.where('longitude', '>=', box.west).where('longitude', '<=', box.east);
  return query;
}

/** The active fires (the current picture's rule) in the box. */
export function activeFiresIn(db: Kysely<Database>, season: Season, box: Box) {
  return inBox(db, box).where(activeInSeason(season)).execute();
}

/** The season's fires in the box, active or out, most recently changed first: the feed's entries. */
export function seasonFiresIn(db: Kysely<Database>, season: Season, box: Box) {
  return inBox(db, box)
    .where(ofSeason(season))
    .orderBy('updated_at', 'desc')
    .orderBy('agency_code')
    .orderBy('agency_fire_id')
    .execute();
}

export type AreaFire = Awaited<ReturnType<typeof seasonFiresIn>>[number];
