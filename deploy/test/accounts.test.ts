/**
 * The accounts command of deploy/README.md ("Accounts"), run as written (`sudo
 * /srv/ciffc/deploy/accounts.sh ...`, root here; /etc/ciffc is given by CIFFC_ETC, the wrapper's
 * own setting) against the production content system: Strapi in production mode on PostgreSQL,
 * started as ciffc-cms.service starts it (deploy/test/stack.ts; as root, as `nobody` in a mount
 * namespace where only its ReadWritePaths are writable). The command itself runs as the service
 * user (install.conf's SERVICE_USER, `nobody` as root), who may not write cms/dist: it must load
 * the built app without compiling, so without Strapi's TS5033 EACCES lines.
 */
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres } from '../../api/test/postgres.ts';
import {
  ensureCmsBuilt,
  freePort,
  loadOrCreateSecrets,
  type Part,
  repoRoot,
} from '../../scripts/lib/stack.ts';
import { idOf, partsRunAsServiceUser, SERVICE_USER, startCms } from './stack.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'ciffc-accounts-'));
// As / is: the service user reaches the settings through it.
chmodSync(dir, 0o755);
const etc = path.join(dir, 'etc');
const readme = readFileSync(path.join(repoRoot, 'deploy/README.md'), 'utf8');
const asRoot = process.getuid?.() === 0;

interface Result {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `sudo /srv/ciffc/deploy/accounts.sh ARGS` with this test's /etc/ciffc (root here, or the caller). */
function accounts(args: string[], input?: string): Result {
  const result: SpawnSyncReturns<string> = spawnSync(path.join(repoRoot, 'deploy/accounts.sh'), args, {
    env: { PATH: process.env.PATH, CIFFC_ETC: etc, STRAPI_TELEMETRY_DISABLED: 'true' },
    encoding: 'utf8',
    input,
    timeout: 120_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * An HTTP call on a connection of its own: each command here blocks the test for seconds, long
 * enough for the content system to close an idle keep-alive connection just as fetch reuses it.
 */
function call(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = request(
      url,
      {
        method: options.method ?? 'GET',
        agent: false,
        headers: { ...(body && { 'content-type': 'application/json' }), ...options.headers },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const generated = (result: Result) => /^password \(shown once\): (\S+)$/m.exec(result.stdout)?.[1] ?? '';

describe('deploy/accounts.sh on the production content system', () => {
  let pgServer: Awaited<ReturnType<typeof startPostgres>>;
  let cms: Part | undefined;
  let cmsUrl = '';
  let databaseUrl = '';
  let address = 0;

  /** A sign-in from its own client address (nginx's X-Forwarded-For; the limit is per address). */
  const signIn = async (identifier: string, password: string) => {
    address += 1;
    const res = await call(`${cmsUrl}/api/auth/local`, {
      method: 'POST',
      headers: { 'x-forwarded-for': `10.0.${address >> 8}.${address & 255}` },
      body: { identifier, password },
    });
    const body = res.body as { jwt?: string; error?: { message?: string } };
    return { status: res.status, jwt: body.jwt ?? '', message: body.error?.message ?? '' };
  };
  const me = (jwt: string) => call(`${cmsUrl}/api/users/me`, { headers: { authorization: `Bearer ${jwt}` } });
  const adminLogin = async (email: string, password: string) =>
    (await call(`${cmsUrl}/admin/login`, { method: 'POST', body: { email, password } })).status;
  const query = async (sql: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(sql, values)).rows;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    pgServer = await startPostgres();
    const admin = new pg.Client({ connectionString: pgServer.url });
    await admin.connect();
    await admin.query('CREATE DATABASE ciffc_cms');
    await admin.end();
    databaseUrl = Object.assign(new URL(pgServer.url), { pathname: '/ciffc_cms' }).toString();
    await ensureCmsBuilt();
    const secrets = loadOrCreateSecrets(path.join(dir, 'secrets'));
    const port = await freePort();
    cmsUrl = `http://127.0.0.1:${port}`;
    cms = await startCms(dir, port, databaseUrl, cmsUrl, secrets);

    // /etc/ciffc as install.sh lays it out: root:ciffc 0750, the settings 0640, install.conf root's.
    mkdirSync(etc, { mode: 0o750 });
    const cmsEnv = readFileSync(path.join(repoRoot, 'deploy/env/cms.env'), 'utf8')
      .replace(/^PORT=.*$/m, `PORT=${port}`)
      .replace(/^PUBLIC_URL=.*$/m, `PUBLIC_URL=${cmsUrl}`)
      .replace(/^DATABASE_URL=.*$/m, `DATABASE_URL=${databaseUrl}`)
      .replace(
        /^(JWT_SECRET|ADMIN_JWT_SECRET|APP_KEYS|API_TOKEN_SALT|TRANSFER_TOKEN_SALT|ENCRYPTION_KEY)=.*$/gm,
        (_, name) => `${name}=${secrets[name as keyof typeof secrets]}`,
      );
    writeFileSync(path.join(etc, 'cms.env'), cmsEnv, { mode: 0o640 });
    writeFileSync(path.join(etc, 'nginx.env'), `DEPLOY_DIR=${repoRoot}/deploy\n`, { mode: 0o640 });
    writeFileSync(path.join(etc, 'install.conf'), `SERVICE_USER=${asRoot ? SERVICE_USER : ''}\n`, {
      mode: 0o600,
    });
    if (asRoot) {
      const group = idOf('-g');
      for (const file of ['', 'cms.env', 'nginx.env']) chmodSync(path.join(etc, file), file ? 0o640 : 0o750);
      spawnSync('chown', [`root:${group}`, etc, path.join(etc, 'cms.env'), path.join(etc, 'nginx.env')]);
    }
  });
  afterAll(async () => {
    await cms?.stop();
    pgServer?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses bad input with one clear line and a non-zero exit, before loading anything', () => {
    const refusals: [string[], RegExp][] = [
      [
        ['create', 'ab-duty', '--email', 'duty@ab.example.ca', '--role', 'agency', '--agency', 'zz'],
        /unknown agency code "zz": one of ab bc mb/,
      ],
      [['create', 'ab-duty', '--email', 'duty@ab.example.ca', '--role', 'agency'], /unknown agency code ""/],
      [
        ['create', 'ab-duty', '--email', 'duty@ab.example.ca', '--role', 'admin', '--agency', 'ab'],
        /--role must be agency or national, not "admin"/,
      ],
      [
        ['create', 'hq', '--email', 'hq@ciffc.example.ca', '--role', 'national', '--agency', 'ab'],
        /a national account has no agency code/,
      ],
      [['create', 'ab-duty', '--role', 'agency', '--agency', 'ab'], /--email must be an e-mail address/],
      [
        ['create', 'a', '--email', 'a@ab.example.ca', '--role', 'agency', '--agency', 'ab'],
        /the username "a" must be 2 to 64/,
      ],
      [
        [
          'create',
          'ab-duty',
          '--email',
          'duty@ab.example.ca',
          '--role',
          'agency',
          '--agency',
          'ab',
          '--password',
          'short-one',
        ],
        /at least 12 characters/,
      ],
      [['disable'], /disable needs a USER/],
      [['lock', 'ab'], /unknown command "lock"/],
      [['list', '--role', 'agency'], /list takes no --role/],
      [
        [
          'admin:create',
          '--email',
          'boss@example.org',
          '--firstname',
          'B',
          '--password',
          'alllowercase-passphrase',
        ],
        /must contain an upper-case letter/,
      ],
    ];
    for (const [args, message] of refusals) {
      const result = accounts(args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr.trim(), args.join(' ')).toMatch(
        new RegExp(`^accounts: .*${message.source}.* \\(--help lists the commands\\)$`),
      );
      expect(result.stdout).toBe('');
    }
    const help = accounts(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('create USER --email EMAIL --role agency --agency CODE');
  });

  it('creates an agency user with its agency code and role, as the service user, without compiling', async () => {
    if (asRoot && partsRunAsServiceUser()) {
      // The service user may not write the code: Strapi's CLI compiling into cms/dist failed there.
      expect(
        spawnSync('runuser', ['-u', SERVICE_USER, '--', 'test', '-w', path.join(repoRoot, 'cms/dist')])
          .status,
      ).not.toBe(0);
    }
    const result = accounts([
      'create',
      'ab-duty',
      '--email',
      'Duty@AB.example.ca',
      '--role',
      'agency',
      '--agency',
      'AB',
    ]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).not.toMatch(/EACCES|TS5033|error/i);
    expect(result.stdout).toMatch(/^created ab-duty <duty@ab\.example\.ca>, role Authenticated, agency ab$/m);
    const password = generated(result);
    expect(password).toHaveLength(20);

    const session = await signIn('ab-duty', password);
    expect(session.status).toBe(200);
    const who = await me(session.jwt);
    expect(who.status).toBe(200);
    expect(who.body).toMatchObject({
      username: 'ab-duty',
      email: 'duty@ab.example.ca',
      agency_code: 'ab',
      blocked: false,
      confirmed: true,
      role: { name: 'Authenticated', type: 'authenticated' },
    });
  });

  it('creates a national user with the password given on standard input', async () => {
    const result = accounts(
      [
        'create',
        'duty-officer',
        '--email',
        'duty.officer@ciffc.example.ca',
        '--role',
        'national',
        '--locale',
        'fr',
        '--password-stdin',
      ],
      'Chosen-national-passphrase-1\n',
    );
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout.trim()).toBe('created duty-officer <duty.officer@ciffc.example.ca>, role CIFFC');
    const session = await signIn('duty.officer@ciffc.example.ca', 'Chosen-national-passphrase-1');
    expect(session.status).toBe(200);
    expect((await me(session.jwt)).body).toMatchObject({
      agency_code: null,
      preferredLocale: 'fr',
      role: { name: 'CIFFC', type: 'ciffc' },
    });
  });

  it('refuses a username or an e-mail address that has an account already', () => {
    const taken = accounts([
      'create',
      'ab-duty',
      '--email',
      'other@ab.example.ca',
      '--role',
      'agency',
      '--agency',
      'ab',
    ]);
    expect(taken.status).toBe(1);
    expect(taken.stderr.trim()).toBe('accounts: the username "ab-duty" is taken');
    const email = accounts([
      'create',
      'ab-other',
      '--email',
      'DUTY@ab.example.ca',
      '--role',
      'agency',
      '--agency',
      'ab',
    ]);
    expect(email.status).toBe(1);
    expect(email.stderr.trim()).toBe(
      'accounts: the e-mail address duty@ab.example.ca has an account already',
    );
    const unknown = accounts(['disable', 'nobody-here']);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr.trim()).toBe('accounts: no account "nobody-here"');
  });

  it("disable ends the user's tokens at once and refuses its sign-in; enable lets it sign in again", async () => {
    const password = 'Agency-passphrase-for-ab-1';
    expect(accounts(['reset-password', 'ab-duty', '--password-stdin'], `${password}\n`).status).toBe(0);
    const before = await signIn('ab-duty', password);
    expect((await me(before.jwt)).status).toBe(200);

    const disabled = accounts(['disable', 'ab-duty']);
    expect(disabled.status, disabled.stderr).toBe(0);
    expect(disabled.stdout.trim()).toBe(
      'disabled ab-duty <duty@ab.example.ca>, role Authenticated, agency ab: sign-in refused, its tokens ended',
    );
    // The user model's lifecycle (sessions.ts) set tokensValidAfter with the block.
    const [row] = await query('SELECT blocked, tokens_valid_after FROM up_users WHERE username = $1', [
      'ab-duty',
    ]);
    expect(row).toMatchObject({ blocked: true });
    expect(row?.tokens_valid_after).toBeInstanceOf(Date);
    expect((await me(before.jwt)).status).toBe(401);
    const refused = await signIn('ab-duty', password);
    expect(refused.status).toBe(400);
    expect(refused.message).toMatch(/blocked/i);

    expect(accounts(['enable', 'duty@ab.example.ca']).status).toBe(0);
    const again = await signIn('ab-duty', password);
    expect(again.status).toBe(200);
    expect((await me(again.jwt)).status).toBe(200);
    // A token ended stays ended.
    expect((await me(before.jwt)).status).toBe(401);
  });

  it('reset-password sets a new password and ends every token of the user', async () => {
    const session = await signIn('ab-duty', 'Agency-passphrase-for-ab-1');
    expect((await me(session.jwt)).status).toBe(200);
    const reset = accounts(['reset-password', 'duty@ab.example.ca']);
    expect(reset.status, reset.stderr).toBe(0);
    expect(reset.stdout).toMatch(
      /^new password for ab-duty <duty@ab\.example\.ca>, role Authenticated, agency ab: its tokens ended$/m,
    );
    expect((await me(session.jwt)).status).toBe(401);
    expect((await signIn('ab-duty', 'Agency-passphrase-for-ab-1')).status).toBe(400);
    expect((await signIn('ab-duty', generated(reset))).status).toBe(200);
  });

  it('lists the accounts with their role, agency and state', () => {
    expect(accounts(['disable', 'duty-officer']).status).toBe(0);
    const all = accounts(['list']);
    expect(all.status, all.stderr).toBe(0);
    expect(all.stdout.split('\n').map((line) => line.split(/\s{2,}/))).toEqual([
      ['USERNAME', 'EMAIL', 'ROLE', 'AGENCY', 'STATE'],
      ['ab-duty', 'duty@ab.example.ca', 'Authenticated', 'ab', 'active'],
      ['duty-officer', 'duty.officer@ciffc.example.ca', 'CIFFC', '-', 'disabled'],
      [''],
    ]);
    expect(accounts(['list', '--agency', 'ab']).stdout).not.toContain('duty-officer');
  });

  it("makes the first admin by deploy/README.md's command, without EACCES, and it signs in to the admin panel", async () => {
    const line = /^sudo (deploy\/accounts\.sh admin:create .+)$/m.exec(readme)?.[1] ?? '';
    const email = /--email (\S+)/.exec(line)?.[1] ?? '';
    expect(email).not.toBe('');
    const [, ...args] = line.split(' ');
    const created = accounts(args);
    expect(created.status, created.stderr).toBe(0);
    expect(`${created.stdout}${created.stderr}`).not.toMatch(/EACCES|TS5033/);
    expect(created.stdout).toMatch(
      new RegExp(`^created the admin panel user ${email} \\(Super Admin\\)$`, 'm'),
    );
    expect(await adminLogin(email, generated(created))).toBe(200);
    const again = accounts(args);
    expect(again.status, again.stderr).toBe(1);
    expect(again.stderr.trim()).toBe(
      `accounts: an admin panel user with the e-mail address ${email} exists already`,
    );

    const reset = accounts(
      ['admin:reset-password', '--email', email, '--password-stdin'],
      'Another-admin-passphrase-2\n',
    );
    expect(reset.status, reset.stderr).toBe(0);
    expect(await adminLogin(email, 'Another-admin-passphrase-2')).toBe(200);
  });
});
