import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { secretProblems } from '@ciffc/contracts';

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
  /** How long a resolved identity may be reused, ms (ARCHITECTURE: at most 60 s). */
  identityCacheMs: number;
  logLevel: string;
  /** The clock; tests fix it so that "today" and the season do not move. */
  now: () => Date;
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const production = env.NODE_ENV === 'production';
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
    demo: env.CIFFC_DEMO === '1' || env.CIFFC_DEMO === 'true',
    bodyLimit: 1024 * 1024,
    importBodyLimit: 64 * 1024 * 1024,
    identityCacheMs: 60_000,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    now: () => new Date(),
    ...overrides,
  };
  if (!jwtSecret && !overrides.jwtSecret) {
    // Not fatal outside production: the public reads work, signed-in calls answer 401.
    console.warn(`[api] JWT_SECRET is not set; using ${DEV_SECRET_NOTE}`);
  }
  return config;
}
