/**
 * Once per `vitest --project api` run:
 * (a) a throwaway PostgreSQL 15 cluster on a free port (../shared notes/postgres.md), unless
 *     DATABASE_URL names a server to use instead; each suite then creates its own database in it;
 * (b) the real content system in demo mode, for tokens of the demo users (scripts/lib/stack.ts).
 * Both are stopped when the run ends, and on the way out of a failed start.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { CmsInfo } from './context.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL URL whose user may CREATE DATABASE. */
    pgAdminUrl: string;
    /** The content system, or null when CIFFC_TEST_CMS=0 (then tests needing tokens fail loudly). */
    cms: CmsInfo | null;
  }
}

const asPostgres = (args: string[]) =>
  process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', ...args]] : [args[0] as string, args.slice(1)];

function run(args: string[]): void {
  const [command, rest] = asPostgres(args) as [string, string[]];
  const result = spawnSync(command, rest, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${args.join(' ')} failed (${result.status}): ${result.stderr || result.stdout}`);
  }
}

async function startPostgres(): Promise<{ url: string; stop: () => void }> {
  const { freePort } = await import('../../scripts/lib/stack.ts');
  const dir = mkdtempSync(path.join(tmpdir(), 'ciffc-pg-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  if (process.getuid?.() === 0) spawnSync('chown', ['postgres', dir]);
  let started = false;
  const stop = () => {
    if (started) {
      try {
        run(['pg_ctl', '-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch (error) {
        console.error(String(error));
      }
      started = false;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    run(['initdb', '-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    run([
      'pg_ctl',
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-w',
      'start',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
    ]);
    started = true;
  } catch (error) {
    stop();
    throw error;
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}

async function startContentSystem(): Promise<{ info: CmsInfo; stop: () => Promise<void> }> {
  const stack = await import('../../scripts/lib/stack.ts');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ciffc-cms-'));
  try {
    await stack.ensureCmsBuilt();
    const secrets = stack.loadOrCreateSecrets(dataDir);
    const part = await stack.startCms({ dataDir, port: await stack.freePort(), demo: true, secrets });
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
