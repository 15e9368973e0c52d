import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { bearer, clockAt, forEachEngine, type TestContext, tokenFor } from '../../test/context.ts';
import { fire, square } from '../../test/fixtures.ts';
import { upsertFires } from '../fires/store.ts';

const feature = (properties: Record<string, unknown>, coordinates: number[][][]) => ({
  type: 'Feature',
  properties,
  geometry: { type: 'Polygon', coordinates },
});

/** BC's current perimeters layer, as its GeoJSON export names the properties. */
const BC_FILE = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    feature({ FIRE_NUMBER: 'K50123', FIRE_YEAR: 2026, FIRE_SIZE_HECTARES: 80.5, TRACK_DATE: '2026-07-10' }, [
      square(-120.4, 50.6, 0.01),
    ]),
    feature({ FIRE_NUMBER: 'K59999', TRACK_DATE: '20260710' }, [square(-121, 51, 0.02)]),
    feature({ FIRE_NUMBER: 'K50124', TRACK_DATE: '2026-07-10' }, [
      [
        [-120, 50],
        [-119.9, 50.1],
        [-119.9, 50],
        [-120, 50.1],
        [-120, 50],
      ],
    ]),
    feature({ FIRE_NUMBER: 'K50125', TRACK_DATE: '2026-07-10' }, [square(-120, 50, 0.1).slice(0, 4)]),
  ],
});

const KML_FILE = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document>
  <Placemark>
    <name>Chinchaga River</name>
    <ExtendedData>
      <Data name="agency"><value>ab</value></Data>
      <Data name="fire_id"><value>HWF031</value></Data>
      <Data name="captured_at"><value>2026-07-12T18:30:00Z</value></Data>
    </ExtendedData>
    <Polygon><outerBoundaryIs><LinearRing><coordinates>
      -118.5,57.2 -118.3,57.2 -118.3,57.3 -118.5,57.3 -118.5,57.2
    </coordinates></LinearRing></outerBoundaryIs></Polygon>
  </Placemark>
</Document></kml>`;

const dir = mkdtempSync(path.join(tmpdir(), 'ciffc-perimeters-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A zipped Shapefile made by GDAL from a GeoJSON file, projected to Canada Atlas Lambert
 * (EPSG:3978) so that the import must reproject it from its .prj. DBF names are cut at 10
 * characters (FIRE_NUMBE, FIRE_SIZE_), as in BC's own Shapefile downloads.
 */
function shapefileZip(): Buffer {
  const work = mkdtempSync(path.join(dir, 'shp-'));
  const source = path.join(work, 'bc.geojson');
  writeFileSync(
    source,
    JSON.stringify({
      type: 'FeatureCollection',
      features: [
        feature({ FIRE_NUMBER: 'K50123', FIRE_SIZE_HECTARES: 300, TRACK_DATE: '2026-07-14' }, [
          square(-120.41, 50.59, 0.03),
        ]),
      ],
    }),
  );
  const out = path.join(work, 'shp');
  execFileSync('ogr2ogr', ['-f', 'ESRI Shapefile', '-t_srs', 'EPSG:3978', out, source], { stdio: 'ignore' });
  const files = readdirSync(out);
  expect(files).toContain('bc.prj');
  execFileSync('zip', ['-j', '-q', path.join(work, 'bc.zip'), ...files.map((f) => path.join(out, f))]);
  return readFileSync(path.join(work, 'bc.zip'));
}

/**
 * A KMZ as Google Earth saves one: `doc.kml` with an image beside it in `files/`, and another KML
 * deeper in the zip that is not the document (a linked overlay).
 */
function kmzFile(): Buffer {
  const work = mkdtempSync(path.join(dir, 'kmz-'));
  const doc = KML_FILE.replace('HWF031', 'HWF032').replace('2026-07-12T18:30:00Z', '2026-07-13T06:00:00Z');
  writeFileSync(path.join(work, 'doc.kml'), doc);
  execFileSync('mkdir', ['-p', path.join(work, 'files')]);
  writeFileSync(path.join(work, 'files', 'legend.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
  writeFileSync(path.join(work, 'files', 'overlay.kml'), KML_FILE.replace('HWF031', 'NOT-THIS-ONE'));
  execFileSync('zip', ['-q', '-r', 'fire.kmz', 'doc.kml', 'files'], { cwd: work });
  return readFileSync(path.join(work, 'fire.kmz'));
}

const post = async (
  ctx: TestContext,
  payload: string | Buffer,
  contentType: string,
  user = 'ciffc',
  query = '',
) =>
  ctx.app.inject({
    method: 'POST',
    url: `/v1/perimeters/import${query}`,
    headers: { 'content-type': contentType, ...bearer(await tokenFor(ctx, user)) },
    payload,
  });

const stored = (ctx: TestContext) =>
  ctx.app.db.kysely
    .selectFrom('perimeters')
    .select([
      'agency_code',
      'agency_fire_id',
      'captured_at',
      'is_current',
      'area_ha',
      'agency_area_ha',
      'min_lon',
    ])
    .orderBy('id')
    .execute();

forEachEngine(
  'POST /v1/perimeters/import',
  (ctx) => {
    it('answers 401 without a token and is described in the OpenAPI document', async () => {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/v1/perimeters/import',
        headers: { 'content-type': 'application/geo+json' },
        payload: BC_FILE,
      });
      expect(res.statusCode).toBe(401);
      const doc = (await ctx().app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
      expect(doc.paths['/v1/perimeters/import'].post.security).toEqual([{ bearer: [] }]);
      expect(doc.paths['/v1/perimeters'].get).toBeDefined();
    });

    it('checks a BC GeoJSON file in a dry run: refused features with reasons, nothing written', async () => {
      await upsertFires(ctx().app.db.kysely, [
        fire({
          agency_code: 'bc',
          agency_fire_id: 'K50123',
          stage_of_control: 'OC',
          fire_size: 95,
          latitude: 50.6,
          longitude: -120.4,
        }),
      ]);
      const res = await post(ctx(), BC_FILE, 'application/geo+json', 'ciffc', '?dry_run=true');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        import_id: null,
        format: 'geojson',
        dry_run: true,
        total_features: 4,
        accepted_count: 2,
        refused_count: 2,
        inserted: 2,
        unmatched_count: 1,
      });
      expect(body.accepted[0]).toMatchObject({
        agency_code: 'bc',
        agency_fire_id: 'K50123',
        captured_at: '2026-07-10T00:00:00.000Z',
        agency_area_ha: 80.5,
        matched: true,
      });
      expect(body.unmatched.map((u: { agency_fire_id: string }) => u.agency_fire_id)).toEqual(['K59999']);
      expect(body.refused).toEqual([
        expect.objectContaining({
          feature: 3,
          code: 'perimeters.feature_self_intersection',
          agency_fire_id: 'K50124',
        }),
        expect.objectContaining({
          feature: 4,
          code: 'perimeters.feature_open_ring',
          reason: expect.stringContaining('not closed'),
        }),
      ]);
      expect(await stored(ctx())).toEqual([]);
    });

    it('imports it: matched and unmatched kept, the import in the history, the same file again unchanged', async () => {
      const res = await post(ctx(), BC_FILE, 'application/geo+json', 'ciffc', '?file_name=bc.geojson');
      const body = res.json();
      expect(body).toMatchObject({ dry_run: false, inserted: 2, unmatched_count: 1 });
      expect(body.import_id).toBeGreaterThan(0);
      expect((await stored(ctx())).map((r) => [r.agency_fire_id, r.is_current])).toEqual([
        ['K50123', 1],
        ['K59999', 1],
      ]);
      const again = (await post(ctx(), BC_FILE, 'application/geo+json')).json();
      expect(again).toMatchObject({ inserted: 0, unchanged: 2 });
      const history = await ctx().app.inject({
        method: 'GET',
        url: '/v1/perimeters/imports',
        headers: bearer(await tokenFor(ctx(), 'ciffc')),
      });
      expect(history.json().items[1]).toMatchObject({
        id: body.import_id,
        username: 'ciffc',
        format: 'geojson',
        file_name: 'bc.geojson',
        total_features: 4,
        inserted: 2,
        refused: 2,
        unmatched: 1,
      });
    });

    it('reads a zipped Shapefile in EPSG:3978 back into CRS84, a newer capture becoming current', async () => {
      const res = await post(ctx(), shapefileZip(), 'application/zip');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.refused).toEqual([]);
      expect(body).toMatchObject({ format: 'shapefile', inserted: 1, refused_count: 0 });
      expect(body.accepted[0]).toMatchObject({
        agency_fire_id: 'K50123',
        agency_area_ha: 300,
        matched: true,
      });
      // 0.03° by 0.03° at 50.6° N: about 2.12 km by 3.34 km.
      expect(body.accepted[0].area_ha).toBeGreaterThan(700);
      expect(body.accepted[0].area_ha).toBeLessThan(715);
      const k50123 = (await stored(ctx())).filter((r) => r.agency_fire_id === 'K50123');
      expect(k50123.map((r) => r.is_current)).toEqual([0, 1]);
      expect(k50123[1]?.min_lon).toBeCloseTo(-120.41, 6);
    });

    it('reads KML with its extended data', async () => {
      await upsertFires(ctx().app.db.kysely, [
        fire({ agency_fire_id: 'HWF031', latitude: 57.25, longitude: -118.4 }),
      ]);
      const body = (await post(ctx(), KML_FILE, 'application/vnd.google-earth.kml+xml')).json();
      expect(body).toMatchObject({ format: 'kml', inserted: 1, unmatched_count: 0 });
      expect(body.accepted[0]).toMatchObject({
        agency_code: 'ab',
        agency_fire_id: 'HWF031',
        captured_at: '2026-07-12T18:30:00.000Z',
        matched: true,
      });
    });

    it('reads a KMZ: the zipped doc.kml, not the other files beside it', async () => {
      await upsertFires(ctx().app.db.kysely, [
        fire({ agency_fire_id: 'HWF032', latitude: 57.25, longitude: -118.4 }),
      ]);
      const body = (await post(ctx(), kmzFile(), 'application/vnd.google-earth.kmz')).json();
      expect(body).toMatchObject({ format: 'kmz', total_features: 1, inserted: 1, refused_count: 0 });
      expect(body.accepted[0]).toMatchObject({
        agency_code: 'ab',
        agency_fire_id: 'HWF032',
        captured_at: '2026-07-13T06:00:00.000Z',
        matched: true,
      });
    });

    it("lets an agency user import only its own agency's perimeters, unnamed ones counted as its own", async () => {
      const file = JSON.stringify({
        type: 'FeatureCollection',
        features: [
          feature({ fire_id: 'HWF040', captured_at: '2026-07-15' }, [square(-115, 55, 0.02)]),
          feature({ FIRE_NUMBER: 'K50130', TRACK_DATE: '2026-07-15' }, [square(-121, 51, 0.02)]),
        ],
      });
      const body = (await post(ctx(), file, 'application/geo+json', 'ab')).json();
      expect(body.accepted).toEqual([
        expect.objectContaining({ agency_code: 'ab', agency_fire_id: 'HWF040' }),
      ]);
      expect(body.refused).toEqual([
        expect.objectContaining({
          code: 'perimeters.feature_foreign_agency',
          params: { agency: 'bc', own: 'ab' },
        }),
      ]);
    });

    it('maps the US interagency names, acres to hectares', async () => {
      const file = JSON.stringify({
        type: 'FeatureCollection',
        features: [
          feature(
            {
              agency: 'bc',
              attr_UniqueFireIdentifier: '2026-WAOWF-000123',
              poly_IncidentName: 'Boundary Creek',
              poly_DateCurrent: Date.UTC(2026, 6, 16, 4),
              poly_GISAcres: 1000,
            },
            [square(-118.9, 49.01, 0.02)],
          ),
        ],
      });
      const body = (await post(ctx(), file, 'application/geo+json')).json();
      expect(body.accepted[0]).toMatchObject({
        agency_fire_id: '2026-WAOWF-000123',
        captured_at: '2026-07-16T04:00:00.000Z',
        agency_area_ha: 404.69,
        matched: false,
      });
    });

    it("serves a fire's captures oldest first, and 404 for a fire without any", async () => {
      const res = await ctx().app.inject({ method: 'GET', url: '/v1/perimeters/fires/BC/K50123' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(
        body.items.map((i: { captured_at: string; current: boolean }) => [i.captured_at, i.current]),
      ).toEqual([
        ['2026-07-10T00:00:00.000Z', false],
        ['2026-07-14T00:00:00.000Z', true],
      ]);
      expect(body.items[1].geometry.type).toBe('Polygon');
      const none = await ctx().app.inject({ method: 'GET', url: '/v1/perimeters/fires/bc/NOPE' });
      expect(none.statusCode).toBe(404);
    });

    it('downloads every capture as KML that the import reads back unchanged, and GeoJSON that GDAL reads', async () => {
      const kml = await ctx().app.inject({
        method: 'GET',
        url: '/v1/perimeters/download?format=kml&captures=all',
      });
      expect(kml.headers['content-type']).toContain('application/vnd.google-earth.kml+xml');
      expect(kml.headers['content-disposition']).toContain('perimeters-all.kml');
      expect(kml.body).toContain('open-government-licence-canada');
      const total = (await stored(ctx())).length;
      const back = (
        await post(ctx(), kml.body, 'application/vnd.google-earth.kml+xml', 'ciffc', '?dry_run=true')
      ).json();
      expect(back).toMatchObject({
        format: 'kml',
        total_features: total,
        refused_count: 0,
        inserted: 0,
        replaced: 0,
      });
      const geojson = await ctx().app.inject({ method: 'GET', url: '/v1/perimeters/download' });
      const current = (await stored(ctx())).filter((r) => r.is_current === 1).length;
      expect(geojson.json().features).toHaveLength(current);
      const file = path.join(mkdtempSync(path.join(dir, 'dl-')), 'perimeters.geojson');
      writeFileSync(file, geojson.body);
      const info = execFileSync('ogrinfo', ['-ro', '-al', '-so', file], { encoding: 'utf8' });
      expect(info).toContain(`Feature Count: ${current}`);
      expect(info).toMatch(/Geometry: (Multi )?Polygon/);
    });

    it('refuses a file that is no perimeter file with a 400 and a code', async () => {
      const res = await post(ctx(), 'agency,fire_id\nbc,K1', 'application/octet-stream');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'perimeters.unreadable' });
      const xml = await post(ctx(), '<gpx></gpx>', 'application/xml');
      expect(xml.json()).toMatchObject({ statusCode: 400, code: 'perimeters.unreadable' });
    });
  },
  { now: clockAt('2026-07-20') },
);
