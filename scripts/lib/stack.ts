/**
 * Starting the three parts as child processes: used by `npm start`, by the API tests (a real
 * content system for tokens) and by the browser tests (the whole stack). One place, so the
 * environment contract of docs/TEAM-BRIEF.md is written once.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SECRET_VARIABLES } from '@ciffc/contracts';

export const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const bin = (dir: string, name: string) => join(repoRoot, dir, 'node_modules', '.bin', name);

export interface Part {
  name: string;
  url: string;
  logFile: string;
  process: ChildProcess;
  /** Resolves when the process has exited (either by stop() or by itself). */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Every child still running: parts in their own process group (`group`), build steps in ours. A
 * Ctrl-C during startup comes before any Part or Stack is returned, so the launcher stops these
 * instead; otherwise the detached parts would outlive it.
 */
const running = new Map<ChildProcess, { group: boolean }>();
/** Set once stopRunningParts is called: no part is started after it. */
let shuttingDown = false;

function track(child: ChildProcess, group: boolean): void {
  running.set(child, { group });
  child.once('exit', () => running.delete(child));
}

function signal(child: ChildProcess, group: boolean, sig: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(group ? -child.pid : child.pid, sig);
  } catch {}
}

/** Sends SIGTERM to every running child; for `process.on('exit')`, which cannot wait. */
export function signalRunningParts(sig: NodeJS.Signals = 'SIGTERM'): void {
  for (const [child, { group }] of running) signal(child, group, sig);
}

/** Stops every running child (SIGTERM, SIGKILL after `graceMs`) and waits until they have exited. */
export async function stopRunningParts(graceMs = 8_000): Promise<void> {
  shuttingDown = true;
  const children = [...running];
  await Promise.all(
    children.map(async ([child, { group }]) => {
      const exited = new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) done();
        else child.once('exit', () => done());
      });
      signal(child, group, 'SIGTERM');
      const timer = setTimeout(() => signal(child, group, 'SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    }),
  );
}

export function tail(file: string, lines = 40): string {
  if (!existsSync(file)) return '(no log)';
  return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
}

export interface SpawnOptions {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string | undefined>;
  logFile: string;
  url: string;
  readyPath: string;
  timeoutMs: number;
}

/** Spawns a part and waits until `url + readyPath` answers; fails with the log's tail otherwise. */
export async function spawnPart(o: SpawnOptions): Promise<Part> {
  // A start still under way when the launcher stops would otherwise leave this part running alone.
  if (shuttingDown) throw new Error(`not starting the ${o.name}: stopping`);
  mkdirSync(resolve(o.logFile, '..'), { recursive: true });
  const log = createWriteStream(o.logFile, { flags: 'a' });
  const child = spawn(o.command, o.args, {
    cwd: o.cwd,
    env: { ...process.env, ...o.env } as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // own process group, so stop() also ends its children (npx, tsx workers)
  });
  track(child, true);
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });
  const stop = async () => {
    if (hasExited || child.pid === undefined) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {}
    }, 8_000);
    await exited;
    clearTimeout(timer);
  };
  const part: Part = { name: o.name, url: o.url, logFile: o.logFile, process: child, exited, stop };
  const deadline = Date.now() + o.timeoutMs;
  while (Date.now() < deadline) {
    if (hasExited)
      throw new Error(`${o.name} exited before it was ready. Log ${o.logFile}:\n${tail(o.logFile)}`);
    try {
      const res = await fetch(o.url + o.readyPath, { signal: AbortSignal.timeout(2_000) });
      if (res.status < 500) return part;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  await stop();
  throw new Error(`${o.name} was not ready after ${o.timeoutMs} ms. Log ${o.logFile}:\n${tail(o.logFile)}`);
}

/** The content system's secrets, by the names of the shared rule (packages/contracts secrets.ts). */
export type Secrets = Record<(typeof SECRET_VARIABLES)[number], string>;

const random = () => randomBytes(24).toString('base64url');

/** Demo and test secrets, made once per data folder and kept there (never committed). */
export function loadOrCreateSecrets(dataDir: string): Secrets {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Secrets;
  mkdirSync(dataDir, { recursive: true });
  const secrets: Secrets = {
    JWT_SECRET: random(),
    ADMIN_JWT_SECRET: random(),
    APP_KEYS: [random(), random()].join(','),
    API_TOKEN_SALT: random(),
    TRANSFER_TOKEN_SALT: random(),
    ENCRYPTION_KEY: random(),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/** Outside demo mode the secrets come from the environment only; the content system refuses weak ones. */
function secretsFromEnv(): Secrets {
  const missing = SECRET_VARIABLES.filter((name) => !process.env[name]);
  if (missing.length)
    throw new Error(`Production start needs these secrets in the environment: ${missing.join(', ')}`);
  return Object.fromEntries(SECRET_VARIABLES.map((name) => [name, process.env[name] as string])) as Secrets;
}

function newestMtime(dir: string): number {
  let newest = 0;
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist' && entry.name !== 'build') walk(p);
      } else newest = Math.max(newest, statSync(p).mtimeMs);
    }
  };
  if (existsSync(dir)) walk(dir);
  return newest;
}

async function run(
  name: string,
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
) {
  const child = spawn(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  track(child, false);
  const code = await new Promise<number | null>((done) => child.on('exit', done));
  if (code !== 0) throw new Error(`${name} failed (exit ${code})`);
}

/**
 * Where the built site lives: `WEB_DIST` when set (a helper or a bench builds and serves its own
 * copy without touching the shared one, docs/performance.md), otherwise web/dist.
 */
const webDist = (): string => resolve(process.env.WEB_DIST ?? join(repoRoot, 'web/dist'));

/** Builds the site when its sources are newer than the last build. */
export async function ensureWebBuilt(): Promise<void> {
  const outDir = webDist();
  const index = join(outDir, 'index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  // The shell (index.html), the build's own configuration and the public files are the site's
  // sources too: a change to one alone once left a stale build serving.
  const mtime = (file: string) => (existsSync(file) ? statSync(file).mtimeMs : 0);
  const sources = Math.max(
    newestMtime(join(repoRoot, 'web/src')),
    newestMtime(join(repoRoot, 'web/public')),
    mtime(join(repoRoot, 'web/index.html')),
    mtime(join(repoRoot, 'web/vite.config.ts')),
    newestMtime(join(repoRoot, 'packages/contracts/src')),
  );
  if (built > sources) return;
  console.log('[build] site (vite build)...');
  await run(
    'site build',
    bin('.', 'vite'),
    ['build', '--outDir', outDir, '--emptyOutDir'],
    join(repoRoot, 'web'),
  );
}

/**
 * Builds the content system (TypeScript to dist/ and the admin panel) when its sources changed,
 * and the contracts it imports (compiled to CommonJS, cms/scripts/build-contracts.mjs) when theirs did.
 */
export async function ensureCmsBuilt(): Promise<void> {
  await run('contracts build', process.execPath, ['cms/scripts/build-contracts.mjs'], repoRoot);
  const marker = join(repoRoot, 'cms/dist/.ciffc-built');
  const built = existsSync(marker) ? statSync(marker).mtimeMs : 0;
  const sources = Math.max(newestMtime(join(repoRoot, 'cms/src')), newestMtime(join(repoRoot, 'cms/config')));
  if (built > sources) return;
  console.log('[build] content system (strapi build, about a minute)...');
  await run('content system build', bin('cms', 'strapi'), ['build'], join(repoRoot, 'cms'), {
    STRAPI_TELEMETRY_DISABLED: 'true',
    NODE_ENV: process.env.NODE_ENV ?? 'development',
  });
  writeFileSync(marker, new Date().toISOString());
}

export interface CmsOptions {
  dataDir: string;
  port: number;
  demo: boolean;
  secrets: Secrets;
  publicUrl?: string;
  databaseUrl?: string;
  timeoutMs?: number;
  /** Logins per client address per minute (the content system's default is 10); tests lift it. */
  loginRateLimit?: number;
}

export async function startCms(o: CmsOptions): Promise<Part> {
  const url = `http://127.0.0.1:${o.port}`;
  return spawnPart({
    name: 'content system',
    command: bin('cms', 'strapi'),
    args: ['start'],
    cwd: join(repoRoot, 'cms'),
    env: {
      ...o.secrets,
      HOST: '127.0.0.1',
      PORT: String(o.port),
      PUBLIC_URL: o.publicUrl ?? url,
      DATABASE_CLIENT: o.databaseUrl ? 'postgres' : 'sqlite',
      DATABASE_FILENAME: join(o.dataDir, 'cms.db'),
      DATABASE_URL: o.databaseUrl,
      CIFFC_DEMO: o.demo ? '1' : undefined,
      AUTH_RATELIMIT_MAX: o.loginRateLimit ? String(o.loginRateLimit) : process.env.AUTH_RATELIMIT_MAX,
      STRAPI_TELEMETRY_DISABLED: 'true',
      NODE_ENV: process.env.NODE_ENV ?? 'development',
    },
    logFile: join(o.dataDir, 'logs', 'cms.log'),
    url,
    readyPath: '/_health',
    timeoutMs: o.timeoutMs ?? 120_000,
  });
}

export interface ApiOptions {
  dataDir: string;
  port: number;
  demo: boolean;
  jwtSecret: string;
  cmsUrl: string;
  databaseUrl?: string;
  timeoutMs?: number;
}

export async function startApi(o: ApiOptions): Promise<Part> {
  const url = `http://127.0.0.1:${o.port}`;
  return spawnPart({
    name: 'data API',
    command: bin('.', 'tsx'),
    args: [join(repoRoot, 'api/src/server.ts')],
    cwd: repoRoot,
    env: {
      API_PORT: String(o.port),
      HOST: '127.0.0.1',
      SQLITE_FILE: join(o.dataDir, 'api.db'),
      DATABASE_URL: o.databaseUrl,
      JWT_SECRET: o.jwtSecret,
      CMS_URL: o.cmsUrl,
      CIFFC_DEMO: o.demo ? '1' : undefined,
      // The served pages' shell is the built site's own, WEB_DIST's when another build is served.
      SITE_SHELL: process.env.SITE_SHELL ?? join(webDist(), 'index.html'),
    },
    logFile: join(o.dataDir, 'logs', 'api.log'),
    url,
    readyPath: '/v1/health',
    timeoutMs: o.timeoutMs ?? 180_000,
  });
}

export interface GatewayOptions {
  dataDir: string;
  port: number;
  apiUrl: string;
  cmsUrl: string;
  timeoutMs?: number;
}

export async function startGateway(o: GatewayOptions): Promise<Part> {
  const url = `http://127.0.0.1:${o.port}`;
  return spawnPart({
    name: 'gateway',
    command: bin('.', 'tsx'),
    args: [join(repoRoot, 'gateway/src/server.ts')],
    cwd: repoRoot,
    env: {
      PORT: String(o.port),
      HOST: process.env.HOST ?? '0.0.0.0',
      API_URL: o.apiUrl,
      CMS_URL: o.cmsUrl,
      WEB_DIST: webDist(),
    },
    logFile: join(o.dataDir, 'logs', 'gateway.log'),
    url,
    readyPath: '/gateway/health',
    timeoutMs: o.timeoutMs ?? 30_000,
  });
}

/** Logs in to the content system and returns the JWT. */
export async function loginCms(cmsUrl: string, identifier: string, password: string): Promise<string> {
  const res = await fetch(`${cmsUrl}/api/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier, password }),
  });
  const body = (await res.json()) as { jwt?: string; error?: { message?: string } };
  if (!res.ok || !body.jwt)
    throw new Error(`login ${identifier} failed: ${res.status} ${body.error?.message ?? ''}`);
  return body.jwt;
}

export interface Stack {
  url: string;
  cms: Part;
  api: Part;
  gateway: Part;
  stop(): Promise<void>;
}

export interface StackOptions {
  dataDir: string;
  port: number;
  demo: boolean;
  cmsPort?: number;
  apiPort?: number;
  /** PostgreSQL for the data API; without it, SQLite files under dataDir. */
  databaseUrl?: string;
  /** PostgreSQL for the content system (its own database). */
  cmsDatabaseUrl?: string;
}

/** The whole product on one URL; if one part fails to start, the others are stopped. */
export async function startStack(o: StackOptions): Promise<Stack> {
  await Promise.all([ensureWebBuilt(), ensureCmsBuilt()]);
  const secrets = o.demo ? loadOrCreateSecrets(o.dataDir) : secretsFromEnv();
  const cmsPort = o.cmsPort ?? (await freePort());
  const apiPort = o.apiPort ?? (await freePort());
  const started: Part[] = [];
  const stopAll = async () => {
    await Promise.all(started.map((p) => p.stop()));
  };
  try {
    const publicUrl = `http://localhost:${o.port}`;
    // Both start at once (Strapi takes seconds); if either fails, the other is stopped too.
    const results = await Promise.allSettled([
      startCms({
        dataDir: o.dataDir,
        port: cmsPort,
        demo: o.demo,
        secrets,
        publicUrl,
        databaseUrl: o.cmsDatabaseUrl,
      }),
      startApi({
        dataDir: o.dataDir,
        port: apiPort,
        demo: o.demo,
        jwtSecret: secrets.JWT_SECRET,
        cmsUrl: `http://127.0.0.1:${cmsPort}`,
        databaseUrl: o.databaseUrl,
      }),
    ]);
    for (const r of results) if (r.status === 'fulfilled') started.push(r.value);
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    const [cms, api] = started as [Part, Part];
    const gateway = await startGateway({
      dataDir: o.dataDir,
      port: o.port,
      apiUrl: api.url,
      cmsUrl: cms.url,
    });
    started.push(gateway);
    return { url: `http://localhost:${o.port}`, cms, api, gateway, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
