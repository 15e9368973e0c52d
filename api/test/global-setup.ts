/**
 * Once per `vitest --project api` run:
 * (a) a throwaway PostgreSQL 15 cluster on a free port (docs/notes/postgres.md), unless
 *     DATABASE_URL names a server to use instead; each suite then creates its own database in it;
 * (b) the real content system in demo mode, for tokens of the demo users (scripts/lib/stack.ts).
 * Both are stopped when the run ends, and on the way out of a failed start.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { CmsInfo } from './context.ts';
import { startPostgres } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL URL whose user may CREATE DATABASE. */
    pgAdminUrl: string;
    /** The content system, or null when CIFFC_TEST_CMS=0 (then tests needing tokens fail loudly). */
    cms: CmsInfo | null;
  }
}

async function startContentSystem(): Promise<{ info: CmsInfo; stop: () => Promise<void> }> {
  const stack = await import('../../scripts/lib/stack.ts');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ciffc-cms-'));
  try {
    await stack.ensureCmsBuilt();
    const secrets = stack.loadOrCreateSecrets(dataDir);
    const part = await stack.startCms({
      dataDir,
      port: await stack.freePort(),
      demo: true,
      secrets,
      loginRateLimit: 1000,
    });
    return {
      info: { url: part.url, jwtSecret: secrets.JWT_SECRET },
      stop: async () => {
        await part.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cleanups: (() => unknown)[] = [];
  const teardown = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    cleanups.length = 0;
  };
  // A run killed between setup and teardown must not leave a cluster behind.
  const onExit = () => {
    for (const cleanup of cleanups) {
      const result = cleanup();
      if (result instanceof Promise) result.catch(() => {});
    }
  };
  process.once('exit', onExit);
  try {
    const pgPromise = process.env.DATABASE_URL
      ? Promise.resolve({ url: process.env.DATABASE_URL, stop: () => {} })
      : startPostgres();
    const cmsPromise = process.env.CIFFC_TEST_CMS === '0' ? Promise.resolve(null) : startContentSystem();
    const [pgResult, cmsResult] = await Promise.allSettled([pgPromise, cmsPromise]);
    if (pgResult.status === 'fulfilled') cleanups.push(pgResult.value.stop);
    if (cmsResult.status === 'fulfilled' && cmsResult.value) cleanups.push(cmsResult.value.stop);
    if (pgResult.status === 'rejected') throw pgResult.reason;
    if (cmsResult.status === 'rejected') throw cmsResult.reason;
    project.provide('pgAdminUrl', pgResult.value.url);
    project.provide('cms', cmsResult.value?.info ?? null);
  } catch (error) {
    await teardown();
    process.removeListener('exit', onExit);
    throw error;
  }
  return async () => {
    await teardown();
    process.removeListener('exit', onExit);
  };
}
