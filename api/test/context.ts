import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '@ciffc/contracts';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { Engine } from '../src/db/index.ts';
import { createDatabase } from './postgres.ts';

export interface CmsInfo {
  url: string;
  jwtSecret: string;
}

export interface TestContext {
  engine: Engine;
  app: FastifyInstance;
  /** The content system of this run (demo users), or null when CIFFC_TEST_CMS=0. */
  cms: CmsInfo | null;
  /** The secret tokens are checked with. */
  jwtSecret: string;
}

export const engines: readonly Engine[] = ['sqlite', 'postgres'];

/** A fresh, migrated database on the engine and an app on it; `close()` drops the database. */
export async function createTestContext(
  engine: Engine,
  overrides: Partial<Config> = {},
): Promise<TestContext & { close(): Promise<void> }> {
  const cms = inject('cms');
  const jwtSecret = cms?.jwtSecret ?? randomBytes(32).toString('hex');
  let sqliteDir: string | undefined;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (engine === 'sqlite') {
    sqliteDir = mkdtempSync(path.join(tmpdir(), 'ciffc-api-test-'));
  } else {
    const adminUrl = inject('pgAdminUrl');
    const name = `ciffc_test_${randomBytes(6).toString('hex')}`;
    databaseUrl = await createDatabase(adminUrl, name);
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }
  const config = loadConfig(
    { NODE_ENV: 'test' },
    {
      databaseUrl,
      sqliteFile: sqliteDir ? path.join(sqliteDir, 'api.db') : ':memory:',
      jwtSecret,
      // Nothing listens on port 9 (discard): without a content system the look-up fails fast.
      cmsUrl: cms?.url ?? 'http://127.0.0.1:9',
      logLevel: process.env.API_TEST_LOG ?? 'silent',
      ...overrides,
    },
  );
  const app = await buildApp({ config, migrate: true });
  return {
    engine,
    app,
    cms,
    jwtSecret,
    async close() {
      await app.close();
      await dropDatabase();
      if (sqliteDir) rmSync(sqliteDir, { recursive: true, force: true });
    },
  };
}

/**
 * `describe` once per engine, each with its own fresh database for the whole suite:
 * `forEachEngine('agencies', (ctx) => { it('...', async () => ctx().app.inject(...)) })`.
 */
export function forEachEngine(
  name: string,
  fn: (ctx: () => TestContext) => void,
  overrides: Partial<Config> = {},
): void {
  describe.each(engines)(`${name} [%s]`, (engine) => {
    let context: (TestContext & { close(): Promise<void> }) | undefined;
    beforeAll(async () => {
      context = await createTestContext(engine, overrides);
    });
    afterAll(async () => {
      await context?.close();
    });
    fn(() => {
      if (!context) throw new Error('test context not ready');
      return context;
    });
  });
}

/** A fixed clock: noon in Winnipeg on the given day, so "today" in the centre is that day. */
export const clockAt = (date: string) => () => new Date(`${date}T17:00:00Z`);

/** A token signed like the content system's (HS256, payload `{ id }`), for the 401 cases. */
export async function signToken(
  secret: string,
  options: { id?: number; expiresIn?: string | number; issuedAt?: number } = {},
): Promise<string> {
  const jwt = new SignJWT({ id: options.id ?? 1 }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' });
  jwt.setIssuedAt(options.issuedAt);
  jwt.setExpirationTime(options.expiresIn ?? '12h');
  return jwt.sign(new TextEncoder().encode(secret));
}

const tokens = new Map<string, Promise<string>>();

/** A real token of a demo user from the content system of this run (cached per user). */
export function tokenFor(ctx: TestContext, username: string): Promise<string> {
  if (!ctx.cms) throw new Error('This test needs the content system (unset CIFFC_TEST_CMS=0)');
  const cms = ctx.cms;
  let token = tokens.get(username);
  if (!token) {
    token = import('../../scripts/lib/stack.ts').then((stack) =>
      stack.loginCms(cms.url, username, DEMO_PASSWORD),
    );
    tokens.set(username, token);
  }
  return token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
