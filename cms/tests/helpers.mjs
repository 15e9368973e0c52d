// What the content system's tests share: starting a real Strapi (and the gateway in front of it) on
// a free port, stopping it, and signing in as a demo user or the demo admin. Not a test file itself:
// `node --test cms/tests/` runs only `*.test.mjs`.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { EventEmitter, on } from 'node:events';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_ADMIN, DEMO_PASSWORD } from '@ciffc/contracts/commonjs/demo-accounts';
import { buildContracts } from '../scripts/build-contracts.mjs';

export const cmsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(cmsDir, '..');
export const strapiBin = path.join(cmsDir, 'node_modules', '@strapi', 'strapi', 'bin', 'strapi.js');

/** The demo users' password (`ab`..`yt`, `ciffc`) and the demo admin panel accounts, as the contracts define them. */
export { DEMO_ADMIN, DEMO_EDITOR, DEMO_PASSWORD } from '@ciffc/contracts/commonjs/demo-accounts';

const secret = () => randomBytes(24).toString('base64');
/** Fresh random values for every secret Strapi needs. */
export const secrets = () => ({
  JWT_SECRET: secret(),
  ADMIN_JWT_SECRET: secret(),
  APP_KEYS: `${secret()},${secret()}`,
  API_TOKEN_SALT: secret(),
  TRANSFER_TOKEN_SALT: secret(),
  ENCRYPTION_KEY: secret(),
});

export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Whatever happens (a failed assertion, an interrupted run), no server outlives the test file.
const running = new Set();
process.once('exit', () => {
  for (const part of running) if (part.child.exitCode === null) part.child.kill('SIGKILL');
});

/**
 * Spawns a part; resolves once `ready()` answers true (its errors count as not yet), rejects with
 * the part's log if it exits first or is not ready in time. A first Strapi start seeds the demo
 * data: up to a minute and more on a busy 2-core machine.
 */
export async function startPart(command, args, options, ready, timeoutMs = 150_000) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  /** Emits `chunk` after each chunk the part writes (on either stream) is in its log. */
  const written = new EventEmitter();
  child.stdout.on('data', (chunk) => {
    log += chunk;
    written.emit('chunk');
  });
  child.stderr.on('data', (chunk) => {
    log += chunk;
    written.emit('chunk');
  });
  const part = { child, log: () => log, written, readyMs: 0 };
  running.add(part);
  child.once('exit', () => running.delete(part));
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}:\n${log}`);
    if (await ready().catch(() => false)) {
      part.readyMs = Date.now() - started;
      return part;
    }
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new Error(`${args.join(' ')} not ready after ${timeoutMs / 1000} s:\n${log}`);
}

/**
 * Waits until `done()` holds, checked now and at each `event` of `emitter`: the wait ends with the
 * event, not on a clock. False after `timeoutMs`, a timer that keeps the process alive (unlike
 * AbortSignal.timeout's), so an otherwise idle process still reaches its deadline.
 */
export async function untilEmitted(emitter, event, done, timeoutMs) {
  if (done()) return true;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  try {
    for await (const _ of on(emitter, event, { signal: deadline.signal })) if (done()) return true;
  } catch (error) {
    if (!deadline.signal.aborted) throw error;
  } finally {
    clearTimeout(timer);
  }
  return false;
}

/** Resolves once the part's log holds what `holds(log)` looks for; fails with the log after `timeoutMs`. */
export async function logged(part, holds, timeoutMs = 5_000) {
  if (!(await untilEmitted(part.written, 'chunk', () => holds(part.log()), timeoutMs)))
    assert.fail(`not in the log after ${timeoutMs} ms:\n${part.log()}`);
}

/** SIGTERM, then SIGKILL after 5 s; resolves once the part has exited. */
export async function stopPart(part) {
  if (!part || part.child.exitCode !== null) return;
  const exited = new Promise((resolve) => part.child.once('exit', resolve));
  part.child.kill('SIGTERM');
  const timer = setTimeout(() => part.child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** Every part this file started that still runs. */
export async function stopAll() {
  for (const part of [...running].reverse()) await stopPart(part);
}

/** The environment of a Strapi process: the shell's, without its login limit, then `env`. */
const strapiEnv = (env) => {
  // Strapi's own default login limit (10 a minute per address) unless `env` says otherwise.
  const { AUTH_RATELIMIT_MAX: _raised, ...inherited } = process.env;
  return {
    ...inherited,
    STRAPI_TELEMETRY_DISABLED: 'true',
    HOST: '127.0.0.1',
    NODE_ENV: 'development',
    ...env,
  };
};

/**
 * Once per test file, before any start: the admin panel must have been built (`npm run build` in
 * cms/), and the server code is compiled here from src/, with the contracts it imports, so the
 * tests run what is in the tree.
 */
export function compileServer() {
  assert.ok(
    existsSync(path.join(cmsDir, 'dist', 'build', 'index.html')),
    'admin panel not built: run `npm run build` in cms/ first',
  );
  buildContracts();
  const tsc = spawnSync(
    process.execPath,
    [path.join(cmsDir, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', cmsDir],
    { encoding: 'utf8' },
  );
  assert.equal(tsc.status, 0, `tsc failed:\n${tsc.stdout}${tsc.stderr}`);
}

/** `strapi start` with `env` (PORT required); resolves once /_health answers 204. */
export async function startStrapi(env) {
  const url = `http://127.0.0.1:${env.PORT}`;
  const part = await startPart(
    process.execPath,
    [strapiBin, 'start'],
    { cwd: cmsDir, env: strapiEnv(env) },
    async () => (await fetch(`${url}/_health`)).status === 204,
  );
  return Object.assign(part, { url });
}

/** A `strapi start` that must refuse: resolves with its exit status and output once it has exited. */
export async function refusedStart(env, timeoutMs = 60_000) {
  const child = spawn(process.execPath, [strapiBin, 'start'], {
    cwd: cmsDir,
    env: strapiEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const part = { child };
  running.add(part);
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const status = await new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  clearTimeout(timer);
  running.delete(part);
  return { status, output };
}

/** The gateway (tsx) in front of the content system on `port`, with no data API and no site build. */
export async function startGateway({ port, cmsUrl, noSiteDir, host = '127.0.0.1' }) {
  const url = `http://127.0.0.1:${port}`;
  const part = await startPart(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'gateway', 'src', 'server.ts')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: host,
        CMS_URL: cmsUrl,
        API_URL: 'http://127.0.0.1:9',
        WEB_DIST: noSiteDir,
      },
    },
    async () => (await fetch(`${url}/gateway/health`)).ok,
  );
  return Object.assign(part, { url });
}

/** A site user's sign-in (users-permissions): `{ status, body }`, the jwt in `body.jwt`. */
export async function signIn(baseUrl, identifier, password = DEMO_PASSWORD) {
  const res = await fetch(`${baseUrl}/api/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier, password }),
  });
  return { status: res.status, body: await res.json() };
}

/**
 * An admin panel sign-in: its token. The admin login is rate-limited (5 a window per address), so
 * a test file signs in once and keeps the token.
 */
export async function adminSignIn(baseUrl, account = DEMO_ADMIN) {
  const res = await fetch(`${baseUrl}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  assert.equal(res.status, 200, await res.clone().text());
  return (await res.json()).data.token;
}
