import { expect, it } from 'vitest';
import { bearer, clockAt, forEachEngine, type TestContext, tokenFor } from '../../test/context.ts';

/** A ring with the fifteen decimals a GIS export writes: more than any source holds. */
const RING = [
  [-118.123456789012, 57.212345678901],
  [-118.023456789012, 57.212345678901],
  [-118.023456789012, 57.312345678901],
  [-118.123456789012, 57.312345678901],
  [-118.123456789012, 57.212345678901],
];

const FILE = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { agency: 'ab', fire_id: 'HWF077', captured_at: '2026-07-12T18:30:00Z' },
      geometry: { type: 'Polygon', coordinates: [RING] },
    },
  ],
});

const importFile = async (ctx: TestContext, body: string, contentType: string, query = '') =>
  ctx.app.inject({
    method: 'POST',
    url: `/v1/perimeters/import${query}`,
    headers: { 'content-type': contentType, ...bearer(await tokenFor(ctx, 'ciffc')) },
    payload: body,
  });

const kmlPositions = (kml: string) =>
  [...kml.matchAll(/<coordinates>([^<]*)<\/coordinates>/g)].flatMap((m) =>
    (m[1] ?? '')
      .trim()
      .split(/\s+/)
      .map((p) => p.split(',').map(Number)),
  );

forEachEngine(
  'GET /v1/perimeters/download',
  (ctx) => {
    it('rounds the coordinates as the OGC items do, in GeoJSON and KML, and a download imports back unchanged', async () => {
      expect((await importFile(ctx(), FILE, 'application/geo+json')).json()).toMatchObject({ inserted: 1 });
      const ogc = await ctx().app.inject({ method: 'GET', url: '/v1/ogc/collections/perimeters/items' });
      const ogcRing = ogc.json().features[0].geometry.coordinates[0];
      expect(ogcRing[0]).toEqual([-118.1234568, 57.2123457]);

      const geojson = await ctx().app.inject({
        method: 'GET',
        url: '/v1/perimeters/download?format=geojson',
      });
      expect(geojson.json().features[0].geometry.coordinates[0]).toEqual(ogcRing);
      expect(geojson.body).not.toContain('789012');

      const kml = await ctx().app.inject({ method: 'GET', url: '/v1/perimeters/download?format=kml' });
      expect(kmlPositions(kml.body)).toEqual(ogcRing);

      const back = await importFile(ctx(), kml.body, 'application/vnd.google-earth.kml+xml', '?dry_run=true');
      expect(back.json()).toMatchObject({ total_features: 1, unchanged: 1, replaced: 0, inserted: 0 });
    });
  },
  { now: clockAt('2026-07-20') },
);
