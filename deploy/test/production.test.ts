/**
 * The production layout of deploy/, run for real: see stack.ts. Everything goes through
 * nginx as a browser would, except where a test names instance A or B.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { connect as http2Connect } from 'node:http2';
import https from 'node:https';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { square } from '../../api/test/fixtures.ts';
import { bcPolygon, dbfFile, deflated, shpFile, zip } from '../../api/test/hostile-files.ts';
import { freePort, type Part, repoRoot } from '../../scripts/lib/stack.ts';
import {
  ADMIN_ADDRESS,
  CSV_HEADER,
  createAdmin,
  idOf,
  metricsUrl,
  metricValue,
  PASSWORD,
  partsRunAsServiceUser,
  SERVICE_USER,
  type Stack,
  securityHeaderValues,
  startApi,
  startCms,
  startProductionStack,
  stopProductionStack,
  writablePaths,
} from './stack.ts';

let stack: Stack | undefined;
const s = () => {
  if (!stack) throw new Error('production stack not started');
  return stack;
};

const login = async (identifier: string) => {
  const response = await fetch(`${s().nginxUrl}/api/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier, password: PASSWORD }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { jwt: string }).jwt;
};

const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const quantile = (values: number[], q: number) =>
  [...values].sort((x, y) => x - y)[Math.min(values.length - 1, Math.floor(q * values.length))] as number;

/** Polls `check` every `everyMs` until it holds; the milliseconds it took, or null after `timeoutMs`. */
async function timeUntil(check: () => Promise<boolean>, timeoutMs: number, everyMs = 50) {
  const started = Date.now();
  while (Date.now() - started <= timeoutMs) {
    if (await check()) return Date.now() - started;
    await sleep(everyMs);
  }
  return null;
}

/** One request over HTTP/2 (Node's fetch speaks HTTP/1.1 only): its :status. */
function http2Status(url: string): Promise<number> {
  return new Promise((done, fail) => {
    const session = http2Connect(new URL(url).origin, { rejectUnauthorized: false });
    session.on('error', fail);
    const request = session.request({ ':path': new URL(url).pathname });
    request.on('response', (headers) => {
      done(Number(headers[':status']));
      session.close();
    });
    request.on('error', fail);
    request.end();
  });
}

/** One answer of rawRequest: its status, each header's values as sent (a repeated one apart), its body. */
interface RawAnswer {
  status: number;
  headers: (name: string) => string[];
  text: string;
}

/**
 * One HTTPS request from a chosen loopback source address (fetch can choose none, and joins a
 * repeated header into one value): nginx's allow list and limits see that address.
 */
/** A GET's status, headers and body as sent (not decompressed). */
function bytesOf(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((done, fail) => {
    https
      .get(url, { headers, rejectUnauthorized: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          done({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', fail);
  });
}

function rawRequest(url: string, o: { from: string; method?: string; body?: string }): Promise<RawAnswer> {
  return new Promise((done, fail) => {
    const request = https.request(
      url,
      {
        method: o.method ?? 'GET',
        localAddress: o.from,
        rejectUnauthorized: false,
        headers: o.body ? { 'content-type': 'application/json' } : {},
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => {
          const raw = response.rawHeaders;
          const lines = raw.flatMap((name, i) =>
            i % 2 === 0 ? [[name.toLowerCase(), raw[i + 1] ?? '']] : [],
          );
          done({
            status: response.statusCode ?? 0,
            headers: (name) => lines.filter(([n]) => n === name).map(([, value]) => value as string),
            text,
          });
        });
      },
    );
    request.on('error', fail);
    request.end(o.body);
  });
}

/**
 * nginx's own answer (deploy/nginx/ciffc.conf.template: a limit's 429, the content system not
 * answering): the data API's error body with `code`, the request id in it and in X-Request-Id,
 * Retry-After.
 */
function expectNginxAnswer(answer: RawAnswer, status: number, code: string) {
  const where = `${answer.status} ${answer.text.slice(0, 200)}`;
  expect(answer.status, where).toBe(status);
  expect(answer.headers('content-type'), where).toEqual(['application/json']);
  const body = JSON.parse(answer.text) as { statusCode?: number; code?: string; requestId?: string };
  expect(body, where).toMatchObject({ statusCode: status, code });
  expect(body.requestId, where).toMatch(/^[0-9a-f]{32}$/);
  expect(answer.headers('x-request-id'), where).toEqual([body.requestId]);
  expect(Number(answer.headers('retry-after')[0]), where).toBeGreaterThan(0);
}

/** A sign-in through nginx from a chosen loopback address. */
const signInFrom = (from: string, identifier: string, password: string) =>
  rawRequest(`${s().nginxUrl}/api/auth/local`, {
    from,
    method: 'POST',
    body: JSON.stringify({ identifier, password }),
  });

/**
 * Whether a running part could create a file in `folder`: a probe run in the part's own mount
 * namespace (nsenter) as the part's user, so it sees the folders exactly as the part does.
 */
function canWrite(part: Part, folder: string): boolean {
  const pid = String(part.process.pid);
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const [uid, gid] = ['Uid', 'Gid'].map((key) => new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1]);
  const probe = path.join(folder, `.write-probe-${pid}`);
  const result = spawnSync('nsenter', [
    '-t',
    pid,
    '-m',
    '--',
    'setpriv',
    `--reuid=${uid}`,
    `--regid=${gid}`,
    '--clear-groups',
    '--',
    'sh',
    '-c',
    'echo x > "$1" && rm "$1"',
    'sh',
    probe,
  ]);
  return result.status === 0;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync(command, args, { encoding: 'utf8', env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${result.stderr}`);
}

async function queryAs(url: string, sql: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  stack = await startProductionStack({ instances: 2, tls: true });
});

afterAll(async () => {
  if (stack) await stopProductionStack(stack);
});

describe('production layout (deploy/): nginx, two data API instances, content system on PostgreSQL', () => {
  let abToken = '';
  let ciffcToken = '';
  let bcToken = '';
  /** A token of the content system's admin panel (a super admin), made by the content test. */
  let adminToken = '';

  it('signs in through nginx: ab and bc as their agencies, ciffc as the national centre, each accepted by both instances', async () => {
    abToken = await login('ab');
    ciffcToken = await login('ciffc');
    bcToken = await login('bc');
    // What the later tests rely on: who each token is, and that both instances resolve it.
    const me = async (token: string) => {
      const response = await fetch(`${s().nginxUrl}/api/users/me?populate=*`, { headers: auth(token) });
      expect(response.status).toBe(200);
      const user = (await response.json()) as {
        username: string;
        agency_code: string | null;
        role?: { name: string };
      };
      return [user.username, user.agency_code, user.role?.name];
    };
    expect(await me(abToken)).toEqual(['ab', 'ab', 'Authenticated']);
    expect(await me(bcToken)).toEqual(['bc', 'bc', 'Authenticated']);
    expect(await me(ciffcToken)).toEqual(['ciffc', null, 'CIFFC']);
    expect(s().apiPorts).toHaveLength(2);
    for (const port of s().apiPorts) {
      const read = (token: string, agency: string) =>
        fetch(`http://127.0.0.1:${port}/v1/sitrep/agency?agency=${agency}`, { headers: auth(token) }).then(
          (r) => r.status,
        );
      expect([await read(abToken, 'ab'), await read(bcToken, 'bc'), await read(ciffcToken, 'bc')]).toEqual([
        200, 200, 200,
      ]);
      // An agency token is an agency's, not the national centre's.
      expect(await read(abToken, 'bc')).toBe(403);
    }
  });

  it("the data API and the content system run as an unprivileged user who can write their units' ReadWritePaths and nothing else", async () => {
    const isolated = partsRunAsServiceUser();
    // As root the parts run as SERVICE_USER (stack.ts, asService); otherwise as the caller.
    const uid = isolated ? idOf('-u', SERVICE_USER) : process.getuid?.();
    const parts = [
      { part: s().cms, unit: 'ciffc-cms.service' },
      ...s().api.map((part) => ({ part, unit: 'ciffc-api@.service' })),
    ];
    for (const { part } of parts) {
      const status = readFileSync(`/proc/${part.process.pid}/status`, 'utf8');
      expect(/^Uid:\s+(.*)$/m.exec(status)?.[1]?.split(/\s+/), part.name).toEqual(Array(4).fill(String(uid)));
    }
    if (!isolated) return;
    for (const { part, unit } of parts) {
      const writable = writablePaths(unit).filter((place) => existsSync(place));
      // Elsewhere: the code and its configuration, the tree the units install to, the system.
      const elsewhere = [
        repoRoot,
        path.join(repoRoot, 'cms'),
        path.join(repoRoot, 'api/dist'),
        '/srv',
        '/etc',
      ];
      for (const place of writable) expect(canWrite(part, place), `${part.name} writes ${place}`).toBe(true);
      for (const place of elsewhere)
        expect(canWrite(part, place), `${part.name} writes ${place}`).toBe(false);
    }
    // The content system's uploads folder is among them: what it writes there is its user's.
    expect(writablePaths('ciffc-cms.service')).toContain(path.join(repoRoot, 'cms/public/uploads'));
  });

  it('HTTPS: the plain port answers 301 to https (but ACME challenges), HTTPS answers carry HSTS, HTTP/2', async () => {
    expect(s().nginxUrl).toMatch(/^https:/);
    for (const url of ['/', '/v1/health', '/api/pages?locale=en', '/admin']) {
      const response = await fetch(`${s().plainUrl}${url}`, { redirect: 'manual' });
      expect(response.status, url).toBe(301);
      // The HTTPS port is not 443 here: the redirect keeps it.
      expect(response.headers.get('location'), url).toBe(
        `https://127.0.0.1:${new URL(s().nginxUrl).port}${url}`,
      );
    }
    const post = await fetch(`${s().plainUrl}/api/auth/local`, { method: 'POST', redirect: 'manual' });
    expect(post.status).toBe(301);
    // certbot --webroot renewals fetch their challenge over plain HTTP.
    const challenge = path.join(s().dir, 'acme', '.well-known', 'acme-challenge');
    mkdirSync(challenge, { recursive: true });
    writeFileSync(path.join(challenge, 'token-1'), 'proof');
    const acme = await fetch(`${s().plainUrl}/.well-known/acme-challenge/token-1`, { redirect: 'manual' });
    expect(acme.status).toBe(200);
    expect(await acme.text()).toBe('proof');
    for (const url of ['/', '/v1/health', '/api/pages?locale=en']) {
      const response = await fetch(`${s().nginxUrl}${url}`);
      expect(response.headers.get('strict-transport-security'), url).toMatch(/max-age=\d{7,}/);
    }
    expect(await http2Status(`${s().nginxUrl}/v1/health`)).toBe(200);
  });

  it('a POST reaching an instance while it closes gets its 503 there and is answered by the other', async () => {
    // nginx must hold a keep-alive connection to A that is busy when A starts closing (idle ones
    // A closes at once): an import streamed slowly through nginx (no request buffering there) to
    // each instance. A finishes its import after SIGTERM and keeps that connection; the next POST
    // nginx sends on it is A's 503, answered before any work (Fastify's return503OnClosing).
    const encoder = new TextEncoder();
    const slowImport = (n: number) => {
      let push: (text: string | null) => void = () => {};
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          push = (text) => (text === null ? controller.close() : controller.enqueue(encoder.encode(text)));
        },
      });
      const answered = fetch(`${s().nginxUrl}/v1/fires/import`, {
        method: 'POST',
        headers: { ...auth(ciffcToken), 'content-type': 'text/csv' },
        body,
        duplex: 'half',
      } as RequestInit).then(async (response) => [response.status, await response.text()] as const);
      push(`${CSV_HEADER}\n`);
      return {
        answered,
        finish: () => {
          push(
            `ab,CLOSING-${n}-${Date.now()},America/Edmonton,2026-07-11,2026-07-11,OC,N,FUL,3,54.1,-115.2\n`,
          );
          push(null);
        },
      };
    };
    const imports = [slowImport(1), slowImport(2)];
    // Both reached an instance (round robin: one each): each counts one import running.
    const running = async (port: number) =>
      metricValue(
        await (await fetch(metricsUrl(port))).text(),
        'ciffc_api_import_jobs_running{kind="fires"}',
      );
    await expect
      .poll(() => Promise.all(s().apiPorts.map(running)), { timeout: 10_000, interval: 50 })
      .toEqual([1, 1]);
    const a = s().api[0] as Part;
    const stopped = a.stop(); // SIGTERM: A is closing from now on
    // A refuses new requests once it is closing: that, not a fixed wait, says SIGTERM has landed.
    const closing = await timeUntil(
      async () => (await fetch(`${a.url}/v1/health`).catch(() => null))?.status !== 200,
      5_000,
    );
    expect(closing, 'instance A closing after SIGTERM').not.toBeNull();
    for (const one of imports) one.finish();
    for (const one of imports) {
      const [status, text] = await one.answered;
      expect(status, text).toBe(200);
    }
    const logBefore = readFileSync(s().nginxLog, 'utf8').length;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const claim = await fetch(`${s().nginxUrl}/v1/sitrep/agency/claim?agency=ab`, {
        method: 'POST',
        headers: auth(abToken),
        body: '{}',
      });
      statuses.push(claim.status);
      await claim.text();
    }
    expect(statuses).toEqual(Array(6).fill(200));
    // One of them met A's 503 and nginx sent it again to B: "503, 200" in nginx's log.
    const lines = readFileSync(s().nginxLog, 'utf8').slice(logBefore).split('\n');
    const retried = lines.filter((line) => line.includes('/claim?') && /upstatus=503\S* .*200/.test(line));
    console.log(
      `[prod] POST during close: ${retried.length} of 6 met the closing instance's 503 and were re-sent`,
    );
    expect(retried.length, lines.join('\n')).toBeGreaterThan(0);
    await stopped;
    expect(await a.exited, 'exit code after SIGTERM').toBe(0);
    s().api[0] = await startApi(
      s().dir,
      s().apiPorts[0] as number,
      s().pgUrl('ciffc_api'),
      s().cms.url,
      s().secrets.JWT_SECRET,
    );
  });

  it('a claim through instance A and a save through instance B agree', async () => {
    const [a, b] = s().apiPorts.map((port) => `http://127.0.0.1:${port}`) as [string, string];
    const claim = await fetch(`${a}/v1/sitrep/agency/claim?agency=ab`, {
      method: 'POST',
      headers: auth(abToken),
      body: '{}',
    });
    expect(claim.status, await claim.clone().text()).toBe(200);
    const version = ((await claim.json()) as { version_number: number }).version_number;
    const save = await fetch(`${b}/v1/sitrep/agency?agency=ab`, {
      method: 'POST',
      headers: auth(abToken),
      body: JSON.stringify({ version_number: version, a_ltg: 1 }),
    });
    expect(save.status, await save.clone().text()).toBe(200);
    const read = await fetch(`${a}/v1/sitrep/agency?agency=ab`, { headers: auth(abToken) });
    expect(((await read.json()) as { version_number: number }).version_number).toBe(version + 1);
  });

  it('an import through A is served at once by B with a new ETag, and through nginx within the microcache time', async () => {
    const [a, b] = s().apiPorts.map((port) => `http://127.0.0.1:${port}`) as [string, string];
    const list = '/v1/wildfires?page=1';
    // One coding on both paths: fetch offers br over https only, and each coding has its own ETag.
    const etag = async (url: string) =>
      (await fetch(url, { headers: { 'accept-encoding': 'gzip' } })).headers.get('etag');
    const before = await etag(`${b}${list}`);
    const viaNginxBefore = await etag(`${s().nginxUrl}${list}`);
    const csv = [
      CSV_HEADER,
      `ab,PROD-${Date.now()},America/Edmonton,2026-07-10,2026-07-10,OC,N,FUL,12.5,54.1,-115.2`,
    ].join('\n');
    const imported = await fetch(`${a}/v1/fires/import`, {
      method: 'POST',
      headers: { ...auth(ciffcToken), 'content-type': 'text/csv' },
      body: csv,
    });
    expect(imported.status, await imported.clone().text()).toBe(200);
    const after = await etag(`${b}${list}`);
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    // nginx keeps it for the API's X-Accel-Expires (1 s), then asks again. nginx counts cache
    // lifetimes in whole seconds, so "1 s" ends 1 to 2 s after the answer was kept: poll up to 3 s.
    await expect.poll(() => etag(`${s().nginxUrl}${list}`), { timeout: 3_000, interval: 100 }).toBe(after);
    expect(viaNginxBefore).toBe(before);
  });

  it("a perimeter file is read by the bundle's reader process (perimeter-reader.js), a hostile one refused, the instance the same", async () => {
    const a = `http://127.0.0.1:${s().apiPorts[0]}`;
    const instance = s().api[0] as Part;
    const send = (body: Buffer | string) =>
      fetch(`${a}/v1/perimeters/import?dry_run=true`, {
        method: 'POST',
        headers: { ...auth(bcToken), 'content-type': 'application/octet-stream' },
        body,
      });
    const geojson = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { agency: 'bc', fire_id: 'K70001', captured_at: '2026-07-10' },
          geometry: { type: 'Polygon', coordinates: [square(-120.4, 50.6, 0.01)] },
        },
      ],
    });
    const read = await send(geojson);
    expect(read.status, await read.clone().text()).toBe(200);
    expect(await read.json()).toMatchObject({ format: 'geojson', total_features: 1, accepted_count: 1 });
    // Through nginx, a file over 1 MB (an agency's current perimeters are larger) has the import's
    // 64 MB, as the fire import has: JSON's own white space makes this one 2 MB.
    const large = await fetch(`${s().nginxUrl}/v1/perimeters/import?dry_run=true`, {
      method: 'POST',
      headers: { ...auth(bcToken), 'content-type': 'application/octet-stream' },
      body: `${geojson}${' '.repeat(2 * 1024 * 1024)}`,
    });
    expect(large.status, (await large.clone().text()).slice(0, 300)).toBe(200);
    const shp = shpFile([{ claimedPoints: 5, points: bcPolygon }]);
    const bomb = zip([deflated('fires.shp', shp), deflated('fires.dbf', dbfFile(1e9, 1))]);
    const refused = await send(bomb);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'perimeters.shapefile_inconsistent' });
    expect(instance.process.exitCode).toBeNull();
    expect((await fetch(`${a}/v1/health`)).status).toBe(200);
  });

  it("every security header once, nginx's, on the site, /v1, /api and the content system's own /admin; no version in Server; nginx's request id in the API's answer", async () => {
    const headers = securityHeaderValues();
    expect(headers.length).toBeGreaterThan(3);
    const asset = readdirSync(path.join(repoRoot, 'web/dist/assets'))[0];
    const answers = [
      ...['/', `/assets/${asset}`, '/v1/wildfires?page=1', '/v1/health', '/api/pages', '/admin'].map(
        (url) => ({ url, from: '127.0.0.1' }),
      ),
      // The admin panel as the content system serves it (with its own hardening headers), from an
      // address nginx lets in; from 127.0.0.1 the /admin above is nginx's own 403.
      { url: '/admin', from: ADMIN_ADDRESS },
      { url: '/admin/auth/login', from: ADMIN_ADDRESS },
    ];
    for (const { url, from } of answers) {
      const response = await rawRequest(`${s().nginxUrl}${url}`, { from });
      const where = `${url} from ${from} (${response.status})`;
      if (from === ADMIN_ADDRESS) expect(response.status, where).toBe(200);
      for (const [name, value] of headers)
        expect(response.headers(name), `${name} on ${where}`).toEqual([value]);
      expect(response.headers('server'), `server on ${where}`).toEqual(['nginx']);
      expect(response.headers('x-powered-by'), where).toEqual([]);
    }
    const health = await fetch(`${s().nginxUrl}/v1/health`);
    expect(health.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
  });

  it("serves the site's files with their types (MapLibre's module worker as JavaScript) and as the build gzipped them", async () => {
    const assets = path.join(repoRoot, 'web/dist/assets');
    const names = readdirSync(assets);
    const worker = names.find((n) => n.endsWith('.mjs'));
    const script = names.find((n) => /^maplibre-.*\.js$/.test(n));
    const style = names.find((n) => n.endsWith('.css') && names.includes(`${n}.gz`));
    if (!worker || !script || !style) throw new Error(`the build's files are missing: ${names.join(', ')}`);
    // A module worker served as anything but JavaScript is refused: the map would never draw.
    const workerAnswer = await fetch(`${s().nginxUrl}/assets/${worker}`);
    expect(workerAnswer.status).toBe(200);
    expect(workerAnswer.headers.get('content-type')).toMatch(/^(application|text)\/javascript/);
    for (const [name, type] of [
      [script, /^application\/javascript/],
      [style, /^text\/css/],
    ] as const) {
      const response = await bytesOf(`${s().nginxUrl}/assets/${name}`, { 'accept-encoding': 'gzip' });
      expect(response.status, name).toBe(200);
      expect(response.headers['content-type'], name).toMatch(type);
      expect(response.headers['content-encoding'], name).toBe('gzip');
      expect(String(response.headers.vary), name).toMatch(/accept-encoding/i);
      // The build's own file, as it is (gzip_static), not compressed again per request.
      expect(response.body.equals(readFileSync(path.join(assets, `${name}.gz`))), name).toBe(true);
    }
  });

  it('serves /map frameable by any site and every other page with framing denied', async () => {
    const map = await fetch(`${s().nginxUrl}/map?lang=fr`);
    expect(map.status).toBe(200);
    expect(map.headers.get('x-frame-options')).toBeNull();
    expect(map.headers.get('content-security-policy')).toMatch(/; frame-ancestors \*$/);
    for (const [name, value] of securityHeaderValues(true))
      expect(map.headers.get(name), `${name} on /map`).toBe(value);
    for (const url of ['/', '/dashboard', '/login', '/no/such/page']) {
      const page = await fetch(`${s().nginxUrl}${url}`);
      expect(page.headers.get('x-frame-options'), url).toBe('DENY');
      expect(page.headers.get('content-security-policy'), url).toMatch(/; frame-ancestors 'none'$/);
    }
  });

  it("answers an unknown address 404 with the site's page, a page of the site 200, robots.txt as a file", async () => {
    const index = readFileSync(path.join(repoRoot, 'web/dist/index.html'), 'utf8');
    // The site's bundle, which takes over every served page.
    const bundle = /<script type="module"[^>]*><\/script>/.exec(index)?.[0] ?? '';
    expect(bundle).toMatch(/src="\/assets\//);
    for (const url of ['/no/such/page', '/situation/tomorrow', '/agency/nope', '/404']) {
      const res = await fetch(`${s().nginxUrl}${url}`);
      expect(res.status, url).toBe(404);
      expect(res.headers.get('content-type'), url).toMatch(/^text\/html/);
      const body = await res.text();
      expect(body, url).toContain('<title>CIFFC - Page not found</title>');
      expect(body, url).toContain(bundle);
    }
    for (const url of ['/', '/agency/sitrep/bc/approved', '/fr/sitrep-archive']) {
      const res = await fetch(`${s().nginxUrl}${url}`);
      expect(res.status, url).toBe(200);
      expect(await res.text(), url).toContain(bundle);
    }
    const robots = await fetch(`${s().nginxUrl}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await robots.text()).toMatch(/^Disallow: \/agency$/m);
  });

  it('serves a report address with its own head and text, 404 for a date without a report, and the sitemap, through nginx', async () => {
    const client = new pg.Client({ connectionString: s().pgUrl('ciffc_api') });
    await client.connect();
    const report = {
      field_date: '2026-11-26',
      field_preparedness_level: '3',
      field_en_summary_comments: 'Fire activity rose in the west. Crews moved from Ontario.',
      field_fr_summary_comments: "L'activité a augmenté dans l'ouest. Des équipes sont parties.",
      field_duty_officer: '',
      agencies: [],
      agencies_sitereps: {},
    };
    await client.query(
      `insert into national_sitrep_publications (report_date, publication_number, current, draft_version,
         preparedness_level, report, fields, published_at, published_by)
       values ('2026-11-26', 1, 1, 1, '3', $1, '{}', '2026-11-26T20:00:00.000Z', 'ciffc')`,
      [JSON.stringify(report)],
    );
    await client.end();
    const origin = new URL(s().nginxUrl).origin;
    const page = await fetch(`${s().nginxUrl}/situation/2026-11-26?utm_source=chat`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('public, no-cache');
    const html = await page.text();
    expect(html).toContain(
      '<title>CIFFC - National Situation Report, 2026-11-26: preparedness level 3</title>',
    );
    expect(html).toContain('<meta property="og:description" content="Fire activity rose in the west." />');
    expect(html).toContain(`<link rel="canonical" href="${origin}/situation/2026-11-26" />`);
    expect(html).toContain(
      `<link rel="alternate" hreflang="fr" href="${origin}/situation/2026-11-26?lang=fr" />`,
    );
    expect(html).toContain('Crews moved from Ontario.</p>');
    const fr = await (await fetch(`${s().nginxUrl}/situation/2026-11-26?lang=fr`)).text();
    expect(fr).toContain('<html lang="fr"');
    expect(fr).toContain('niveau de préparation 3</title>');
    expect((await fetch(`${s().nginxUrl}/situation/2031-01-01`)).status).toBe(404);

    const sitemap = await fetch(`${s().nginxUrl}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${origin}/situation/2026-11-26</loc>`);
    expect(xml).toContain(`<loc>${origin}/summary?lang=fr</loc>`);
  });

  it("keeps a page of the site in nginx's microcache: a reread and a tracker's address are answered from it", async () => {
    const logStart = readFileSync(s().nginxLog, 'utf8').length;
    const reads = ['/situation?lang=fr', '/situation?lang=fr', `/situation?lang=fr&utm_source=${Date.now()}`];
    for (const read of reads) {
      const response = await fetch(`${s().nginxUrl}${read}`);
      expect(response.status, read).toBe(200);
      // Browsers still revalidate every page.
      expect(response.headers.get('cache-control'), read).toBe('public, no-cache');
      await response.text();
    }
    // nginx writes its access log line after the answer: wait for the three lines.
    const logged = () =>
      readFileSync(s().nginxLog, 'utf8')
        .slice(logStart)
        .split('\n')
        .filter((line) => line.includes('"GET /situation?lang=fr'));
    await timeUntil(async () => logged().length >= 3, 5_000);
    const caching = logged().map((line) => /cache=(\S+)/.exec(line)?.[1]);
    expect(caching).toHaveLength(3);
    expect(caching.slice(1)).toEqual(['HIT', 'HIT']);
  });

  it('keeps a refused read (400) 1 s too: one junk address asked again is answered by nginx', async () => {
    const logStart = readFileSync(s().nginxLog, 'utf8').length;
    // A value the route refuses (an unknown or repeated name nginx refuses itself, never asking).
    const junk = `/v1/wildfires?page=x${Date.now()}`;
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${s().nginxUrl}${junk}`);
      expect(response.status).toBe(400);
      // The data API's refusal, the same both times.
      expect(((await response.json()) as { code?: string }).code).toBe('request.invalid');
    }
    // nginx writes its access log line after the answer: wait for the two lines.
    const logged = () =>
      readFileSync(s().nginxLog, 'utf8')
        .slice(logStart)
        .split('\n')
        .filter((line) => line.includes(`"GET ${junk} `));
    await timeUntil(async () => logged().length >= 2, 5_000);
    const caching = logged().map((line) => /cache=(\S+)/.exec(line)?.[1]);
    expect(caching).toEqual(['MISS', 'HIT']);
  });

  it("an editor's save shows through nginx within 5 s", async () => {
    const cms = s().cms.url;
    adminToken = await createAdmin(s().pgUrl('ciffc_cms'), cms);
    const headers = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
    const manager = `${cms}/content-manager/collection-types/api::page.page`;
    const created = await fetch(`${manager}?locale=en`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ Alias: 'prod-about', Name: 'About 0', Body: 'Body' }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { documentId } = ((await created.json()) as { data: { documentId: string } }).data;
    const pageUrl = `${s().nginxUrl}/api/pages?filters[Alias][$eq]=prod-about&locale=en&populate=localizations`;
    const shownName = async () => {
      const body = (await (await fetch(pageUrl)).json()) as { data?: { Name?: string }[] };
      return body.data?.[0]?.Name;
    };
    const times: number[] = [];
    for (let i = 1; i <= 10; i++) {
      // The page read through nginx just before the save, so the microcache holds the old name.
      await shownName();
      const saved = await fetch(`${manager}/${documentId}?locale=en`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ Alias: 'prod-about', Name: `About ${i}`, Body: 'Body' }),
      });
      expect(saved.status, await saved.clone().text()).toBe(200);
      const took = await timeUntil(async () => (await shownName()) === `About ${i}`, 5_000);
      expect(took, `save ${i} not shown through nginx within 5 s`).not.toBeNull();
      times.push(took as number);
    }
    console.log(
      `[prod] content save to visible through nginx over ${times.length} saves: p50 ${quantile(times, 0.5)} ms, max ${Math.max(...times)} ms`,
    );
  });

  it('the admin only from the configured addresses; register-admin refused by the content system', async () => {
    expect((await fetch(`${s().nginxUrl}/admin`)).status).toBe(403);
    const direct = s().cms.url;
    const register = await fetch(`${direct}/admin/register-admin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'x@example.ca', password: PASSWORD, firstname: 'X' }),
    });
    expect(register.status).toBe(403);
  });

  it('CORS refuses another origin', async () => {
    const response = await fetch(`${s().nginxUrl}/api/pages`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(response.headers.get('access-control-allow-origin')).not.toBe('https://evil.example');
    expect(response.headers.get('access-control-allow-origin')).not.toBe('*');
  });

  it("a spoofed X-Forwarded-For does not lift the sign-in limit; nginx's 429 is the API's JSON auth.rate_limited", async () => {
    const answers: { status: number; text: string; retry: string | null; id: string | null }[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await fetch(`${s().nginxUrl}/api/auth/local`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}` },
        body: JSON.stringify({ identifier: 'ab', password: 'wrong-password' }),
      });
      answers.push({
        status: response.status,
        text: await response.text(),
        retry: response.headers.get('retry-after'),
        id: response.headers.get('x-request-id'),
      });
    }
    // The content system's own per-address limit (AUTH_RATELIMIT_MAX, 5) may refuse one first, in
    // its own body; past nginx's burst every answer is nginx's.
    const limited = answers.at(-1);
    expect(limited?.status, answers.map((a) => a.status).join(' ')).toBe(429);
    // The site words it by its code (web/src/features/login/rate-limit.ts).
    const body = JSON.parse(limited?.text ?? '{}') as { code?: string; requestId?: string };
    expect(body.code).toBe('auth.rate_limited');
    expect(body.requestId).toMatch(/^[0-9a-f]{32}$/);
    expect(limited?.id).toBe(body.requestId);
    expect(Number(limited?.retry)).toBeGreaterThan(0);
  });

  it('the password mail from an address whose sign-ins are limited still reaches the content system', async () => {
    // 127.0.0.1: its sign-ins were just refused by nginx (above); its password mails have their own zone.
    expect((await signInFrom('127.0.0.1', 'ab', 'wrong-password')).status).toBe(429);
    const mail = await rawRequest(`${s().nginxUrl}/api/auth/forgot-password`, {
      from: '127.0.0.1',
      method: 'POST',
      body: JSON.stringify({ email: 'nobody@example.org' }),
    });
    expect(mail.status, mail.text).not.toBe(429);
    expect(mail.headers('content-type')[0]).toMatch(/^application\/json/);
  });

  it("locks an account after failed sign-ins from many addresses, each under nginx's limit: the content system's 429", async () => {
    // ACCOUNT_LOCKOUT_MAX (10, unset in cms.env) wrong passwords for bc, one from each address:
    // nginx's and Strapi's per-address limits never trigger, the per-account lock does.
    const failures = 10;
    for (let i = 1; i <= failures; i++) {
      const answer = await signInFrom(`127.0.6.${i}`, 'bc', 'wrong-password');
      expect(answer.status, `failure ${i}: ${answer.text}`).toBe(400);
    }
    const locked = await signInFrom(`127.0.6.${failures + 1}`, 'bc', PASSWORD);
    expect(locked.status, locked.text).toBe(429);
    expect(Number(locked.headers('retry-after')[0])).toBeGreaterThan(0);
    const body = JSON.parse(locked.text) as { error?: { details?: { code?: string } } };
    expect(body.error?.details?.code).toBe('auth.account_locked');
    // Another account from the same addresses signs in.
    expect((await signInFrom('127.0.6.1', 'ciffc', PASSWORD)).status).toBe(200);
  });

  it("nginx limits the password mails per client address, in the API's JSON: the admin's, even from an allowed address, and the site's", async () => {
    const tries = async (url: string, from: string) => {
      const answers: RawAnswer[] = [];
      for (let i = 0; i < 12; i++) {
        answers.push(
          await rawRequest(`${s().nginxUrl}${url}`, {
            from,
            method: 'POST',
            body: JSON.stringify({ email: 'nobody@example.org' }),
          }),
        );
      }
      return answers;
    };
    // Past nginx's burst, nginx's own 429 (the content system's own limit may answer one before).
    const limited = (answers: RawAnswer[]) =>
      expectNginxAnswer(answers.at(-1) as RawAnswer, 429, 'auth.rate_limited');
    // The address the admin is open to: the content system answers the first tries itself (204,
    // whether the address is known or not), then nginx's own 429.
    const admin = await tries('/admin/forgot-password', ADMIN_ADDRESS);
    expect(admin[0]?.status, 'the first try reaches the content system').toBe(204);
    limited(admin);
    // From 127.0.0.1, refused the admin, the limit still counts before the refusal.
    limited(await tries('/admin/forgot-password', '127.0.0.1'));
    // The site's own password mail (users-permissions), from another address with a fresh count.
    const site = await tries('/api/auth/forgot-password', '127.0.0.3');
    // The first try is the content system's own answer (its JSON), not nginx's.
    expect(site[0]?.headers('content-type')[0], 'the first try reaches the content system').toMatch(
      /^application\/json/,
    );
    expect(site[0]?.status).not.toBe(429);
    limited(site);
  });

  it('a blocked user is refused by both instances within 5 s (identity cache)', async () => {
    const [a, b] = s().apiPorts.map((port) => `http://127.0.0.1:${port}`) as [string, string];
    const read = (base: string) =>
      fetch(`${base}/v1/sitrep/agency?agency=bc`, { headers: auth(bcToken) }).then((r) => r.status);
    // The token used through B (and A): both instances now hold the identity in their cache.
    expect(await read(b)).toBe(200);
    expect(await read(a)).toBe(200);
    const client = new pg.Client({ connectionString: s().pgUrl('ciffc_cms') });
    await client.connect();
    const user = await client.query(`select document_id from up_users where username = 'bc'`);
    await client.end();
    // Blocked as an admin does in the admin panel: the content manager's save of the user.
    const blocked = await fetch(
      `${s().cms.url}/content-manager/collection-types/plugin::users-permissions.user/${user.rows[0].document_id}`,
      {
        method: 'PUT',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ blocked: true }),
      },
    );
    expect(blocked.status, await blocked.clone().text()).toBe(200);
    const blockedAt = Date.now();
    const seen = { a: false, b: false };
    const took = await timeUntil(
      async () => {
        const [sa, sb] = await Promise.all([read(a), read(b)]);
        // Once refused, an instance must not accept the token again (no 200/401/200 flip).
        if (seen.a) expect(sa).toBe(401);
        if (seen.b) expect(sb).toBe(401);
        seen.a ||= sa === 401;
        seen.b ||= sb === 401;
        return seen.a && seen.b;
      },
      6_000,
      100,
    );
    console.log(`[prod] blocked user refused by both instances after ${took ?? Date.now() - blockedAt} ms`);
    expect(took).not.toBeNull();
    expect(took as number).toBeLessThanOrEqual(6_000);
  });

  it('kill -9 of one instance during a GET load fails no GET; it restarts and rejoins', async () => {
    const [, portB] = s().apiPorts as [number, number];
    const victim = s().api[1] as Part;
    const load = autocannon({
      url: s().nginxUrl,
      connections: 10,
      duration: 20,
      // Uncached reads (health is no-store) so every request reaches an instance.
      requests: [{ path: '/v1/health' }, { path: '/v1/wildfires?page=1&sort=field_fire_size' }],
    });
    // The victim serves the load (nginx's log names it), so the kill meets requests in flight.
    const logBefore = readFileSync(s().nginxLog, 'utf8').length;
    const servedByVictim = () =>
      readFileSync(s().nginxLog, 'utf8')
        .slice(logBefore)
        .split('\n')
        .filter((line) => line.includes(`up=127.0.0.1:${portB} `) && line.includes('upstatus=200')).length;
    await expect.poll(servedByVictim, { timeout: 15_000, interval: 100 }).toBeGreaterThanOrEqual(100);
    process.kill(victim.process.pid as number, 'SIGKILL');
    await victim.exited;
    const result = await load;
    console.log(
      `[prod] kill -9 during load: ${result.requests.total} requests, ${result.non2xx} non-2xx, ${result.errors} errors, ${Math.round(result.requests.average)} req/s`,
    );
    expect(result.errors).toBe(0);
    expect(result.non2xx).toBe(0);
    // The supervisor's restart (Restart=always), then nginx sends it requests again after fail_timeout.
    const cmsUrl = s().cms.url;
    const restarted = await startApi(s().dir, portB, s().pgUrl('ciffc_api'), cmsUrl, s().secrets.JWT_SECRET);
    s().api[1] = restarted;
    await vi.waitFor(
      async () => {
        await Promise.all(
          Array.from({ length: 10 }, () => fetch(`${s().nginxUrl}/v1/health`).then((r) => r.text())),
        );
        const log = readFileSync(s().nginxLog, 'utf8').split('\n').slice(-10);
        expect(
          log.some((line) => line.includes(`up=127.0.0.1:${portB} `) && line.includes('upstatus=200')),
          'the restarted instance answers through nginx',
        ).toBe(true);
      },
      { timeout: 15_000, interval: 250 },
    );
  });

  it('a rolling restart (SIGTERM A, restart, then B) during saves through nginx: every save lands', async () => {
    const claim = await fetch(`${s().nginxUrl}/v1/sitrep/agency/claim?agency=ab`, {
      method: 'POST',
      headers: auth(abToken),
      body: '{}',
    });
    expect(claim.status, await claim.clone().text()).toBe(200);
    let version = ((await claim.json()) as { version_number: number }).version_number;
    const tally = { saves: 0, firstTryFailed: 0, statuses: new Map<string, number>() };
    let running = true;
    const saver = (async () => {
      for (let n = 0; running; n++) {
        // As the site does: a save that got a 502/503 (or no answer) is sent again, same base version.
        for (let attempt = 1; ; attempt++) {
          const status = await fetch(`${s().nginxUrl}/v1/sitrep/agency?agency=ab`, {
            method: 'POST',
            headers: auth(abToken),
            body: JSON.stringify({ version_number: version, edit_session: 'rolling-restart', a_ltg: n % 50 }),
          }).then(
            async (response) => {
              if (response.status === 200)
                version = ((await response.json()) as { version_number: number }).version_number;
              else await response.text();
              return String(response.status);
            },
            () => 'network error',
          );
          if (status !== '200') tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
          if (status === '200') break;
          if (attempt === 1) tally.firstTryFailed++;
          expect(['502', '503', '504', 'network error'], `save answered ${status}`).toContain(status);
          expect(attempt, 'a save still failing after 5 tries').toBeLessThan(5);
          await sleep(200); // the site's pause before sending a failed save again: pacing, not an event
        }
        tally.saves++;
      }
    })();
    // Saves are flowing through nginx before the first instance goes down.
    await expect.poll(() => tally.saves, { timeout: 10_000, interval: 50 }).toBeGreaterThanOrEqual(5);
    for (const index of [0, 1]) {
      const part = s().api[index] as Part;
      await part.stop(); // SIGTERM, as systemctl restart does; resolves when it has exited
      expect(await part.exited, 'exit code after SIGTERM').toBe(0);
      // From here on, a save answered by this port alone is the restarted instance's.
      const logBefore = readFileSync(s().nginxLog, 'utf8').length;
      const port = s().apiPorts[index] as number;
      s().api[index] = await startApi(
        s().dir,
        port,
        s().pgUrl('ciffc_api'),
        s().cms.url,
        s().secrets.JWT_SECRET,
      );
      // nginx may leave the stopped instance out for API_FAIL_TIMEOUT (5 s): only once it sends it
      // saves again may the next one go down, or nginx has no live instance (deploy/README.md,
      // rolling restart). nginx's log says so: a save answered 200 by this instance alone.
      const rejoined = () =>
        readFileSync(s().nginxLog, 'utf8')
          .slice(logBefore)
          .split('\n')
          .some(
            (line) =>
              line.includes('POST /v1/sitrep/agency?') &&
              line.includes(`up=127.0.0.1:${port} `) &&
              line.includes('upstatus=200 '),
          );
      await expect.poll(rejoined, { timeout: 15_000, interval: 100 }).toBe(true);
    }
    running = false;
    await saver;
    console.log(
      `[prod] rolling restart: ${tally.saves} saves through nginx, ${tally.firstTryFailed} failed on the first try (${
        [...tally.statuses].map(([status, count]) => `${count}x ${status}`).join(', ') || 'none'
      }), all landed after retry`,
    );
    expect(tally.saves).toBeGreaterThan(20);
  });

  it('a CIFFC user demoted to an agency loses national rights on both instances within 5 s', async () => {
    const [a, b] = s().apiPorts.map((port) => `http://127.0.0.1:${port}`) as [string, string];
    // Another agency's sitrep: only the national role may read it.
    const read = (base: string) =>
      fetch(`${base}/v1/sitrep/agency?agency=bc`, { headers: auth(ciffcToken) }).then((r) => r.status);
    expect(await read(a)).toBe(200);
    expect(await read(b)).toBe(200);
    // What an admin does in the admin panel: the user's role set to Authenticated, agency ab.
    const client = new pg.Client({ connectionString: s().pgUrl('ciffc_cms') });
    await client.connect();
    await client.query(`update up_users set agency_code = 'ab' where username = 'ciffc'`);
    await client.query(
      `update up_users_role_lnk set role_id = (select id from up_roles where name = 'Authenticated')
        where user_id = (select id from up_users where username = 'ciffc')`,
    );
    await client.end();
    const seen = { a: false, b: false };
    const took = await timeUntil(
      async () => {
        const [sa, sb] = await Promise.all([read(a), read(b)]);
        if (seen.a) expect(sa).toBe(403);
        if (seen.b) expect(sb).toBe(403);
        seen.a ||= sa === 403;
        seen.b ||= sb === 403;
        return seen.a && seen.b;
      },
      6_000,
      100,
    );
    console.log(`[prod] demoted CIFFC user refused national reads by both instances after ${took} ms`);
    expect(took).not.toBeNull();
    // The identity cache (IDENTITY_CACHE_MS, 5 s), plus the polling step and the requests' own time
    // on a loaded machine: the same bound as for a blocked user.
    expect(took as number).toBeLessThanOrEqual(6_000);
    // Through nginx too, and the agency's own sitrep is still readable.
    const own = await fetch(`${s().nginxUrl}/v1/sitrep/agency?agency=ab`, { headers: auth(ciffcToken) });
    expect(own.status).toBe(200);
  });

  it("while PostgreSQL is down, every /v1 answer is the API's JSON or a cached answer, and all recovers", async () => {
    const paths = ['/v1/health', '/v1/wildfires?page=1', '/v1/summary', '/v1/wildfire/stats', '/v1/agency'];
    // The cached reads are warm before the outage (nginx keeps them to serve stale).
    for (const p of paths) await fetch(`${s().nginxUrl}${p}`);
    const answers: {
      path: string;
      status: number;
      type: string;
      retry: string | null;
      id: string | null;
      body: string;
    }[] = [];
    let running = true;
    const loop = async (p: string) => {
      while (running) {
        const r = await fetch(`${s().nginxUrl}${p}`);
        answers.push({
          path: p,
          status: r.status,
          type: r.headers.get('content-type') ?? '',
          retry: r.headers.get('retry-after'),
          id: r.headers.get('x-request-id'),
          body: await r.text(),
        });
      }
    };
    const loops = [...paths, ...paths].map(loop);
    // Every path answered once before the outage: the loops are running.
    await expect
      .poll(() => paths.filter((p) => answers.some((a) => a.path === p)).length, { timeout: 10_000 })
      .toBe(paths.length);
    s().pausePg();
    // A deliberate outage length, not an event: longer than the microcache (1 s) and API_FAIL_TIMEOUT
    // (5 s), so the answers meet stale copies, the API's 503s, and nginx with both instances left
    // out, then trying them again.
    await sleep(10_000);
    s().resumePg();
    const recovered = await timeUntil(
      async () => (await fetch(`${s().nginxUrl}/v1/health`)).status === 200,
      30_000,
      250,
    );
    running = false;
    await Promise.all(loops);
    const counts: Record<string, number> = {};
    for (const a of answers)
      counts[`${a.status} ${a.type.split(';')[0]}`] =
        (counts[`${a.status} ${a.type.split(';')[0]}`] ?? 0) + 1;
    console.log(
      `[prod] database outage: ${answers.length} answers ${JSON.stringify(counts)}; healthy again after ${recovered} ms`,
    );
    expect(recovered).not.toBeNull();
    // No HTML page, no 401 or 502: the API's JSON (200, or 503 with Retry-After and a request id).
    for (const a of answers) {
      expect(a.type, `${a.path} ${a.status}`).toMatch(/^application\/(json|geo\+json)/);
      expect([200, 503], `${a.path} ${a.body.slice(0, 120)}`).toContain(a.status);
      if (a.status === 503) {
        expect(a.retry, a.path).not.toBeNull();
        // The request id, in the error body (the health answer has its own shape: the header).
        expect(JSON.parse(a.body).requestId ?? a.id, a.path).toBeTruthy();
      }
    }
    // The health check says it while the database is away.
    expect(answers.some((a) => a.path === '/v1/health' && a.status === 503)).toBe(true);
    expect((await fetch(`${s().nginxUrl}/v1/wildfires?page=1`)).status).toBe(200);
  });

  it('backup.sh and restore.sh, both parts: the content system and the API on databases restored as their own roles give the same answers', async () => {
    const port = new URL(s().pgUrl('postgres')).port;
    const asRole = (role: string, db: string) => `postgres://${role}@127.0.0.1:${port}/${db}`;
    await queryAs(s().pgUrl('postgres'), 'CREATE ROLE ciffc_api LOGIN; CREATE ROLE ciffc_cms LOGIN');
    // The backup reads the settings the stack's parts run with; the restore, the application
    // roles the restored parts sign in as (each script takes the role from DATABASE_URL).
    const etc = (name: string, urls: { api: string; cms: string }) => {
      const folder = path.join(s().dir, name);
      mkdirSync(folder);
      writeFileSync(path.join(folder, 'api.env'), `DATABASE_URL=${urls.api}\n`);
      writeFileSync(path.join(folder, 'cms.env'), `DATABASE_URL=${urls.cms}\n`);
      return folder;
    };
    const running = etc('etc-running', { api: s().pgUrl('ciffc_api'), cms: s().pgUrl('ciffc_cms') });
    const restoring = etc('etc-restored', {
      api: asRole('ciffc_api', 'ciffc_api'),
      cms: asRole('ciffc_cms', 'ciffc_cms'),
    });
    const cmsReads = ['/api/pages?locale=en&populate=localizations&sort=id', '/api/pages?locale=fr&sort=id'];
    const apiReads = ['/v1/wildfires?page=1', '/v1/summary', '/v1/agency'];
    const bodies = (base: string, reads: string[]) =>
      Promise.all(
        reads.map(async (read) => {
          const response = await fetch(base + read);
          return `${read} ${response.status} ${await response.text()}`;
        }),
      );
    const dest = path.join(s().dir, 'backup');
    // backup.sh refuses a missing uploads folder: an empty one stands for the media library.
    const uploads = path.join(s().dir, 'uploads-empty');
    mkdirSync(uploads);
    const env = { ...process.env, CIFFC_UPLOADS: uploads };
    run('sh', [path.join(repoRoot, 'deploy/backup.sh'), dest], { ...env, CIFFC_ETC: running });
    const before = {
      cms: await bodies(s().cms.url, cmsReads),
      api: await bodies(`http://127.0.0.1:${s().apiPorts[0]}`, apiReads),
    };
    expect(before.cms[0]).toContain('prod-about');
    for (const part of ['api', 'cms']) {
      expect((statSync(path.join(dest, `${part}.dump`)).mode & 0o777).toString(8), part).toBe('600');
      // As the PostgreSQL superuser would run it, into a new database.
      run(
        'sh',
        [
          path.join(repoRoot, 'deploy/restore.sh'),
          part,
          path.join(dest, `${part}.dump`),
          `ciffc_${part}_restored`,
        ],
        {
          ...env,
          CIFFC_ETC: restoring,
          PGHOST: '127.0.0.1',
          PGPORT: port,
          PGUSER: 'postgres',
        },
      );
      const owners = await queryAs(
        s().pgUrl(`ciffc_${part}_restored`),
        "SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = 'public'",
      );
      expect(owners, part).toEqual([{ tableowner: `ciffc_${part}` }]);
    }
    // Each part started on its restored database as its own role, beside the running ones.
    const [cmsPort, apiPort] = [await freePort(), await freePort()];
    const started = Date.now();
    const cms = await startCms(
      s().dir,
      cmsPort,
      asRole('ciffc_cms', 'ciffc_cms_restored'),
      s().nginxUrl,
      s().secrets,
    );
    const api = await startApi(
      s().dir,
      apiPort,
      asRole('ciffc_api', 'ciffc_api_restored'),
      cms.url,
      s().secrets.JWT_SECRET,
    );
    console.log(`[prod] restored content system and API started in ${Date.now() - started} ms`);
    try {
      expect(await bodies(cms.url, cmsReads)).toEqual(before.cms);
      expect(await bodies(api.url, apiReads)).toEqual(before.api);
      // The site's users came back with their passwords.
      const signIn = await fetch(`${cms.url}/api/auth/local`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identifier: 'ciffc', password: PASSWORD }),
      });
      expect(signIn.status).toBe(200);
    } finally {
      await Promise.all([cms.stop(), api.stop()]);
    }
  });

  it('with the content system down, public data is still served', async () => {
    const pages = await fetch(`${s().nginxUrl}/api/pages`);
    expect(pages.status).toBe(200);
    await s().cms.stop();
    const fires = await fetch(`${s().nginxUrl}/v1/wildfires?page=1`);
    expect(fires.status).toBe(200);
    const summary = await fetch(`${s().nginxUrl}/v1/summary`);
    expect(summary.status).toBe(200);
    const cached = await fetch(`${s().nginxUrl}/api/pages`);
    expect(cached.status).toBe(200);
    // What only the content system can answer: nginx's 503 in the API's JSON, not its HTML 502.
    expectNginxAnswer(await signInFrom('127.0.7.1', 'ab', PASSWORD), 503, 'service.cms_unavailable');
    const me = await fetch(`${s().nginxUrl}/api/users/me`, { headers: auth(abToken) });
    expect(me.status).toBe(503);
    expect(((await me.json()) as { code?: string }).code).toBe('service.cms_unavailable');
  });
});
