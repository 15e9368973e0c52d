/**
 * deploy/install.sh run again as the first day runs it after certbot (`sudo deploy/install.sh`,
 * no option): what the first run was given that no settings file holds (--pg-url, --user) comes
 * from /etc/ciffc/install.conf (root only), the ports and the code's folder from nginx.env. Also:
 * the nightly backup's timer enabled once, and a Node.js the parts refuse refused here first.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres } from '../../api/test/postgres.ts';
import { repoRoot } from '../../scripts/lib/stack.ts';
import { parseEnvFile } from '../render-nginx.mjs';

const USER = process.getuid?.() === 0 ? 'nobody' : userInfo().username;
const dir = mkdtempSync(path.join(tmpdir(), 'ciffc-install-again-'));
chmodSync(dir, 0o755);
const root = path.join(dir, 'root');
const etc = path.join(root, 'etc/ciffc');
const units = path.join(root, 'etc/systemd/system');
const settings = (name: string) => parseEnvFile(readFileSync(path.join(etc, name), 'utf8'));
let server: Awaited<ReturnType<typeof startPostgres>>;

const install = (args: string[], env: NodeJS.ProcessEnv = process.env) =>
  spawnSync('bash', [path.join(repoRoot, 'deploy/install.sh'), '--root', root, ...args], {
    encoding: 'utf8',
    env,
  });

beforeAll(async () => {
  server = await startPostgres();
  const first = install([
    ...['--user', USER, '--domain', 'fires.ciffc.test', '--pg-url', server.url],
    ...['--app-dir', '/srv/fires', '--api-ports', '4201 4202 4203', '--cms-port', '4237'],
  ]);
  if (first.status !== 0) throw new Error(`install.sh: ${first.stderr}`);
});

afterAll(() => {
  server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('deploy/install.sh, the second run', () => {
  it('keeps what it was given in /etc/ciffc/install.conf, readable by root alone', () => {
    const file = path.join(etc, 'install.conf');
    expect((statSync(file).mode & 0o777).toString(8)).toBe('600');
    expect(statSync(file).uid).toBe(process.getuid?.());
    expect(settings('install.conf')).toMatchObject({ PG_URL: server.url, SERVICE_USER: USER });
  });

  it('runs with no option, on the same database server, user, ports and folders', () => {
    const before = ['api.env', 'cms.env', 'nginx.env', 'backup.env'].map(settings);
    // The first day's sixth command, after certbot: no option at all.
    const again = install([]);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).not.toMatch(/created|wrote|set the password/);
    expect(['api.env', 'cms.env', 'nginx.env', 'backup.env'].map(settings)).toEqual(before);
    const nginx = settings('nginx.env');
    expect(nginx.API_INSTANCES).toBe('127.0.0.1:4201 127.0.0.1:4202 127.0.0.1:4203');
    expect(nginx.CMS_ADDRESS).toBe('127.0.0.1:4237');
    expect(nginx.DEPLOY_DIR).toBe('/srv/fires/deploy');
    expect(nginx.RELEASES_DIR).toBe('/srv/fires-releases');
    expect(readFileSync(path.join(units, 'ciffc-api@.service'), 'utf8')).toContain(`User=${USER}\n`);
    expect(readFileSync(path.join(units, 'ciffc.target'), 'utf8')).toContain('ciffc-api@4203.service');
  });

  it('a value given again replaces the kept one', () => {
    const url = server.url.replace('127.0.0.1', 'localhost');
    const again = install(['--pg-url', url]);
    expect(again.status, again.stderr).toBe(0);
    expect(settings('install.conf').PG_URL).toBe(url);
  });

  it('installs the nightly backup: its units, its settings, its timer enabled once', () => {
    const link = path.join(units, 'timers.target.wants/ciffc-backup.timer');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    const service = readFileSync(path.join(units, 'ciffc-backup.service'), 'utf8');
    expect(service).toContain('ExecStart=/srv/fires/deploy/backup.sh\n');
    expect(service).toContain(`User=${USER}\n`);
    expect(service).toContain('ReadWritePaths=/var/backups/ciffc\n');
    expect(readFileSync(path.join(units, 'ciffc-backup.timer'), 'utf8')).toMatch(/^OnCalendar=/m);
    expect((statSync(path.join(etc, 'backup.env')).mode & 0o777).toString(8)).toBe('640');
    // An operator who disabled it is not overruled by the next run.
    unlinkSync(link);
    expect(install([]).status).toBe(0);
    expect(existsSync(link)).toBe(false);
  });

  it('refuses a Node.js the parts refuse (Debian 12 ships 18), naming the way out', () => {
    const bin = path.join(dir, 'node18');
    mkdirSync(bin);
    writeFileSync(path.join(bin, 'node'), '#!/bin/sh\necho 18.19.0\n', { mode: 0o755 });
    const refused = install([], { ...process.env, PATH: `${bin}:${process.env.PATH}` });
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toMatch(/Node\.js 18\.19\.0: the parts need 20\.19 .*Debian 12/);
  });
});
