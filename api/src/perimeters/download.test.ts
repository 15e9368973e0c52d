import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { bearer, clockAt, forEachEngine, type TestContext, tokenFor } from '../../test/context.ts';
import { bumpDataVersion } from '../db/versions.ts';
import { publishedGeometryOf } from './store.ts';

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

const run = promisify(execFile);

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

    // The capture imported above.
    it('speaks the language asked, with the licence, its attribution, Link rel=license and Content-Crs', async () => {
      const fr = await ctx().app.inject({
        method: 'GET',
        url: '/v1/perimeters/download?format=geojson&lang=fr',
      });
      expect(fr.statusCode).toBe(200);
      expect(fr.headers.link).toMatch(
        /^<https:\/\/ouvert\.canada\.ca\/fr\/licence-du-gouvernement-ouvert-canada>; rel="license"/,
      );
      expect(fr.headers['content-crs']).toBe('<http://www.opengis.net/def/crs/OGC/1.3/CRS84>');
      expect(fr.json()).toMatchObject({
        name: 'Périmètres des feux (CIFFC)',
        license: 'https://ouvert.canada.ca/fr/licence-du-gouvernement-ouvert-canada',
        metadata: { attribution: expect.stringMatching(/^Contient des informations/) },
      });
      expect(fr.json().features[0].properties).toMatchObject({ agency_code: 'ab', agency_name: 'Alberta' });
      const en = await ctx().app.inject({
        method: 'GET',
        url: '/v1/perimeters/download?format=kml',
        headers: { 'accept-language': 'en-CA' },
      });
      expect(en.headers.link).toMatch(/open-government-licence-canada>; rel="license"/);
      expect(en.body).toMatch(
        /<description>Contains information licensed under the Open Government Licence – Canada/,
      );
      const refused = await ctx().app.inject({ method: 'GET', url: '/v1/perimeters/download?lang=de' });
      expect(refused.statusCode).toBe(400);
    });

    it("sends each capture's stored published geometry: the OGC item's, and the column's text as stored", async () => {
      const { id } = (
        await ctx().app.inject({ method: 'GET', url: '/v1/ogc/collections/perimeters/items' })
      ).json().features[0] as { id: number };
      const item = await ctx().app.inject({
        method: 'GET',
        url: `/v1/ogc/collections/perimeters/items/${id}`,
      });
      const download = async (query: string) =>
        ctx().app.inject({ method: 'GET', url: `/v1/perimeters/download?${query}` });
      const geojson = (await download('format=geojson&lang=en')).json();
      expect(geojson.features[0].geometry).toEqual(item.json().geometry);

      // The column changed directly (a square 0.5° further east): every form of the download shows it,
      // so the downloads read the stored text rather than rounding the geometry again.
      const moved = {
        type: 'Polygon',
        coordinates: [
          RING.map(([lon, lat]) => [
            Number(((lon as number) + 0.5).toFixed(7)),
            Number((lat as number).toFixed(7)),
          ]),
        ],
      };
      await ctx()
        .app.db.kysely.updateTable('perimeters')
        .set({ published_geometry: JSON.stringify(moved) })
        .where('id', '=', id)
        .execute();
      // A new data version, so the cached files are built again.
      await bumpDataVersion(ctx().app.db.kysely, 'perimeters');
      const again = await download('format=geojson&lang=en');
      expect(again.body).toContain(`"geometry":${JSON.stringify(moved)}`);
      expect(kmlPositions((await download('format=kml&lang=en')).body)).toEqual(moved.coordinates[0]);

      // A capture whose column was never filled (stored before it): computed as it would be stored.
      await ctx()
        .app.db.kysely.updateTable('perimeters')
        .set({ published_geometry: null })
        .where('id', '=', id)
        .execute();
      await bumpDataVersion(ctx().app.db.kysely, 'perimeters');
      expect((await download('format=geojson&lang=en')).json().features[0].geometry).toEqual(
        item.json().geometry,
      );
      const [row] = await ctx()
        .app.db.kysely.selectFrom('perimeters')
        .select('geometry')
        .where('id', '=', id)
        .execute();
      await ctx()
        .app.db.kysely.updateTable('perimeters')
        .set({ published_geometry: publishedGeometryOf(row?.geometry ?? '') })
        .where('id', '=', id)
        .execute();
      await bumpDataVersion(ctx().app.db.kysely, 'perimeters');
    });

    it("compares a file's polygon with the capture's stored published geometry on import", async () => {
      const db = ctx().app.db.kysely;
      const [stored] = await db.selectFrom('perimeters').select(['id', 'published_geometry']).execute();
      // The same capture sent with the polygon moved 0.5° east: a new polygon, so replaced ...
      const file = JSON.parse(FILE);
      file.features[0].geometry.coordinates = [RING.map(([lon, lat]) => [(lon as number) + 0.5, lat])];
      const dry = () => importFile(ctx(), JSON.stringify(file), 'application/geo+json', '?dry_run=true');
      expect((await dry()).json()).toMatchObject({ replaced: 1, unchanged: 0 });
      // ... unless the stored published form is already that polygon's: then it is unchanged.
      const movedRing = RING.map(([lon, lat]) => [
        Number(((lon as number) + 0.5).toFixed(7)),
        Number((lat as number).toFixed(7)),
      ]);
      await db
        .updateTable('perimeters')
        .set({ published_geometry: JSON.stringify({ type: 'Polygon', coordinates: [movedRing] }) })
        .where('id', '=', stored?.id ?? 0)
        .execute();
      expect((await dry()).json()).toMatchObject({ replaced: 0, unchanged: 1 });
      await db
        .updateTable('perimeters')
        .set({ published_geometry: stored?.published_geometry ?? null })
        .where('id', '=', stored?.id ?? 0)
        .execute();
    });

    it('gives a GeoPackage that ogrinfo opens: a MultiPolygon layer in WGS 84 with the licence', async () => {
      const res = await ctx().app.inject({
        method: 'GET',
        url: '/v1/perimeters/download?format=gpkg&lang=fr',
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/geopackage+sqlite3');
      expect(res.headers['content-disposition']).toBe('attachment; filename="perimeters-current.gpkg"');
      expect(res.headers.link).toMatch(/rel="license"/);
      const dir = mkdtempSync(path.join(tmpdir(), 'ciffc-perimeters-gpkg-'));
      try {
        const file = path.join(dir, 'perimeters.gpkg');
        writeFileSync(file, res.rawPayload);
        const { stdout } = await run('ogrinfo', ['-ro', '-al', file], { timeout: 30_000 });
        expect(stdout).toMatch(/Geometry: Multi Polygon/);
        expect(stdout).toMatch(/Feature Count: 1/);
        expect(stdout).toMatch(/ID\["EPSG",4326\]/);
        expect(stdout).toMatch(/agency_name \(String\) = Alberta/);
        expect(stdout).toMatch(/agency_fire_id \(String\) = HWF077/);
        expect(stdout).toMatch(/LICENSE=https:\/\/ouvert\.canada\.ca/);
        expect(stdout).toMatch(/ATTRIBUTION=Contient des informations/);
        expect(stdout).toMatch(/MULTIPOLYGON \(\(\(-118\.1234568 57\.2123457,/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  },
  { now: clockAt('2026-07-20') },
);
