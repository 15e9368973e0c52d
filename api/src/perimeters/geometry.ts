import {
  CANADA_BOX,
  CRS84,
  MAX_PERIMETER_HA,
  MAX_PERIMETER_VERTICES,
  MIN_PERIMETER_HA,
  type PerimeterMessageCode,
  type PerimeterMessageParams,
  roundCoordinate,
} from '@ciffc/contracts';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { ellipsoidArea } from './ellipsoid-area.ts';

export type Area = Polygon | MultiPolygon;
export type Box = [number, number, number, number];

export interface Refusal {
  code: PerimeterMessageCode;
  params: PerimeterMessageParams;
}

export interface CheckedArea {
  geometry: Area;
  bbox: Box;
  areaHa: number;
  vertices: number;
}

const round = (v: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
};

/** A position as [lon, lat] of finite degrees (any Z or M dropped), or undefined. */
function position(raw: unknown): Position | undefined {
  if (!Array.isArray(raw) || raw.length < 2) return undefined;
  const [lon, lat] = raw as unknown[];
  if (typeof lon !== 'number' || typeof lat !== 'number') return undefined;
  if (!Number.isFinite(lon) || !Number.isFinite(lat) || Math.abs(lon) > 180 || Math.abs(lat) > 90)
    return undefined;
  return [lon, lat];
}

/**
 * The rings of each polygon of a geometry, as plain arrays, or a refusal of its shape. A
 * GeometryCollection of polygons only (KML's MultiGeometry, as Google Earth and GDAL write it) is
 * read as the multipolygon it is; one with a point or a line is refused, naming what it holds.
 */
function polygonsOf(raw: unknown): unknown[][] | Refusal {
  const g = raw as { type?: unknown; coordinates?: unknown; geometries?: unknown } | null;
  if (g?.type === 'GeometryCollection' && Array.isArray(g.geometries)) {
    const parts = g.geometries.map(polygonsOf);
    const refused = parts.find((part): part is Refusal => !Array.isArray(part));
    if (refused) return { code: 'perimeters.feature_not_polygon', params: { type: 'GeometryCollection' } };
    const polygons = (parts as unknown[][][]).flat();
    return polygons.length
      ? polygons
      : { code: 'perimeters.feature_not_polygon', params: { type: 'GeometryCollection' } };
  }
  const type = typeof g?.type === 'string' ? g.type : 'nothing';
  if (type !== 'Polygon' && type !== 'MultiPolygon')
    return { code: 'perimeters.feature_not_polygon', params: { type } };
  const coordinates = g?.coordinates;
  if (!Array.isArray(coordinates)) return { code: 'perimeters.feature_bad_coordinates', params: {} };
  const polygons = type === 'Polygon' ? [coordinates] : coordinates;
  if (!polygons.every((p) => Array.isArray(p) && p.length > 0 && p.every(Array.isArray)))
    return { code: 'perimeters.feature_bad_coordinates', params: {} };
  return polygons as unknown[][];
}

/** A ring's positions with consecutive repeats removed (digitisers often leave them), or a refusal. */
function cleanRing(raw: unknown[], ring: number): Position[] | Refusal {
  const out: Position[] = [];
  for (const value of raw) {
    const p = position(value);
    if (!p) return { code: 'perimeters.feature_bad_coordinates', params: {} };
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  const first = out[0];
  const last = out[out.length - 1];
  // A closed ring whose repeats were removed keeps its closing position (first === last).
  if (raw.length >= 4 && first && last && (first[0] !== last[0] || first[1] !== last[1]))
    return { code: 'perimeters.feature_open_ring', params: { ring } };
  if (out.length < 4) return { code: 'perimeters.feature_short_ring', params: { ring, count: raw.length } };
  return out;
}

const isRefusal = (v: unknown): v is Refusal =>
  typeof v === 'object' && v !== null && 'code' in v && 'params' in v;

/**
 * A feature's geometry checked as a fire perimeter: (Multi)Polygon of closed rings of four or more
 * positions, no ring crossing itself, inside Canada's box, of a plausible area. Rings are cleaned of
 * repeated positions. Rings crossing each other (a hole outside its shell) are not checked.
 */
export function checkArea(raw: unknown): CheckedArea | Refusal {
  const polygons = polygonsOf(raw);
  if (isRefusal(polygons)) return polygons;
  const cleaned: Position[][][] = [];
  let ringNumber = 0;
  let vertices = 0;
  for (const rings of polygons) {
    const polygon: Position[][] = [];
    for (const ringRaw of rings as unknown[][]) {
      ringNumber++;
      vertices += ringRaw.length;
      if (vertices > MAX_PERIMETER_VERTICES)
        return {
          code: 'perimeters.feature_too_many_vertices',
          params: { count: countVertices(polygons), max: MAX_PERIMETER_VERTICES },
        };
      const ring = cleanRing(ringRaw, ringNumber);
      if (isRefusal(ring)) return ring;
      polygon.push(ring);
    }
    cleaned.push(polygon);
  }
  const bbox = boxOf(cleaned);
  const [west, south, east, north] = bbox;
  if (west < CANADA_BOX[0] || south < CANADA_BOX[1] || east > CANADA_BOX[2] || north > CANADA_BOX[3])
    return {
      code: 'perimeters.feature_outside_canada',
      params: { west: round(west, 3), south: round(south, 3), east: round(east, 3), north: round(north, 3) },
    };
  ringNumber = 0;
  for (const polygon of cleaned)
    for (const ring of polygon) {
      ringNumber++;
      const crossing = selfIntersection(ring);
      if (crossing)
        return {
          code: 'perimeters.feature_self_intersection',
          params: {
            ring: ringNumber,
            longitude: round(crossing[0] as number, 5),
            latitude: round(crossing[1] as number, 5),
          },
        };
    }
  const geometry: Area =
    cleaned.length === 1
      ? { type: 'Polygon', coordinates: cleaned[0] as Position[][] }
      : { type: 'MultiPolygon', coordinates: cleaned };
  const areaHa = ellipsoidArea(geometry) / 10_000;
  if (areaHa < MIN_PERIMETER_HA || areaHa > MAX_PERIMETER_HA)
    return {
      code: 'perimeters.feature_absurd_area',
      params: { area: round(areaHa, 2), min: MIN_PERIMETER_HA, max: MAX_PERIMETER_HA },
    };
  return { geometry, bbox, areaHa: round(areaHa, 2), vertices: countVertices(cleaned) };
}

const countVertices = (polygons: unknown[][]) =>
  polygons.reduce<number>(
    (n, rings) => n + rings.reduce<number>((m, r) => m + (r as unknown[]).length, 0),
    0,
  );

function boxOf(polygons: Position[][][]): Box {
  const box: Box = [180, 90, -180, -90];
  for (const polygon of polygons)
    for (const [x = 0, y = 0] of polygon[0] ?? []) {
      if (x < box[0]) box[0] = x;
      if (y < box[1]) box[1] = y;
      if (x > box[2]) box[2] = x;
      if (y > box[3]) box[3] = y;
    }
  return box;
}

/** Sign of the turn a → b → c: 1 left, -1 right, 0 collinear. */
function turn(a: Position, b: Position, c: Position): number {
  const v =
    ((b[0] as number) - (a[0] as number)) * ((c[1] as number) - (a[1] as number)) -
    ((b[1] as number) - (a[1] as number)) * ((c[0] as number) - (a[0] as number));
  return v > 0 ? 1 : v < 0 ? -1 : 0;
}

const within = (a: Position, b: Position, p: Position) =>
  Math.min(a[0] as number, b[0] as number) <= (p[0] as number) &&
  (p[0] as number) <= Math.max(a[0] as number, b[0] as number) &&
  Math.min(a[1] as number, b[1] as number) <= (p[1] as number) &&
  (p[1] as number) <= Math.max(a[1] as number, b[1] as number);

/** Whether segments ab and cd meet (touching counts). */
function meet(a: Position, b: Position, c: Position, d: Position): boolean {
  const t1 = turn(a, b, c);
  const t2 = turn(a, b, d);
  const t3 = turn(c, d, a);
  const t4 = turn(c, d, b);
  if (t1 !== t2 && t3 !== t4) return true;
  return (
    (t1 === 0 && within(a, b, c)) ||
    (t2 === 0 && within(a, b, d)) ||
    (t3 === 0 && within(c, d, a)) ||
    (t4 === 0 && within(c, d, b))
  );
}

/**
 * Where a closed ring crosses or touches itself, or undefined. A sweep over the segments ordered by
 * their west end compares only segments whose x ranges overlap: a 500-vertex perimeter costs a few
 * thousand tests, not the 125,000 of every pair. Neighbouring segments share a vertex and meet
 * there by construction; they count only when they fold back on each other (a spike).
 */
export function selfIntersection(ring: Position[]): Position | undefined {
  const n = ring.length - 1;
  const minX = (i: number) => Math.min(ring[i]?.[0] as number, ring[i + 1]?.[0] as number);
  const maxX = (i: number) => Math.max(ring[i]?.[0] as number, ring[i + 1]?.[0] as number);
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => minX(a) - minX(b));
  let active: number[] = [];
  for (const i of order) {
    const west = minX(i);
    active = active.filter((j) => maxX(j) >= west);
    const a = ring[i] as Position;
    const b = ring[i + 1] as Position;
    for (const j of active) {
      const c = ring[j] as Position;
      const d = ring[j + 1] as Position;
      const neighbours = Math.abs(i - j) === 1 || Math.abs(i - j) === n - 1;
      if (neighbours) {
        if (foldsBack(i, j, ring, n)) return i < j ? b : a;
        continue;
      }
      if (meet(a, b, c, d)) return crossingPoint(a, b, c, d);
    }
    active.push(i);
  }
  return undefined;
}

/** Two neighbouring segments fold back when they are collinear and the ring reverses between them. */
function foldsBack(i: number, j: number, ring: Position[], n: number): boolean {
  const [first, second] = (j === (i + 1) % n ? [i, j] : [j, i]) as [number, number];
  const a = ring[first] as Position;
  const b = ring[first + 1] as Position;
  const c = ring[second + 1] as Position;
  if (turn(a, b, c) !== 0) return false;
  const dot =
    ((b[0] as number) - (a[0] as number)) * ((c[0] as number) - (b[0] as number)) +
    ((b[1] as number) - (a[1] as number)) * ((c[1] as number) - (b[1] as number));
  return dot < 0;
}

function crossingPoint(a: Position, b: Position, c: Position, d: Position): Position {
  const [x1, y1] = a as [number, number];
  const [x2, y2] = b as [number, number];
  const [x3, y3] = c as [number, number];
  const [x4, y4] = d as [number, number];
  const den = (x1 - x2) * (y3 - y4) - (y1 - y2) * (x3 - x4);
  if (den === 0) return [x3, y3];
  const t = ((x1 - x3) * (y3 - y4) - (y1 - y3) * (x3 - x4)) / den;
  return [x1 + t * (x2 - x1), y1 + t * (y2 - y1)];
}

/** Douglas-Peucker on an open run of positions: the kept indices' flags. */
function douglasPeucker(points: Position[], tolerance: number): boolean[] {
  const keep = new Array<boolean>(points.length).fill(false);
  keep[0] = true;
  keep[points.length - 1] = true;
  const stack: [number, number][] = [[0, points.length - 1]];
  const sq = tolerance * tolerance;
  while (stack.length) {
    const [from, to] = stack.pop() as [number, number];
    let worst = -1;
    let worstDistance = sq;
    for (let i = from + 1; i < to; i++) {
      const d = segmentDistanceSq(points[i] as Position, points[from] as Position, points[to] as Position);
      if (d > worstDistance) {
        worst = i;
        worstDistance = d;
      }
    }
    if (worst > 0) {
      keep[worst] = true;
      stack.push([from, worst], [worst, to]);
    }
  }
  return keep;
}

function segmentDistanceSq(p: Position, a: Position, b: Position): number {
  const [px, py] = p as [number, number];
  const [ax, ay] = a as [number, number];
  const dx = (b[0] as number) - ax;
  const dy = (b[1] as number) - ay;
  const length = dx * dx + dy * dy;
  const t = length ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length)) : 0;
  const x = ax + t * dx - px;
  const y = ay + t * dy - py;
  return x * x + y * y;
}

/**
 * A ring simplified for a zoom: Douglas-Peucker in two halves (so the ring's far side is kept),
 * coordinates rounded to the band's digits, repeats removed. Undefined when the ring collapses below
 * four positions: at that zoom it is smaller than a pixel or two, and the fire's point shows it.
 */
function simplifyRing(ring: Position[], tolerance: number, digits: number): Position[] | undefined {
  const half = Math.floor(ring.length / 2);
  const first = ring.slice(0, half + 1);
  const second = ring.slice(half);
  const keepFirst = douglasPeucker(first, tolerance);
  const keepSecond = douglasPeucker(second, tolerance);
  const kept = [...first.filter((_, i) => keepFirst[i]), ...second.filter((_, i) => keepSecond[i]).slice(1)];
  const out: Position[] = [];
  for (const [x = 0, y = 0] of kept) {
    const p = [round(x, digits), round(y, digits)];
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  return out.length >= 4 ? out : undefined;
}

/** A perimeter simplified for a zoom band, or undefined when nothing of it is left to draw. */
export function simplifyArea(geometry: Area, tolerance: number, digits: number): Area | undefined {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const kept: Position[][][] = [];
  for (const [outer, ...holes] of polygons) {
    const shell = outer && simplifyRing(outer, tolerance, digits);
    if (!shell) continue;
    kept.push([
      shell,
      ...holes.flatMap((h) => {
        const ring = simplifyRing(h, tolerance, digits);
        return ring ? [ring] : [];
      }),
    ]);
  }
  if (!kept.length) return undefined;
  return kept.length === 1
    ? { type: 'Polygon', coordinates: kept[0] as Position[][] }
    : { type: 'MultiPolygon', coordinates: kept };
}

/**
 * A (Multi)Polygon in CRS84 rounded as published coordinates are (`roundCoordinate`, the OGC items'
 * rule), so the downloads and the import's "same polygon" test follow that one rule.
 */
export function publishedArea(geometry: Area): Area {
  const ring = (positions: Position[]) =>
    positions.map((p) => [roundCoordinate(p[0] as number, CRS84), roundCoordinate(p[1] as number, CRS84)]);
  if (geometry.type === 'Polygon') return { type: 'Polygon', coordinates: geometry.coordinates.map(ring) };
  return { type: 'MultiPolygon', coordinates: geometry.coordinates.map((polygon) => polygon.map(ring)) };
}
