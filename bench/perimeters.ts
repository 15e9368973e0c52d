/**
 * `npx tsx bench/perimeters.ts [sqlite|postgres|both]` (default both): on a data API built in
 * process (app.inject, no socket) with the demo season and its perimeters:
 * 1. the bytes of GET /v1/perimeters for the whole of Canada at three zooms (3, 6, 9) and for the
 *    grid cell around the largest fire at zooms 6 and 9, plain, gzip and brotli, as a browser gets
 *    them;
 * 2. the import of a 2,000-polygon GeoJSON file (500 vertices each, BENCH_POLYGONS to change),
 *    through the import service (parse, checks, matching, SQL; no HTTP or token): dry run, then
 *    for real;
 * 3. the map's read after that import (2,000 more current perimeters): GET /v1/perimeters for the
 *    whole of Canada at zooms 3, 6 and 9, uncached (the first answer of a data version) then cached;
 * 4. the OGC collection `perimeters` after that import: every current perimeter read page by page
 *    (limit=1000) uncached then cached; the first page (limit=1000) cold five times, each a distinct
 *    query (a bbox of Canada moved by a millionth of a degree: the same perimeters, never cached),
 *    reported as the `perimeters-ogc-items` figure; and ogr2ogr of the layer to a GeoPackage.
 * PostgreSQL: DATABASE_URL, or a throwaway cluster.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { perimeterRequestBox } from '@ciffc/contracts';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../api/src/app.ts';
import { loadConfig } from '../api/src/config.ts';
import { seedDemo } from '../api/src/fires/demo.ts';
import { seedPerimeterDemo } from '../api/src/perimeters/demo.ts';
import { importPerimeters } from '../api/src/perimeters/import.ts';
import { createDatabase, startPostgres } from '../api/test/postgres.ts';
import { median, reportFigure } from './lib.ts';
import { lobedPerimeters, type ShapesArea } from './perimeter-shapes.ts';

const POLYGONS = Number(process.env.BENCH_POLYGONS ?? 2_000);
const VERTICES = 500;
const now = new Date();

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function bytesOf(app: FastifyInstance, url: string) {
  const sizes: string[] = [];
  let features = 0;
  for (const coding of ['identity', 'gzip', 'br']) {
    const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': coding } });
    sizes.push(`${coding} ${kb(res.rawPayload.length)}`);
    if (coding === 'identity') features = res.json().features.length;
  }
  return `${url}: ${features} perimeters, ${sizes.join(', ')}`;
}

/** `POLYGONS` lobed rings of `VERTICES` vertices spread over the boreal, none crossing itself. */
function benchFile(): Buffer {
  const area = { lon: [-128, 60], lat: [50, 8], radius: [0.01, 0.1] } satisfies ShapesArea;
  const features = lobedPerimeters(POLYGONS, VERTICES, area, now);
  return Buffer.from(JSON.stringify({ type: 'FeatureCollection', features }));
}

/** The map's read of the whole country per zoom band: uncached (first answer), then cached. */
async function benchMapReads(app: FastifyInstance, engine: string) {
  for (const zoom of [3, 6, 9]) {
    const url = `/v1/perimeters?zoom=${zoom}`;
    const times: string[] = [];
    let bytes = 0;
    for (const pass of ['uncached', 'cached']) {
      const start = performance.now();
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      times.push(`${pass} ${(performance.now() - start).toFixed(0)} ms`);
      bytes = res.rawPayload.length;
    }
    console.log(`[${engine}] map ${url}: ${kb(bytes)} gzip, ${times.join(', ')}`);
  }
}

/** Every page of the OGC perimeters, following the next links: features, bytes, milliseconds. */
async function readOgcLayer(app: FastifyInstance) {
  const start = performance.now();
  let url: string | undefined = '/v1/ogc/collections/perimeters/items?limit=1000';
  let features = 0;
  let bytes = 0;
  while (url) {
    const res = await app.inject({ method: 'GET', url });
    const page = res.json() as { features: unknown[]; links: { rel: string; href: string }[] };
    features += page.features.length;
    bytes += res.rawPayload.length;
    const next = page.links.find((l) => l.rel === 'next')?.href;
    url = next ? new URL(next).pathname + new URL(next).search : undefined;
  }
  return { features, bytes, ms: performance.now() - start };
}

/** GDAL's ogr2ogr on the PATH: a machine without GDAL still measures the reads. */
const hasOgr2ogr = () =>
  promisify(execFile)('ogr2ogr', ['--version']).then(
    () => true,
    () => false,
  );

const COLD_READS = 5;

/**
 * The first page of 1,000 current perimeters, cold: each read a query not asked before (the
 * response cache keys on the URL), all of them the same perimeters. Median and slowest, ms.
 */
async function coldFirstPages(app: FastifyInstance) {
  const times: number[] = [];
  let features = 0;
  let bytes = 0;
  for (let i = 0; i < COLD_READS; i++) {
    const west = (-141.5 - i / 1_000_000).toFixed(6);
    const url = `/v1/ogc/collections/perimeters/items?limit=1000&bbox=${west},41,-52,84`;
    const start = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    times.push(performance.now() - start);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
    bytes = res.rawPayload.length;
    const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload;
    features = (JSON.parse(body.toString('utf8')) as { features: unknown[] }).features.length;
  }
  return { features, bytes, median: median(times), max: Math.max(...times) };
}

async function benchOgc(app: FastifyInstance, engine: string, dir: string, imported: number) {
  const walks: string[] = [];
  for (const pass of ['uncached', 'cached']) {
    const { features, bytes, ms } = await readOgcLayer(app);
    console.log(
      `[${engine}] OGC perimeters, limit=1000, ${pass}: ${features} features, ${kb(bytes)}, ${ms.toFixed(0)} ms (${Math.round((features / ms) * 1000)} features/s)`,
    );
    walks.push(`${(ms / 1000).toFixed(2)} s ${pass}`);
  }
  const cold = await coldFirstPages(app);
  const line =
    `first page of ${cold.features.toLocaleString('en-CA')} current perimeters cold (distinct query each time, ${COLD_READS} reads): ` +
    `median ${cold.median.toFixed(0)} ms, slowest ${cold.max.toFixed(0)} ms, ${kb(cold.bytes)} gzip`;
  console.log(`[${engine}] OGC ${line}`);
  reportFigure(
    `perimeters-ogc-items-${engine}`,
    `${imported.toLocaleString('en-CA')} polygons of ${VERTICES} vertices imported: ${line}; the whole layer page by page ${walks.join(', ')}`,
  );
  if (!(await hasOgr2ogr())) {
    console.log(`[${engine}] ogr2ogr is not installed: the GeoPackage export is not measured`);
    return;
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  // The instance is ready (inject readied it): requests are counted on its HTTP server.
  let requests = 0;
  app.server.on('request', (request: { url?: string }) => {
    if (request.url?.includes('/collections/perimeters/items')) requests++;
  });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const start = performance.now();
  await promisify(execFile)(
    'ogr2ogr',
    [
      '-f',
      'GPKG',
      join(dir, 'perimeters.gpkg'),
      `OAPIF:http://127.0.0.1:${port}/v1/ogc`,
      'perimeters',
    ].concat(['-oo', 'PAGE_SIZE=1000', '-nlt', 'PROMOTE_TO_MULTI']),
    { timeout: 300_000 },
  );
  console.log(
    `[${engine}] ogr2ogr of the perimeters layer to GeoPackage (PAGE_SIZE=1000): ${requests} item requests, ${(performance.now() - start).toFixed(0)} ms`,
  );
}

async function run(engine: 'sqlite' | 'postgres', databaseUrl?: string) {
  const dir = mkdtempSync(join(tmpdir(), 'ciffc-bench-perimeters-'));
  const config = loadConfig(
    { NODE_ENV: 'development' },
    {
      databaseUrl,
      sqliteFile: join(dir, 'api.db'),
      jwtSecret: 'bench',
      cmsUrl: 'http://127.0.0.1:9',
      logLevel: 'error',
    },
  );
  const app = await buildApp({ config, migrate: true });
  try {
    await seedDemo(app.db, { now });
    const seeded = await seedPerimeterDemo(app.db, { now });
    console.log(`[${engine}] demo: ${seeded} perimeter captures`);
    for (const zoom of [3, 6, 9])
      console.log(`[${engine}] ${await bytesOf(app, `/v1/perimeters?zoom=${zoom}`)}`);
    const largest = await app.db.kysely
      .selectFrom('perimeters')
      .select(['min_lon', 'min_lat', 'max_lon', 'max_lat'])
      .where('is_current', '=', 1)
      .orderBy('area_ha', 'desc')
      .executeTakeFirstOrThrow();
    const view = [largest.min_lon, largest.min_lat, largest.max_lon, largest.max_lat] as const;
    for (const zoom of [6, 9]) {
      const bbox = perimeterRequestBox(view, zoom).join(',');
      console.log(`[${engine}] ${await bytesOf(app, `/v1/perimeters?zoom=${zoom}&bbox=${bbox}`)}`);
    }
    const file = benchFile();
    for (const dryRun of [true, false]) {
      const start = performance.now();
      const result = await importPerimeters(app.db, file, {
        ownAgency: undefined,
        dryRun,
        now,
        actor: { source: 'cli', userId: null, username: 'bench' },
      });
      const ms = performance.now() - start;
      console.log(
        `[${engine}] import of ${POLYGONS} polygons x ${VERTICES} vertices (${kb(file.length)})` +
          `${dryRun ? ', dry run' : ''}: ${ms.toFixed(0)} ms, ${result.accepted_count} accepted, ${result.refused_count} refused`,
      );
    }
    await benchMapReads(app, engine);
    await benchOgc(app, engine, dir, POLYGONS);
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const which = process.argv[2] ?? 'both';
if (which !== 'postgres') await run('sqlite');
if (which !== 'sqlite') {
  if (process.env.DATABASE_URL) await run('postgres', process.env.DATABASE_URL);
  else {
    const cluster = await startPostgres();
    try {
      await run('postgres', await createDatabase(cluster.url, `bench_perimeters_${Date.now()}`));
    } finally {
      cluster.stop();
    }
  }
}
