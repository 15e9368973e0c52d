import type { Position } from 'geojson';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { bumpDataVersion } from '../db/versions.ts';
import { random } from '../fires/demo.ts';
import { checkArea } from './geometry.ts';
import './tables.ts';
import { fireYearOf } from './fire-year.ts';
import { insertPerimeters, markCurrent, type NewPerimeter } from './store.ts';

/** Demo fires at least this large get perimeters: below it a perimeter is a few pixels on the map. */
const DEMO_MIN_HECTARES = 100;
const KM_PER_DEGREE = 111.32;

interface DemoFire {
  agency_code: string;
  agency_fire_id: string;
  situation_report_date: string;
  fire_size: number;
  latitude: number;
  longitude: number;
}

/**
 * A burned area of `hectares` grown from the ignition point: a lobed shape stretched downwind, the
 * point near its back edge, as a wind-driven fire burns. Star-shaped around its centre with a
 * positive radius everywhere, so its ring never crosses itself.
 */
function grownShape(fire: DemoFire, hectares: number, rand: () => number, wind: number): Position[] {
  const vertices = Math.round(Math.min(160, 40 + Math.sqrt(hectares) / 4));
  const lobes = Array.from({ length: 4 }, (_, i) => ({
    k: i + 2,
    amplitude: (0.12 / (i + 1)) * (0.5 + rand()),
    phase: rand() * 2 * Math.PI,
  }));
  const stretch = 1.4 + rand() * 0.8;
  const local: [number, number][] = Array.from({ length: vertices }, (_, i) => {
    const angle = (2 * Math.PI * i) / vertices;
    const r =
      1 + lobes.reduce((s, l) => s + l.amplitude * Math.sin(l.k * angle + l.phase), 0) + 0.03 * rand();
    const x = r * Math.cos(angle) * stretch;
    const y = r * Math.sin(angle);
    return [x * Math.cos(wind) - y * Math.sin(wind), x * Math.sin(wind) + y * Math.cos(wind)];
  });
  // Shoelace area in unit km², scaled to the wanted area.
  const unit = Math.abs(
    local.reduce((s, [x, y], i) => {
      const [nx, ny] = local[(i + 1) % local.length] as [number, number];
      return s + x * ny - nx * y;
    }, 0) / 2,
  );
  const scale = Math.sqrt(hectares / 100 / unit);
  const cosLat = Math.cos((fire.latitude * Math.PI) / 180);
  // The ignition point sits a third of the way from the centre to the upwind edge.
  const back = 0.6 * stretch * scale;
  const centreX = fire.longitude + (back * Math.cos(wind)) / (KM_PER_DEGREE * cosLat);
  const centreY = fire.latitude + (back * Math.sin(wind)) / KM_PER_DEGREE;
  const ring = local.map(
    ([x, y]): Position => [
      Math.round((centreX + (x * scale) / (KM_PER_DEGREE * cosLat)) * 100_000) / 100_000,
      Math.round((centreY + (y * scale) / KM_PER_DEGREE) * 100_000) / 100_000,
    ],
  );
  return [...ring, ring[0] as Position];
}

/**
 * One demo capture of a fire's shape grown to `hectares`, as the import would store it; null when
 * the shape leaves Canada's box (a fire on the coast or the border), as the import would refuse it.
 */
function demoCapture(
  fire: DemoFire,
  capture: { hectares: number; agencyHectares: number | null; capturedAt: string; now: Date },
  rand: () => number,
  wind: number,
): NewPerimeter | null {
  const checked = checkArea({
    type: 'Polygon',
    coordinates: [grownShape(fire, capture.hectares, rand, wind)],
  });
  if ('code' in checked) return null;
  const [min_lon, min_lat, max_lon, max_lat] = checked.bbox;
  return {
    import_id: null,
    source: 'demo',
    agency_code: fire.agency_code,
    agency_fire_id: fire.agency_fire_id,
    fire_name: null,
    fire_year: fireYearOf(fire.agency_code, fire.situation_report_date),
    captured_at: capture.capturedAt,
    area_ha: checked.areaHa,
    agency_area_ha: capture.agencyHectares,
    vertex_count: checked.vertices,
    geometry: JSON.stringify(checked.geometry),
    min_lon,
    min_lat,
    max_lon,
    max_lat,
    created_at: capture.now.toISOString(),
  };
}

/** Two or three captures of each large active fire, growing to its reported size by today. */
function generatePerimeters(fires: readonly DemoFire[], options: { seed: number; now: Date }) {
  const rand = random(options.seed ^ 0x9e41);
  const rows: NewPerimeter[] = [];
  for (const fire of fires) {
    const count = rand() < 0.5 ? 2 : 3;
    const wind = ((rand() - 0.5) * Math.PI) / 2; // mostly westerly winds: the fire runs east
    // Captures spread from the report to now, at distinct times (the newest is the current one).
    const start = Date.parse(`${fire.situation_report_date}T12:00:00Z`);
    const span = Math.max(3_600_000, options.now.getTime() - start);
    for (let i = 0; i < count; i++) {
      const last = i === count - 1;
      const share = last ? 1 : (i + 1) / (count + 0.5);
      const capturedAt = new Date(Math.round((start + (span * (i + 1)) / count) / 60_000) * 60_000);
      const row = demoCapture(
        fire,
        {
          hectares: fire.fire_size * share,
          agencyHectares: last ? fire.fire_size : null,
          capturedAt: capturedAt.toISOString(),
          now: options.now,
        },
        rand,
        wind,
      );
      if (row) rows.push(row);
    }
  }
  return rows;
}

/**
 * Burned areas no agency has reported a fire for, as a satellite estimate maps them before the
 * agency's report arrives (or under an id the agency never used): the import keeps such a polygon
 * and lists it as unmatched, and the map draws it grey. The ids are not of the demo fires' form
 * (five digits), so no demo fire holds them.
 */
const UNREPORTED = [
  { agency: 'nt', id: 'S031', latitude: 61.62, longitude: -119.35, hectares: 41_800, daysAgo: 4 },
  { agency: 'qc', id: 'S112', latitude: 50.95, longitude: -75.4, hectares: 9_300, daysAgo: 2 },
] as const;

const fireKeysOf = (rows: readonly NewPerimeter[]) =>
  rows.map((p) => ({ agency_code: p.agency_code as string, agency_fire_id: p.agency_fire_id as string }));

function unreportedPerimeters(options: { seed: number; now: Date }): NewPerimeter[] {
  const rand = random(options.seed ^ 0x5a7e);
  const yy = String(options.now.getUTCFullYear()).slice(2);
  return UNREPORTED.flatMap((u) => {
    const capturedAt = new Date(
      Math.round((options.now.getTime() - u.daysAgo * 86_400_000) / 60_000) * 60_000,
    ).toISOString();
    const fire: DemoFire = {
      agency_code: u.agency,
      agency_fire_id: `${u.agency.toUpperCase()}${yy}-${u.id}`,
      situation_report_date: capturedAt.slice(0, 10),
      fire_size: u.hectares,
      latitude: u.latitude,
      longitude: u.longitude,
    };
    const wind = ((rand() - 0.5) * Math.PI) / 2;
    const row = demoCapture(
      fire,
      { hectares: u.hectares, agencyHectares: null, capturedAt, now: options.now },
      rand,
      wind,
    );
    return row ? [row] : [];
  });
}

/**
 * Demo perimeters for the demo season's large active fires, and two of no reported fire, once:
 * only while no perimeter is stored, so a restart or a real import keeps what is there.
 */
export async function seedPerimeterDemo(
  db: Db,
  options: { now?: Date; seed?: number } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const stored = await db.kysely
    .selectFrom('perimeters')
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  if (Number(stored.n) > 0) return 0;
  const fires = await db.kysely
    .selectFrom('fires')
    .select(['agency_code', 'agency_fire_id', 'situation_report_date', 'fire_size', 'latitude', 'longitude'])
    .where('stage_of_control', '<>', 'OUT')
    .where('fire_size', '>=', DEMO_MIN_HECTARES)
    .orderBy('agency_code')
    .orderBy('agency_fire_id')
    .execute();
  const seed = options.seed ?? 20_250_601;
  const unreported = unreportedPerimeters({ seed, now });
  const rows = [...generatePerimeters(fires, { seed, now }), ...unreported];
  await db.kysely.transaction().execute(async (trx) => {
    await insertPerimeters(trx, rows);
    await markCurrent(trx, [...fires, ...fireKeysOf(unreported)]);
    await bumpDataVersion(trx, 'perimeters');
  });
  return rows.length;
}
