/**
 * `NODE_ENV=production npx tsx bench/ogc-layers.ts` (so that answers are not checked against their
 * schemas, as in production; the configuration is a development one, with no secrets): the OGC
 * layers as a GIS analyst reads them, on a data API built in process (SQLite, the demo season with
 * its perimeters and BENCH_POLYGONS (2,000) more of 500 vertices, as bench/perimeters.ts imports
 * them), listening on loopback; BENCH_LOG=1 prints each request GDAL sends and its time:
 * 1. one GET of every current perimeter (`items?limit=10000`, gzip), first (cold) and again;
 * 2. `ogr2ogr` of the perimeters and of the fires layers to GeoPackage, with GDAL's defaults and with
 *    `-oo PAGE_SIZE=1000`, cold (the response cache emptied) and warm: requests and seconds, beside
 *    `ogr2ogr` of the same features from a static GeoJSON file (the first GET's answer, on disk);
 * 3. the vector tiles: each tile of matrix 3 over Canada (the map's first view asks these), and the
 *    tiles at 6, 9 and 12 around the largest perimeter, their bytes (MVT, gzip) and cold milliseconds.
 * Recorded by hand in docs/performance.md (GDAL runs take a minute): not in `npm run bench`.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { buildApp } from '../api/src/app.ts';
import { loadConfig } from '../api/src/config.ts';
import { seedDemo } from '../api/src/fires/demo.ts';
import { tileMatrixSetLimits } from '../api/src/ogc/tiles/matrix.ts';
import { seedPerimeterDemo } from '../api/src/perimeters/demo.ts';
import { importPerimeters } from '../api/src/perimeters/import.ts';
import { lobedPerimeters } from './perimeter-shapes.ts';

const run = promisify(execFile);
const POLYGONS = Number(process.env.BENCH_POLYGONS ?? 2_000);
const VERTICES = 500;
const now = new Date();
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** The slippy-map tile of a point. */
function tileOf(lon: number, lat: number, z: number) {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return {
    z,
    x: Math.floor(((lon + 180) / 360) * n),
    y: Math.floor(((1 - Math.asinh(Math.tan(rad)) / Math.PI) / 2) * n),
  };
}

async function getAll(base: string) {
  const started = performance.now();
  const res = await fetch(`${base}/v1/ogc/collections/perimeters/items?limit=10000`, {
    headers: { 'accept-encoding': 'gzip' },
  });
  const text = await res.text();
  const ms = performance.now() - started;
  const features = (JSON.parse(text) as { features: unknown[] }).features.length;
  return { ms, text, features, mb: (text.length / 2 ** 20).toFixed(1) };
}

/** When the current `ogr2ogr` started: BENCH_LOG's request times are given from it. */
let runStarted = performance.now();

async function ogr2ogr(source: string, layer: string, out: string, options: string[]) {
  const before = requests.get(layer) ?? 0;
  const started = performance.now();
  runStarted = started;
  await run('ogr2ogr', ['-f', 'GPKG', out, source, layer, '-nlt', 'PROMOTE_TO_MULTI', ...options], {
    timeout: 600_000,
  });
  const ms = performance.now() - started;
  const { stdout } = await run('ogrinfo', ['-ro', '-so', '-al', out]);
  const count = /Feature Count: (\d+)/.exec(stdout)?.[1];
  return { ms, requests: (requests.get(layer) ?? 0) - before, count };
}

const requests = new Map<string, number>();

const dir = mkdtempSync(join(tmpdir(), 'ciffc-bench-ogc-layers-'));
const config = loadConfig(
  { NODE_ENV: 'development' },
  {
    sqliteFile: join(dir, 'api.db'),
    jwtSecret: 'bench-secret-for-the-ogc-layers-benchmark',
    cmsUrl: 'http://127.0.0.1:9',
    logLevel: 'error',
  },
);
const app = await buildApp({ config, migrate: true });
try {
  await seedDemo(app.db, { now });
  await seedPerimeterDemo(app.db, { now });
  const features = lobedPerimeters(
    POLYGONS,
    VERTICES,
    { lon: [-128, 60], lat: [50, 8], radius: [0.01, 0.1] },
    now,
  );
  const imported = await importPerimeters(
    app.db,
    Buffer.from(JSON.stringify({ type: 'FeatureCollection', features })),
    { ownAgency: undefined, dryRun: false, now, actor: { source: 'cli', userId: null, username: 'bench' } },
  );
  console.log(`imported ${imported.accepted_count} perimeters of ${VERTICES} vertices`);
  await app.listen({ port: 0, host: '127.0.0.1' });
  // BENCH_LOG=1: each request GDAL sends, when it came (from the start of the ogr2ogr run) and its
  // time to the last byte.
  if (process.env.BENCH_LOG)
    app.server.on('request', (request: { url?: string; headers: Record<string, unknown> }, response) => {
      const started = performance.now();
      response.on('finish', () =>
        console.log(
          `  +${(started - runStarted).toFixed(0)} ms: ${(performance.now() - started).toFixed(0)} ms ${request.url} (${String(request.headers['accept-encoding'] ?? '')})`,
        ),
      );
    });
  app.server.on('request', (request: { url?: string }) => {
    const layer = /\/collections\/(\w+)\/items/.exec(request.url ?? '')?.[1];
    if (layer) requests.set(layer, (requests.get(layer) ?? 0) + 1);
  });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const first = await getAll(base);
  const again = await getAll(base);
  console.log(
    `GET all ${first.features} current perimeters (${first.mb} MB): first ${seconds(first.ms)}, again ${seconds(again.ms)}`,
  );
  const staticFile = join(dir, 'perimeters.geojson');
  writeFileSync(staticFile, first.text);
  const fires = await fetch(`${base}/v1/ogc/collections/fires/items?limit=10000`).then((r) => r.text());
  const firesFile = join(dir, 'fires.geojson');
  writeFileSync(firesFile, fires);

  const source = `OAPIF:${base}/v1/ogc`;
  console.log('| layer | read | requests | seconds | features |');
  console.log('|---|---|---|---|---|');
  for (const [layer, file] of [
    ['perimeters', staticFile],
    ['fires', firesFile],
  ] as const) {
    for (const [name, options] of [
      ['default', []],
      ['PAGE_SIZE=1000', ['-oo', 'PAGE_SIZE=1000']],
    ] as const) {
      app.responseCache.clear();
      const cold = await ogr2ogr(source, layer, join(dir, `${layer}-${name}-cold.gpkg`), [...options]);
      const warm = await ogr2ogr(source, layer, join(dir, `${layer}-${name}-warm.gpkg`), [...options]);
      console.log(
        `| ${layer} | ${name}, cold / warm | ${cold.requests} | ${seconds(cold.ms)} / ${seconds(warm.ms)} | ${cold.count} |`,
      );
    }
    const started = performance.now();
    await run('ogr2ogr', ['-f', 'GPKG', join(dir, `${layer}-static.gpkg`), file, '-nlt', 'PROMOTE_TO_MULTI']);
    console.log(`| ${layer} | static GeoJSON file | – | ${seconds(performance.now() - started)} | |`);
  }

  // Tiles: matrix 3 over Canada, then 6 and 9 around the largest current perimeter.
  const tile = async (collection: string, z: number, x: number, y: number) => {
    const url = `${base}/v1/ogc/collections/${collection}/tiles/WebMercatorQuad/${z}/${y}/${x}`;
    const started = performance.now();
    const res = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
    const body = Buffer.from(await res.arrayBuffer());
    const ms = performance.now() - started;
    const again = performance.now();
    await fetch(url, { headers: { 'accept-encoding': 'gzip' } }).then((r) => r.arrayBuffer());
    return { status: res.status, bytes: body.length, ms, cachedMs: performance.now() - again };
  };
  const rawSize = async (collection: string, z: number, x: number, y: number) => {
    const res = await app.inject({
      method: 'GET',
      url: `/v1/ogc/collections/${collection}/tiles/WebMercatorQuad/${z}/${y}/${x}`,
      headers: { 'accept-encoding': 'gzip' },
    });
    const gz = res.rawPayload.length;
    const plain = res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).length : gz;
    return { gz, plain };
  };
  const three = tileMatrixSetLimits()[3];
  if (!three) throw new Error('no matrix 3');
  console.log('\n| tile | status | MVT | gzip | cold | cached |');
  console.log('|---|---|---|---|---|---|');
  for (const collection of ['perimeters', 'fires']) {
    let total = 0;
    for (let y = three.minTileRow; y <= three.maxTileRow; y++)
      for (let x = three.minTileCol; x <= three.maxTileCol; x++) {
        const t = await tile(collection, 3, x, y);
        const size = t.status === 200 ? await rawSize(collection, 3, x, y) : { gz: 0, plain: 0 };
        total += size.gz;
        console.log(
          `| ${collection} 3/${y}/${x} | ${t.status} | ${kb(size.plain)} | ${kb(size.gz)} | ${t.ms.toFixed(0)} ms | ${t.cachedMs.toFixed(0)} ms |`,
        );
      }
    console.log(`| ${collection}: matrix 3 over Canada | | | ${kb(total)} | | |`);
  }
  const largest = await app.db.kysely
    .selectFrom('perimeters')
    .select(['min_lon', 'min_lat', 'max_lon', 'max_lat'])
    .where('is_current', '=', 1)
    .orderBy('area_ha', 'desc')
    .executeTakeFirstOrThrow();
  for (const z of [6, 9, 12]) {
    const { x, y } = tileOf(
      (largest.min_lon + largest.max_lon) / 2,
      (largest.min_lat + largest.max_lat) / 2,
      z,
    );
    const t = await tile('perimeters', z, x, y);
    const size = await rawSize('perimeters', z, x, y);
    console.log(
      `| perimeters ${z}/${y}/${x} (largest) | ${t.status} | ${kb(size.plain)} | ${kb(size.gz)} | ${t.ms.toFixed(0)} ms | ${t.cachedMs.toFixed(0)} ms |`,
    );
  }
} finally {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}
