/**
 * deploy/upgrade.sh run for real on a machine laid out by deploy/install.sh (a scratch root, as
 * install.test.ts), under a light read load through nginx: the first day's checkout becomes the
 * first release, the next release is switched to, the content system and both data API instances
 * restart one at a time, and not one request fails; a tab still open on the first release loads
 * its files after the switch; then --rollback, the same way.
 *
 * The two releases are two copies of this tree's one build, the second with every hashed file of
 * the site renamed (docs/decisions.md, "Upgrades: releases side by side"): building two commits
 * from scratch (npm ci, the builds) takes minutes, which the suite cannot spend. The steps that
 * build a release from git (clone, npm ci, the builds) are checked by upgrade-build.test.ts.
 *
 * systemd is a small control server here: upgrade.sh's SYSTEMCTL is a script that asks it to
 * restart a part (stop it, start it again from the link's new target, wait until it answers, as
 * the units' ExecStartPost do) or to reload nginx (the site config install.sh rendered).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPostgres } from '../../api/test/postgres.ts';
import {
  ensureCmsBuilt,
  ensureWebBuilt,
  freePort,
  type Part,
  repoRoot,
  spawnPart,
} from '../../scripts/lib/stack.ts';
import { parseEnvFile } from '../render-nginx.mjs';
import { waitFor, writeNginxMain } from './stack.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'ciffc-upgrade-'));
const root = path.join(dir, 'root');
const app = path.join(root, 'srv/ciffc');
const releases = path.join(root, 'srv/ciffc-releases');
const next = path.join(releases, '29991231-000000-next');
const etc = path.join(root, 'etc/ciffc');
const settings = (name: string) => parseEnvFile(readFileSync(path.join(etc, `${name}.env`), 'utf8'));
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * This tree's code and builds copied to `dest` as a checkout of one release would hold them; its
 * dependencies are links to this tree's (a release's own `npm ci` is upgrade-build.test.ts's).
 */
function copyRelease(dest: string) {
  mkdirSync(dest, { recursive: true });
  const excluded = ['node_modules', '.git', './data', './.cache', './cms/.tmp', './cms/public/uploads'];
  const exclude = [...excluded, './test-results', './playwright-report'].map((p) => `--exclude=${p}`);
  const copy = spawnSync('sh', [
    '-c',
    `tar -C "$1" ${exclude.join(' ')} -cf - . | tar -C "$2" -xf -`,
    'sh',
    repoRoot,
    dest,
  ]);
  if (copy.status !== 0) throw new Error(`copy failed: ${copy.stderr}`);
  mkdirSync(path.join(dest, 'cms/public/uploads'), { recursive: true });
  writeFileSync(path.join(dest, 'cms/public/uploads/.gitkeep'), '');
  for (const modules of ['node_modules', 'cms/node_modules']) {
    spawnSync('ln', ['-s', path.join(repoRoot, modules), path.join(dest, modules)]);
  }
}

/** Every hashed file of a built site renamed, and every reference to it: a new release's files. */
function renameAssets(dist: string) {
  const assets = path.join(dist, 'assets');
  // The build's compressed copies (.br, .gz) would keep the old text under no name the new files
  // have: dropped, the servers compress the rewritten files themselves.
  for (const name of readdirSync(assets).filter((n) => /\.(br|gz)$/.test(n))) rmSync(path.join(assets, name));
  const names = readdirSync(assets);
  const renamed = new Map(names.map((name) => [name, name.replace(/(\.[a-z0-9]+)$/, 'n$1')]));
  const files = [path.join(dist, 'index.html'), ...names.map((name) => path.join(assets, name))];
  for (const file of files.filter((f) => /\.(html|js|css|json|svg)$/.test(f))) {
    let text = readFileSync(file, 'utf8');
    for (const [from, to] of renamed) text = text.replaceAll(`/${from}`, `/${to}`);
    writeFileSync(file, text);
  }
  for (const [from, to] of renamed) spawnSync('mv', [path.join(assets, from), path.join(assets, to)]);
}

/** The site's files an index.html loads (scripts, styles, preloads). */
const shellAssets = (html: string) => [...html.matchAll(/"(\/assets\/[^"]+)"/g)].map((m) => m[1] as string);

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { encoding: 'utf8', env });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} (${result.status}): ${result.stderr}`);
  return result.stdout;
}

/** Runs a command without blocking the event loop (the control server and the load run here). */
function runAsync(command: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ status: number | null; output: string }>((done) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (status) => done({ status, output }));
  });
}

let pgStop: (() => void) | undefined;
let cms: Part | undefined;
const api = new Map<number, Part>();
let nginx: ChildProcess | undefined;
let control: Server | undefined;
const ports = { cms: 0, api: [0, 0], tls: 0, plain: 0, control: 0 };
let base = '';

/** ciffc-cms.service: `node node_modules/@strapi/strapi/bin/strapi.js start` in the link's cms/. */
function startCms() {
  return spawnPart({
    name: 'content system',
    command: process.execPath,
    args: ['node_modules/@strapi/strapi/bin/strapi.js', 'start'],
    cwd: path.join(app, 'cms'),
    env: {
      ...settings('cms'),
      NODE_ENV: 'production',
      STRAPI_TELEMETRY_DISABLED: 'true',
      NODE_TLS_REJECT_UNAUTHORIZED: undefined,
    },
    logFile: path.join(dir, 'logs', 'cms.log'),
    url: `http://127.0.0.1:${ports.cms}`,
    readyPath: '/_health',
    timeoutMs: 180_000,
  });
}

/** ciffc-api@PORT.service: `node api/dist/server.js` in the link's folder. */
function startApi(port: number) {
  return spawnPart({
    name: `data API ${port}`,
    command: process.execPath,
    args: ['--max-old-space-size=512', 'api/dist/server.js'],
    cwd: app,
    env: {
      ...settings('api'),
      API_PORT: String(port),
      INSTANCE_ID: `api-${port}`,
      NODE_ENV: 'production',
      MIGRATE_ON_START: '0',
      LOG_REQUESTS: '0',
      NODE_TLS_REJECT_UNAUTHORIZED: undefined,
    },
    logFile: path.join(dir, 'logs', `api-${port}.log`),
    url: `http://127.0.0.1:${port}`,
    readyPath: '/v1/health',
    timeoutMs: 60_000,
  });
}

const nginxPrefix = path.join(dir, 'nginx');

/** nginx's site as install.sh rendered it, its absolute paths under the scratch root, on loopback ports. */
function writeNginxConfig() {
  const site = readFileSync(path.join(root, 'etc/nginx/conf.d/ciffc.conf'), 'utf8')
    .replace(/(\s)\/(etc\/ciffc|var\/www|var\/cache|var\/log|srv)\//g, `$1${root}/$2/`)
    .replace(/^ {2}listen \[::\].*\n/gm, '')
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${ports.tls} ssl http2;`)
    .replace(/listen 80;/, `listen 127.0.0.1:${ports.plain};`);
  const args = writeNginxMain(nginxPrefix, site);
  const check = spawnSync('nginx', [...args, '-t'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t failed: ${check.stderr}`);
  return args;
}

/** The processes nginx's master runs (its workers, the cache manager); a reload starts new ones. */
const nginxChildren = () => {
  const pid = nginx?.pid;
  return pid === undefined ? [] : readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ');
};

/** What systemctl does for upgrade.sh, on the parts this test started. */
async function systemctl(command: string): Promise<void> {
  const [verb, unit = ''] = command.trim().split(/\s+/);
  if (verb === 'daemon-reload') return;
  if (verb === 'try-reload-or-restart' && unit === 'nginx') {
    writeNginxConfig();
    const before = new Set(nginxChildren());
    nginx?.kill('SIGHUP');
    // The new configuration serves once the master runs a worker it did not run before.
    await vi.waitFor(
      () => {
        if (!nginxChildren().some((pid) => pid.trim() !== '' && !before.has(pid)))
          throw new Error('nginx started no new worker after SIGHUP');
      },
      { timeout: 10_000, interval: 20 },
    );
    return;
  }
  if (verb === 'restart' && unit === 'ciffc-cms') {
    await cms?.stop();
    cms = await startCms();
    return;
  }
  const instance = /^ciffc-api@(\d+)$/.exec(unit)?.[1];
  if (verb === 'restart' && instance) {
    const port = Number(instance);
    await api.get(port)?.stop();
    api.set(port, await startApi(port));
    return;
  }
  throw new Error(`systemctl ${command}: not a step of upgrade.sh`);
}

/** The connection was closed before any answer: nginx closing an idle keep-alive connection. */
const closedBeforeAnswer = (error: unknown) =>
  (error as { cause?: { code?: string } }).cause?.code === 'UND_ERR_SOCKET';

/**
 * Four readers through nginx, each loading a page and its files, the data and the content reads.
 * A GET whose reused keep-alive connection nginx closed before answering (its old workers close
 * their idle connections at a reload) is sent again, as browsers do, and counted apart: over
 * HTTP/2, which browsers speak to this site, nginx's GOAWAY says which requests it did not take.
 * fetch may pick another stale connection of its pool for the second try (seen on a busy run), so a
 * request closed before any answer is sent again up to three times; any other failure counts.
 */
function readLoad(urls: string[]) {
  let stopped = false;
  const failures: string[] = [];
  let requests = 0;
  let resent = 0;
  /** Each reader's rounds of `urls` done. */
  const rounds = [0, 0, 0, 0];
  const get = async (url: string, tries = 0): Promise<string> => {
    if (tries === 0) requests++;
    try {
      const response = await fetch(base + url, { redirect: 'manual' });
      const text = await response.text();
      if (response.status >= 400) failures.push(`${url} ${response.status} ${text.slice(0, 120)}`);
      return text;
    } catch (error) {
      if (tries < 3 && closedBeforeAnswer(error)) {
        resent++;
        return get(url, tries + 1);
      }
      const cause = (error as { cause?: unknown }).cause;
      failures.push(`${url} ${String(error)} ${String(cause)}`);
      return '';
    }
  };
  const reader = async (index: number) => {
    while (!stopped) {
      for (const url of urls) {
        const text = await get(url);
        // A page and then the files it names, as a browser loads them.
        if (url === '/') for (const asset of shellAssets(text)) await get(asset);
        await sleep(10); // a reader's pause between reads: a light load's rhythm, not an event
      }
      rounds[index] = (rounds[index] ?? 0) + 1;
    }
  };
  const readers = Promise.all(rounds.map((_, index) => reader(index)));
  return {
    /** Resolves once every reader has read every url from start to end after this call. */
    roundsDone: async () => {
      // The round under way may have begun before the call: the one after it is whole.
      const from = [...rounds];
      await vi.waitFor(
        () => {
          if (rounds.some((done, index) => done < (from[index] as number) + 2))
            throw new Error(`readers' rounds ${rounds.join(', ')}, from ${from.join(', ')}`);
        },
        { timeout: 60_000, interval: 20 },
      );
    },
    stop: async () => {
      stopped = true;
      await readers;
      return { requests, failures, resent };
    },
  };
}

const READS = ['/', '/v1/wildfires?page=1', '/v1/summary', '/api/pages?locale=en', '/robots.txt'];
let firstAssets: string[] = [];

beforeAll(async () => {
  const started = Date.now();
  chmodSync(dir, 0o755);
  await ensureCmsBuilt();
  await ensureWebBuilt();
  run('npm', ['run', 'build', '-w', 'api', '--silent'], { ...process.env });
  // The first day: a checkout at /srv/ciffc, and the next release built beside it.
  copyRelease(app);
  copyRelease(next);
  renameAssets(path.join(next, 'web/dist'));
  firstAssets = readdirSync(path.join(app, 'web/dist/assets')).map((name) => `/assets/${name}`);
  const pg = await startPostgres();
  pgStop = pg.stop;
  const free: number[] = [];
  while (free.length < 6) {
    const port = await freePort();
    if (!free.includes(port)) free.push(port);
  }
  const [cmsPort = 0, apiA = 0, apiB = 0, tls = 0, plain = 0, controlPort = 0] = free;
  Object.assign(ports, { cms: cmsPort, api: [apiA, apiB], tls, plain, control: controlPort });
  run('bash', [
    path.join(app, 'deploy/install.sh'),
    ...['--root', root, '--user', userInfo().username, '--domain', 'localhost', '--pg-url', pg.url],
    ...['--api-ports', ports.api.join(' '), '--cms-port', String(ports.cms)],
  ]);
  mkdirSync(path.join(root, 'var/log/nginx'), { recursive: true });
  // The data API's migrations (ciffc-migrate.service), then the parts as their units start them.
  run('sh', [
    '-c',
    'set -a && . "$1" && set +a && cd "$2" && NODE_ENV=production exec node api/dist/migrate.js',
    'sh',
    path.join(etc, 'api.env'),
    app,
  ]);
  // An upload of the media library: it must outlive the first release's folder.
  writeFileSync(path.join(app, 'cms/public/uploads/kept.txt'), 'an upload');
  cms = await startCms();
  for (const port of ports.api) api.set(port, await startApi(port));
  mkdirSync(nginxPrefix, { recursive: true });
  const args = writeNginxConfig();
  nginx = spawn('nginx', args, { stdio: 'ignore' });
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  base = `https://127.0.0.1:${ports.tls}`;
  await waitFor(`${base}/v1/health`, 10_000);
  control = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      systemctl(body).then(
        () => response.end('ok\n'),
        (error) => {
          response.statusCode = 500;
          response.end(`${String(error)}\n`);
        },
      );
    });
  });
  await new Promise<void>((done) => control?.listen(ports.control, '127.0.0.1', done));
  writeFileSync(
    path.join(dir, 'systemctl'),
    `#!/bin/sh\nexec curl -fsS -m 300 --data-binary "$*" http://127.0.0.1:${ports.control}/\n`,
    { mode: 0o755 },
  );
  // Every read once, so the content reads are in nginx's cache as on a site in use.
  for (const url of READS) expect((await fetch(base + url)).status, url).toBe(200);
  console.log(`[upgrade] installed machine up in ${Date.now() - started} ms`);
});

afterAll(async () => {
  control?.close();
  nginx?.kill('SIGQUIT');
  await Promise.all([...api.values()].map((part) => part.stop()));
  await cms?.stop();
  pgStop?.();
  rmSync(dir, { recursive: true, force: true });
});

/** upgrade.sh of the running release, with the scratch root and the control server's systemctl. */
function upgrade(...args: string[]) {
  return runAsync('bash', [path.join(app, 'deploy/upgrade.sh'), '--root', root, ...args], {
    ...process.env,
    SYSTEMCTL: path.join(dir, 'systemctl'),
    NODE_TLS_REJECT_UNAUTHORIZED: undefined,
  });
}

describe('deploy/upgrade.sh on an installed machine, under a read load through nginx', () => {
  it("upgrades from the first day's checkout to the next release: no failed request, the old release's files still answered, the uploads kept", async () => {
    const firstShell = await (await fetch(`${base}/`)).text();
    expect(shellAssets(firstShell).length).toBeGreaterThan(0);
    const load = readLoad(READS);
    const started = Date.now();
    const result = await upgrade('--release', next);
    const seconds = (Date.now() - started) / 1000;
    // Every reader reads the whole site again from the upgraded machine.
    await load.roundsDone();
    const { requests, failures, resent } = await load.stop();
    console.log(
      `[upgrade] upgrade in ${seconds} s: ${failures.length} failed of ${requests} requests (${resent} re-sent on a closed keep-alive connection)`,
    );
    console.log(result.output);
    expect(result.status, result.output).toBe(0);
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(100);

    // The layout: the checkout is the first release, /srv/ciffc a link to the next.
    expect(lstatSync(app).isSymbolicLink()).toBe(true);
    expect(realpathSync(app)).toBe(next);
    const first = realpathSync(path.join(releases, 'previous'));
    expect(path.dirname(first)).toBe(releases);
    expect(readlinkSync(app)).toBe(path.relative(path.dirname(app), next));
    // Every part runs the next release's code.
    for (const part of [cms, ...api.values()]) {
      expect(realpathSync(`/proc/${part?.process.pid}/cwd`)).toMatch(new RegExp(`^${next}(/cms)?$`));
    }
    // The site's pages name the next release's files; every file of the first is still answered.
    const shell = await (await fetch(`${base}/`)).text();
    expect(shellAssets(shell).every((asset) => /n\.\w+$/.test(asset))).toBe(true);
    for (const asset of firstAssets) {
      const response = await fetch(base + asset);
      expect(response.status, asset).toBe(200);
      const served = Buffer.from(await response.arrayBuffer());
      expect(served.equals(readFileSync(path.join(first, 'web/dist', asset))), asset).toBe(true);
    }
    // The uploads moved to shared/ and each release links there; the content system serves them.
    expect(readFileSync(path.join(releases, 'shared/uploads/kept.txt'), 'utf8')).toBe('an upload');
    expect(lstatSync(path.join(next, 'cms/public/uploads')).isSymbolicLink()).toBe(true);
    expect(lstatSync(path.join(first, 'cms/public/uploads')).isSymbolicLink()).toBe(true);
    expect(await (await fetch(`${base}/uploads/kept.txt`)).text()).toBe('an upload');
  });

  it("rolls back to the previous release the same way, the rolled-back release's files still answered", async () => {
    const first = realpathSync(path.join(releases, 'previous'));
    const nextAssets = readdirSync(path.join(next, 'web/dist/assets')).map((name) => `/assets/${name}`);
    const load = readLoad(READS);
    const started = Date.now();
    const result = await upgrade('--rollback');
    const seconds = (Date.now() - started) / 1000;
    // Every reader reads the whole site again from the rolled-back machine.
    await load.roundsDone();
    const { requests, failures, resent } = await load.stop();
    console.log(
      `[upgrade] rollback in ${seconds} s: ${failures.length} failed of ${requests} requests (${resent} re-sent on a closed keep-alive connection)`,
    );
    expect(result.status, result.output).toBe(0);
    expect(failures).toEqual([]);
    expect(realpathSync(app)).toBe(first);
    expect(realpathSync(path.join(releases, 'previous'))).toBe(next);
    for (const asset of nextAssets) expect((await fetch(base + asset)).status, asset).toBe(200);
    expect(existsSync(path.join(releases, 'old-web/assets', path.basename(nextAssets[0] ?? '')))).toBe(true);
  });
});

describe("the content system's CORS answers through nginx, on the installed machine", () => {
  it('never sends an empty Access-Control-Allow-Origin, nor credentials without an origin', async () => {
    const site = settings('cms').PUBLIC_URL ?? '';
    // /admin/ opened in the browser and a content read: no Origin header (127.0.0.1 is in
    // the shipped ADMIN_ALLOW).
    for (const url of ['/admin/', '/api/pages?locale=en']) {
      const response = await fetch(base + url);
      expect(response.status, url).toBeLessThan(400);
      expect(response.headers.get('access-control-allow-origin'), url).not.toBe('');
      if (response.headers.get('access-control-allow-credentials') === 'true') {
        expect(response.headers.get('access-control-allow-origin'), url).toBe(site);
      }
    }
    // The site's own origin, with credentials; another origin, nothing.
    const own = await fetch(`${base}/api/pages?locale=en&sort=id`, { headers: { origin: site } });
    expect(own.headers.get('access-control-allow-origin')).toBe(site);
    expect(own.headers.get('access-control-allow-credentials')).toBe('true');
    const other = await fetch(`${base}/api/pages?locale=fr&sort=id`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});
