/**
 * `npx tsx bench/import-memory.ts`: how much memory the fire import takes as its file grows, up to
 * the largest file the API accepts (64 MiB). A standard CSV of BENCH_SIZES rows (default 100,000,
 * 700,000 and 1,370,000: 4.5, 32 and 62 MiB, about 48 bytes a row) is sent to POST
 * /v1/fires/import, each case on a data API started afresh on an empty SQLite file, with each heap
 * capped as in production (`--max-old-space-size`, BENCH_HEAP_MB, default 512 as
 * deploy/systemd/ciffc-api@.service; 0 for none). BENCH_CASES (default `dry,import`): `dry` a dry
 * run, `import` every fire new, `report` ?report=csv, `snapshot` the file imported as a snapshot
 * then, measured, the same file the next day with one more fire. BENCH_REJECTED=1: every row is
 * rejected (an unknown stage of control). BENCH_API_ROOT: run the API of another checkout (`git
 * archive HEAD | tar -x -C DIR`, node_modules linked), for a before and after.
 *
 * For each case: the answer's seconds, the API process's RSS before and its peak (VmHWM, the
 * kernel's own high-water mark, set back before the request: what the unit's MemoryMax counts; the
 * import's worker thread is in the same process), the peak sampled every 50 ms, and the peak heap
 * of the two largest isolates (the API's thread and the import worker) from V8's `--trace-gc`
 * lines in the API's log. The API runs as one node process (`node --import tsx`).
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateFires } from '../api/src/fires/demo.ts';
import { isInCanada } from '../api/src/fires/geo.ts';
import { centreToday } from '../api/src/http/time.ts';
import { freePort, repoRoot, spawnPart } from '../scripts/lib/stack.ts';
import { benchToken, rssKb, standInContentSystem } from './lib.ts';

const SIZES = (process.env.BENCH_SIZES ?? '100000,700000,1370000').split(',').map(Number);
const HEAP_MB = Number(process.env.BENCH_HEAP_MB ?? 512);
/**
 * `dry` (?dry_run=true), `import`, `report` (?report=csv: every rejected row as CSV), `snapshot`:
 * the file imported as a snapshot, its days up to yesterday, then (measured) the same file the next
 * day with one more fire, every other fire unchanged and still listed.
 */
const CASES = (process.env.BENCH_CASES ?? 'dry,import').split(',') as Mode[];
/** Every row rejected (an unknown stage of control), as a file in the wrong layout would be. */
const REJECTED = process.env.BENCH_REJECTED === '1';
/** The checkout whose API runs (another worktree, for a before and after); this one by default. */
const API_ROOT = process.env.BENCH_API_ROOT ?? repoRoot;
type Mode = 'dry' | 'import' | 'report' | 'snapshot';
const QUERY: Record<Mode, string> = {
  dry: 'dry_run=true',
  import: 'dry_run=false',
  report: 'report=csv',
  snapshot: 'snapshot=true',
};
const SECRET = 'bench-secret-not-for-production';

const HEADER =
  'agency_code,agency_fire_id,agency_data_timezone,situation_report_date,status_date,stage_of_control,fire_cause,response_type,fire_size,latitude,longitude';

/**
 * `rows` rows of the standard layout, short as an agency's export is (no zone, no status day, one
 * decimal): the places, days and stages of a demo season up to `today`, each row a new fire.
 */
function generatedCsv(rows: number, today: string): Buffer {
  const pool = generateFires({ seed: 7, count: 20_000, today })
    .map((f) => ({
      ...f,
      latitude: Number(f.latitude.toFixed(1)),
      longitude: Number(f.longitude.toFixed(1)),
    }))
    .filter((f) => isInCanada(f.longitude, f.latitude));
  const lines: string[] = [HEADER];
  for (let i = 0; i < rows; i++) {
    const f = pool[i % pool.length] as (typeof pool)[number];
    lines.push(
      [
        f.agency_code,
        String(i + 1).padStart(7, '0'),
        '',
        f.situation_report_date,
        '',
        REJECTED ? 'XX' : f.stage_of_control,
        f.fire_cause ?? '',
        f.response_type ?? 'FUL',
        Math.round(f.fire_size),
        f.latitude,
        f.longitude,
      ].join(','),
    );
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** A field of /proc/PID/status in kB (VmRSS, VmHWM); 0 once the process has ended. */
function statusKb(pid: number, field: string): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * The two largest heaps an isolate had at the start of a collection, from `--trace-gc` lines
 * (`[pid:0xISOLATE] 1234 ms: Mark-Compact 412.3 (430.1) -> 300.2 (431.0) MB, ...`): the API's
 * thread and the import worker (tsx's module loaders run in two more isolates, of 20-30 MB).
 */
function heapPeaks(log: string): number[] {
  const peaks = new Map<string, number>();
  for (const m of log.matchAll(/^\[\d+:(0x[0-9a-f]+)\]\s+\d+ ms: [\w -]+? ([\d.]+) \([\d.]+\) -> /gm)) {
    const isolate = m[1] as string;
    peaks.set(isolate, Math.max(peaks.get(isolate) ?? 0, Number(m[2])));
  }
  return [...peaks.values()].sort((a, b) => b - a).slice(0, 2);
}

interface Case {
  rows: number;
  mode: Mode;
  seconds: number;
  status: number;
  answer: string;
  rssBeforeMb: number;
  peakRssMb: number;
  sampledPeakMb: number;
  heapsMb: number[];
  alive: boolean;
}

async function runCase(rows: number, mode: Mode, cmsUrl: string): Promise<Case & { mib: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ciffc-bench-import-memory-'));
  const port = await freePort();
  const logFile = join(dataDir, 'logs', 'api.log');
  const api = await spawnPart({
    name: 'data API',
    command: process.execPath,
    args: [
      ...(HEAP_MB ? [`--max-old-space-size=${HEAP_MB}`] : []),
      '--trace-gc',
      '--import',
      'tsx',
      join(API_ROOT, 'api/src/server.ts'),
    ],
    cwd: API_ROOT,
    env: {
      API_PORT: String(port),
      HOST: '127.0.0.1',
      SQLITE_FILE: join(dataDir, 'api.db'),
      DATABASE_URL: undefined,
      JWT_SECRET: SECRET,
      CMS_URL: cmsUrl,
      CIFFC_DEMO: undefined,
      NODE_OPTIONS: undefined,
      SITE_SHELL: join(repoRoot, 'web/dist/index.html'),
    },
    logFile,
    url: `http://127.0.0.1:${port}`,
    readyPath: '/v1/health',
    timeoutMs: 120_000,
  });
  const pid = api.process.pid as number;
  const token = await benchToken(SECRET);
  const post = (query: string, body: Buffer) =>
    fetch(`${api.url}/v1/fires/import?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${token}` },
      body,
    });
  try {
    const today = centreToday(new Date());
    let csv = generatedCsv(rows, today);
    if (mode === 'snapshot') {
      const yesterday = centreToday(new Date(Date.now() - 86_400_000));
      const first = generatedCsv(rows, yesterday);
      const res = await post(QUERY.snapshot, first);
      if (res.status !== 200) throw new Error(`the first snapshot answered ${res.status}`);
      await res.arrayBuffer();
      const next = `bc,NEXT-DAY,,${today},,OC,N,FUL,1,50.7,-120.3\n`;
      csv = Buffer.concat([first, Buffer.from(next)]);
    }
    // What the measured request alone takes: the process's high-water mark is set back to now
    // (clear_refs 5) and only the collections after this point of the log are read.
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const logFrom = statSync(logFile).size;
    const rssBeforeMb = statusKb(pid, 'VmRSS') / 1024;
    let sampledPeakMb = 0;
    const sampler = setInterval(() => {
      sampledPeakMb = Math.max(sampledPeakMb, rssKb(pid) / 1024);
    }, 50);
    const started = performance.now();
    let status = 0;
    let answer = '';
    try {
      const res = await post(QUERY[mode], csv);
      status = res.status;
      const text = await res.text();
      if (status !== 200) console.log(`  answered ${status}: ${text.slice(0, 200)}`);
      else if (mode === 'report') answer = `${(Buffer.byteLength(text) / 2 ** 20).toFixed(1)} MiB of CSV`;
      else {
        const body = JSON.parse(text) as { accepted_count: number; rejected_count: number; ended: number };
        answer = `${body.accepted_count.toLocaleString('en')} accepted, ${body.rejected_count.toLocaleString('en')} rejected${mode === 'snapshot' ? `, ${body.ended} ended` : ''}`;
      }
    } catch (error) {
      console.log(`  the request failed: ${(error as Error).message}`);
    }
    const seconds = (performance.now() - started) / 1000;
    const peakRssMb = statusKb(pid, 'VmHWM') / 1024;
    clearInterval(sampler);
    // A request that failed: the process may still be ending (out of memory).
    if (status === 0) await Promise.race([api.exited, new Promise((r) => setTimeout(r, 2_000))]);
    const alive = api.process.exitCode === null && api.process.signalCode === null;
    await api.stop();
    const heapsMb = heapPeaks(readFileSync(logFile, 'utf8').slice(logFrom));
    const mib = csv.byteLength / 2 ** 20;
    return {
      rows,
      mib,
      mode,
      seconds,
      status,
      answer,
      rssBeforeMb,
      peakRssMb,
      sampledPeakMb,
      heapsMb,
      alive,
    };
  } finally {
    await api.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const cms = await standInContentSystem();
console.log(
  `heap cap: ${HEAP_MB ? `${HEAP_MB} MB (--max-old-space-size)` : 'none'}, Node ${process.version}`,
);
console.log(
  '| rows | MiB | case | answer | seconds | RSS before MB | peak RSS MB (VmHWM) | sampled peak MB | peak heap MB, the two largest isolates |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
try {
  for (const rows of SIZES) {
    for (const mode of CASES) {
      const result = await runCase(rows, mode, cms.url);
      console.log(
        `| ${rows.toLocaleString('en')} | ${result.mib.toFixed(1)} | ${mode} | ${result.alive ? result.status : `${result.status}, the API died`} ${result.answer} | ${result.seconds.toFixed(1)} | ${result.rssBeforeMb.toFixed(0)} | ${result.alive ? result.peakRssMb.toFixed(0) : '-'} | ${result.sampledPeakMb.toFixed(0)} | ${result.heapsMb.map((h) => h.toFixed(0)).join(' / ')} |`,
      );
    }
  }
} finally {
  cms.close();
}
