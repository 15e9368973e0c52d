import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { beforeAll, expect, it, vi } from 'vitest';
import { expectCachedPublicGet } from '../../../test/caching.ts';
import { bearer, forEachEngine, type TestContext, tokenFor } from '../../../test/context.ts';
import { fire } from '../../../test/fixtures.ts';
import { bumpDataVersion } from '../../db/versions.ts';
import { upsertFires } from '../../fires/store.ts';
import { importPerimeterFeed } from '../../perimeters/service.ts';
import { insertPerimeters, markCurrent, type NewPerimeter } from '../../perimeters/store.ts';
import { tileMatrixSetLimits } from './matrix.ts';
import { tileWarmRunning, WARM_MATRICES } from './warm.ts';

const MVT = 'application/vnd.mapbox-vector-tile';
const TILES = 'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf';

/** A square of `size` degrees with its south-west corner at lon, lat, as the store keeps it. */
function capture(
  fireKey: { agency: string; id: string } | null,
  captured_at: string,
  [lon, lat]: [number, number],
  { size = 0.1, area_ha = 500 }: { size?: number; area_ha?: number } = {},
): NewPerimeter {
  const ring = [
    [lon, lat],
    [lon + size, lat],
    [lon + size, lat + size],
    [lon, lat + size],
    [lon, lat],
  ];
  return {
    import_id: null,
    source: 'api',
    agency_code: fireKey?.agency ?? null,
    agency_fire_id: fireKey?.id ?? null,
    fire_name: fireKey ? `Fire ${fireKey.id}` : null,
    captured_at,
    area_ha,
    agency_area_ha: null,
    vertex_count: 5,
    geometry: JSON.stringify({ type: 'Polygon', coordinates: [ring] }),
    min_lon: lon,
    min_lat: lat,
    max_lon: lon + size,
    max_lat: lat + size,
    created_at: '2026-07-20T12:00:00.000Z',
  };
}

const HWF = { agency: 'ab', id: 'HWF001' };
const K1 = { agency: 'bc', id: 'K1' };

/** The WebMercatorQuad tile holding a point, by the usual slippy-map formula (not the API's code). */
function tileOf(lon: number, lat: number, z: number) {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return {
    z,
    x: Math.floor(((lon + 180) / 360) * n),
    y: Math.floor(((1 - Math.asinh(Math.tan(rad)) / Math.PI) / 2) * n),
  };
}

/** A file of one square perimeter, as an agency sends it. */
const squareFile = (properties: Record<string, string>, [west, south, east, north]: number[]) => ({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties,
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [west, south],
            [east, south],
            [east, north],
            [west, north],
            [west, south],
          ],
        ],
      },
    },
  ],
});

const get = (ctx: TestContext, url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

const tileUrl = (collection: string, { z, x, y }: { z: number; x: number; y: number }) =>
  `/v1/ogc/collections/${collection}/tiles/WebMercatorQuad/${z}/${y}/${x}`;

/** The tile's one layer, decoded as a client decodes it, with each feature in degrees. */
async function readTile(ctx: TestContext, collection: string, at: { z: number; x: number; y: number }) {
  const res = await get(ctx, tileUrl(collection, at));
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe(MVT);
  // Other sites' maps read the tiles too (open data: CORS on public reads).
  expect(res.headers['access-control-allow-origin']).toBe('*');
  const tile = new VectorTile(new PbfReader(res.rawPayload));
  expect(Object.keys(tile.layers)).toEqual([collection]);
  const layer = tile.layers[collection];
  if (!layer) throw new Error('no layer');
  return Array.from({ length: layer.length }, (_, i) => layer.feature(i).toGeoJSON(at.x, at.y, at.z));
}

forEachEngine('OGC API – Tiles: the fires and perimeters as vector tiles', (ctx) => {
  beforeAll(async () => {
    const db = ctx().app.db.kysely;
    await upsertFires(db, [
      fire({ agency_fire_id: 'HWF001', stage_of_control: 'OC', response_type: 'MON', fire_size: 880 }),
      fire({ agency_code: 'bc', agency_fire_id: 'K1', latitude: 50.65, longitude: -120.35 }),
    ]);
    await insertPerimeters(db, [
      capture(HWF, '2026-07-18T20:00:00.000Z', [-115.3, 55], { area_ha: 400.25 }),
      capture(HWF, '2026-07-20T18:30:00.000Z', [-115.3, 55], { size: 0.15, area_ha: 900.5 }),
      capture(K1, '2026-07-19T23:59:00.000Z', [-120.4, 50.6], { area_ha: 2500.75 }),
    ]);
    await markCurrent(db, [
      { agency_code: 'ab', agency_fire_id: 'HWF001' },
      { agency_code: 'bc', agency_fire_id: 'K1' },
    ]);
  });

  it('declares the Tiles classes and links each collection to its tilesets', async () => {
    const conformance = (await get(ctx(), '/v1/ogc/conformance')).json().conformsTo as string[];
    for (const cls of ['core', 'tileset', 'tilesets-list', 'geodata-tilesets', 'mvt'])
      expect(conformance).toContain(`${TILES}/${cls}`);
    for (const id of ['fires', 'perimeters']) {
      const collection = (await get(ctx(), `/v1/ogc/collections/${id}`)).json();
      const link = collection.links.find(
        (l: { rel: string }) => l.rel === 'http://www.opengis.net/def/rel/ogc/1.0/tilesets-vector',
      );
      expect(link.href).toBe(`http://localhost:80/v1/ogc/collections/${id}/tiles`);
    }
    const landing = (await get(ctx(), '/v1/ogc')).json();
    expect(landing.links.map((l: { rel: string }) => l.rel)).toContain(
      'http://www.opengis.net/def/rel/ogc/1.0/tiling-schemes',
    );
  });

  it('lists one WebMercatorQuad tileset and describes it: limits over Canada, the layer, the tile template', async () => {
    const list = (await get(ctx(), '/v1/ogc/collections/perimeters/tiles')).json();
    expect(list.tilesets).toHaveLength(1);
    expect(list.tilesets[0]).toMatchObject({
      dataType: 'vector',
      tileMatrixSetURI: 'http://www.opengis.net/def/tilematrixset/OGC/1.0/WebMercatorQuad',
    });
    const self = list.tilesets[0].links.find((l: { rel: string }) => l.rel === 'self').href as string;
    const set = (await get(ctx(), new URL(self).pathname)).json();
    expect(set.crs).toBe('http://www.opengis.net/def/crs/EPSG/0/3857');
    expect(set.layers).toEqual([
      expect.objectContaining({ id: 'perimeters', geometryDimension: 2, maxTileMatrix: '16' }),
    ]);
    expect(Object.keys(set.layers[0].propertiesSchema.properties)).toEqual(
      expect.arrayContaining(['id', 'agency_fire_id', 'area_ha', 'stage_of_control', 'captures']),
    );
    const item = set.links.find((l: { rel: string }) => l.rel === 'item');
    expect(item).toMatchObject({ type: MVT, templated: true });
    expect(item.href).toMatch(
      /\/perimeters\/tiles\/WebMercatorQuad\/\{tileMatrix\}\/\{tileRow\}\/\{tileCol\}$/,
    );
    // Kamloops' and Slave Lake's tiles at 6 are inside the limits of matrix 6.
    const six = set.tileMatrixSetLimits.find((l: { tileMatrix: string }) => l.tileMatrix === '6');
    for (const [lon, lat] of [
      [-120.35, 50.65],
      [-115.2, 55.1],
    ] as const) {
      const { x, y } = tileOf(lon, lat, 6);
      expect(x).toBeGreaterThanOrEqual(six.minTileCol);
      expect(x).toBeLessThanOrEqual(six.maxTileCol);
      expect(y).toBeGreaterThanOrEqual(six.minTileRow);
      expect(y).toBeLessThanOrEqual(six.maxTileRow);
    }
    const tiling = set.links.find((l: { rel: string }) => l.rel.endsWith('/tiling-scheme')).href as string;
    const tms = (await get(ctx(), new URL(tiling).pathname)).json();
    expect(tms.id).toBe('WebMercatorQuad');
    expect(tms.tileMatrices[3]).toMatchObject({ id: '3', matrixWidth: 8, tileWidth: 256 });
    expect(tms.tileMatrices[0].scaleDenominator).toBeCloseTo(559082264.028717, 3);
  });

  it("serves a tile of current perimeters with their fire's stage, response and captures", async () => {
    const features = await readTile(ctx(), 'perimeters', tileOf(-115.2, 55.1, 8));
    expect(features).toHaveLength(1);
    const [hwf] = features;
    expect(hwf?.properties).toMatchObject({
      agency_code: 'ab',
      agency_fire_id: 'HWF001',
      fire_name: 'Fire HWF001',
      captured_at: '2026-07-20T18:30:00.000Z',
      area_ha: 900.5,
      stage_of_control: 'OC',
      response_type: 'MON',
      fire_size: 880,
      captures: 2,
    });
    expect(typeof hwf?.properties?.id).toBe('number');
    expect(hwf?.properties).not.toHaveProperty('agency_area_ha');
    // The current capture's square (0.15°), to within a tile unit at zoom 8.
    expect(hwf?.geometry.type).toBe('Polygon');
    const ring = (hwf?.geometry as { coordinates: number[][][] } | undefined)?.coordinates[0] ?? [];
    const lons = ring.map((p) => p[0] as number);
    const lats = ring.map((p) => p[1] as number);
    expect(Math.min(...lons)).toBeCloseTo(-115.3, 2);
    expect(Math.max(...lons)).toBeCloseTo(-115.15, 2);
    expect(Math.min(...lats)).toBeCloseTo(55, 2);
    expect(Math.max(...lats)).toBeCloseTo(55.15, 2);
    // The whole country at zoom 3: both fires' perimeters, in their own tiles.
    const kamloops = await readTile(ctx(), 'perimeters', tileOf(-120.35, 50.65, 3));
    expect(kamloops.map((f) => f.properties?.agency_fire_id).sort()).toContain('K1');
  });

  it('serves the fires as points with their properties', async () => {
    const features = await readTile(ctx(), 'fires', tileOf(-120.35, 50.65, 7));
    expect(features).toHaveLength(1);
    expect(features[0]?.geometry.type).toBe('Point');
    const [lon, lat] = (features[0]?.geometry as { coordinates: number[] } | undefined)?.coordinates ?? [];
    expect(lon).toBeCloseTo(-120.35, 2);
    expect(lat).toBeCloseTo(50.65, 2);
    expect(features[0]?.properties).toMatchObject({
      agency_code: 'bc',
      agency_fire_id: 'K1',
      stage_of_control: 'OC',
      fire_size: 10,
    });
  });

  it('answers 204 for a tile of Canada with nothing in it, with the cache headers of a tile', async () => {
    const empty = await get(ctx(), tileUrl('perimeters', tileOf(-95, 75, 6)));
    expect(empty.statusCode).toBe(204);
    expect(empty.body).toBe('');
    expect(empty.headers.etag).toMatch(/^"[^"]+"$/);
    expect(empty.headers['cache-control']).toBe('public, max-age=900');
  });

  it('refuses a tile outside the matrix with 400, and outside Canada or the tileset with 404', async () => {
    const status = async (path: string) =>
      (await get(ctx(), `/v1/ogc/collections/perimeters/tiles/${path}`)).statusCode;
    expect(await status('WebMercatorQuad/abc/1/1')).toBe(400);
    const row = await get(ctx(), '/v1/ogc/collections/perimeters/tiles/WebMercatorQuad/3/8/0');
    expect(row.statusCode).toBe(400);
    expect(row.json()).toMatchObject({ code: 'ogc.tile_outside_matrix', params: { tileRow: 8 } });
    expect(await status('WebMercatorQuad/3/0/-1')).toBe(400);
    expect(await status('WebMercatorQuad/25/0/0')).toBe(400);
    const outside = await get(ctx(), '/v1/ogc/collections/perimeters/tiles/WebMercatorQuad/3/6/6');
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toMatchObject({ code: 'ogc.tile_outside_limits' });
    const { x, y } = tileOf(-115.2, 55.1, 17);
    expect(await status(`WebMercatorQuad/17/${y}/${x}`)).toBe(404);
    expect(await status('WorldCRS84Quad/3/2/2')).toBe(404);
    expect(await status('WorldCRS84Quad')).toBe(404);
    expect((await get(ctx(), '/v1/ogc/collections/hotspots/tiles')).statusCode).toBe(404);
    expect((await get(ctx(), '/v1/ogc/tileMatrixSets/WorldCRS84Quad')).statusCode).toBe(404);
  });

  it('caches a tile per data version: ETag and 304, then a new tile after a perimeter import', async () => {
    const at = tileOf(-115.2, 55.1, 8);
    const url = tileUrl('perimeters', at);
    await expectCachedPublicGet(ctx().app, url);
    const before = (await get(ctx(), url)).headers.etag;
    // The agency's feed sends a new capture of HWF001, a larger square.
    const file = squareFile(
      { agency_code: 'ab', agency_fire_id: 'HWF001', captured_at: '2026-07-21T10:00:00Z' },
      [-115.3, 55, -115.1, 55.2],
    );
    const result = await importPerimeterFeed(ctx().app.db, Buffer.from(JSON.stringify(file)), {
      agency: 'ab',
      now: new Date('2026-07-21T12:00:00Z'),
      fileName: 'ab.geojson',
    });
    expect(result.accepted).toBe(1);
    const after = await get(ctx(), url);
    expect(after.headers.etag).not.toBe(before);
    const [hwf] = await readTile(ctx(), 'perimeters', at);
    expect(hwf?.properties).toMatchObject({ agency_fire_id: 'HWF001', stage_of_control: 'OC' });
    expect(hwf?.properties?.captured_at).toMatch(/^2026-07-21/);
  });

  it("builds the map's first views' tiles once the perimeters change, before anyone asks them", async () => {
    const app = ctx().app;
    const cache = app.responseCache;
    const idle = () =>
      vi.waitFor(() => expect(tileWarmRunning(app)).toBe(false), { timeout: 20_000, interval: 20 });
    await idle();
    await bumpDataVersion(app.db.kysely, 'perimeters');
    // One tile asked deep in Alberta under the new version: the first views' are built behind it.
    expect((await get(ctx(), tileUrl('perimeters', tileOf(-115.2, 55.1, 9)))).statusCode).toBe(200);
    await idle();
    const first = tileMatrixSetLimits().slice(0, WARM_MATRICES + 1);
    const built = cache.misses;
    let asked = 0;
    for (const limits of first)
      for (let y = limits.minTileRow; y <= limits.maxTileRow; y++)
        for (let x = limits.minTileCol; x <= limits.maxTileCol; x++) {
          const res = await get(ctx(), tileUrl('perimeters', { z: Number(limits.tileMatrix), x, y }));
          expect([200, 204]).toContain(res.statusCode);
          asked++;
        }
    // Every tile of matrices 0 to 4 over Canada (the laptop's first view is 2, the phone's 1) was
    // built already: none was a miss.
    expect(asked).toBe(45);
    expect(cache.misses).toBe(built);
    const laptop = await readTile(ctx(), 'perimeters', { z: 2, x: 0, y: 1 });
    expect(new Set(laptop.map((f) => f.properties?.agency_fire_id))).toEqual(new Set(['HWF001', 'K1']));
  });

  it('builds those tiles when a perimeter import commits, before any tile is asked', async () => {
    const app = ctx().app;
    const cache = app.responseCache;
    await vi.waitFor(() => expect(tileWarmRunning(app)).toBe(false), { timeout: 20_000, interval: 20 });
    const before = cache.misses;
    // A new capture of K1 sent through the API; no tile is asked after it.
    const file = squareFile(
      { agency: 'bc', fire_id: 'K1', captured_at: '2026-07-21T08:00:00Z' },
      [-120.4, 50.6, -120.2, 50.8],
    );
    const imported = await app.inject({
      method: 'POST',
      url: '/v1/perimeters/import',
      headers: { 'content-type': 'application/geo+json', ...bearer(await tokenFor(ctx(), 'ciffc')) },
      payload: JSON.stringify(file),
    });
    expect(imported.json()).toMatchObject({ inserted: 1 });
    // The 45 first views' tiles are built in the background: as many cache misses, then idle.
    await vi.waitFor(
      () => {
        expect(cache.misses - before).toBeGreaterThanOrEqual(45);
        expect(tileWarmRunning(app)).toBe(false);
      },
      { timeout: 20_000, interval: 20 },
    );
    const built = cache.misses;
    for (const limits of tileMatrixSetLimits().slice(0, WARM_MATRICES + 1))
      for (let y = limits.minTileRow; y <= limits.maxTileRow; y++)
        for (let x = limits.minTileCol; x <= limits.maxTileCol; x++) {
          const res = await get(ctx(), tileUrl('perimeters', { z: Number(limits.tileMatrix), x, y }));
          expect([200, 204]).toContain(res.statusCode);
        }
    expect(cache.misses).toBe(built);
    // Built under the new version: K1's new capture is in them.
    const [k1] = (await readTile(ctx(), 'perimeters', tileOf(-120.3, 50.7, 4))).filter(
      (f) => f.properties?.agency_fire_id === 'K1',
    );
    expect(k1?.properties?.captured_at).toMatch(/^2026-07-21T08:00/);
  });
});
