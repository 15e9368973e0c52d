import geographiclib from 'geographiclib-geodesic';
import type { MultiPolygon, Polygon, Position } from 'geojson';

// A CommonJS (UMD) package: Node gives its exports as the default import only.
const WGS84 = geographiclib.Geodesic.WGS84;

/** The area of one ring on the WGS 84 ellipsoid, m², edges as geodesics; its sign ignored. */
function ringArea(ring: readonly Position[]): number {
  const polygon = WGS84.Polygon(false);
  // GeoJSON closes a ring by repeating its first position: the polygon closes itself.
  const open = ring.length > 1 && ring[0]?.[0] === ring.at(-1)?.[0] && ring[0]?.[1] === ring.at(-1)?.[1];
  for (const [lon = 0, lat = 0] of open ? ring.slice(0, -1) : ring) polygon.AddPoint(lat, lon);
  return Math.abs(polygon.Compute(false, true).area ?? 0);
}

const polygonArea = (rings: readonly Position[][]) =>
  rings.reduce((sum, ring, i) => (i === 0 ? sum + ringArea(ring) : sum - ringArea(ring)), 0);

/**
 * The area of a polygon or multipolygon on the WGS 84 ellipsoid, in m² (GeographicLib, Karney
 * 2013): the area GDAL's and QGIS's ellipsoidal measures give; a sphere's (turf) was 0.3-0.5 %
 * below it at Canada's latitudes (docs/perimeters.md).
 */
export function ellipsoidArea(geometry: Polygon | MultiPolygon): number {
  if (geometry.type === 'Polygon') return polygonArea(geometry.coordinates);
  return geometry.coordinates.reduce((sum, rings) => sum + polygonArea(rings), 0);
}
