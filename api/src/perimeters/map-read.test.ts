import { PerimetersResponse, zoomBand } from '@ciffc/contracts';
import { expect, it } from 'vitest';
import { bearer, clockAt, forEachEngine, tokenFor } from '../../test/context.ts';
import type { Area } from './geometry.ts';
import { simplifyArea } from './geometry.ts';

/** A lobed ring of 400 vertices around (lon, lat): simplified differently at each band. */
function lobed(lon: number, lat: number, radius: number): number[][] {
  const ring = Array.from({ length: 400 }, (_, k) => {
    const a = (2 * Math.PI * k) / 400;
    const r = radius * (1 + 0.15 * Math.sin(3 * a) + 0.05 * Math.sin(11 * a));
    return [lon + (r * Math.cos(a)) / Math.cos((lat * Math.PI) / 180), lat + r * Math.sin(a)];
  });
  return [...ring, ring[0] as number[]];
}

const FILE = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    { ring: lobed(-118, 57, 0.1), id: 'HWF101' },
    // Under a pixel at the lowest band: left out there, drawn when zoomed in.
    { ring: lobed(-117, 57, 0.002), id: 'HWF102' },
  ].map((f) => ({
    type: 'Feature',
    properties: { agency: 'ab', fire_id: f.id, captured_at: '2026-07-14T12:00:00Z' },
    geometry: { type: 'Polygon', coordinates: [f.ring] },
  })),
});

forEachEngine(
  'GET /v1/perimeters from the stored shapes',
  (ctx) => {
    it('answers each zoom band with the shape stored for it when the capture was imported', async () => {
      const imported = await ctx().app.inject({
        method: 'POST',
        url: '/v1/perimeters/import',
        headers: { 'content-type': 'application/geo+json', ...bearer(await tokenFor(ctx(), 'ciffc')) },
        payload: FILE,
      });
      expect(imported.json()).toMatchObject({ inserted: 2 });
      const stored = await ctx()
        .app.db.kysely.selectFrom('perimeters')
        .select(['agency_fire_id', 'geometry', 'shape_z4', 'shape_z10'])
        .orderBy('id')
        .execute();
      expect(stored[0]?.shape_z4).not.toBeNull();
      expect(stored[1]?.shape_z4).toBeNull();
      for (const zoom of [3, 9]) {
        const band = zoomBand(zoom);
        const res = await ctx().app.inject({ method: 'GET', url: `/v1/perimeters?zoom=${zoom}` });
        const body = PerimetersResponse.parse(res.json());
        const expected = stored.flatMap((r) => {
          const shape = simplifyArea(JSON.parse(r.geometry) as Area, band.tolerance, band.digits);
          return shape ? [[r.agency_fire_id, shape]] : [];
        });
        expect(body.features.map((f) => [f.properties.agency_fire_id, f.geometry])).toEqual(expected);
        expect(body.features[0]?.properties).toMatchObject({ area_ha: expect.any(Number), captures: 1 });
      }
    });
  },
  { now: clockAt('2026-07-20') },
);
