/**
 * `npm test`: every check of the repository, the fastest failures first. Lint and type-check beside
 * the build of the parts, then two lanes side by side: the unit and API suites (vitest's workers
 * keep both cores busy) beside the content system and production suites (most of their time is
 * spent waiting for servers to start and for caches to expire), while the browser tests' stack
 * starts in the background; then the browser tests, which need the whole machine. A lane stops at
 * its first failure; the other lane finishes; the failed steps' output is printed last, so the end
 * of the log shows what broke. Each step's seconds and the machine's CPU use while it ran are
 * printed in a table (docs/performance.md, "The test run").
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { E2E_STACK } from '../e2e/stack.ts';
import { exitUnlessSupportedNode } from './lib/node-version.ts';

exitUnlessSupportedNode();

const repoRoot = join(import.meta.dirname, '..');
const logDir = join(repoRoot, '.cache', 'test-logs');

interface Result {
  script: string;
  code: number;
  seconds: number;
  /** The share of the machine's CPU time that was busy while the step ran (all processes). */
  cpu: number | null;
  log: string;
}

/** The machine's busy and total CPU ticks so far (Linux), to tell waiting from working. */
function cpuTicks(): { busy: number; total: number } | null {
  if (!existsSync('/proc/stat')) return null;
  const [cpuLine = ''] = readFileSync('/proc/stat', 'utf8').split('\n');
  const fields = cpuLine.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, n) => sum + n, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0); // idle + iowait
  return { busy: total - idle, total };
}

function busyShare(before: ReturnType<typeof cpuTicks>): number | null {
  const after = cpuTicks();
  if (!before || !after || after.total === before.total) return null;
  return (after.busy - before.busy) / (after.total - before.total);
}

/** Runs one npm script; with `quiet`, its output goes to a log file instead of the terminal. */
function run(script: string, quiet: boolean, env: Record<string, string> = {}): Promise<Result> {
  const started = Date.now();
  const ticks = cpuTicks();
  const log = join(logDir, `${script.replace(':', '-')}.log`);
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], {
      cwd: repoRoot,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0', ...env },
    });
    if (quiet) {
      const file = createWriteStream(log);
      child.stdout?.pipe(file);
      child.stderr?.pipe(file);
    }
    child.on('close', (code) =>
      resolve({
        script,
        code: code ?? 1,
        seconds: Math.round((Date.now() - started) / 1000),
        cpu: busyShare(ticks),
        log,
      }),
    );
  });
}

function tail(file: string, lines: number): string {
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

/** Steps one after another, stopping at the first failure. */
async function lane(scripts: string[], quiet: boolean, env: Record<string, string> = {}): Promise<Result[]> {
  const results: Result[] = [];
  for (const script of scripts) {
    const result = await run(script, quiet, env);
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
  console.log('\nstep            seconds  CPU busy');
  for (const r of results) {
    const cpu = r.cpu === null ? '' : `${Math.round(r.cpu * 100)} %`;
    console.log(
      `${r.script.padEnd(16)}${String(r.seconds).padStart(7)}${cpu.padStart(10)}${r.code ? '  FAILED' : ''}`,
    );
  }
  const wall = Math.round((Date.now() - runStarted) / 1000);
  console.log(`(whole run ${wall} s; lanes overlap; CPU busy is the machine's, both cores)`);
  process.exit(failed.length > 0 ? 1 : 0);
}

/** The browser tests' stack, started while the other suites run; stopped at the end. */
function startE2eStack(): { ready: Promise<boolean>; stop: () => Promise<void> } {
  const log = createWriteStream(join(logDir, 'e2e-stack.log'));
  const child: ChildProcess = spawn('sh', ['-c', E2E_STACK.command], {
    cwd: repoRoot,
    env: { ...process.env, ...E2E_STACK.env },
    detached: true, // its own process group, stopped as one
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const ready = (async () => {
    const deadline = Date.now() + 600_000;
    while (!gone && Date.now() < deadline) {
      try {
        if ((await fetch(E2E_STACK.healthUrl)).ok) return true;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 1_000));
    }
    return false;
  })();
  const signal = (sig: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, sig);
    } catch {}
  };
  return {
    ready,
    stop: async () => {
      if (gone) return;
      signal('SIGTERM');
      const timer = setTimeout(() => signal('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

const runStarted = Date.now();
mkdirSync(logDir, { recursive: true });
const results: Result[] = [];
const passed = () => results.every((r) => r.code === 0);
// Type-checking and building use both cores between them; the build is needed by every suite
// after this point (the content system's admin panel, the site's bundle).
results.push(...(await Promise.all([lane(['lint', 'typecheck'], true), lane(['build:parts'], true)])).flat());
if (passed()) {
  const e2eStack = startE2eStack();
  // The stack runs in its own process group: a Ctrl-C of the run must stop it too, or the next run
  // would find its port taken and test against this stale stack.
  for (const sig of ['SIGINT', 'SIGTERM'] as const)
    process.once(sig, () => void e2eStack.stop().then(() => process.exit(130)));
  const lanes = await Promise.all([
    lane(['test:unit', 'test:api'], true),
    lane(['test:cms', 'test:prod'], true),
  ]);
  results.push(...lanes.flat());
  if (passed() && !(await e2eStack.ready))
    console.log(
      `── the browser tests' stack did not start (log: ${join(logDir, 'e2e-stack.log')}); Playwright starts its own`,
    );
  if (passed()) results.push(...(await lane(['test:e2e'], false, { E2E_REUSE: '1' })));
  await e2eStack.stop();
}
report(results);
