/**
 * `npm run bench [-- --only a,b | --render]`: runs the benchmarks quick enough for a shared
 * machine (or the ones named), stores their figures in bench/figures.json and rewrites the
 * generated tables of docs/performance.md. `--render` only rewrites the page from the file.
 * A benchmark hands its figures back through BENCH_FIGURES (bench/lib.ts, reportFigure).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { applyReported, type Family, type Reported, renderTables, replaceGenerated } from './report/table.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const FIGURES = join(ROOT, 'bench/figures.json');
const PAGE = join(ROOT, 'docs/performance.md');

/** The benchmarks that report figures; `quick` ones run by default (a few minutes in all). */
const BENCHES: Record<string, { args: string[]; quick: boolean }> = {
  'api-agency': { args: [], quick: true },
  'agency-sitrep-save': { args: [], quick: true },
  'national-sitrep': { args: ['--sqlite-only'], quick: true },
  'ogc-items': { args: [], quick: true },
  'api-fires': { args: ['both'], quick: false },
  perimeters: { args: ['both'], quick: false },
};

function chosen(argv: string[]): string[] {
  if (argv.includes('--render')) return [];
  const only = argv[argv.indexOf('--only') + 1];
  if (!argv.includes('--only')) return Object.keys(BENCHES).filter((name) => BENCHES[name]?.quick);
  const names = (only ?? '').split(',').filter(Boolean);
  const unknown = names.filter((name) => !(name in BENCHES));
  if (unknown.length > 0 || names.length === 0)
    throw new Error(`--only takes a list of: ${Object.keys(BENCHES).join(', ')}`);
  return names;
}

/** "28 Nov 2026, 2 cores 24 GiB, load 1.3": the date, the machine and how busy it was. */
function machineNow(): string {
  const date = new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
  const memory = Math.round(totalmem() / 2 ** 30);
  return `${date}, ${cpus().length} cores ${memory} GiB, load ${loadavg()[0]?.toFixed(1)}; npm run bench`;
}

function runBench(name: string): Reported[] {
  const out = join(mkdtempSync(join(tmpdir(), 'ciffc-bench-figures-')), 'figures.jsonl');
  const measured = machineNow();
  const tsx = join(ROOT, 'node_modules/.bin/tsx');
  const result = spawnSync(tsx, [join(ROOT, `bench/${name}.ts`), ...(BENCHES[name]?.args ?? [])], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_FIGURES: out },
  });
  if (result.status !== 0) throw new Error(`bench/${name}.ts failed (${result.status ?? result.signal})`);
  if (!existsSync(out)) throw new Error(`bench/${name}.ts reported no figure`);
  const lines = readFileSync(out, 'utf8').split('\n').filter(Boolean);
  return lines.map((line) => ({ ...(JSON.parse(line) as { key: string; figure: string }), measured }));
}

let families = JSON.parse(readFileSync(FIGURES, 'utf8')) as Family[];
for (const name of chosen(process.argv.slice(2))) {
  families = applyReported(families, runBench(name));
  writeFileSync(FIGURES, `${JSON.stringify(families, null, 2)}\n`);
}
writeFileSync(PAGE, replaceGenerated(readFileSync(PAGE, 'utf8'), renderTables(families)));
console.log(`docs/performance.md rewritten from bench/figures.json`);
