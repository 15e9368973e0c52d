import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { envFlag, isProduction, secretProblems } from '@ciffc/contracts';
import { DEFAULT_READER_LIMITS } from './perimeters/reader.ts';

/** Repository root: relative SQLite paths are resolved from here, whatever the working directory. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL when set, else SQLite at `sqliteFile`. */
  databaseUrl: string | undefined;
  sqliteFile: string;
  jwtSecret: string;
  cmsUrl: string;
  demo: boolean;
  /** Largest accepted request body, bytes (the import route has its own, larger limit). */
  bodyLimit: number;
  importBodyLimit: number;
  /**
   * How long a resolved identity may be reused, ms. Each instance has its own cache, so this is
   * how long a blocked user or a changed role may still act on some instance (5 s).
   */
  identityCacheMs: number;
  /** PostgreSQL connections this instance may open (deploy/README.md: the connection budget). */
  poolSize: number;
  /** Names this instance in every log line (systemd's `%i` in deploy/). */
  instanceId: string;
  /** Longest wait for requests in flight on SIGTERM before a forced exit, ms. */
  shutdownGraceMs: number;
  /** How long nginx's microcache may keep a public answer, s (X-Accel-Expires; 0: not at all). */
  proxyCacheSeconds: number;
  /** One log line per request at info level (LOG_REQUESTS=0 turns it off). */
  logRequests: boolean;
  logLevel: string;
  /**
   * The site's built page (web/dist/index.html), which the served pages fill with their head and
   * text (docs/decisions.md, "Served pages"); SITE_SHELL names another.
   */
  siteShell: string;
  /** The clock; tests fix it so that "today" and the season do not move. */
  now: () => Date;
  /** The perimeter reader's process: its heap cap and time limit (perimeters/reader.ts). */
  perimeterReader: { heapMb: number; timeoutMs: number };
  /**
   * Prometheus metrics on a listener of their own (metrics/metrics.ts), never on the API's port,
   * which nginx serves; undefined: off (METRICS_PORT unset, empty, 0 or off).
   */
  metrics: { host: string; port: number } | undefined;
}

const DEV_SECRET_NOTE = 'a random per-process secret (no token will verify until JWT_SECRET is set)';

/** The content system's rules (one rule for both parts): the API verifies tokens with JWT_SECRET. */
function refuseUnsafeProduction(env: NodeJS.ProcessEnv): void {
  const problems = secretProblems(env, true, ['JWT_SECRET']);
  if (problems.length === 0) return;
  throw new Error(
    ['CIFFC data API refuses to start (NODE_ENV=production):', ...problems.map((p) => `  - ${p}`)].join('\n'),
  );
}

/** A whole number from the environment within bounds, else the fallback; a bad value is fatal. */
function intSetting(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}: ${raw}`);
  return value;
}

/**
 * METRICS_PORT: a port, or `+N` for the API's port plus N (one api.env serves every instance,
 * docs/configuration.md); unset, empty, `0` or `off`: no metrics listener. A port out of range is
 * refused at start; a port taken only costs the metrics (metrics/metrics.ts).
 */
function metricsSetting(env: NodeJS.ProcessEnv, apiPort: number): Config['metrics'] {
  const raw = (env.METRICS_PORT ?? '').trim();
  if (raw === '' || raw === '0' || raw.toLowerCase() === 'off') return undefined;
  const offset = raw.startsWith('+');
  const value = Number(offset ? raw.slice(1) : raw);
  const port = offset ? apiPort + value : value;
  if (!/^\+?\d+$/.test(raw) || !Number.isInteger(port) || port < 1 || port > 65_535)
    throw new Error(`METRICS_PORT must be a port, +N (the API's port plus N) or off: ${raw}`);
  if (port === apiPort)
    throw new Error(`METRICS_PORT must differ from API_PORT (${apiPort}): nginx serves that one`);
  return { host: env.METRICS_HOST || '127.0.0.1', port };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const production = isProduction(env);
  const jwtSecret = env.JWT_SECRET;
  if (production) refuseUnsafeProduction(env);
  const sqliteFile = env.SQLITE_FILE ?? 'data/api.db';
  const port = Number(env.API_PORT ?? 3001);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`API_PORT is not a port: ${env.API_PORT}`);
  const config: Config = {
    port,
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    sqliteFile: sqliteFile === ':memory:' ? sqliteFile : path.resolve(REPO_ROOT, sqliteFile),
    jwtSecret: jwtSecret ?? randomBytes(32).toString('hex'),
    cmsUrl: (env.CMS_URL ?? `http://127.0.0.1:${env.CMS_PORT ?? 1337}`).replace(/\/+$/, ''),
    demo: envFlag(env, 'CIFFC_DEMO'),
    bodyLimit: 1024 * 1024,
    importBodyLimit: 64 * 1024 * 1024,
    identityCacheMs: intSetting(env, 'IDENTITY_CACHE_MS', 5_000, 0, 5_000),
    // At least 2: the demo seeding holds one connection for its lock while it writes on another.
    poolSize: intSetting(env, 'DB_POOL_SIZE', 10, 2, 100),
    instanceId: env.INSTANCE_ID || `${hostname()}:${port}`,
    shutdownGraceMs: intSetting(env, 'SHUTDOWN_GRACE_MS', 10_000, 0, 300_000),
    proxyCacheSeconds: intSetting(env, 'PROXY_CACHE_SECONDS', 1, 0, 900),
    logRequests: env.LOG_REQUESTS !== '0',
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    siteShell: path.resolve(REPO_ROOT, env.SITE_SHELL || 'web/dist/index.html'),
    now: () => new Date(),
    perimeterReader: {
      heapMb: intSetting(env, 'PERIMETER_READER_HEAP_MB', DEFAULT_READER_LIMITS.heapMb, 64, 4096),
      timeoutMs: intSetting(
        env,
        'PERIMETER_READER_TIMEOUT_MS',
        DEFAULT_READER_LIMITS.timeoutMs,
        1_000,
        600_000,
      ),
    },
    metrics: metricsSetting(env, port),
    ...overrides,
  };
  if (!jwtSecret && !overrides.jwtSecret) {
    // Not fatal outside production: the public reads work, signed-in calls answer 401.
    console.warn(`[api] JWT_SECRET is not set; using ${DEV_SECRET_NOTE}`);
  }
  return config;
}

/**
 * `npm run migrate` in production migrates the database the instances use: without DATABASE_URL
 * or SQLITE_FILE it would quietly create and migrate a new SQLite file beside the code and exit 0,
 * so it refuses instead, saying what to set (usually: load api.env first).
 */
export function migrationTargetProblem(env: NodeJS.ProcessEnv): string | null {
  if (!isProduction(env) || env.DATABASE_URL || env.SQLITE_FILE) return null;
  return (
    'npm run migrate refuses to run (NODE_ENV=production): neither DATABASE_URL nor SQLITE_FILE is set. ' +
    'Load the API settings first, e.g. `set -a; . /etc/ciffc/api.env; set +a; npm run migrate`.'
  );
}
