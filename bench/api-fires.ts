/**
 * `npx tsx bench/api-fires.ts [sqlite|postgres|both]` (default both): the figures of docs/performance.md
 * with 100,000 fires loaded (plus the history from 1980 and a few published national reports):
 * requests per second and p99 of the national list, a filtered list, the summary and the national
 * report (BENCH_PATHS=a,b to choose; the map is available by name). PostgreSQL: DATABASE_URL, or a
 * throwaway cluster. Each request carries no If-None-Match, so every answer is a full 200 body
 * (from the API's cache after the first), which is what a CDN miss costs.
 *
 * Each path is also measured against the ceiling (bench/ceiling.ts: a bare Fastify in its own
 * process serving the bytes the API sent, from memory) in the same run, so the ratio does not
 * depend on the machine's mood. BENCH_ACCEPT_ENCODING: `none` (no header), `gzip`, or `both`
 * (default: each path without the header, then with `gzip` as browsers send). BENCH_SECONDS
 * (default 5) per measurement, after BENCH_WARM_UP_SECONDS (default 2) of unrecorded load on each
 * server for each path. BENCH_ROUNDS (default 3): API and ceiling measured alternately that many
 * times per case; the table shows the round with the median ratio, with every round's ratio range
 * and API p99 beside the path (one 5 s run on 2 cores swung the ceiling by 30-50 %).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from '../api/src/db/index.ts';
import { migrateToLatest } from '../api/src/db/migrate.ts';
import { generateFires, generateHistory, loadHistory } from '../api/src/fires/demo.ts';
import { upsertFires } from '../api/src/fires/store.ts';
import { addDays, centreToday, yearOf } from '../api/src/http/time.ts';
import { seedNationalDemo } from '../api/src/national-sitrep/demo.ts';
import { createDatabase, startPostgres } from '../api/test/postgres.ts';
import { freePort, startApi } from '../scripts/lib/stack.ts';
import type { RecordedAnswer } from './ceiling.ts';
import { type BenchResult, childPids, measure, reportFigure } from './lib.ts';

const FIRES = Number(process.env.BENCH_FIRES ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ENCODING_WANTED = process.env.BENCH_ACCEPT_ENCODING ?? 'both';
const ENCODINGS = ENCODING_WANTED === 'both' ? ['none', 'gzip'] : [ENCODING_WANTED];
/** Seconds of unrecorded load on each server before the measurements (JIT, caches, sockets). */
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 2);
/** Alternated API / ceiling measurements per case; the round with the median ratio is shown. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const headersFor = (encoding: string): Record<string, string> =>
  encoding === 'none' ? {} : { 'accept-encoding': encoding };
const PATHS_WANTED = process.env.BENCH_PATHS?.split(',');
const YESTERDAY = addDays(centreToday(new Date()), -1);
const PATHS = [
  '/v1/wildfires?page=1',
  '/v1/wildfires?agency=bc&stage=OC',
  '/v1/summary',
  `/v1/sitrep?date=${YESTERDAY}`,
  ...(PATHS_WANTED?.includes('/v1/dashboard/fires?map=true') ? ['/v1/dashboard/fires?map=true'] : []),
];

/** Response headers a server sets itself (length, framing, date) are not replayed. */
const OWN_HEADERS = new Set(['content-length', 'transfer-encoding', 'date', 'connection', 'keep-alive']);

/** The answer exactly as sent: raw (still compressed) bytes and headers, for the ceiling to replay. */
function record(
  baseUrl: string,
  url: string,
  encoding: string,
): Promise<RecordedAnswer & { status: number }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(baseUrl + url, { headers: headersFor(encoding) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers))
          if (typeof value === 'string' && !OWN_HEADERS.has(name)) headers[name] = value;
        resolve({
          url,
          acceptEncoding: headersFor(encoding)['accept-encoding'] ?? '',
          headers,
          body: Buffer.concat(chunks).toString('base64'),
          status: res.statusCode ?? 0,
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The ceiling server in its own process, serving the recorded answers. */
async function startCeiling(
  answers: RecordedAnswer[],
  dir: string,
): Promise<{ url: string; pid: number | undefined; stop(): void }> {
  const file = join(dir, 'ceiling-answers.json');
  writeFileSync(file, JSON.stringify(answers));
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'ceiling.ts'), file, String(port)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`ceiling server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => child.kill() };
}

/**
 * CPU seconds (user + system) used so far by a process and its descendants (tsx starts the server
 * as a child), from /proc. Requests per CPU second do not depend on what else the machine is
 * doing, where requests per second do: on a busy machine this is the figure to compare.
 */
function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const own = (Number(fields[11]) + Number(fields[12])) / 100;
    return childPids(pid).reduce((total, child) => total + cpuSeconds(child), own);
  } catch {
    return 0;
  }
}

/** A measurement with the server's CPU time per request, in microseconds. */
async function measureCpu(
  pid: number | undefined,
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
): Promise<BenchResult & { cpuMicros: number }> {
  const cpuBefore = cpuSeconds(pid);
  const result = await measure(baseUrl, path, SECONDS, 50, headers);
  const served = result.requestsPerSecond * SECONDS;
  return { ...result, cpuMicros: Math.round(((cpuSeconds(pid) - cpuBefore) * 1e6) / Math.max(served, 1)) };
}

interface Row {
  path: string;
  encoding: string;
  api: BenchResult & { cpuMicros: number };
  ceiling: BenchResult & { cpuMicros: number };
}

const ratioOf = (row: Row) => row.api.requestsPerSecond / Math.max(row.ceiling.requestsPerSecond, 1);

/** The round whose API / ceiling ratio is the median, and the spread of the ratios in its path. */
function medianRound(rounds: Row[]): Row {
  const sorted = [...rounds].sort((a, b) => ratioOf(a) - ratioOf(b));
  const median = sorted[Math.floor((sorted.length - 1) / 2)] as Row;
  const spread = `${ratioOf(sorted[0] as Row).toFixed(2)}-${ratioOf(sorted.at(-1) as Row).toFixed(2)}`;
  const p99s = rounds.map((r) => r.api.p99).join('/');
  return { ...median, path: `${median.path} (ratios ${spread}, API p99 ${p99s} ms)` };
}

/** "0.68-0.98x the ceiling, p99 3-9 ms": the spread of the median rounds of every case. */
function summary(rows: Row[]): string {
  const ratios = rows.map(ratioOf).sort((a, b) => a - b);
  const p99s = rows.map((row) => row.api.p99).sort((a, b) => a - b);
  return `${ratios[0]?.toFixed(2)}-${ratios.at(-1)?.toFixed(2)}x the ceiling, p99 ${p99s[0]}-${p99s.at(-1)} ms (median round of each case)`;
}

function printRows(title: string, rows: Row[]): void {
  console.log(`\n${title}`);
  console.log(
    '| path | accept-encoding | API req/s | API p50 / p99 ms | ceiling req/s | ceiling p99 ms | ratio | API / ceiling CPU µs per request | CPU ratio | errors / non-2xx |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const { path, encoding, api, ceiling } of rows) {
    const ratio = (api.requestsPerSecond / Math.max(ceiling.requestsPerSecond, 1)).toFixed(2);
    const cpuRatio = (ceiling.cpuMicros / Math.max(api.cpuMicros, 1)).toFixed(2);
    console.log(
      `| ${path} | ${encoding} | ${api.requestsPerSecond} | ${api.p50} / ${api.p99} | ${ceiling.requestsPerSecond} | ${ceiling.p99} | ${ratio}x | ${api.cpuMicros} / ${ceiling.cpuMicros} | ${cpuRatio}x | ${api.errors + ceiling.errors} / ${api.non2xx + ceiling.non2xx} |`,
    );
  }
}

async function load(databaseUrl: string | undefined, sqliteFile: string): Promise<number> {
  const db = createDb({ databaseUrl, sqliteFile });
  const started = performance.now();
  await migrateToLatest(db.kysely);
  const today = centreToday(new Date());
  await upsertFires(db.kysely, generateFires({ seed: 1, count: FIRES, today }));
  await loadHistory(db, generateHistory({ seed: 1, fromYear: 1980, toYear: yearOf(today) - 1 }));
  await seedNationalDemo(db, { now: new Date(), days: 2 });
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
      databaseUrl = await createDatabase(adminUrl, `ciffc_bench_${Date.now()}`);
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
    let ceiling: { url: string; pid: number | undefined; stop(): void } | undefined;
    try {
      const paths = PATHS.filter((p) => !PATHS_WANTED || PATHS_WANTED.includes(p));
      const answers: RecordedAnswer[] = [];
      for (const path of paths) {
        for (const encoding of ENCODINGS) {
          const first = performance.now();
          const answer = await record(api.url, path, encoding);
          const coding = answer.headers['content-encoding'] ?? 'identity';
          console.log(
            `${path} [${encoding}]: ${answer.status}, first answer ${Math.round(performance.now() - first)} ms, ${Buffer.from(answer.body, 'base64').length} bytes sent as ${coding}`,
          );
          answers.push(answer);
        }
      }
      ceiling = await startCeiling(answers, dataDir);
      // Without a warm-up the first measurement of a run paid for the JIT and the first cache
      // fills (it was always the slowest), so both servers get the same unrecorded load first.
      for (const path of paths)
        for (const encoding of ENCODINGS)
          for (const url of [api.url, ceiling.url])
            await measure(url, path, WARM_UP_SECONDS, 50, headersFor(encoding));
      const rows: Row[] = [];
      for (const path of paths) {
        for (const encoding of ENCODINGS) {
          const headers = headersFor(encoding);
          const rounds: Row[] = [];
          // API and ceiling alternate, ROUNDS times: the machine's mood moves both alike.
          for (let round = 0; round < ROUNDS; round++) {
            const apiResult = await measureCpu(api.process.pid, api.url, path, headers);
            const ceilingResult = await measureCpu(ceiling.pid, ceiling.url, path, headers);
            rounds.push({ path, encoding, api: apiResult, ceiling: ceilingResult });
          }
          rows.push(medianRound(rounds));
        }
      }
      printRows(
        `data API on ${engine} against the ceiling, ${FIRES} fires, 50 connections, ${SECONDS} s each`,
        rows,
      );
      reportFigure(`api-fires-${engine}`, summary(rows));
    } finally {
      ceiling?.stop();
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
