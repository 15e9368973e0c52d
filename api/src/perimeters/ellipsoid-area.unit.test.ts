import { describe, expect, it } from 'vitest';
import { ellipsoidArea } from './ellipsoid-area.ts';

/** Closed square ring of `size` degrees with its south-west corner at (lon, lat). */
const square = (lon: number, lat: number, size: number) => [
  [lon, lat],
  [lon + size, lat],
  [lon + size, lat + size],
  [lon, lat + size],
  [lon, lat],
];

describe('areas on the WGS 84 ellipsoid', () => {
  it('gives a one-degree cell at the equator its ellipsoidal area, not a sphere’s', () => {
    // GeographicLib's Planimeter on WGS 84: 12,308,778,361.47 m² for the cell (0..1, 0..1).
    const area = ellipsoidArea({ type: 'Polygon', coordinates: [square(0, 0, 1)] });
    expect(area).toBeCloseTo(12_308_778_361.47, 0);
  });

  it('gives a fire-sized square in British Columbia the area GDAL measures on the ellipsoid', () => {
    // GDAL 3.6 here: ogrinfo -dialect SQLite -sql "SELECT ST_Area(geometry, 1) FROM sq" sq.geojson
    // answers 78,840,544.28 m² (ellipsoidal) for this square: 7,884.054 ha, to the hundredth.
    const ha = ellipsoidArea({ type: 'Polygon', coordinates: [square(-120.5, 50.5, 0.1)] }) / 10_000;
    expect(ha).toBeCloseTo(7_884.054, 2);
  });

  it('takes the holes out and adds the parts of a multipolygon', () => {
    const outer = square(-120.5, 50.5, 0.1);
    const hole = square(-120.47, 50.53, 0.02).reverse();
    const withHole = ellipsoidArea({ type: 'Polygon', coordinates: [outer, hole] });
    const whole = ellipsoidArea({ type: 'Polygon', coordinates: [outer] });
    const holeArea = ellipsoidArea({ type: 'Polygon', coordinates: [hole] });
    expect(withHole).toBeCloseTo(whole - holeArea, 3);
    const two = ellipsoidArea({ type: 'MultiPolygon', coordinates: [[outer], [square(-110, 55, 0.1)]] });
    expect(two).toBeCloseTo(
      whole + ellipsoidArea({ type: 'Polygon', coordinates: [square(-110, 55, 0.1)] }),
      3,
    );
  });
});
