/**
 * The backup commands of deploy/README.md, run: a PostgreSQL dump restored into a fresh database
 * serves the same data, and an online SQLite backup taken while the API is open serves it too.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../api/src/app.ts';
import { loadConfig } from '../../api/src/config.ts';
import { seedDemo } from '../../api/src/fires/demo.ts';
import { startPostgres } from '../../api/test/postgres.ts';
import { repoRoot } from '../../scripts/lib/stack.ts';

const NOW = new Date('2026-07-15T17:00:00Z');
const READS = ['/v1/wildfires?page=1', '/v1/summary', '/v1/historical/yearly'];

async function app(databaseUrl: string | undefined, sqliteFile = ':memory:'): Promise<FastifyInstance> {
  const config = loadConfig(
    { NODE_ENV: 'test' },
    { databaseUrl, sqliteFile, jwtSecret: 'backup-test', cmsUrl: 'http://127.0.0.1:9', now: () => NOW },
  );
  return buildApp({ config, migrate: true });
}

async function answers(server: FastifyInstance): Promise<string[]> {
  const bodies: string[] = [];
  for (const url of READS) {
    const response = await server.inject({ method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
    bodies.push(response.body);
  }
  return bodies;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { encoding: 'utf8', env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${result.stderr}`);
}

describe('backups (deploy/README.md)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ciffc-backup-'));
  const cleanups: (() => unknown)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it('PostgreSQL: pg_dump, pg_restore into a fresh database, the same answers', async () => {
    const server = await startPostgres();
    cleanups.push(server.stop);
    const url = (db: string) => Object.assign(new URL(server.url), { pathname: `/${db}` }).toString();
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query('CREATE DATABASE ciffc_api');
    await admin.query('CREATE DATABASE ciffc_api_restored');
    await admin.end();
    const original = await app(url('ciffc_api'));
    cleanups.push(() => original.close());
    await seedDemo(original.db, { now: NOW, count: 300 });
    const before = await answers(original);
    const dump = path.join(dir, 'api.dump');
    run('pg_dump', ['--format=custom', `--file=${dump}`, url('ciffc_api')]);
    run('pg_restore', ['--no-owner', `--dbname=${url('ciffc_api_restored')}`, dump]);
    const restored = await app(url('ciffc_api_restored'));
    cleanups.push(() => restored.close());
    expect(await answers(restored)).toEqual(before);
  });

  it('deploy/backup.sh and restore.sh: dumps 0600, a restore owned by the application role that the API serves and migrates', async () => {
    const server = await startPostgres();
    cleanups.push(server.stop);
    const port = new URL(server.url).port;
    const as = (role: string, db: string) => `postgres://${role}:secret-${role}@127.0.0.1:${port}/${db}`;
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    for (const part of ['api', 'cms']) {
      await admin.query(`CREATE ROLE ciffc_${part} LOGIN PASSWORD 'secret-ciffc_${part}'`);
      await admin.query(`CREATE DATABASE ciffc_${part} OWNER ciffc_${part}`);
    }
    // The parts' settings files, as /etc/ciffc holds them.
    const etc = path.join(dir, 'etc');
    mkdirSync(etc);
    writeFileSync(
      path.join(etc, 'api.env'),
      `NODE_ENV=production\nDATABASE_URL=${as('ciffc_api', 'ciffc_api')}\n`,
    );
    writeFileSync(
      path.join(etc, 'cms.env'),
      `DATABASE_CLIENT=postgres\nDATABASE_URL=${as('ciffc_cms', 'ciffc_cms')}\n`,
    );
    const original = await app(as('ciffc_api', 'ciffc_api'));
    cleanups.push(() => original.close());
    await seedDemo(original.db, { now: NOW, count: 300 });
    const before = await answers(original);

    const dest = path.join(dir, 'nightly');
    // The content system's uploads: a file in a sub-folder, as the media library writes them.
    const uploads = path.join(dir, 'uploads');
    mkdirSync(path.join(uploads, 'thumbnails'), { recursive: true });
    const image = randomBytes(4096);
    writeFileSync(path.join(uploads, 'thumbnails', 'map_2026.png'), image);
    const env = { ...process.env, CIFFC_ETC: etc, CIFFC_UPLOADS: uploads };
    run('sh', [path.join(repoRoot, 'deploy/backup.sh'), dest], env);
    for (const dump of ['api.dump', 'cms.dump', 'uploads.tar']) {
      expect((statSync(path.join(dest, dump)).mode & 0o777).toString(8), dump).toBe('600');
    }
    // As the PostgreSQL superuser would run it.
    const superuser = { ...env, PGHOST: '127.0.0.1', PGPORT: port, PGUSER: 'postgres' };
    run(
      'sh',
      [path.join(repoRoot, 'deploy/restore.sh'), 'api', path.join(dest, 'api.dump'), 'ciffc_api_restored'],
      superuser,
    );
    const owner = await admin.query(
      "SELECT pg_get_userbyid(datdba) AS owner FROM pg_database WHERE datname = 'ciffc_api_restored'",
    );
    expect(owner.rows[0]?.owner).toBe('ciffc_api');
    await admin.end();
    // Checked on the restored database: every table belongs to the application role.
    const restoredOwners = new pg.Client({
      connectionString: `${server.url.replace(/\/postgres$/, '')}/ciffc_api_restored`,
    });
    await restoredOwners.connect();
    const tables = await restoredOwners.query(
      "SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = 'public'",
    );
    await restoredOwners.end();
    expect(tables.rows.map((r) => r.tableowner)).toEqual(['ciffc_api']);
    // The API, as its own role, migrates (the migrations' lock is its own) and serves the same answers.
    const restored = await app(as('ciffc_api', 'ciffc_api_restored'));
    cleanups.push(() => restored.close());
    expect(await answers(restored)).toEqual(before);
    // The uploads by deploy/README.md's command, into an empty folder: the same bytes.
    const restoredUploads = path.join(dir, 'uploads-restored');
    mkdirSync(restoredUploads);
    run('tar', ['-C', restoredUploads, '-xf', path.join(dest, 'uploads.tar')]);
    expect(readFileSync(path.join(restoredUploads, 'thumbnails', 'map_2026.png')).equals(image)).toBe(true);
  });

  it('SQLite: an online backup while the API has the file open, the same answers', async () => {
    const file = path.join(dir, 'api.db');
    const live = await app(undefined, file);
    cleanups.push(() => live.close());
    await seedDemo(live.db, { now: NOW, count: 300 });
    const before = await answers(live);
    // The command of deploy/README.md, in another process, while this one keeps the file open.
    const copy = path.join(dir, 'backup.db');
    run(process.execPath, [
      '-e',
      `new (require('better-sqlite3'))(${JSON.stringify(file)}).backup(${JSON.stringify(copy)}).then(() => console.log('ok'))`,
    ]);
    const restored = await app(undefined, copy);
    cleanups.push(() => restored.close());
    expect(await answers(restored)).toEqual(before);
  });
});
