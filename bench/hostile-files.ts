/**
 * `npx tsx bench/hostile-files.ts`: each hostile perimeter file of issue "Bad days" sent to the
 * import service of a data API built in this process (SQLite, demo data), as a dry run, while the
 * public asks for the agencies every 50 ms. For each file: the answer (status and code), its
 * seconds, this process's resident memory before, at its peak and after, the perimeter reader's
 * peak (its own process, sampled every 20 ms from /proc), and the slowest public answer meanwhile.
 * Memory is resident set size, what a unit's MemoryMax counts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../api/src/app.ts';
import { loadConfig } from '../api/src/config.ts';
import { seedDemo } from '../api/src/fires/demo.ts';
import { HttpError } from '../api/src/http/errors.ts';
import { importPerimeters } from '../api/src/perimeters/import.ts';
import {
  bcPolygon,
  dbfFile,
  deflated,
  deflateRun,
  largeGeoJson,
  MB,
  shpFile,
  zip,
} from '../api/test/hostile-files.ts';
import { childPids, rssKb } from './lib.ts';

const now = new Date();

const rssMb = (pid: number) => rssKb(pid) / 1024;

async function send(app: FastifyInstance, name: string, bytes: Buffer) {
  const before = rssMb(process.pid);
  let peak = before;
  let readerPeak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(process.pid));
    for (const pid of childPids(process.pid)) readerPeak = Math.max(readerPeak, rssMb(pid));
  }, 20);
  let finished = false;
  let slowestRead = 0;
  const reading = (async () => {
    while (!finished) {
      const t = performance.now();
      await app.inject({ method: 'GET', url: '/v1/agency' });
      slowestRead = Math.max(slowestRead, performance.now() - t);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const start = performance.now();
  let answer: string;
  try {
    const result = await importPerimeters(app.db, bytes, {
      ownAgency: 'bc',
      dryRun: true,
      now,
      actor: { source: 'cli', userId: null, username: 'bench' },
      reader: app.config.perimeterReader,
    });
    answer = `200, ${result.accepted_count} accepted`;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    answer = `${error.statusCode} ${error.code}`;
  }
  const seconds = (performance.now() - start) / 1000;
  finished = true;
  await reading;
  clearInterval(sampler);
  const after = rssMb(process.pid);
  const kb = (bytes.length / 1024).toFixed(0);
  console.log(
    `| ${name} | ${kb} KB | ${answer} | ${seconds.toFixed(2)} | ${before.toFixed(0)} / ${peak.toFixed(0)} / ${after.toFixed(0)} | ${readerPeak.toFixed(0)} | ${slowestRead.toFixed(0)} |`,
  );
}

async function files(): Promise<Array<[string, Buffer]>> {
  const spaces = await deflateRun(
    '<kml xmlns="http://www.opengis.net/kml/2.2"><Document>',
    0x20,
    1024 * MB,
    '</Document></kml>',
  );
  const zeros = await deflateRun('', 0, 900 * MB, '');
  const kml300 = await deflateRun('<kml><Document>', 0x20, 300 * MB, '</Document></kml>');
  const shp = shpFile([{ claimedPoints: 5, points: bcPolygon }]);
  return [
    [
      'Shapefile zip, .dbf claims 10^9 records',
      zip([deflated('fires.shp', shp), deflated('fires.dbf', dbfFile(1e9, 1))]),
    ],
    [
      'Shapefile zip, a polygon claims 10^9 points',
      zip([deflated('fires.shp', shpFile([{ claimedPoints: 1e9, points: bcPolygon }]))]),
    ],
    ['.shp of 900 MB of zeros, declared', zip([{ name: 'fires.shp', data: zeros, declared: 900 * MB }])],
    ['.shp of 900 MB of zeros, declared 10 KB', zip([{ name: 'fires.shp', data: zeros, declared: 10_240 }])],
    ['KMZ, doc.kml of 1 GiB, declared', zip([{ name: 'doc.kml', data: spaces, declared: 1024 * MB + 72 }])],
    ['KMZ, doc.kml of 300 MB, declared', zip([{ name: 'doc.kml', data: kml300, declared: 300 * MB + 32 }])],
    ['KMZ, doc.kml of 1 GiB, declared 60 MB', zip([{ name: 'doc.kml', data: spaces, declared: 60 * MB }])],
    ['GeoJSON, 90,000 small perimeters (legitimate)', Buffer.from(largeGeoJson(90_000))],
  ];
}

const dir = mkdtempSync(join(tmpdir(), 'ciffc-bench-hostile-'));
const config = loadConfig(
  { NODE_ENV: 'development' },
  { sqliteFile: join(dir, 'api.db'), jwtSecret: 'bench', cmsUrl: 'http://127.0.0.1:9', logLevel: 'error' },
);
const app = await buildApp({ config, migrate: true });
try {
  await seedDemo(app.db, { now });
  console.log(
    `perimeter reader: heap ${config.perimeterReader.heapMb} MB, ${config.perimeterReader.timeoutMs / 1000} s`,
  );
  console.log(
    '| file | size | answer | seconds | API RSS MB before / peak / after | reader peak MB | slowest read ms |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const [name, bytes] of await files()) await send(app, name, bytes);
} finally {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}
