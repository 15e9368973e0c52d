/**
 * Backup and restore as deploy/README.md writes them (Backups), run literally, as the users it
 * names, on a machine laid out by deploy/install.sh (a scratch root and a scratch PostgreSQL
 * cluster on another port than 5432, as install.test.ts): the backup as the service user, the
 * restore as root into new databases that then answer the same reads, the uploads back by the
 * README's tar line. Only the places change: /srv/ciffc and /var/backups/ciffc are the scratch
 * root's, /etc/ciffc is given by CIFFC_ETC (the scripts' own setting), the service user is
 * `nobody` as root (as install.test.ts) and the caller otherwise.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../api/src/app.ts';
import { loadConfig } from '../../api/src/config.ts';
import { seedDemo } from '../../api/src/fires/demo.ts';
import { startPostgres } from '../../api/test/postgres.ts';
import { repoRoot } from '../../scripts/lib/stack.ts';
import { parseEnvFile } from '../render-nginx.mjs';

const NOW = new Date('2026-07-15T17:00:00Z');
const READS = ['/v1/wildfires?page=1', '/v1/summary', '/v1/historical/yearly'];
const asRoot = process.getuid?.() === 0;
const USER = asRoot ? 'nobody' : userInfo().username;
const TODAY = spawnSync('date', ['+%F'], { encoding: 'utf8' }).stdout.trim();

const dir = mkdtempSync(path.join(tmpdir(), 'ciffc-backup-restore-'));
// As / is: the service user reaches /etc/ciffc and its folders through it.
chmodSync(dir, 0o755);
const root = path.join(dir, 'root');
const etc = path.join(root, 'etc/ciffc');
const uploads = path.join(root, 'srv/ciffc/cms/public/uploads');
const backups = path.join(root, 'var/backups/ciffc');
const readme = readFileSync(path.join(repoRoot, 'deploy/README.md'), 'utf8');
const settings = (name: string) => parseEnvFile(readFileSync(path.join(etc, `${name}.env`), 'utf8'));
const cleanups: (() => unknown)[] = [];
let server: Awaited<ReturnType<typeof startPostgres>>;

/** Sets KEY=value in one of the scratch root's settings files, as an operator edits it. */
function setSetting(file: string, key: string, value: string) {
  const place = path.join(etc, file);
  const text = readFileSync(place, 'utf8').replace(new RegExp(`^${key}=.*$`, 'm'), `${key}=${value}`);
  writeFileSync(place, text);
}

/** The README's lines of the Backups section that start with `sudo` and run one of `programs`. */
function readmeCommands(pattern: RegExp): string[] {
  const section = readme.slice(
    readme.indexOf('\n## Backups'),
    readme.indexOf('\n## ', readme.indexOf('\n## Backups') + 1),
  );
  return section
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('sudo ') && pattern.test(line));
}

/**
 * One README command with the scratch root's places, run as the user it names: `sudo -u ciffc`
 * as the service user, `sudo -u OTHER` as OTHER, `sudo` as root (the caller when the test is
 * not root).
 */
function runAsDocumented(line: string, env: NodeJS.ProcessEnv = {}) {
  const command = line
    .replaceAll('/srv/ciffc/deploy/', `${repoRoot}/deploy/`)
    .replaceAll('/srv/ciffc/', `${root}/srv/ciffc/`)
    .replaceAll('/var/backups/ciffc/2026-07-01/', `${backups}/${TODAY}/`);
  const named = /^sudo -u (\S+) /.exec(command)?.[1];
  const user = named === 'ciffc' ? USER : named;
  const shell = ['sh', '-c', command.replace(/^sudo (-u \S+ )?/, '')];
  const [program, ...args] =
    user && asRoot ? ['runuser', '-u', user, '--', ...shell] : (shell as [string, ...string[]]);
  return spawnSync(program as string, args, {
    cwd: dir,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, CIFFC_ETC: etc, ...env },
  });
}

async function query(url: string, sql: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

async function api(databaseUrl: string): Promise<FastifyInstance> {
  const config = loadConfig(
    { NODE_ENV: 'test' },
    { databaseUrl, jwtSecret: 'backup-test', cmsUrl: 'http://127.0.0.1:9', now: () => NOW },
  );
  const app = await buildApp({ config, migrate: true });
  cleanups.push(() => app.close());
  return app;
}

async function answers(app: FastifyInstance): Promise<string[]> {
  return Promise.all(
    READS.map(async (url) => {
      const response = await app.inject({ method: 'GET', url });
      return `${url} ${response.statusCode} ${response.body}`;
    }),
  );
}

/** DATABASE_URL of a part's settings with another database. */
const onDatabase = (part: string, database: string) =>
  Object.assign(new URL(settings(part).DATABASE_URL ?? ''), { pathname: `/${database}` }).toString();

const databases = async () =>
  (await query(server.url, 'SELECT datname FROM pg_database ORDER BY datname')).map((row) => row.datname);

const CONTENT_SQL = 'SELECT id, title, body FROM pages ORDER BY id';
let apiBefore: string[] = [];
let contentBefore: Record<string, unknown>[] = [];
const image = randomBytes(4096);

beforeAll(async () => {
  server = await startPostgres();
  cleanups.push(server.stop);
  const install = spawnSync(
    'bash',
    [
      path.join(repoRoot, 'deploy/install.sh'),
      ...['--root', root, '--user', USER, '--domain', 'fires.ciffc.test', '--pg-url', server.url],
    ],
    { encoding: 'utf8' },
  );
  if (install.status !== 0) throw new Error(`install.sh: ${install.stderr}`);
  // The settings that name machine paths, moved under the scratch root.
  setSetting('backup.env', 'BACKUP_DIR', backups);
  setSetting('nginx.env', 'DEPLOY_DIR', `${root}/srv/ciffc/deploy`);
  // The data API's data, written as the running API would (its own role); the content system's
  // database with a table of its role's, standing for Strapi's.
  const original = await api(settings('api').DATABASE_URL ?? '');
  await seedDemo(original.db, { now: NOW, count: 300 });
  apiBefore = await answers(original);
  await query(
    settings('cms').DATABASE_URL ?? '',
    "CREATE TABLE pages (id serial PRIMARY KEY, title text, body text); INSERT INTO pages (title, body) VALUES ('About', 'é ✓'), ('Contact', 'x')",
  );
  contentBefore = await query(settings('cms').DATABASE_URL ?? '', CONTENT_SQL);
  // An upload of the media library, in a sub-folder as the provider writes them.
  mkdirSync(path.join(uploads, 'thumbnails'), { recursive: true });
  writeFileSync(path.join(uploads, 'thumbnails', 'map_2026.png'), image);
  if (asRoot) spawnSync('chown', ['-R', USER, uploads]);
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(dir, { recursive: true, force: true });
});

describe("deploy/README.md's backup and restore commands, as written", () => {
  it('the backup, as the service user: both dumps and the uploads, readable by it alone', () => {
    const [backup] = readmeCommands(/deploy\/backup\.sh/);
    expect(backup).toBe('sudo -u ciffc /srv/ciffc/deploy/backup.sh');
    const result = runAsDocumented(backup ?? '');
    expect(result.status, result.stderr).toBe(0);
    for (const file of ['api.dump', 'cms.dump', 'uploads.tar']) {
      const written = statSync(path.join(backups, TODAY, file));
      expect((written.mode & 0o777).toString(8), file).toBe('600');
      if (asRoot) expect(written.uid, file).toBe(Number(spawnSync('id', ['-u', USER]).stdout));
    }
  });

  it("the restore, as root, into new databases owned by each part's role that answer the same reads; the uploads back", async () => {
    const restores = readmeCommands(/deploy\/restore\.sh/);
    expect(restores).toHaveLength(2);
    for (const line of restores) {
      const result = runAsDocumented(line);
      expect(result.status, `${line}\n${result.stderr}`).toBe(0);
    }
    for (const part of ['api', 'cms']) {
      const owners = await query(
        onDatabase(part, `ciffc_${part}_restored`),
        "SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = 'public'",
      );
      expect(owners, part).toEqual([{ tableowner: `ciffc_${part}` }]);
    }
    // Each part's own role reads and migrates its restored database, as on the original.
    expect(await answers(await api(onDatabase('api', 'ciffc_api_restored')))).toEqual(apiBefore);
    expect(await query(onDatabase('cms', 'ciffc_cms_restored'), CONTENT_SQL)).toEqual(contentBefore);

    rmSync(path.join(uploads, 'thumbnails'), { recursive: true });
    const [untar] = readmeCommands(/uploads\.tar/);
    const result = runAsDocumented(untar ?? '');
    expect(result.status, result.stderr).toBe(0);
    expect(readFileSync(path.join(uploads, 'thumbnails', 'map_2026.png')).equals(image)).toBe(true);
  });

  it('a restore that fails leaves no database behind, so the same command runs again; an existing database is refused untouched', async () => {
    const [line = ''] = readmeCommands(/deploy\/restore\.sh api /);
    const dump = path.join(backups, TODAY, 'api.dump');
    const broken = path.join(backups, TODAY, 'broken.dump');
    // A dump cut short, as a full disk or a copy stopped half-way leaves it.
    writeFileSync(broken, readFileSync(dump).subarray(0, Math.floor(statSync(dump).size / 2)));
    const before = await databases();
    const failed = runAsDocumented(
      line.replace('api.dump', 'broken.dump').replace('ciffc_api_restored', 'ciffc_api_again'),
    );
    expect(failed.status).not.toBe(0);
    expect(failed.stderr).toMatch(/nothing was left behind/);
    expect(await databases()).toEqual(before);
    const again = runAsDocumented(line.replace('ciffc_api_restored', 'ciffc_api_again'));
    expect(again.status, again.stderr).toBe(0);
    expect(await answers(await api(onDatabase('api', 'ciffc_api_again')))).toEqual(apiBefore);

    const existing = runAsDocumented(line);
    expect(existing.status).not.toBe(0);
    expect(existing.stderr).toMatch(/ciffc_api_restored exists already/);
    expect(await answers(await api(onDatabase('api', 'ciffc_api_restored')))).toEqual(apiBefore);
  });

  it('restores with --pg-url to a superuser on another port when install.sh was given none', async () => {
    const [line = ''] = readmeCommands(/deploy\/restore\.sh cms /);
    const kept = readFileSync(path.join(etc, 'install.conf'), 'utf8');
    writeFileSync(path.join(etc, 'install.conf'), 'SERVICE_USER=ciffc\n');
    try {
      const result = runAsDocumented(
        line
          .replace('restore.sh', `restore.sh --pg-url ${server.url}`)
          .replace(/ciffc_cms_restored$/, 'ciffc_cms_port'),
      );
      expect(result.status, result.stderr).toBe(0);
    } finally {
      writeFileSync(path.join(etc, 'install.conf'), kept);
    }
    expect(await query(onDatabase('cms', 'ciffc_cms_port'), CONTENT_SQL)).toEqual(contentBefore);
  });

  it("backup.sh takes the uploads from the code's folder (--app-dir, else nginx.env's), refuses a missing one, keeps BACKUP_KEEP_DAYS, copies off the machine", () => {
    const elsewhere = path.join(dir, 'elsewhere');
    mkdirSync(path.join(elsewhere, 'cms/public/uploads'), { recursive: true });
    writeFileSync(path.join(elsewhere, 'cms/public/uploads/other.png'), 'other');
    const dest = path.join(dir, 'by-hand');
    const script = path.join(repoRoot, 'deploy/backup.sh');
    const env = { PATH: process.env.PATH, CIFFC_ETC: etc };
    const byAppDir = spawnSync('sh', [script, '--app-dir', elsewhere, dest], { encoding: 'utf8', env });
    expect(byAppDir.status, byAppDir.stderr).toBe(0);
    const listed = spawnSync('tar', ['-tf', path.join(dest, 'uploads.tar')], { encoding: 'utf8' }).stdout;
    expect(listed).toContain('./other.png');

    const missing = spawnSync('sh', [script, '--app-dir', path.join(dir, 'nowhere'), dest], {
      encoding: 'utf8',
      env,
    });
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toMatch(/no uploads folder at .*nowhere/);

    // Retention: the dated folders older than BACKUP_KEEP_DAYS go, the others stay.
    for (const day of ['2020-01-01', TODAY]) mkdirSync(path.join(backups, day), { recursive: true });
    const recent = spawnSync('date', ['-d', '-3 days', '+%F'], { encoding: 'utf8' }).stdout.trim();
    mkdirSync(path.join(backups, recent), { recursive: true });
    // Off the machine: a mounted folder as BACKUP_RSYNC_TARGET (rsync itself, else a stand-in).
    const offsite = path.join(dir, 'offsite');
    mkdirSync(offsite);
    setSetting('backup.env', 'BACKUP_KEEP_DAYS', '14');
    setSetting('backup.env', 'BACKUP_RSYNC_TARGET', `${offsite}/`);
    const bin = path.join(dir, 'bin');
    mkdirSync(bin, { recursive: true });
    const hasRsync = spawnSync('sh', ['-c', 'command -v rsync']).status === 0;
    if (!hasRsync) {
      // rsync -a [-e SSH] SRC DEST: SRC copied into DEST.
      const copy = '#!/bin/sh\nwhile [ $# -gt 2 ]; do shift; done\ncp -a "$1" "$2"\n';
      writeFileSync(path.join(bin, 'rsync'), copy, { mode: 0o755 });
    }
    try {
      const nightly = spawnSync('sh', [script], {
        encoding: 'utf8',
        env: { ...env, PATH: `${bin}:${env.PATH}` },
      });
      expect(nightly.status, nightly.stderr).toBe(0);
    } finally {
      setSetting('backup.env', 'BACKUP_RSYNC_TARGET', '');
    }
    expect(readdirSync(backups).sort()).toEqual([recent, TODAY].sort());
    expect(existsSync(path.join(offsite, TODAY, 'api.dump'))).toBe(true);
  });
});
