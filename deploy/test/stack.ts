/**
 * The production layout of deploy/ started for real, for the production test and the
 * benchmark: the content system in production mode on PostgreSQL, N data API instances built to
 * JavaScript (api/dist) and nginx with the config rendered from deploy/nginx/ciffc.conf.template and
 * the settings of deploy/env/*.env, all on loopback ports in a temporary folder. nginx runs in the
 * foreground with its own prefix, pid, logs and temp paths.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startPostgres } from '../../api/test/postgres.ts';
import {
  ensureCmsBuilt,
  ensureWebBuilt,
  freePort,
  loadOrCreateSecrets,
  type Part,
  repoRoot,
  spawnPart,
} from '../../scripts/lib/stack.ts';
import { parseEnvFile, renderNginx } from '../render-nginx.mjs';

export const deployDir = path.join(repoRoot, 'deploy');
const envFile = (name: string) =>
  parseEnvFile(readFileSync(path.join(deployDir, 'env', `${name}.env`), 'utf8'));
export const PASSWORD = 'Prod-test-password-1';
export const CSV_HEADER =
  'agency_code,agency_fire_id,agency_data_timezone,situation_report_date,status_date,stage_of_control,fire_cause,response_type,fire_size,latitude,longitude';

/** The headers deploy/nginx/security-headers.conf adds: name (lower case) and value. */
/**
 * The headers deploy/nginx/security-headers.conf sends on a page that may not be framed, or on the
 * embedded map (`embeddable`, with the default MAP_FRAME_ANCESTORS): its framing variables
 * resolved as the rendered maps set them; an empty value is not sent.
 */
export const securityHeaderValues = (embeddable = false) =>
  [
    ...readFileSync(path.join(deployDir, 'nginx', 'security-headers.conf'), 'utf8').matchAll(
      /^add_header\s+(\S+)\s+"([^"]*)"/gm,
    ),
  ]
    .map((m) => {
      const value = (m[2] as string)
        .replace('$ciffc_frame_ancestors', embeddable ? '*' : "'none'")
        .replace('$ciffc_frame_options', embeddable ? '' : 'DENY');
      return [(m[1] as string).toLowerCase(), value] as const;
    })
    .filter(([, value]) => value !== '');

/** The header names deploy/nginx/security-headers.conf adds. */
export const securityHeaders = () => securityHeaderValues().map(([name]) => name);

export interface Stack {
  dir: string;
  pgUrl: (db: string) => string;
  stopPg: () => void;
  /** An outage of PostgreSQL: stopped with its data kept, then started again. */
  pausePg: () => void;
  resumePg: () => void;
  cms: Part;
  api: Part[];
  apiPorts: number[];
  /** https://… with StackOptions.tls, else http://… */
  nginxUrl: string;
  /** The plain-HTTP port's address with StackOptions.tls (it only redirects), else nginxUrl. */
  plainUrl: string;
  nginxLog: string;
  stopNginx: () => Promise<void>;
  secrets: ReturnType<typeof loadOrCreateSecrets>;
}

async function createDatabases(url: string, names: string[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  for (const name of names) await client.query(`CREATE DATABASE ${name}`);
  await client.end();
}

/** Users made as an admin would in the admin panel (production has no demo users). */
async function createUsers(cmsDbUrl: string) {
  const bcrypt = createRequire(path.join(repoRoot, 'cms', 'package.json'))('bcryptjs') as {
    hashSync(text: string, rounds: number): string;
  };
  const hash = bcrypt.hashSync(PASSWORD, 10);
  const client = new pg.Client({ connectionString: cmsDbUrl });
  await client.connect();
  try {
    for (const [username, role, agency] of [
      ['ab', 'Authenticated', 'ab'],
      ['bc', 'Authenticated', 'bc'],
      ['ciffc', 'CIFFC', null],
    ] as const) {
      const now = new Date();
      const user = await client.query(
        `insert into up_users (document_id, username, email, provider, password, confirmed, blocked, agency_code,
           created_at, updated_at, published_at)
         values ($1, $2, $3, 'local', $4, true, false, $5, $6, $6, $6) returning id`,
        [randomBytes(12).toString('hex'), username, `${username}@example.ca`, hash, agency, now],
      );
      const roleRow = await client.query('select id from up_roles where name = $1', [role]);
      await client.query('insert into up_users_role_lnk (user_id, role_id, user_ord) values ($1, $2, 1)', [
        user.rows[0].id,
        roleRow.rows[0].id,
      ]);
    }
  } finally {
    await client.end();
  }
}

/**
 * A super admin of the content system's admin panel, written as `strapi admin:create-user` (the
 * documented first-admin step) would, without booting a second Strapi; signs in and returns the
 * admin token. The content system must have started once (it creates the admin roles).
 */
export async function createAdmin(cmsDbUrl: string, cmsUrl: string): Promise<string> {
  const bcrypt = createRequire(path.join(repoRoot, 'cms', 'package.json'))('bcryptjs') as {
    hashSync(text: string, rounds: number): string;
  };
  const email = 'editor@example.ca';
  const client = new pg.Client({ connectionString: cmsDbUrl });
  await client.connect();
  try {
    const now = new Date();
    const user = await client.query(
      `insert into admin_users (document_id, firstname, lastname, email, password, is_active, blocked,
         created_at, updated_at, published_at)
       values ($1, 'Prod', 'Editor', $2, $3, true, false, $4, $4, $4) returning id`,
      [randomBytes(12).toString('hex'), email, bcrypt.hashSync(PASSWORD, 10), now],
    );
    const role = await client.query(`select id from admin_roles where code = 'strapi-super-admin'`);
    await client.query('insert into admin_users_roles_lnk (user_id, role_id, role_ord) values ($1, $2, 1)', [
      user.rows[0].id,
      role.rows[0].id,
    ]);
  } finally {
    await client.end();
  }
  const login = await fetch(`${cmsUrl}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`admin login: ${login.status} ${await login.text()}`);
  return ((await login.json()) as { data: { token: string } }).data.token;
}

/**
 * The user the parts run as when the test runs as root, as their units' `User=ciffc` would: an
 * unprivileged one every Debian has (the install test's choice too).
 */
export const SERVICE_USER = 'nobody';
/** The numeric id of a user or of its group (`id -u` / `id -g`). */
export const idOf = (flag: '-u' | '-g', user = SERVICE_USER) =>
  Number(spawnSync('id', [flag, user], { encoding: 'utf8' }).stdout);

/** A unit's ReadWritePaths, moved from the installed tree (/srv/ciffc) to this checkout. */
export function writablePaths(unit: string): string[] {
  const text = readFileSync(path.join(deployDir, 'systemd', unit), 'utf8');
  return (/^ReadWritePaths=(.+)$/m.exec(text)?.[1] ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((place) => place.replace(/^-/, '').replace(/^\/srv\/ciffc(?=\/|$)/, repoRoot));
}

let isolation: boolean | undefined;
/**
 * Whether the parts run as SERVICE_USER (asService): only root can switch users, and only where
 * it may make a mount namespace (a container without CAP_SYS_ADMIN may not).
 */
export function partsRunAsServiceUser(): boolean {
  isolation ??=
    process.getuid?.() === 0 &&
    spawnSync('unshare', ['--mount', '--propagation', 'private', 'true']).status === 0;
  return isolation;
}

/**
 * The command that starts a part as its unit would. As root: as SERVICE_USER, in a mount
 * namespace of its own where each of the unit's ReadWritePaths found in the checkout is a fresh
 * folder of the run that the user owns (the checkout itself is root's: the user may read it, not
 * write it). Otherwise the command as it is, as the caller.
 */
function asService(unit: string, dir: string, command: string, args: string[]) {
  if (!partsRunAsServiceUser()) return { command, args };
  const [uid, gid] = [idOf('-u'), idOf('-g')];
  const binds = writablePaths(unit)
    .filter((place) => existsSync(place))
    .map((place) => {
      const scratch = mkdtempSync(path.join(dir, `rw-${unit.replace(/[@.]/g, '-')}`));
      chownSync(scratch, uid, gid);
      return `mount --bind ${JSON.stringify(scratch)} ${JSON.stringify(place)}`;
    });
  const user = ['setpriv', `--reuid=${uid}`, `--regid=${gid}`, '--clear-groups', '--inh-caps=-all'];
  return {
    command: 'unshare',
    // unshare and sh exec the next program: the part keeps the pid (and process group) spawned.
    args: [
      '--mount',
      '--propagation',
      'private',
      '--',
      'sh',
      '-c',
      [...binds, 'exec "$@"'].join(' && '),
    ].concat(['sh', ...user, '--', command, ...args]),
  };
}

export function startApi(dir: string, port: number, databaseUrl: string, cmsUrl: string, jwtSecret: string) {
  return spawnPart({
    name: `data API ${port}`,
    ...asService('ciffc-api@.service', dir, process.execPath, [path.join(repoRoot, 'api/dist/server.js')]),
    cwd: repoRoot,
    env: {
      ...envFile('api'),
      // What ciffc-api@.service sets.
      API_PORT: String(port),
      INSTANCE_ID: `api-${port}`,
      NODE_ENV: 'production',
      MIGRATE_ON_START: '0',
      DATABASE_URL: databaseUrl,
      CMS_URL: cmsUrl,
      JWT_SECRET: jwtSecret,
      LOG_REQUESTS: '0',
      // The test process may accept any certificate (its own self-signed nginx); the parts never.
      NODE_TLS_REJECT_UNAUTHORIZED: undefined,
    },
    logFile: path.join(dir, 'logs', `api-${port}.log`),
    url: `http://127.0.0.1:${port}`,
    readyPath: '/v1/health',
    timeoutMs: 60_000,
  });
}

/** The content system in production mode on `databaseUrl`, as ciffc-cms.service starts it. */
export function startCms(
  dir: string,
  port: number,
  databaseUrl: string,
  publicUrl: string,
  secrets: ReturnType<typeof loadOrCreateSecrets>,
) {
  return spawnPart({
    name: 'content system',
    ...asService('ciffc-cms.service', dir, path.join(repoRoot, 'cms/node_modules/.bin/strapi'), ['start']),
    cwd: path.join(repoRoot, 'cms'),
    env: {
      ...envFile('cms'),
      ...secrets,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      DATABASE_URL: databaseUrl,
      STRAPI_TELEMETRY_DISABLED: 'true',
      NODE_TLS_REJECT_UNAUTHORIZED: undefined,
    },
    logFile: path.join(dir, 'logs', `cms-${port}.log`),
    url: `http://127.0.0.1:${port}`,
    readyPath: '/_health',
    timeoutMs: 180_000,
  });
}

/**
 * nginx's main configuration around a site's (`ciffc.conf`) in `prefix`: its pid, error log
 * (`error.log`) and temporary folders there, in the foreground; as root, its workers run as this
 * user, or they could not read the temporary folder. The arguments that run it (add `-t` to test).
 */
export function writeNginxMain(prefix: string, site: string): string[] {
  mkdirSync(path.join(prefix, 'temp'), { recursive: true });
  writeFileSync(path.join(prefix, 'ciffc.conf'), site);
  const errorLog = path.join(prefix, 'error.log');
  const temp = (name: string) => `  ${name}_temp_path ${path.join(prefix, 'temp', name)};`;
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    [
      'daemon off;',
      process.getuid?.() === 0 ? `user ${userInfo().username};` : '',
      'worker_processes 1;',
      `pid ${path.join(prefix, 'nginx.pid')};`,
      `error_log ${errorLog} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp),
      `  include ${path.join(prefix, 'ciffc.conf')};`,
      '}',
    ].join('\n'),
  );
  return ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', errorLog];
}

/** nginx in the foreground with its own prefix, pid, logs and temp paths; the site config rendered. */
export async function startNginx(
  dir: string,
  env: Record<string, string>,
  name = 'nginx',
): Promise<() => Promise<void>> {
  const prefix = path.join(dir, name);
  for (const sub of ['logs', 'cache', 'temp']) mkdirSync(path.join(prefix, sub), { recursive: true });
  const args = writeNginxMain(prefix, renderNginx(env));
  const check = spawnSync('nginx', [...args, '-t'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t failed: ${check.stderr}`);
  const child = spawn('nginx', args, { stdio: 'ignore' });
  const exited = new Promise((done) => child.on('exit', done));
  return async () => {
    child.kill('SIGQUIT');
    await exited;
  };
}

/**
 * The metrics address of the instance on `apiPort`: deploy/env/api.env's METRICS_PORT, which is
 * `+N` (the API's port plus N), as startApi passes it.
 */
export function metricsUrl(apiPort: number): string {
  const offset = Number((envFile('api').METRICS_PORT ?? '').replace(/^\+/, ''));
  return `http://127.0.0.1:${apiPort + offset}/metrics`;
}

/** A metric's value in a Prometheus text answer (`name` with its labels as written), or null. */
export function metricValue(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? null : Number(line.slice(series.length + 1));
}

export async function waitFor(url: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`${url} did not answer`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

/**
 * A throwaway self-signed certificate for 127.0.0.1, made by openssl in the run's folder. The test
 * process alone stops checking certificates (its own fetch and autocannon talk to loopback only);
 * the parts it starts never inherit that (see startProductionStack).
 */
export function selfSignedCertificate(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, 'tls-cert.pem');
  const key = path.join(dir, 'tls-key.pem');
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-keyout',
      key,
      '-out',
      cert,
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl req failed: ${made.stderr}`);
  return { cert, key };
}

/** The built site nginx serves: WEB_DIST when given (a copy the caller built), else web/dist. */
const webDist = () => process.env.WEB_DIST ?? path.join(repoRoot, 'web', 'dist');

/** A loopback source address that nginx lets into the content system's admin (ADMIN_ALLOW). */
export const ADMIN_ADDRESS = '127.0.0.2';

/** deploy/env/nginx.env with the loopback ports and the temporary folder of this run. */
export function nginxSettings(o: {
  dir: string;
  apiPorts: number[];
  cmsUrl: string;
  port: number;
  microcache: boolean;
  name?: string;
  /** The HTTPS mode: the certificate, and the plain port that answers 301 to https. */
  tls?: { cert: string; key: string; plainPort: number; acmeWebroot?: string };
}): Record<string, string> {
  const logs = path.join(o.dir, o.name ?? 'nginx', 'cache');
  return {
    ...envFile('nginx'),
    API_INSTANCES: o.apiPorts.map((port) => `127.0.0.1:${port}`).join(' '),
    API_MICROCACHE: o.microcache ? 'on' : 'off',
    CMS_ADDRESS: new URL(o.cmsUrl).host,
    NGINX_LISTEN: o.tls ? `127.0.0.1:${o.port} ssl http2` : `127.0.0.1:${o.port}`,
    NGINX_HTTP_LISTEN: o.tls ? `127.0.0.1:${o.tls.plainPort}` : '',
    ACME_WEBROOT: o.tls?.acmeWebroot ?? '',
    NGINX_SERVER_NAME: 'localhost',
    NGINX_TLS_CERT: o.tls?.cert ?? '',
    NGINX_TLS_KEY: o.tls?.key ?? '',
    NGINX_CACHE_DIR: logs,
    NGINX_LOG_DIR: logs,
    WEB_ROOT: webDist(),
    DEPLOY_DIR: deployDir,
    // The admin is for other addresses: 127.0.0.1 (the test's usual source) is refused, and
    // 127.0.0.2 (ADMIN_ADDRESS) stands for the office the admin is open to.
    ADMIN_ALLOW: `192.0.2.1 ${ADMIN_ADDRESS}`,
  };
}

export interface StackOptions {
  /** Data API instances behind nginx (2). */
  instances?: number;
  /** nginx's microcache of anonymous /v1 reads (on). */
  microcache?: boolean;
  /** nginx in its HTTPS mode with a self-signed certificate, the plain port redirecting (off). */
  tls?: boolean;
}

export async function startProductionStack(options: StackOptions = {}): Promise<Stack> {
  const started = Date.now();
  const dir = mkdtempSync(path.join(tmpdir(), 'ciffc-prod-'));
  const pgServer = await startPostgres();
  const pgUrl = (db: string) => {
    const url = new URL(pgServer.url);
    url.pathname = `/${db}`;
    return url.toString();
  };
  const partial: Partial<Stack> = {
    dir,
    pgUrl,
    stopPg: pgServer.stop,
    pausePg: pgServer.pause,
    resumePg: pgServer.resume,
    api: [],
  };
  try {
    await createDatabases(pgServer.url, ['ciffc_cms', 'ciffc_api']);
    await ensureCmsBuilt();
    if (!process.env.WEB_DIST) await ensureWebBuilt();
    const build = spawnSync('npm', ['run', 'build', '-w', 'api'], { cwd: repoRoot, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`api build failed: ${build.stderr}`);
    // The deploy step (ciffc-migrate.service) before any instance starts.
    const migrate = spawnSync(process.execPath, [path.join(repoRoot, 'api/dist/migrate.js')], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: pgUrl('ciffc_api'),
        JWT_SECRET: 'x'.repeat(40),
      },
      encoding: 'utf8',
    });
    if (migrate.status !== 0) throw new Error(`migrate failed: ${migrate.stderr}${migrate.stdout}`);

    const secrets = loadOrCreateSecrets(dir);
    partial.secrets = secrets;
    const [cmsPort, nginxPort, plainPort] = [await freePort(), await freePort(), await freePort()];
    const tls = options.tls
      ? { ...selfSignedCertificate(dir), plainPort, acmeWebroot: path.join(dir, 'acme') }
      : undefined;
    if (tls) {
      // Only this test process accepts the self-signed certificate; what it spawns checks as usual.
      process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
    }
    const apiPorts: number[] = [];
    for (let i = 0; i < (options.instances ?? 2); i++) apiPorts.push(await freePort());
    const nginxUrl = `${tls ? 'https' : 'http'}://127.0.0.1:${nginxPort}`;
    partial.nginxUrl = nginxUrl;
    partial.plainUrl = tls ? `http://127.0.0.1:${plainPort}` : nginxUrl;
    partial.cms = await startCms(dir, cmsPort, pgUrl('ciffc_cms'), nginxUrl, secrets);
    await createUsers(pgUrl('ciffc_cms'));
    const cmsUrl = `http://127.0.0.1:${cmsPort}`;
    partial.apiPorts = apiPorts;
    partial.api = await Promise.all(
      apiPorts.map((port) => startApi(dir, port, pgUrl('ciffc_api'), cmsUrl, secrets.JWT_SECRET)),
    );
    partial.nginxLog = path.join(dir, 'nginx', 'cache', 'ciffc-access.log');
    partial.stopNginx = await startNginx(
      dir,
      nginxSettings({
        dir,
        apiPorts,
        cmsUrl,
        port: nginxPort,
        microcache: options.microcache !== false,
        tls,
      }),
    );
    await waitFor(`${nginxUrl}/v1/health`);
    console.log(`[prod] stack up in ${Date.now() - started} ms`);
    return partial as Stack;
  } catch (error) {
    await stopProductionStack(partial);
    throw error;
  }
}

export async function stopProductionStack(stack: Partial<Stack>): Promise<void> {
  await stack.stopNginx?.().catch(() => {});
  await Promise.all((stack.api ?? []).map((part) => part.stop().catch(() => {})));
  await stack.cms?.stop().catch(() => {});
  stack.stopPg?.();
  if (stack.dir) rmSync(stack.dir, { recursive: true, force: true });
}
