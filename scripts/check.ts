/**
 * `npm run check`: the inner loop, under a minute on a warm tree. The formatter and linter, then
 * side by side the incremental type-check of every part (scripts/typecheck.ts), the unit and site
 * tests, and the API's server tests (its own project: PostgreSQL and the content system started by
 * its global setup) beside what changed since the last commit: a changed test file, and the tests in
 * the folder of a changed source file. Vitest's own `--changed` follows the module graph, where every
 * page test reaches every screen through the router, so one edited screen ran 34 files; `npm test`
 * runs them all. `--all` runs every unit and site test (not the API's: `npm test` runs those).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

const root = join(import.meta.dirname, '..');

/** The test files of the `unit` and `web` projects (vitest.config.ts, web/vitest.config.ts). */
const UNIT_TEST = [
  /^web\/src\/.+\.test\.tsx?$/,
  /^packages\/.+\.test\.ts$/,
  /^api\/src\/.+\.unit\.test\.ts$/,
  /^gateway\/src\/.+\.test\.ts$/,
  /^scripts\/.+\.test\.ts$/,
];
const isUnitTest = (file: string) => UNIT_TEST.some((pattern) => pattern.test(file));
/** The test files of the `api` project (api/vitest.config.ts): every API test but the unit ones. */
export const isApiTest = (file: string) => /^api\/src\/.+\.test\.ts$/.test(file) && !isUnitTest(file);

function changedFiles(): string[] {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
  return [
    ...new Set([...git('diff', '--name-only', 'HEAD'), ...git('ls-files', '--others', '--exclude-standard')]),
  ];
}

/** The tests of one project (the unit tests by default) that speak for a set of changed files. */
export function testsBeside(
  changed: string[],
  listFolder: (dir: string) => string[],
  isTest: (file: string) => boolean = isUnitTest,
): string[] {
  const tests = new Set<string>();
  for (const file of changed) {
    if (!/\.(tsx?|mjs)$/.test(file)) continue;
    if (isTest(file)) {
      tests.add(file);
      continue;
    }
    // Another project's test speaks only for itself.
    if (/\.test\.tsx?$/.test(file)) continue;
    const dir = dirname(file);
    for (const name of listFolder(dir)) if (isTest(`${dir}/${name}`)) tests.add(`${dir}/${name}`);
  }
  return [...tests].sort();
}

function listFolder(dir: string): string[] {
  const full = join(root, dir);
  return existsSync(full) ? readdirSync(full) : [];
}

function run(command: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, FORCE_COLOR: '1' } });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => done({ code: code ?? 1, output }));
  });
}

async function main() {
  const started = Date.now();
  const lint = await run('npx', ['biome', 'check', '.']);
  process.stdout.write(lint.output);
  if (lint.code !== 0) process.exit(lint.code);

  const all = process.argv.includes('--all');
  // A deleted test file is in the diff too: vitest would find no file for it and fail.
  const changed = changedFiles();
  const beside = (isTest?: (file: string) => boolean) =>
    testsBeside(changed, listFolder, isTest).filter((file) => existsSync(join(root, file)));
  const tests = all ? [] : beside();
  const apiTests = all ? [] : beside(isApiTest);
  const vitestArgs = ['vitest', 'run', '--project', 'unit', '--project', 'web', ...tests];
  const [types, units, api] = await Promise.all([
    run('npx', ['tsx', 'scripts/typecheck.ts']),
    all || tests.length > 0
      ? run('npx', vitestArgs)
      : Promise.resolve({ code: 0, output: 'No unit test beside the changes.\n' }),
    apiTests.length > 0
      ? run('npx', ['vitest', 'run', '--project', 'api', ...apiTests])
      : Promise.resolve({ code: 0, output: '' }),
  ]);
  process.stdout.write(types.output);
  if (!all) {
    console.log(`[check] tests beside the changes: ${tests.length ? tests.join(' ') : 'none'}`);
    console.log(`[check] API tests beside the changes: ${apiTests.length ? apiTests.join(' ') : 'none'}`);
  }
  process.stdout.write(units.output);
  process.stdout.write(api.output);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const failed = [types.code && 'type-check', units.code && 'tests', api.code && 'API tests'].filter(Boolean);
  console.log(`[check] ${failed.length ? `FAILED: ${failed.join(', ')}` : 'passed'} in ${seconds} s`);
  process.exit(failed.length ? 1 : 0);
}

if (process.argv[1] === import.meta.filename) await main();
