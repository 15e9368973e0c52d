import { describe, expect, it } from 'vitest';
import { square } from '../../test/fixtures.ts';
import { checkArea, selfIntersection, simplifyArea } from './geometry.ts';

/** A ring of `n` vertices around (lon, lat), about `radius` degrees, closed. */
const circle = (lon: number, lat: number, radius: number, n: number) => {
  const ring = Array.from({ length: n }, (_, i) => {
    const a = (2 * Math.PI * i) / n;
    return [lon + radius * Math.cos(a) * (1 + 0.1 * Math.sin(7 * a)), lat + radius * Math.sin(a)];
  });
  return [...ring, ring[0] as number[]];
};

describe('perimeter geometry', () => {
  it('accepts a square near Kamloops with its box and geodesic area', () => {
    const checked = checkArea({ type: 'Polygon', coordinates: [square(-120.4, 50.6, 0.01)] });
    if ('code' in checked) throw new Error(checked.code);
    expect(checked.bbox).toEqual([-120.4, 50.6, -120.39, 50.61]);
    // 0.01° of longitude at 50.6° N is about 707 m, of latitude about 1,113 m: about 78.7 ha.
    expect(checked.areaHa).toBeGreaterThan(77);
    expect(checked.areaHa).toBeLessThan(80);
    expect(checked.vertices).toBe(5);
  });

  it("reads KML's MultiGeometry of polygons (a GeometryCollection) as a multipolygon, refuses one with a point", () => {
    const two = checkArea({
      type: 'GeometryCollection',
      geometries: [
        { type: 'Polygon', coordinates: [square(-120.4, 50.6, 0.01)] },
        { type: 'Polygon', coordinates: [square(-120.3, 50.6, 0.01)] },
      ],
    } as never);
    if ('code' in two) throw new Error(two.code);
    expect(two.geometry.type).toBe('MultiPolygon');
    expect(two.vertices).toBe(10);
    expect(
      checkArea({
        type: 'GeometryCollection',
        geometries: [
          { type: 'Polygon', coordinates: [square(-120.4, 50.6, 0.01)] },
          { type: 'Point', coordinates: [-120.4, 50.6] },
        ],
      } as never),
    ).toMatchObject({ code: 'perimeters.feature_not_polygon', params: { type: 'GeometryCollection' } });
  });

  it('refuses an open ring, a short ring, a bow tie, a point, a polygon in Mexico and an absurd area', () => {
    const open = square(-120, 50, 0.1)
      .slice(0, 4)
      .concat([[-120.05, 50.05]]);
    expect(checkArea({ type: 'Polygon', coordinates: [open] })).toMatchObject({
      code: 'perimeters.feature_open_ring',
      params: { ring: 1 },
    });
    expect(
      checkArea({
        type: 'Polygon',
        coordinates: [
          [
            [-120, 50],
            [-119, 50],
            [-120, 50],
          ],
        ],
      }),
    ).toMatchObject({
      code: 'perimeters.feature_short_ring',
    });
    const bowTie = [
      [-120, 50],
      [-119, 51],
      [-119, 50],
      [-120, 51],
      [-120, 50],
    ];
    expect(checkArea({ type: 'Polygon', coordinates: [bowTie] })).toMatchObject({
      code: 'perimeters.feature_self_intersection',
      params: { ring: 1, longitude: -119.5, latitude: 50.5 },
    });
    expect(checkArea({ type: 'Point', coordinates: [-120, 50] })).toMatchObject({
      code: 'perimeters.feature_not_polygon',
      params: { type: 'Point' },
    });
    expect(checkArea({ type: 'Polygon', coordinates: [square(-100, 20, 0.1)] })).toMatchObject({
      code: 'perimeters.feature_outside_canada',
    });
    expect(checkArea({ type: 'Polygon', coordinates: [square(-120, 50, 5)] })).toMatchObject({
      code: 'perimeters.feature_absurd_area',
    });
  });

  it('finds a spike that folds back on itself, and no crossing in a long smooth ring', () => {
    expect(
      selfIntersection([
        [0, 0],
        [2, 0],
        [1, 0],
        [1, 1],
        [0, 0],
      ]),
    ).toBeDefined();
    expect(selfIntersection(circle(-120, 55, 0.2, 2_000))).toBeUndefined();
  });

  it('simplifies a 2,000-vertex ring per zoom band and drops one too small to draw', () => {
    const ring = circle(-120, 55, 0.2, 2_000);
    const coarse = simplifyArea({ type: 'Polygon', coordinates: [ring] }, 0.02, 2);
    const fine = simplifyArea({ type: 'Polygon', coordinates: [ring] }, 0.0002, 4);
    const count = (g: typeof coarse) => (g?.type === 'Polygon' ? (g.coordinates[0]?.length ?? 0) : 0);
    expect(count(coarse)).toBeGreaterThanOrEqual(4);
    expect(count(coarse)).toBeLessThan(count(fine));
    expect(count(fine)).toBeLessThan(2_001);
    expect(
      simplifyArea({ type: 'Polygon', coordinates: [square(-120, 55, 0.001)] }, 0.02, 2),
    ).toBeUndefined();
  });
});
