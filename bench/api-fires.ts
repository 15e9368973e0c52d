/**
 * `npx tsx bench/api-fires.ts [sqlite|postgres|both]` (default both): the issue 3 figures with
 * 100,000 fires loaded (plus the history from 1980): requests per second and p99 of the national
 * list, a filtered list, the map and the summary. PostgreSQL: DATABASE_URL, or a throwaway cluster.
 * Each request carries no If-None-Match, so every answer is a full 200 body (from the API's cache
 * after the first), which is what a CDN miss costs. BENCH_ACCEPT_ENCODING (default `gzip`, as
 * browsers send; `none` for no header) is sent with every request.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDb } from '../api/src/db/index.ts';
import { migrateToLatest } from '../api/src/db/migrate.ts';
import { generateFires, generateHistory, loadHistory } from '../api/src/fires/demo.ts';
import { upsertFires } from '../api/src/fires/store.ts';
import { centreToday, yearOf } from '../api/src/http/time.ts';
import { startPostgres } from '../api/test/postgres.ts';
import { freePort, startApi } from '../scripts/lib/stack.ts';
import { type BenchResult, measure, printResults } from './lib.ts';

const FIRES = Number(process.env.BENCH_FIRES ?? 100_000);
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip';
const HEADERS: Record<string, string> =
  ACCEPT_ENCODING === 'none' ? {} : { 'accept-encoding': ACCEPT_ENCODING };
const PATHS_WANTED = process.env.BENCH_PATHS?.split(',');
const PATHS = [
  '/v1/wildfires?page=1',
  '/v1/wildfires?agency=bc&stage=OC',
  '/v1/dashboard/fires?map=true',
  '/v1/summary',
];

async function load(databaseUrl: string | undefined, sqliteFile: string): Promise<number> {
  const db = createDb({ databaseUrl, sqliteFile });
  const started = performance.now();
  await migrateToLatest(db.kysely);
  const today = centreToday(new Date());
  await upsertFires(db.kysely, generateFires({ seed: 1, count: FIRES, today }));
  await loadHistory(db, generateHistory({ seed: 1, fromYear: 1980, toYear: yearOf(today) - 1 }));
  await db.close();
  return Math.round(performance.now() - started);
}

async function run(engine: 'sqlite' | 'postgres'): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ciffc-bench-fires-'));
  let stopPg = () => {};
  let databaseUrl: string | undefined;
  try {
    if (engine === 'postgres') {
      let adminUrl = process.env.DATABASE_URL;
      if (!adminUrl) {
        const cluster = await startPostgres();
        stopPg = cluster.stop;
        adminUrl = cluster.url;
      }
      const name = `ciffc_bench_${Date.now()}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
    }
    const loadMs = await load(databaseUrl, join(dataDir, 'api.db'));
    console.log(`${engine}: loaded ${FIRES} fires and the history in ${loadMs} ms`);
    const api = await startApi({
      dataDir,
      port: await freePort(),
      demo: false,
      jwtSecret: 'bench-secret-not-for-production',
      cmsUrl: 'http://127.0.0.1:9',
      databaseUrl,
    });
    try {
      const results: BenchResult[] = [];
      for (const path of PATHS.filter((p) => !PATHS_WANTED || PATHS_WANTED.includes(p))) {
        const first = performance.now();
        const res = await fetch(api.url + path, { headers: HEADERS });
        const bytes = (await res.arrayBuffer()).byteLength;
        // fetch decodes the body: the bytes sent are the content-length of the coded answer.
        const coding = res.headers.get('content-encoding');
        const sent = coding ? `, ${res.headers.get('content-length')} bytes sent as ${coding}` : '';
        console.log(
          `${path}: first (uncached) answer ${Math.round(performance.now() - first)} ms, ${bytes} bytes${sent}`,
        );
        results.push(await measure(api.url, path, 10, 50, HEADERS));
      }
      printResults(
        `data API on ${engine}, ${FIRES} fires, 50 connections, 10 s each, accept-encoding: ${ACCEPT_ENCODING}`,
        results,
      );
    } finally {
      await api.stop();
    }
  } finally {
    stopPg();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const which = process.argv[2] ?? 'both';
if (which === 'sqlite' || which === 'both') await run('sqlite');
if (which === 'postgres' || which === 'both') await run('postgres');
