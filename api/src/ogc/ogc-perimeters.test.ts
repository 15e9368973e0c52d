import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, expect, it } from 'vitest';
import { expectCachedPublicGet } from '../../test/caching.ts';
import { forEachEngine, type TestContext } from '../../test/context.ts';
import { fire } from '../../test/fixtures.ts';
import { bumpDataVersion } from '../db/versions.ts';
import { upsertFires } from '../fires/store.ts';
import {
  insertPerimeters,
  markCurrent,
  type NewPerimeter,
  publishedGeometryOf,
} from '../perimeters/store.ts';
import { project } from './crs.ts';

const run = promisify(execFile);
const LAMBERT = 'http://www.opengis.net/def/crs/EPSG/0/3978';

/** A square of `size` degrees with its south-west corner at lon, lat (a MultiPolygon of two when `twice`). */
function capture(
  fireKey: { agency: string; id: string } | null,
  captured_at: string,
  [lon, lat]: [number, number],
  options: { size?: number; area_ha?: number; twice?: boolean } = {},
): NewPerimeter {
  const size = options.size ?? 0.1;
  const square = (x: number) => [
    [
      [x, lat],
      [x + size, lat],
      [x + size, lat + size],
      [x, lat + size],
      [x, lat],
    ],
  ];
  const geometry = options.twice
    ? { type: 'MultiPolygon', coordinates: [square(lon), square(lon + 2 * size)] }
    : { type: 'Polygon', coordinates: square(lon) };
  return {
    import_id: null,
    source: 'api',
    agency_code: fireKey?.agency ?? null,
    agency_fire_id: fireKey?.id ?? null,
    fire_name: null,
    captured_at,
    area_ha: options.area_ha ?? 500,
    agency_area_ha: null,
    vertex_count: options.twice ? 10 : 5,
    geometry: JSON.stringify(geometry),
    min_lon: lon,
    min_lat: lat,
    max_lon: lon + (options.twice ? 3 : 1) * size,
    max_lat: lat + size,
    created_at: '2026-07-20T12:00:00.000Z',
  };
}

const HWF = { agency: 'ab', id: 'HWF001' };
const K1 = { agency: 'bc', id: 'K1' };
/**
 * Four captures: HWF001 near Slave Lake twice (18 July; 20 July, current), K1 near
 * Kamloops as two parts (19 July), and one of no named fire east of Edmonton (19 July).
 */
const CAPTURES = [
  capture(HWF, '2026-07-18T20:00:00.000Z', [-115.3, 55], { area_ha: 400.25 }),
  capture(HWF, '2026-07-20T18:30:00.000Z', [-115.3, 55], { size: 0.15, area_ha: 900.5 }),
  capture(K1, '2026-07-19T23:59:00.000Z', [-120.4, 50.6], { twice: true, area_ha: 2500.75 }),
  capture(null, '2026-07-19T10:00:00.000Z', [-110.2, 53.5], { area_ha: 120.1 }),
];

const get = (ctx: TestContext, url: string) => ctx.app.inject({ method: 'GET', url });
const items = async (ctx: TestContext, query: string) => {
  const res = await get(ctx, `/v1/ogc/collections/perimeters/items?${query}`);
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return res.json() as {
    numberMatched: number;
    numberReturned: number;
    features: {
      id: number;
      geometry: { type: string; coordinates: unknown };
      properties: Record<string, unknown>;
    }[];
    links: { rel: string; href: string }[];
  };
};
const fireIds = (page: Awaited<ReturnType<typeof items>>) =>
  page.features.map((f) => `${f.properties.agency_fire_id}@${String(f.properties.captured_at).slice(0, 10)}`);

forEachEngine('OGC API – Features: the perimeters collection', (ctx) => {
  beforeAll(async () => {
    const db = ctx().app.db.kysely;
    await upsertFires(db, [
      fire({ agency_fire_id: 'HWF001' }),
      fire({ agency_code: 'bc', agency_fire_id: 'K1' }),
    ]);
    await insertPerimeters(db, CAPTURES);
    await markCurrent(db, [
      { agency_code: 'ab', agency_fire_id: 'HWF001' },
      { agency_code: 'bc', agency_fire_id: 'K1' },
    ]);
  });

  it('is listed beside the fires with its polygon geometry, queryables and licence', async () => {
    const collections = (await get(ctx(), '/v1/ogc/collections')).json();
    expect(collections.collections.map((c: { id: string }) => c.id)).toEqual(['fires', 'perimeters']);
    const perimeters = (await get(ctx(), '/v1/ogc/collections/perimeters')).json();
    expect(perimeters.crs).toContain(LAMBERT);
    expect(perimeters.links.map((l: { rel: string }) => l.rel)).toEqual(
      expect.arrayContaining([
        'self',
        'items',
        'license',
        'http://www.opengis.net/def/rel/ogc/1.0/queryables',
      ]),
    );
    const queryables = await get(ctx(), '/v1/ogc/collections/perimeters/queryables');
    expect(queryables.headers['content-type']).toMatch(/^application\/schema\+json/);
    const { properties } = queryables.json();
    expect(Object.keys(properties)).toEqual([
      'geometry',
      'agency_code',
      'agency_fire_id',
      'area_ha',
      'current',
    ]);
    expect(properties.geometry.format).toBe('geometry-polygon-or-multipolygon');
    expect(properties.current.type).toBe('boolean');
  });

  it("serves each fire's current capture by default, and every capture with captures=all", async () => {
    const current = await items(ctx(), '');
    expect(fireIds(current)).toEqual(['HWF001@2026-07-20', 'K1@2026-07-19', 'null@2026-07-19']);
    expect(current.features.every((f) => f.properties.current === true)).toBe(true);
    expect(current.features[0]).toMatchObject({
      type: 'Feature',
      geometry: { type: 'Polygon' },
      properties: { agency_code: 'ab', area_ha: 900.5, source: 'api' },
    });
    expect(current.features[1]?.geometry.type).toBe('MultiPolygon');
    const all = await items(ctx(), 'captures=all');
    expect(all.numberMatched).toBe(4);
    expect(fireIds(await items(ctx(), 'captures=all&current=false'))).toEqual(['HWF001@2026-07-18']);
    expect(fireIds(await items(ctx(), 'captures=all&agency_fire_id=HWF001'))).toEqual([
      'HWF001@2026-07-18',
      'HWF001@2026-07-20',
    ]);
    expect(fireIds(await items(ctx(), 'agency_code=BC'))).toEqual(['K1@2026-07-19']);
  });

  it('filters by the box of each capture, in degrees or in a projected bbox-crs', async () => {
    expect(fireIds(await items(ctx(), 'bbox=-116,54.5,-115,55.5&captures=all'))).toEqual([
      'HWF001@2026-07-18',
      'HWF001@2026-07-20',
    ]);
    // The box meets only K1's second part (from -120.2): it is matched on its whole box.
    expect(fireIds(await items(ctx(), 'bbox=-120.15,50.6,-120.1,50.7'))).toEqual(['K1@2026-07-19']);
    expect((await items(ctx(), 'bbox=-100,45,-99,46')).numberMatched).toBe(0);
    // 20 km around Kamloops, in Canada Atlas Lambert metres.
    const [x, y] = project(LAMBERT, -120.35, 50.65);
    const lambert = await items(
      ctx(),
      `bbox=${x - 20_000},${y - 20_000},${x + 20_000},${y + 20_000}&bbox-crs=EPSG:3978`,
    );
    expect(fireIds(lambert)).toEqual(['K1@2026-07-19']);
  });

  it('filters by the capture date with datetime, whole days in UTC', async () => {
    expect(fireIds(await items(ctx(), 'datetime=2026-07-19&captures=all'))).toEqual([
      'K1@2026-07-19',
      'null@2026-07-19',
    ]);
    expect(fireIds(await items(ctx(), 'datetime=../2026-07-18&captures=all'))).toEqual(['HWF001@2026-07-18']);
    expect(fireIds(await items(ctx(), 'datetime=2026-07-20T00:00:00Z/..'))).toEqual(['HWF001@2026-07-20']);
  });

  it('evaluates CQL2 on the queryables, current as a boolean, and S_INTERSECTS on the boxes', async () => {
    const filter = (text: string) => `captures=all&filter=${encodeURIComponent(text)}`;
    expect(fireIds(await items(ctx(), filter("agency_code = 'ab' AND current = false")))).toEqual([
      'HWF001@2026-07-18',
    ]);
    expect(fireIds(await items(ctx(), filter('area_ha >= 900 OR agency_fire_id IS NULL')))).toEqual([
      'HWF001@2026-07-20',
      'K1@2026-07-19',
      'null@2026-07-19',
    ]);
    expect(fireIds(await items(ctx(), filter('S_INTERSECTS(geometry, BBOX(-111,53,-110,54))')))).toEqual([
      'null@2026-07-19',
    ]);
    const bad = await get(ctx(), `/v1/ogc/collections/perimeters/items?${filter("current = 'yes'")}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'ogc.filter_invalid' });
    expect(bad.json().message).toMatch(/current is a boolean/);
  });

  it('refuses unknown parameters and bad values with 400', async () => {
    for (const query of [
      'season=2026',
      'stage_of_control=OC',
      'captures=some',
      'current=maybe',
      'crs=EPSG:2056',
    ]) {
      const res = await get(ctx(), `/v1/ogc/collections/perimeters/items?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('projects every vertex with crs and says so in Content-Crs', async () => {
    const res = await get(ctx(), `/v1/ogc/collections/perimeters/items?agency_code=ab&crs=${LAMBERT}`);
    expect(res.headers['content-crs']).toBe(`<${LAMBERT}>`);
    const ring = res.json().features[0].geometry.coordinates[0] as number[][];
    expect(ring[0]).toEqual(project(LAMBERT, -115.3, 55));
    expect(ring[2]).toEqual(project(LAMBERT, -115.15, 55.15));
  });

  it('pages with next and prev links that keep captures, and serves one capture by its id', async () => {
    const first = await items(ctx(), 'captures=all&limit=3');
    expect(first.numberReturned).toBe(3);
    const next = first.links.find((l) => l.rel === 'next')?.href as string;
    expect(next).toMatch(/captures=all/);
    const second = await items(ctx(), new URL(next).search.slice(1));
    expect(second.numberReturned).toBe(1);
    expect(second.links.some((l) => l.rel === 'next')).toBe(false);
    const ids = [...first.features, ...second.features].map((f) => f.id);
    expect(new Set(ids).size).toBe(4);
    const one = await get(ctx(), `/v1/ogc/collections/perimeters/items/${ids[0]}`);
    expect(one.headers['content-type']).toMatch(/^application\/geo\+json/);
    expect(one.json()).toMatchObject({
      id: ids[0],
      properties: { agency_fire_id: 'HWF001', current: false },
    });
    for (const missing of ['999999', 'ab-HWF001'])
      expect((await get(ctx(), `/v1/ogc/collections/perimeters/items/${missing}`)).statusCode).toBe(404);
  });

  it('sends the geometry stored as published with each capture, not the polygon serialised again', async () => {
    const db = ctx().app.db.kysely;
    const stored = await db
      .selectFrom('perimeters')
      .select(['id', 'geometry', 'published_geometry'])
      .where('agency_fire_id', '=', 'K1')
      .executeTakeFirstOrThrow();
    // Computed when the capture was stored: the rounded CRS84 polygon, as one capture answers it.
    expect(stored.published_geometry).toBe(publishedGeometryOf(stored.geometry));
    const one = (await get(ctx(), `/v1/ogc/collections/perimeters/items/${stored.id}`)).json();
    expect(JSON.parse(stored.published_geometry ?? '')).toEqual(one.geometry);
    const page = async () => {
      await bumpDataVersion(db, 'perimeters');
      const all = await items(ctx(), 'agency_code=bc');
      return all.features.find((f) => f.id === stored.id)?.geometry;
    };
    expect(await page()).toEqual(one.geometry);
    // The page joins the stored text as it is: what the column holds is what GIS clients get.
    const moved = {
      type: 'Polygon',
      coordinates: [
        [
          [-120, 50],
          [-119, 50],
          [-119, 51],
          [-120, 50],
        ],
      ],
    };
    await db
      .updateTable('perimeters')
      .set({ published_geometry: JSON.stringify(moved) })
      .where('id', '=', stored.id)
      .execute();
    expect(await page()).toEqual(moved);
    // A capture stored before the column (until the migration fills it) is rounded on the way out.
    await db
      .updateTable('perimeters')
      .set({ published_geometry: null })
      .where('id', '=', stored.id)
      .execute();
    expect(await page()).toEqual(one.geometry);
    await db
      .updateTable('perimeters')
      .set({ published_geometry: stored.published_geometry })
      .where('id', '=', stored.id)
      .execute();
    await bumpDataVersion(db, 'perimeters');
  });

  it('is cached like every public read, with a new ETag once the perimeters change', async () => {
    const url = '/v1/ogc/collections/perimeters/items?captures=all&limit=2';
    await expectCachedPublicGet(ctx().app, url);
    const before = (await get(ctx(), url)).headers.etag;
    await bumpDataVersion(ctx().app.db.kysely, 'perimeters');
    expect((await get(ctx(), url)).headers.etag).not.toBe(before);
  });

  it('is read by GDAL: ogrinfo lists the layer and ogr2ogr writes its polygons', async () => {
    const app = ctx().app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const source = `OAPIF:http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/v1/ogc`;
    const { stdout: summary } = await run('ogrinfo', ['-ro', '-so', source, 'perimeters'], {
      timeout: 30_000,
    });
    expect(summary).toMatch(/Layer name: perimeters/);
    expect(summary).toMatch(/Feature Count: 3/);
    expect(summary).toMatch(/area_ha: Real/);
    const dir = mkdtempSync(path.join(tmpdir(), 'ciffc-ogr-perimeters-'));
    try {
      const out = path.join(dir, 'perimeters.gpkg');
      await run(
        'ogr2ogr',
        ['-f', 'GPKG', out, source, 'perimeters', '-nlt', 'PROMOTE_TO_MULTI', '-where', "agency_code = 'bc'"],
        { timeout: 60_000 },
      );
      const { stdout } = await run('ogrinfo', ['-ro', '-al', '-q', out], { timeout: 30_000 });
      expect((stdout.match(/^OGRFeature\(perimeters\):/gm) ?? []).length).toBe(1);
      expect(stdout).toMatch(/agency_fire_id \(String\) = K1/);
      expect(stdout).toMatch(/MULTIPOLYGON \(\(\(-120\.4 50\.6,-120\.3 50\.6/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
