/**
 * A throwaway PostgreSQL 15 cluster (docs/notes/postgres.md): initdb as the postgres user in a
 * temporary folder, on a free port, fsync off. For tests and benchmarks only.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const asPostgres = (args: string[]) =>
  process.getuid?.() === 0
    ? ['runuser', ['-u', 'postgres', '--', ...args]]
    : [args[0] as string, args.slice(1)];

function run(args: string[]): void {
  const [command, rest] = asPostgres(args) as [string, string[]];
  const result = spawnSync(command, rest, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${args.join(' ')} failed (${result.status}): ${result.stderr || result.stdout}`);
  }
}

export async function startPostgres(): Promise<{
  url: string;
  stop: () => void;
  /** Stops the server and keeps its data, as an outage would; `resume` starts it again. */
  pause: () => void;
  resume: () => void;
}> {
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
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const pause = () => {
    run(['pg_ctl', '-D', data, '-m', 'fast', '-w', 'stop']);
    started = false;
  };
  const resume = () => {
    run(['pg_ctl', '-D', data, '-l', path.join(dir, 'log'), '-w', 'start', '-o', options]);
    started = true;
  };
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop, pause, resume };
}

/** Creates database `name` on the server of `adminUrl` and answers its address. */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
