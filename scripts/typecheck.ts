/**
 * `npm run typecheck`: `tsc -p` of every part, incremental (each part's build info in
 * .cache/tsc/, git-ignored), two parts at a time on a 2-core machine.
 *
 * A part that passed and whose files are all older than that pass is not started at all. The
 * check is ours, not `tsc -b`'s: `tsc -b` only looks at a part's own files, and the parts import
 * each other's sources (`@ciffc/contracts`, `scripts/lib/stack.ts`, `api/src` from bench and
 * deploy), so a change to the contracts would leave the API "up to date" with a type error in it.
 * Here every file the last pass read (listed in its build info), every folder of the part (a file
 * added or removed) and the installed packages are compared with the time that pass started.
 * `--force` checks every part.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const cache = path.join(root, '.cache', 'tsc');
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');

/** Folder → the name of its build info in .cache/tsc (the `tsBuildInfoFile` of its tsconfig.json). */
/** The largest first, so the two at a time end together. */
const PARTS: Record<string, string> = {
  web: 'web',
  api: 'api',
  deploy: 'deploy',
  bench: 'bench',
  scripts: 'scripts',
  gateway: 'gateway',
  e2e: 'e2e',
  'packages/contracts': 'contracts',
};

/** Whatever a part's program depends on besides its own sources and what its build info lists. */
const SHARED = ['tsconfig.base.json', 'package-lock.json', 'node_modules/.package-lock.json'];

const mtime = (file: string) => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY; // gone: stale
  }
};

function newestFolder(dir: string): number {
  let newest = mtime(dir);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (
      !entry.isDirectory() ||
      entry.name === 'node_modules' ||
      entry.name === 'dist' ||
      entry.name.startsWith('.')
    )
      continue;
    newest = Math.max(newest, newestFolder(path.join(dir, entry.name)));
  }
  return newest;
}

/**
 * The files a part's last pass read, from its build info's `fileNames` (relative to the build info).
 * TypeScript 7 names its own lib files bare ("lib.es5.d.ts"): they are inside the compiler, which the
 * lockfiles of SHARED cover. Read as paths, they were missing files, and every part looked changed.
 */
export function filesRead(fileNames: string[], infoDir = cache): string[] {
  return fileNames.filter((f) => f.includes('/')).map((f) => path.resolve(infoDir, f));
}

/** The reason the part must be checked again, or null when its last pass still holds. */
function staleness(part: string, name: string): string | null {
  const passed = path.join(cache, `${name}.passed`);
  const info = path.join(cache, `${name}.tsbuildinfo`);
  if (!existsSync(passed) || !existsSync(info)) return 'no passing check yet';
  const since = Number(readFileSync(passed, 'utf8'));
  const { fileNames } = JSON.parse(readFileSync(info, 'utf8')) as { fileNames: string[] };
  const files = [
    ...filesRead(fileNames),
    ...SHARED.map((f) => path.join(root, f)),
    path.join(root, part, 'tsconfig.json'),
  ];
  const changed = files.find((f) => mtime(f) >= since);
  if (changed) return `${path.relative(root, changed)} changed`;
  if (newestFolder(path.join(root, part)) >= since) return 'a file was added or removed';
  return null;
}

function check(part: string, name: string): Promise<{ ok: boolean; output: string }> {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(process.execPath, [tsc, '-p', part, '--pretty'], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      // The time the pass started: a file saved while it ran is newer, so the next run checks again.
      if (code === 0) writeFileSync(path.join(cache, `${name}.passed`), String(started));
      done({ ok: code === 0, output });
    });
  });
}

async function main() {
  mkdirSync(cache, { recursive: true });
  const force = process.argv.includes('--force');
  const queue: [string, string][] = [];
  for (const [part, name] of Object.entries(PARTS)) {
    const reason = force ? 'forced' : staleness(part, name);
    if (reason) {
      console.log(`[typecheck] ${part}: checking (${reason})`);
      queue.push([part, name]);
    } else console.log(`[typecheck] ${part}: unchanged since its last pass`);
  }
  let failed = 0;
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [part, name] = next;
      const started = Date.now();
      const { ok, output } = await check(part, name);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`[typecheck] ${part}: ${ok ? 'ok' : 'FAILED'} (${seconds} s)`);
      if (output.trim()) process.stdout.write(output);
      if (!ok) failed++;
    }
  };
  const workers = Math.max(1, Math.min(2, availableParallelism()));
  await Promise.all(Array.from({ length: workers }, worker));
  if (failed) process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
