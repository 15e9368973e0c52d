/**
 * Runs before `npm test` (the `pretest` script): the browser, production and GIS tests and the
 * link preview images need four Debian packages that `npm install` cannot bring. Present: nothing happens. Missing: installed
 * with apt-get when this runs as root on a machine with apt-get (unless CIFFC_NO_APT=1), otherwise
 * the run stops before any test with the one command that installs them.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { exitUnlessSupportedNode } from './lib/node-version.ts';

interface SystemPackage {
  /** The Debian package. */
  name: string;
  /** The program the tests run, or the file they read (`paths` only, a font). */
  program: string;
  /** A file read, not run: present is enough. */
  data?: boolean;
  /** What needs it. */
  usedBy: string;
  /** Absolute paths tried before PATH (Playwright starts the browser by its path; nginx lives in sbin). */
  paths: string[];
}

export const SYSTEM_PACKAGES: SystemPackage[] = [
  {
    name: 'chromium-headless-shell',
    program: 'chromium-headless-shell',
    usedBy: 'browser tests (e2e/)',
    paths: ['/usr/bin/chromium-headless-shell'],
  },
  { name: 'nginx', program: 'nginx', usedBy: 'production test (deploy/test/)', paths: ['/usr/sbin/nginx'] },
  { name: 'gdal-bin', program: 'ogrinfo', usedBy: 'OGC API test (api/src/ogc/)', paths: [] },
  {
    name: 'fonts-dejavu-core',
    program: 'DejaVuSans.ttf',
    usedBy: 'the text of the link preview images (api/src/site-pages/preview/)',
    paths: ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'],
    data: true,
  },
];

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function readable(file: string): boolean {
  try {
    accessSync(file, constants.R_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(program: string, extra: string[]): boolean {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  return [...extra, ...dirs.map((dir) => path.join(dir, program))].some(executable);
}

const present = (p: SystemPackage) => (p.data ? p.paths.some(readable) : onPath(p.program, p.paths));

export type Plan =
  | { kind: 'ready' }
  | { kind: 'install'; command: string[] }
  | { kind: 'stop'; message: string };

/** What to do about the missing packages, given who runs this and whether apt-get may be used. */
export function plan(missing: SystemPackage[], can: { root: boolean; apt: boolean; allowed: boolean }): Plan {
  if (missing.length === 0) return { kind: 'ready' };
  const names = missing.map((p) => p.name);
  if (can.root && can.apt && can.allowed)
    return { kind: 'install', command: ['apt-get', 'install', '-y', ...names] };
  const lines = missing.map((p) => `  ${p.name} (${p.program}): ${p.usedBy}`);
  const sudo = can.root ? '' : 'sudo ';
  return {
    kind: 'stop',
    message: [
      'npm test needs Debian packages that are not installed:',
      ...lines,
      'Install them with this one command, then run npm test again:',
      `  ${sudo}sh -c 'apt-get update && apt-get install -y ${names.join(' ')}'`,
    ].join('\n'),
  };
}

function main(): number {
  const missing = SYSTEM_PACKAGES.filter((p) => !present(p));
  const decided = plan(missing, {
    root: process.getuid?.() === 0,
    apt: onPath('apt-get', []),
    allowed: process.env.CIFFC_NO_APT !== '1',
  });
  if (decided.kind === 'ready') return 0;
  if (decided.kind === 'stop') {
    console.error(decided.message);
    return 1;
  }
  console.log(`[pretest] installing ${decided.command.slice(3).join(', ')} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    [...decided.command.slice(1), '-qq'],
  ]) {
    const run = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (run.status !== 0) {
      console.error(`[pretest] apt-get ${args.join(' ')} failed (exit ${run.status})`);
      return 1;
    }
  }
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // The first step of `npm test`: another Node.js is named before anything is installed.
  exitUnlessSupportedNode();
  process.exitCode = main();
}
