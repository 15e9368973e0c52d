/**
 * `npm test`: every check of the repository, the fastest failures first. Lint and type-check, the
 * parts built, then two lanes side by side: the unit and API suites (vitest's workers keep both
 * cores busy) beside the content system and production suites (most of their time is spent
 * waiting for servers to start and for caches to expire), then the browser tests, which need the
 * whole machine. A lane stops at its first failure; the other lane finishes; the failed steps'
 * output is printed last, so the end of the log shows what broke. Timings are printed per step
 * (docs/performance.md, "The test run").
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const repoRoot = join(import.meta.dirname, '..');
const logDir = join(repoRoot, '.cache', 'test-logs');

interface Result {
  script: string;
  code: number;
  seconds: number;
  log: string;
}

/** Runs one npm script; with `quiet`, its output goes to a log file instead of the terminal. */
function run(script: string, quiet: boolean): Promise<Result> {
  const started = Date.now();
  const log = join(logDir, `${script.replace(':', '-')}.log`);
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], {
      cwd: repoRoot,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
    });
    if (quiet) {
      const file = createWriteStream(log);
      child.stdout?.pipe(file);
      child.stderr?.pipe(file);
    }
    child.on('close', (code) =>
      resolve({ script, code: code ?? 1, seconds: Math.round((Date.now() - started) / 1000), log }),
    );
  });
}

function tail(file: string, lines: number): string {
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

/** Steps one after another, stopping at the first failure. */
async function lane(scripts: string[], quiet: boolean): Promise<Result[]> {
  const results: Result[] = [];
  for (const script of scripts) {
    const result = await run(script, quiet);
    results.push(result);
    const verdict = result.code === 0 ? 'passed' : `FAILED (exit ${result.code})`;
    console.log(`── ${script}: ${verdict} in ${result.seconds} s${quiet ? ` (log: ${result.log})` : ''}`);
    // What a passing suite says of itself (its counts), for the record of the run.
    if (quiet && result.code === 0) console.log(tail(result.log, 6));
    if (result.code !== 0) break;
  }
  return results;
}

function report(results: Result[]): never {
  const failed = results.filter((r) => r.code !== 0);
  for (const r of failed) {
    console.log(`\n════ output of ${r.script} (failed) ════`);
    try {
      process.stdout.write(readFileSync(r.log, 'utf8'));
    } catch {
      // Printed to the terminal as it ran.
    }
  }
  console.log('\nstep            seconds');
  for (const r of results)
    console.log(`${r.script.padEnd(16)}${String(r.seconds).padStart(7)}${r.code ? '  FAILED' : ''}`);
  const total = results.reduce((sum, r) => sum + r.seconds, 0);
  console.log(`(sum of steps ${total} s; the two lanes overlap)`);
  process.exit(failed.length > 0 ? 1 : 0);
}

mkdirSync(logDir, { recursive: true });
const results: Result[] = [];
results.push(...(await lane(['lint', 'typecheck', 'build:parts'], false)));
if (results.every((r) => r.code === 0)) {
  const lanes = await Promise.all([
    lane(['test:unit', 'test:api'], true),
    lane(['test:cms', 'test:prod'], true),
  ]);
  results.push(...lanes.flat());
}
if (results.every((r) => r.code === 0)) results.push(...(await lane(['test:e2e'], false)));
report(results);
