/**
 * `npx tsx bench/fires-import.ts [sqlite|postgres|both]` (default both): a 100,000-row standard CSV
 * (BENCH_ROWS) sent to POST /v1/fires/import, first as a dry run, then for real (every fire new),
 * on a data API started as in production's development mode (tsx) with the demo data. For each:
 * the import's time, the API process's peak memory (resident set of its process tree, sampled every
 * 50 ms), and the p50 / p99 of `GET /v1/wildfires?page=1` at 8 connections (autocannon) while it
 * runs, against the same read for BENCH_SECONDS (default 10) with no import; then the time of
 * two reads' first answers after the import (computed over every fire again). PostgreSQL:
 * DATABASE_URL, or a throwaway cluster. The token is checked by a stand-in content system that
 * answers every token as the national centre's user.
 */
import autocannon from 'autocannon';
import { generateFires } from '../api/src/fires/demo.ts';
import { centreToday } from '../api/src/http/time.ts';
import { createDatabase, startPostgres } from '../api/test/postgres.ts';
import { benchToken, childPids, rssKb, standInContentSystem, startBenchApi } from './lib.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const READ = '/v1/wildfires?page=1';
const SECRET = 'bench-secret-not-for-production';

const HEADER =
  'agency_code,agency_fire_id,agency_data_timezone,situation_report_date,status_date,stage_of_control,fire_cause,response_type,fire_size,latitude,longitude';

function generatedCsv(): string {
  const fires = generateFires({ seed: 7, count: ROWS, today: centreToday(new Date()) });
  const lines = fires.map((f) =>
    [
      f.agency_code,
      `BENCH-${f.agency_fire_id}`,
      f.agency_data_timezone,
      f.situation_report_date,
      f.status_date,
      f.stage_of_control,
      f.fire_cause ?? '',
      f.response_type ?? 'FUL',
      f.fire_size,
      f.latitude,
      f.longitude,
    ].join(','),
  );
  return `${HEADER}\n${lines.join('\n')}\n`;
}

/** Resident memory (kB) of a process and its descendants (tsx starts the server as a child). */
const treeRssKb = (pid: number): number =>
  rssKb(pid) + childPids(pid).reduce((total, child) => total + treeRssKb(child), 0);

interface Reads {
  p50: number;
  p99: number;
  max: number;
  requests: number;
}

/** Reads at 8 connections until `until` settles (or for SECONDS when it is undefined). */
function readsDuring(url: string, until?: Promise<unknown>): Promise<Reads> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: url + READ, connections: 8, duration: until ? 3600 : SECONDS },
      (error, result) => {
        if (error) reject(error);
        else
          resolve({
            p50: result.latency.p50,
            p99: result.latency.p99,
            max: result.latency.max,
            requests: result.requests.total,
          });
      },
    );
    until?.finally(() => instance.stop());
  });
}

async function run(engine: 'sqlite' | 'postgres', csv: string): Promise<void> {
  let stopPg = () => {};
  let databaseUrl: string | undefined;
  if (engine === 'postgres') {
    let adminUrl = process.env.DATABASE_URL;
    if (!adminUrl) {
      const cluster = await startPostgres();
      stopPg = cluster.stop;
      adminUrl = cluster.url;
    }
    databaseUrl = await createDatabase(adminUrl, `ciffc_bench_import_${Date.now()}`);
  }
  const cms = await standInContentSystem();
  const env = { CMS_URL: cms.url, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const saved = { ...process.env };
  Object.assign(process.env, env);
  if (!databaseUrl) delete process.env.DATABASE_URL;
  const api = await startBenchApi({ demo: true });
  process.env = saved;
  const pid = api.process.pid as number;
  const token = await benchToken(SECRET);
  const importOnce = async (dryRun: boolean) => {
    const started = performance.now();
    const res = await fetch(`${api.url}/v1/fires/import?dry_run=${dryRun}`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${token}` },
      body: csv,
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`import answered ${res.status}: ${text.slice(0, 300)}`);
    const body = JSON.parse(text) as { accepted_count: number; rejected_count: number; inserted: number };
    return {
      seconds: (performance.now() - started) / 1000,
      answerBytes: Buffer.byteLength(text),
      accepted: body.accepted_count,
      rejected: body.rejected_count,
      inserted: body.inserted,
    };
  };
  try {
    // Warm-up: the read's cache and the import's outlines.
    await readsDuring(api.url, new Promise((r) => setTimeout(r, 2000)));
    const quiet = await readsDuring(api.url);
    console.log(`\n${engine}: ${ROWS} rows, ${(Buffer.byteLength(csv) / 1e6).toFixed(1)} MB`);
    console.log(`| case | import s | answer | peak RSS MB | ${READ} p50 / p99 / max ms (requests) |`);
    console.log('|---|---|---|---|---|');
    console.log(
      `| no import | | | ${(treeRssKb(pid) / 1024).toFixed(0)} | ${quiet.p50} / ${quiet.p99} / ${quiet.max} (${quiet.requests}) |`,
    );
    for (const dryRun of [true, false]) {
      let peak = 0;
      const sampler = setInterval(() => {
        peak = Math.max(peak, treeRssKb(pid));
      }, 50);
      const importing = importOnce(dryRun);
      const [reads, result] = await Promise.all([readsDuring(api.url, importing), importing]);
      clearInterval(sampler);
      console.log(
        `| ${dryRun ? 'dry run' : 'import (all new)'} | ${result.seconds.toFixed(1)} | ${(result.answerBytes / 1e3).toFixed(0)} kB, ${result.accepted} accepted, ${result.rejected} rejected, ${result.inserted} inserted | ${(peak / 1024).toFixed(0)} | ${reads.p50} / ${reads.p99} / ${reads.max} (${reads.requests}) |`,
      );
    }
    // The import moved the data version, so each read's first answer is computed again over every
    // fire: the reads' longest above is one of those (the read asked first after the commit), not
    // a wait on the import. Two reads nobody asked since, timed alone:
    const uncached: string[] = [];
    for (const path of ['/v1/wildfires?page=2', '/v1/summary']) {
      const started = performance.now();
      await (await fetch(api.url + path)).arrayBuffer();
      uncached.push(`${path} ${Math.round(performance.now() - started)} ms`);
    }
    console.log(`first answers after the import (not cached yet): ${uncached.join(', ')}`);
  } finally {
    await api.stop();
    cms.close();
    stopPg();
  }
}

const wanted = process.argv[2] ?? 'both';
const csv = generatedCsv();
for (const engine of ['sqlite', 'postgres'] as const)
  if (wanted === engine || wanted === 'both') await run(engine, csv);
