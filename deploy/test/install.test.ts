/**
 * deploy/install.sh, the operator's first day of deploy/README.md, run into a scratch root against
 * a scratch PostgreSQL cluster, twice: what it makes must start the parts (their own production
 * checks pass on its settings, its roles sign in and own their databases, nginx takes its config
 * before any certificate exists) and a second run must change no secret.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { connect } from 'node:tls';
import { SECRET_VARIABLES, secretProblems } from '@ciffc/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../api/src/app.ts';
import { loadConfig } from '../../api/src/config.ts';
import { startPostgres } from '../../api/test/postgres.ts';
import { ensureCmsBuilt, freePort, repoRoot } from '../../scripts/lib/stack.ts';
import { parseEnvFile } from '../render-nginx.mjs';
import { writeNginxMain } from './stack.ts';

const DOMAIN = 'fires.ciffc.test';
const API_PORTS = [4101, 4102];
const CMS_PORT = 4137;
// As root, a user other than root, so that owners are really set; otherwise the caller.
const USER = process.getuid?.() === 0 ? 'nobody' : userInfo().username;
const idOf = (flag: '-u' | '-g') => Number(execFileSync('id', [flag, USER], { encoding: 'utf8' }));

const root = mkdtempSync(path.join(tmpdir(), 'ciffc-install-'));
// As / is: the service user reaches /etc/ciffc through it.
chmodSync(root, 0o755);
const etc = path.join(root, 'etc/ciffc');
const settings = (name: string) => parseEnvFile(readFileSync(path.join(etc, `${name}.env`), 'utf8'));
const readme = readFileSync(path.join(repoRoot, 'deploy/README.md'), 'utf8');
const mode = (file: string) => (statSync(file).mode & 0o777).toString(8);
const lines = (file: string) =>
  readFileSync(path.join(root, file), 'utf8')
    .split('\n')
    .filter((line) => !line.trim().startsWith('#'))
    .join('\n');

let server: Awaited<ReturnType<typeof startPostgres>>;
const cleanups: (() => unknown)[] = [];

function install(ports = API_PORTS, cmsPort = CMS_PORT): string {
  const result = spawnSync(
    'bash',
    [
      path.join(repoRoot, 'deploy/install.sh'),
      ...['--root', root, '--user', USER, '--domain', DOMAIN, '--pg-url', server.url],
      ...['--app-dir', repoRoot, '--api-ports', ports.join(' '), '--cms-port', String(cmsPort)],
    ],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`install.sh failed (${result.status}): ${result.stderr}`);
  return result.stdout;
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

/** Every regular file under the scratch root. */
function files(dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(file);
    return entry.isFile() ? [file] : [];
  });
}

/** The secrets install.sh made: both database passwords and the content system's secrets. */
function secrets(): string[] {
  const cms = settings('cms');
  const passwords = ['api', 'cms'].map((part) => new URL(settings(part).DATABASE_URL ?? '').password);
  return [...passwords, ...SECRET_VARIABLES.flatMap((name) => (cms[name] ?? '').split(','))];
}

/**
 * From here on, PostgreSQL asks every role but the superuser for its password (the scratch cluster
 * trusts everyone), so that a connection proves the password of the settings file.
 */
async function requirePasswords(): Promise<void> {
  const [row] = await query(server.url, 'SHOW hba_file');
  const file = String(row?.hba_file);
  writeFileSync(
    file,
    [
      'local all all trust',
      'host all postgres 127.0.0.1/32 trust',
      'host all all 127.0.0.1/32 scram-sha-256',
    ].join('\n'),
  );
  await query(server.url, 'SELECT pg_reload_conf()');
}

/**
 * nginx run from the installed site config, its absolute paths moved under the scratch root and
 * its two ports (IPv4 and IPv6) onto free loopback ones, as Debian's nginx would include it inside
 * `http { }`.
 */
async function startInstalledNginx(ports: { tls: number; plain: number }): Promise<() => Promise<void>> {
  const prefix = mkdtempSync(path.join(root, 'nginx-run-'));
  mkdirSync(path.join(root, 'var/log/nginx'), { recursive: true });
  const site = readFileSync(path.join(root, 'etc/nginx/conf.d/ciffc.conf'), 'utf8')
    .replace(/(\s)\/(etc\/ciffc|var\/www|var\/cache|var\/log)\//g, `$1${root}/$2/`)
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${ports.tls} ssl http2;`)
    .replace(/listen \[::\]:443 ssl http2;/, `listen [::1]:${ports.tls} ssl http2;`)
    .replace(/listen 80;/, `listen 127.0.0.1:${ports.plain};`)
    .replace(/listen \[::\]:80;/, `listen [::1]:${ports.plain};`);
  const args = writeNginxMain(prefix, site);
  const check = spawnSync('nginx', [...args, '-t'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t failed: ${check.stderr}`);
  const child: ChildProcess = spawn('nginx', args, { stdio: 'ignore' });
  const exited = new Promise((done) => child.on('exit', done));
  const stop = async () => {
    child.kill('SIGQUIT');
    await exited;
  };
  cleanups.push(stop);
  // Listening: the plain port answers (its redirect, not followed).
  await vi
    .waitFor(() => fetch(`http://127.0.0.1:${ports.plain}/`, { redirect: 'manual' }), {
      timeout: 10_000,
      interval: 50,
    })
    .catch(() => {
      throw new Error(`nginx did not answer: ${readFileSync(path.join(prefix, 'error.log'), 'utf8')}`);
    });
  return stop;
}

/** The common name of the certificate served on `port` for DOMAIN. */
function servedCertificate(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, servername: DOMAIN, rejectUnauthorized: false }, () => {
      const subject = socket.getPeerCertificate().subject;
      socket.end();
      resolve(String(subject?.CN));
    });
    socket.on('error', reject);
  });
}

describe('deploy/install.sh into a scratch root', () => {
  beforeAll(async () => {
    server = await startPostgres();
    cleanups.push(server.stop);
    install();
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    rmSync(root, { recursive: true, force: true });
  });

  it('makes the folders and settings files with their owners and modes; no secret is readable by all', () => {
    expect(mode(etc)).toBe('750');
    for (const name of ['api', 'cms', 'nginx', 'backup', 'check'])
      expect(mode(path.join(etc, `${name}.env`)), name).toBe('640');
    expect(mode(path.join(root, 'var/backups/ciffc'))).toBe('700');
    const writable = ['data', 'cms/public/uploads', 'cms/.tmp'].map((dir) => path.join(root, repoRoot, dir));
    for (const dir of [...writable, path.join(root, 'var/backups/ciffc')]) {
      expect(statSync(dir).uid, dir).toBe(idOf('-u'));
    }
    // The service reads its settings through its group; root alone may change them.
    expect(statSync(path.join(etc, 'api.env')).gid).toBe(idOf('-g'));
    expect(mode(path.join(etc, 'tls/self-signed/privkey.pem'))).toBe('600');

    const made = secrets();
    expect(made).toHaveLength(2 + SECRET_VARIABLES.length + 1);
    const holders = files().filter((file) =>
      made.some((value) => readFileSync(file, 'utf8').includes(value)),
    );
    expect(holders.map((file) => path.relative(root, file)).sort()).toEqual([
      'etc/ciffc/api.env',
      'etc/ciffc/cms.env',
    ]);
    for (const file of holders) expect(statSync(file).mode & 0o007, file).toBe(0);
  });

  it("the settings pass the data API's and the content system's production checks", () => {
    const template = parseEnvFile(readFileSync(path.join(repoRoot, 'deploy/env/cms.env'), 'utf8'));
    expect(secretProblems({ ...template, NODE_ENV: 'production' }, true)).not.toEqual([]);

    const cms = settings('cms');
    expect(secretProblems({ ...cms, NODE_ENV: 'production' }, true)).toEqual([]);
    expect(cms.PUBLIC_URL).toBe(`https://${DOMAIN}`);
    const api = settings('api');
    const config = loadConfig({ ...api, NODE_ENV: 'production', API_PORT: String(API_PORTS[0]) });
    expect(config.jwtSecret).toBe(cms.JWT_SECRET);
    expect(config.databaseUrl).toMatch(/^postgres:\/\/ciffc_api:[\w-]{40,}@127\.0\.0\.1:\d+\/ciffc_api$/);
    expect(config.cmsUrl).toBe(`http://127.0.0.1:${CMS_PORT}`);
    expect(config.demo).toBe(false);
  });

  it('each part signs in with its own password, owns its database alone, and the API migrates and serves there', async () => {
    await requirePasswords();
    for (const part of ['api', 'cms']) {
      const url = settings(part).DATABASE_URL ?? '';
      const [row] = await query(
        url,
        'SELECT current_user AS me, pg_get_userbyid(datdba) AS owner FROM pg_database WHERE datname = current_database()',
      );
      expect(row).toEqual({ me: `ciffc_${part}`, owner: `ciffc_${part}` });
      const wrong = Object.assign(new URL(url), { password: 'not-the-password' }).toString();
      await expect(query(wrong, 'SELECT 1'), part).rejects.toThrow(/password authentication failed/);
    }
    // The content system's role may not even connect to the API's database.
    const cmsIntoApi = Object.assign(new URL(settings('cms').DATABASE_URL ?? ''), { pathname: '/ciffc_api' });
    await expect(query(cmsIntoApi.toString(), 'SELECT 1')).rejects.toThrow(/permission denied/);

    const api = settings('api');
    const app = await buildApp({
      config: loadConfig({ ...api, NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      migrate: true,
    });
    cleanups.push(() => app.close());
    expect((await app.inject({ method: 'GET', url: '/v1/wildfires?page=1' })).statusCode).toBe(200);
    const owners = await query(
      api.DATABASE_URL ?? '',
      "SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = 'public'",
    );
    expect(owners).toEqual([{ tableowner: 'ciffc_api' }]);
  });

  it("the first admin is made by the command of deploy/README.md (cms.env loaded, as the service user), past the content system's production checks, compiling nothing", async () => {
    await ensureCmsBuilt();
    // The README's own command, with this root's /etc/ciffc (CIFFC_ETC): the documentation cannot drift.
    const line = /^sudo (deploy\/accounts\.sh admin:create .+)$/m.exec(readme)?.[1] ?? '';
    const email = /--email (\S+)/.exec(line)?.[1];
    // As root, accounts.sh runs it as install.conf's service user, who may not write the code.
    const result = spawnSync('sh', ['-c', line], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, CIFFC_ETC: etc, STRAPI_TELEMETRY_DISABLED: 'true' },
      timeout: 120_000,
    });
    expect(result.status, result.stderr + result.stdout).toBe(0);
    expect(result.stderr + result.stdout).not.toMatch(/EACCES|TS5033/);
    const admins = await query(settings('cms').DATABASE_URL ?? '', 'SELECT email FROM admin_users');
    expect(admins).toEqual([{ email }]);
  });

  it('a second run changes no secret or password and keeps what the operator edited', async () => {
    const before = Object.fromEntries(['api', 'cms', 'nginx'].map((name) => [name, settings(name)]));
    const roles = "SELECT rolname, rolpassword FROM pg_authid WHERE rolname LIKE 'ciffc_%' ORDER BY rolname";
    const passwordsBefore = await query(server.url, roles);
    const apiFile = path.join(etc, 'api.env');
    // An edit, and an api.env copied before the metrics settings existed: they are added, as shipped.
    writeFileSync(
      apiFile,
      readFileSync(apiFile, 'utf8')
        .replace(/^LOG_LEVEL=.*$/m, 'LOG_LEVEL=debug')
        .replace(/^METRICS_(PORT|HOST)=.*\n/gm, ''),
    );

    const output = install();
    expect(output).not.toMatch(/created|wrote|set the password/);
    expect(settings('api')).toEqual({ ...before.api, LOG_LEVEL: 'debug' });
    expect(settings('cms')).toEqual(before.cms);
    expect(settings('nginx')).toEqual(before.nginx);
    expect(await query(server.url, roles)).toEqual(passwordsBefore);
    expect(mode(apiFile)).toBe('640');
  });

  it('the units, nginx and the settings name the same ports, all from nginx.env', () => {
    const nginx = settings('nginx');
    expect(nginx.API_INSTANCES).toBe(API_PORTS.map((port) => `127.0.0.1:${port}`).join(' '));
    expect(nginx.CMS_ADDRESS).toBe(`127.0.0.1:${CMS_PORT}`);
    expect(settings('cms').PORT).toBe(String(CMS_PORT));

    const units = 'etc/systemd/system';
    const wants = /^Wants=(.*)$/m.exec(lines(`${units}/ciffc.target`))?.[1]?.split(' ');
    const after = /^After=(.*)$/m.exec(lines(`${units}/nginx.service.d/ciffc.conf`))?.[1]?.split(' ');
    for (const port of API_PORTS) {
      expect(wants).toContain(`ciffc-api@${port}.service`);
      expect(wants).toContain(`ciffc-api-health@${port}.timer`);
      expect(after).toContain(`ciffc-api@${port}.service`);
    }
    // The alert set every 5 minutes and the nightly backup, enabled by the first run.
    for (const timer of ['ciffc-check.timer', 'ciffc-backup.timer'])
      expect(readlinkSync(path.join(root, units, 'timers.target.wants', timer))).toBe(
        `/etc/systemd/system/${timer}`,
      );
    expect(lines(`${units}/ciffc-cms.service`)).toContain(`http://127.0.0.1:${CMS_PORT}/_health`);
    const site = lines('etc/nginx/conf.d/ciffc.conf');
    for (const port of API_PORTS) expect(site).toContain(`server 127.0.0.1:${port} `);
    expect(site).toContain(`server 127.0.0.1:${CMS_PORT} `);
    // No unit or config line keeps a default port of the templates.
    const installed = [...readdirSync(path.join(root, units)).filter((f) => f.startsWith('ciffc'))];
    for (const file of [...installed.map((f) => `${units}/${f}`), `${units}/nginx.service.d/ciffc.conf`]) {
      expect(lines(file), file).not.toMatch(/\b(3001|3002|1337)\b/);
      expect(lines(file), file).not.toMatch(/\/srv\/ciffc|User=ciffc/);
    }
    expect(lines(`${units}/ciffc-api@.service`)).toContain(`WorkingDirectory=${repoRoot}\n`);
  });

  it('a third instance and another content system port are one run away, every file following and no secret changing', () => {
    const secretsBefore = secrets();
    install([...API_PORTS, 4103], 4138);
    expect(settings('nginx').API_INSTANCES).toBe('127.0.0.1:4101 127.0.0.1:4102 127.0.0.1:4103');
    expect(lines('etc/systemd/system/ciffc.target')).toContain(
      'ciffc-api@4103.service ciffc-api-health@4103.timer',
    );
    expect(lines('etc/systemd/system/nginx.service.d/ciffc.conf')).toContain('ciffc-api@4103.service');
    expect(lines('etc/nginx/conf.d/ciffc.conf')).toContain('server 127.0.0.1:4103 ');
    expect(lines('etc/systemd/system/ciffc-cms.service')).toContain('http://127.0.0.1:4138/_health');
    expect(settings('cms').PORT).toBe('4138');
    expect(settings('api').CMS_URL).toBe('http://127.0.0.1:4138');
    expect(secrets()).toEqual(secretsBefore);
    install();
  });

  it("nginx starts before any certificate exists, serves certbot's challenge over plain HTTP, and takes certbot's certificate on the next run", async () => {
    const ports = { tls: await freePort(), plain: await freePort() };
    const challenge = path.join(root, 'var/www/letsencrypt/.well-known/acme-challenge');
    mkdirSync(challenge, { recursive: true });
    writeFileSync(path.join(challenge, 'token-1'), 'token-1.key');
    let stop = await startInstalledNginx(ports);
    // The README's certbot command writes where nginx serves the challenge from.
    expect(readme).toContain(`certbot certonly --webroot -w ${settings('nginx').ACME_WEBROOT} -d`);
    const acme = await fetch(`http://127.0.0.1:${ports.plain}/.well-known/acme-challenge/token-1`, {
      headers: { host: DOMAIN },
    });
    expect(acme.status).toBe(200);
    expect(await acme.text()).toBe('token-1.key');
    const overIpv6 = await fetch(`http://[::1]:${ports.plain}/.well-known/acme-challenge/token-1`, {
      headers: { host: DOMAIN },
    });
    expect(await overIpv6.text()).toBe('token-1.key');
    const page = await fetch(`http://127.0.0.1:${ports.plain}/fires`, {
      redirect: 'manual',
      headers: { host: DOMAIN },
    });
    expect(page.status).toBe(301);
    expect(await servedCertificate(ports.tls)).toBe(DOMAIN);
    await stop();

    // What `certbot certonly --webroot` leaves behind, then install.sh again.
    const live = path.join(root, 'etc/letsencrypt/live', DOMAIN);
    mkdirSync(live, { recursive: true });
    const made = spawnSync('openssl', [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=issued.ciffc.test'],
      ...['-keyout', path.join(live, 'privkey.pem'), '-out', path.join(live, 'fullchain.pem')],
    ]);
    expect(made.status).toBe(0);
    install();
    expect(readlinkSync(path.join(etc, 'tls/fullchain.pem'))).toBe(
      `../../letsencrypt/live/${DOMAIN}/fullchain.pem`,
    );
    expect(lstatSync(path.join(etc, 'tls/privkey.pem')).isSymbolicLink()).toBe(true);
    stop = await startInstalledNginx(ports);
    expect(await servedCertificate(ports.tls)).toBe('issued.ciffc.test');
    await stop();
    expect(existsSync(path.join(etc, 'tls/self-signed/fullchain.pem'))).toBe(true);
  });
});
