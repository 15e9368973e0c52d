import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, type IncomingHttpHeaders, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../api/src/app.ts';
import { loadConfig } from '../../api/src/config.ts';
import {
  buildGateway,
  isCacheableContentRead,
  parseHeaderSet,
  SECURITY_HEADERS_FILE,
  securityHeadersFor,
} from './server.ts';

describe('what the gateway caches', () => {
  it('caches anonymous reads of public content', () => {
    expect(isCacheableContentRead('GET', '/api/static-contents?fields[0]=Alias', undefined)).toBe(true);
    expect(isCacheableContentRead('GET', '/api/pages', undefined)).toBe(true);
    expect(isCacheableContentRead('GET', '/api/pages/abc', undefined)).toBe(true);
  });
  it('never caches signed-in reads, writes or other content system paths', () => {
    expect(isCacheableContentRead('GET', '/api/pages', 'Bearer x')).toBe(false);
    expect(isCacheableContentRead('POST', '/api/auth/local', undefined)).toBe(false);
    expect(isCacheableContentRead('GET', '/api/agency-pages', undefined)).toBe(false);
    expect(isCacheableContentRead('GET', '/api/connect/github', undefined)).toBe(false);
    expect(isCacheableContentRead('GET', '/api/auth/email-confirmation?confirmation=x', undefined)).toBe(
      false,
    );
    expect(isCacheableContentRead('GET', '/api/pagesX', undefined)).toBe(false);
  });
});

describe('serving the built site with SPA fallback', () => {
  const root = mkdtempSync(join(tmpdir(), 'ciffc-gateway-'));
  const built = join(root, 'dist');
  const INDEX = '<!doctype html><title>CIFFC</title><div id="root"></div>';
  mkdirSync(join(built, 'assets'), { recursive: true });
  writeFileSync(join(built, 'index.html'), INDEX);
  writeFileSync(join(built, 'assets', 'app-abc123.js'), 'console.log(1)');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  // Nothing listens on port 9: no test here may reach a part behind the gateway.
  const gateway = (webDist: string) =>
    buildGateway({ apiUrl: 'http://127.0.0.1:9', cmsUrl: 'http://127.0.0.1:9', webDist });

  it('answers a GET of a page of the site with index.html, never cached, so the router draws it', async () => {
    const app = await gateway(built);
    for (const url of [
      '/agency/sitrep/ab',
      '/statistics/',
      '/situation/2025-07-01?x=1',
      '/fr/sitrep-archive',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX);
    }
    await app.close();
  });

  it('answers an unknown address 404 with the same page, so the router shows its 404 page', async () => {
    const app = await gateway(built);
    for (const url of ['/no/such/page', '/situation/tomorrow', '/agency/nope?x=1', '/mapx']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(INDEX);
    }
    const head = await app.inject({ method: 'HEAD', url: '/no/such/page' });
    expect(head.statusCode).toBe(404);
    await app.close();
  });

  it('serves robots.txt as a file of the site, not the page', async () => {
    writeFileSync(join(built, 'robots.txt'), 'User-agent: *\nDisallow: /agency\n');
    const app = await gateway(built);
    const res = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/Disallow: \/agency/);
    await app.close();
  });

  it('serves hashed bundles as immutable files', async () => {
    const app = await gateway(built);
    const res = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    await app.close();
  });

  it("sends the build's own .br or .gz of a bundle as asked, as it is, with Vary", async () => {
    const plain = 'export const x = 1;\n'.repeat(200);
    writeFileSync(join(built, 'assets', 'big-def456.js'), plain);
    // At the lowest qualities, unlike what the gateway would make per request: the bytes say which was sent.
    const br = brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });
    const gz = gzipSync(plain, { level: 1 });
    writeFileSync(join(built, 'assets', 'big-def456.js.br'), br);
    writeFileSync(join(built, 'assets', 'big-def456.js.gz'), gz);
    const app = await gateway(built);
    for (const [accept, coding, file, decode] of [
      ['br, gzip', 'br', br, brotliDecompressSync],
      ['gzip', 'gzip', gz, gunzipSync],
    ] as const) {
      const res = await app.inject({
        method: 'GET',
        url: '/assets/big-def456.js',
        headers: { 'accept-encoding': accept },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(coding);
      expect(res.headers['content-type']).toMatch(/^application\/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(res.rawPayload).toString()).toBe(plain);
      expect(res.rawPayload.equals(file), `${coding}: the build's file`).toBe(true);
    }
    const identity = await app.inject({ method: 'GET', url: '/assets/big-def456.js' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain);
    await app.close();
  });

  it('answers another method on an unknown path with a JSON 404 naming it', async () => {
    const app = await gateway(built);
    const res = await app.inject({ method: 'POST', url: '/no/such/page', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'No route POST /no/such/page',
    });
    await app.close();
  });

  it('answers 503 with a hint while the site is not built', async () => {
    for (const webDist of [join(root, 'empty'), join(root, 'missing')]) {
      if (webDist.endsWith('empty')) mkdirSync(webDist, { recursive: true });
      const app = await gateway(webDist);
      const res = await app.inject({ method: 'GET', url: '/statistics' });
      expect(res.statusCode, webDist).toBe(503);
      expect(res.body).toMatch(/not built yet/);
      expect((await app.inject({ method: 'GET', url: '/gateway/health' })).json()).toEqual({
        ok: true,
        site: false,
      });
      await app.close();
    }
  });
});

describe('report dates and framing', () => {
  const root = mkdtempSync(join(tmpdir(), 'ciffc-gateway-pages-'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>CIFFC</title>');
  // The data API: one published report, 2026-11-26.
  const api = Fastify();
  api.get('/v1/sitrep', async (request, reply) => {
    const { date } = request.query as { date?: string };
    if (date === '2026-11-26') return { field_date: date };
    return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'No report' });
  });
  let apiUrl: string;
  beforeAll(async () => {
    apiUrl = await api.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await api.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers a report date with no report 404, a published one 200', async () => {
    const app = await buildGateway({ apiUrl, cmsUrl: 'http://127.0.0.1:9', webDist: root });
    expect((await app.inject({ method: 'GET', url: '/situation/2031-01-01' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/situation/2026-11-26' })).statusCode).toBe(200);
    await app.close();
  });

  it('lets the app decide when the data API cannot say', async () => {
    const app = await buildGateway({
      apiUrl: 'http://127.0.0.1:9',
      cmsUrl: 'http://127.0.0.1:9',
      webDist: root,
    });
    expect((await app.inject({ method: 'GET', url: '/situation/2031-01-01' })).statusCode).toBe(200);
    await app.close();
  });

  it('serves /map frameable by any site, and every other page with framing denied', async () => {
    const app = await buildGateway({ apiUrl, cmsUrl: 'http://127.0.0.1:9', webDist: root });
    for (const url of ['/map', '/map/?lang=fr']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-frame-options'], url).toBeUndefined();
      expect(res.headers['content-security-policy'], url).toMatch(/; frame-ancestors \*$/);
    }
    for (const url of ['/', '/dashboard', '/no/such/page', '/v1/sitrep?date=2026-11-26']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['content-security-policy'], url).toMatch(/; frame-ancestors 'none'$/);
    }
    await app.close();
  });

  it('limits the framing of /map to the configured sites', async () => {
    const app = await buildGateway({
      apiUrl,
      cmsUrl: 'http://127.0.0.1:9',
      webDist: root,
      mapFrameAncestors: 'https://news.example.ca https://*.example.org',
    });
    const res = await app.inject({ method: 'GET', url: '/map' });
    expect(res.headers['content-security-policy']).toMatch(
      /; frame-ancestors https:\/\/news\.example\.ca https:\/\/\*\.example\.org$/,
    );
    expect(res.headers['x-frame-options']).toBeUndefined();
    await app.close();
  });
});

describe('compression of data API answers', () => {
  // A stand-in data API: one answer it compresses itself (as the cached public answers are), one it
  // leaves to the gateway.
  const json = JSON.stringify({
    items: Array.from({ length: 400 }, (_, i) => ({ id: i, name: `fire ${i}` })),
  });
  const upstream = Fastify();
  upstream.get('/v1/precompressed', (request, reply) => {
    reply.header('vary', 'Accept-Encoding').type('application/geo+json');
    if (!/gzip/.test(request.headers['accept-encoding'] ?? '')) return reply.send(json);
    return reply.header('content-encoding', 'gzip').send(gzipSync(json));
  });
  upstream.get('/v1/plain', (_request, reply) => reply.type('application/json').send(json));
  let gateway: Awaited<ReturnType<typeof buildGateway>>;
  beforeAll(async () => {
    const apiUrl = await upstream.listen({ port: 0, host: '127.0.0.1' });
    // No site folder: serving one would glob it at start.
    const webDist = join(tmpdir(), 'ciffc-gateway-no-site');
    gateway = await buildGateway({ apiUrl, cmsUrl: 'http://127.0.0.1:9', webDist });
  });
  afterAll(async () => {
    await gateway?.close();
    await upstream.close();
  });

  it('passes an answer the data API already compressed through once, not gzipped twice', async () => {
    const res = await gateway.inject({
      method: 'GET',
      url: '/v1/precompressed',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.equals(gzipSync(json))).toBe(true);
    expect(gunzipSync(res.rawPayload).toString()).toBe(json);
  });

  it('forwards a plain answer plain to a client without Accept-Encoding', async () => {
    const res = await gateway.inject({ method: 'GET', url: '/v1/precompressed' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(json);
  });

  it('still compresses an answer the data API sent plain', async () => {
    const res = await gateway.inject({
      method: 'GET',
      url: '/v1/plain',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(json);
  });
});

describe('the doors of the gateway', () => {
  // Stand-ins for the data API and the content system: they echo what reached them and send the
  // headers a part may send (X-Powered-By, its own CSP, a Cache-Control).
  const upstream = Fastify({ bodyLimit: 64 * 1024 * 1024 });
  upstream.removeAllContentTypeParsers();
  upstream.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  upstream.all('/*', (request, reply) =>
    reply
      .header('x-powered-by', 'Strapi <strapi.io>')
      .header('content-security-policy', "script-src 'unsafe-inline' https:")
      .header('cache-control', 'public, max-age=60')
      .send({
        url: request.url,
        forwardedFor: request.headers['x-forwarded-for'] ?? null,
        expect: request.headers.expect ?? null,
        bytes: Buffer.isBuffer(request.body) ? request.body.length : 0,
      }),
  );
  const root = mkdtempSync(join(tmpdir(), 'ciffc-gateway-doors-'));
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>CIFFC</title>');
  writeFileSync(join(root, 'assets', 'app-abc123.js'), 'console.log(1)');
  let gateway: Awaited<ReturnType<typeof buildGateway>>;
  let base: string;
  beforeAll(async () => {
    const url = await upstream.listen({ port: 0, host: '127.0.0.1' });
    gateway = await buildGateway({ apiUrl: url, cmsUrl: url, webDist: root });
    base = await gateway.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await gateway?.close();
    await upstream.close();
    rmSync(root, { recursive: true, force: true });
  });

  /** One HTTP/1.1 request from a chosen local address, optionally with a body and Expect. */
  const send = (
    path: string,
    options: { method?: string; headers?: Record<string, string>; body?: Buffer; agent?: Agent } = {},
  ) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const req = request(`${base}${path}`, {
        method: options.method ?? 'GET',
        headers: options.headers,
        agent: options.agent,
      });
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
      if (options.headers?.expect) req.on('continue', () => req.end(options.body));
      else req.end(options.body);
    });

  it('sends the one header set of deploy/nginx/security-headers.conf on every answer', async () => {
    const expected = securityHeadersFor(
      parseHeaderSet(readFileSync(SECURITY_HEADERS_FILE, 'utf8')),
      '/',
      '*',
    );
    expect(expected['content-security-policy']).toMatch(/default-src 'self'/);
    expect(expected['x-frame-options']).toBe('DENY');
    expect(expected['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    for (const name of [
      'strict-transport-security',
      'x-content-type-options',
      'referrer-policy',
      'permissions-policy',
    ]) {
      expect(expected[name], name).toBeTruthy();
    }
    for (const path of [
      '/',
      '/assets/app-abc123.js',
      '/v1/wildfires?page=1',
      '/api/auth/local',
      '/no/such/page',
    ]) {
      const res = await send(path);
      for (const [name, value] of Object.entries(expected))
        expect(res.headers[name], `${path} ${name}`).toBe(value);
      expect(res.headers['x-powered-by'], path).toBeUndefined();
      expect(typeof res.headers['cache-control'], path).toBe('string');
    }
  });

  it('sets X-Forwarded-For to the peer address, whatever the client sent', async () => {
    const res = await send('/api/auth/local', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7, 10.0.0.1' },
      body: Buffer.from('{}'),
    });
    expect(JSON.parse(res.body).forwardedFor).toBe('127.0.0.1');
  });

  it('answers a POST with Expect: 100-continue, to the data API and the content system', async () => {
    const body = Buffer.alloc(512 * 1024, 'a');
    for (const path of ['/v1/fires/import', '/api/pages']) {
      const res = await send(path, {
        method: 'POST',
        headers: {
          expect: '100-continue',
          'content-type': 'text/csv',
          'content-length': String(body.length),
        },
        body,
      });
      expect(res.status, path).toBe(200);
      expect(JSON.parse(res.body), path).toMatchObject({ bytes: body.length, expect: null });
    }
  });

  it('answers 413 in the shared shape to a body over the limit, and the next request still works', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const body = Buffer.alloc(2 * 1024 * 1024, 'a');
    const res = await send('/v1/inventory/input', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
      body,
      agent,
    });
    expect(res.status).toBe(413);
    // The code and the limit in megabytes: the site says it in the user's language.
    expect(JSON.parse(res.body)).toMatchObject({
      statusCode: 413,
      error: 'Payload Too Large',
      code: 'request.too_large_mb',
      params: { max: 1 },
      message: 'File too large: at most 1 MB',
    });
    const next = await send('/v1/wildfires', { agent });
    expect(next.status).toBe(200);
    agent.destroy();
    // The fire and perimeter imports keep the data API's own, larger limit.
    for (const path of ['/v1/fires/import', '/v1/perimeters/import']) {
      const imported = await send(path, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', 'content-length': String(body.length) },
        body,
      });
      expect(imported.status, path).toBe(200);
    }
  });

  it('counts a chunked body while it arrives: 413 over the limit, forwarded whole under it', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    // No Content-Length: the body is written in parts, Transfer-Encoding: chunked.
    const chunked = (path: string, parts: number, size: number, method = 'POST') =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(`${base}${path}`, {
          method,
          // Explicit: node frames DELETE bodies as chunked only when told so.
          headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
          agent,
        });
        req.on('response', (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            body += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        for (let i = 0; i < parts; i++) req.write(Buffer.alloc(size, 'a'));
        req.end();
      });
    const over = await chunked('/v1/inventory/input', 40, 64 * 1024);
    expect(over.status).toBe(413);
    expect(JSON.parse(over.body)).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
    // Any method with a body, and the connection still carries the next request.
    expect((await chunked('/v1/feeds/ab', 40, 64 * 1024, 'DELETE')).status).toBe(413);
    const under = await chunked('/v1/inventory/input', 4, 64 * 1024);
    expect(under.status).toBe(200);
    expect(JSON.parse(under.body)).toMatchObject({ bytes: 4 * 64 * 1024 });
    expect((await send('/v1/wildfires', { agent })).status).toBe(200);
    agent.destroy();
  });

  it('keys the content cache on known parameters only: random junk makes no entry', async () => {
    const first = await send('/api/pages?locale=en&zz=1');
    expect(first.status).toBe(200);
    // The content system never sees the junk either.
    expect(JSON.parse(first.body).url).toBe('/api/pages?locale=en');
    for (let i = 0; i < 5; i++) {
      const res = await send(`/api/pages?zz=${Math.random()}&locale=en&export=true`);
      expect(res.headers['x-gateway-cache'], String(i)).toBe('fresh');
    }
  });

  it('answers 503 in the shared shape, without internal addresses, when a part is down', async () => {
    const down = await buildGateway({
      apiUrl: 'http://127.0.0.1:9',
      cmsUrl: 'http://127.0.0.1:9',
      webDist: root,
    });
    // Over real HTTP: the failure to reach a part is what is tested, not the injection's stream.
    const downUrl = await down.listen({ port: 0, host: '127.0.0.1' });
    for (const [method, path] of [
      ['POST', '/api/auth/local'],
      ['GET', '/v1/wildfires'],
      ['GET', '/api/pages'],
      ['GET', '/admin/init'],
    ] as const) {
      const res = await fetch(`${downUrl}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: method === 'POST' ? '{}' : undefined,
      });
      const text = await res.text();
      expect(res.status, path).toBe(503);
      expect(JSON.parse(text), path).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
      expect(text, path).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|:9\b/);
      expect(res.headers.get('content-security-policy'), path).toMatch(/frame-ancestors 'none'/);
      expect(res.headers.get('retry-after'), path).toBe('5');
    }
    await down.close();
  });
});

describe('pages served with their own head, through the gateway and the real data API', () => {
  const root = mkdtempSync(join(tmpdir(), 'ciffc-gateway-served-'));
  // The site's real shell, as the build leaves it (the head and <main> the served pages fill).
  writeFileSync(join(root, 'index.html'), readFileSync(new URL('../../web/index.html', import.meta.url)));
  let api: Awaited<ReturnType<typeof buildApp>>;
  let apiUrl = '';
  beforeAll(async () => {
    const config = loadConfig(
      { NODE_ENV: 'test' },
      { sqliteFile: ':memory:', cmsUrl: 'http://127.0.0.1:9', siteShell: join(root, 'index.html') },
    );
    api = await buildApp({ config, migrate: true });
    const report = {
      field_date: '2026-11-26',
      field_preparedness_level: '4',
      field_en_summary_comments: 'Evacuations continue near Fort Nelson. Rain is forecast.',
      field_fr_summary_comments:
        'Les évacuations se poursuivent près de Fort Nelson. De la pluie est prévue.',
      field_duty_officer: '',
      agencies: [],
      agencies_sitereps: {},
    };
    await api.db.kysely
      .insertInto('national_sitrep_publications')
      .values({
        report_date: '2026-11-26',
        publication_number: 1,
        current: 1,
        draft_version: 1,
        preparedness_level: '4',
        report: JSON.stringify(report),
        fields: '{}',
        published_at: '2026-11-26T20:00:00.000Z',
        published_by: 'ciffc',
      })
      .execute();
    apiUrl = await api.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await api.close();
    rmSync(root, { recursive: true, force: true });
  });
  const gateway = () => buildGateway({ apiUrl, cmsUrl: 'http://127.0.0.1:9', webDist: root });
  const tag = (html: string, attribute: string, key: string) =>
    new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1];

  it('serves a report address with its date, level, first sentence and text, in the language asked', async () => {
    const app = await gateway();
    const res = await app.inject({
      method: 'GET',
      url: '/situation/2026-11-26',
      headers: { host: 'fires.example.ca' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, no-cache');
    expect(res.body).toContain(
      '<title>CIFFC - National Situation Report, 2026-11-26: preparedness level 4</title>',
    );
    expect(tag(res.body, 'property', 'og:description')).toBe('Evacuations continue near Fort Nelson.');
    expect(tag(res.body, 'property', 'og:url')).toBe('http://fires.example.ca/situation/2026-11-26');
    expect(res.body).toContain(
      '<link rel="alternate" hreflang="fr" href="http://fires.example.ca/situation/2026-11-26?lang=fr" />',
    );
    expect(res.body).toContain('Rain is forecast.</p>');
    // Still the site's page: its bundle takes over.
    expect(res.body).toContain('<script type="module" src="/src/main.tsx"></script>');
    expect(res.headers['x-frame-options']).toBe('DENY');

    const fr = await app.inject({ method: 'GET', url: '/situation/2026-11-26?lang=fr&utm_source=chat' });
    expect(fr.statusCode).toBe(200);
    expect(fr.body).toMatch(/^<!doctype html>\s*<html lang="fr">/);
    expect(tag(fr.body, 'name', 'twitter:title')).toBe(
      'CIFFC - Rapport de situation national, 2026-11-26 : niveau de préparation 4',
    );
    const again = await app.inject({
      method: 'GET',
      url: '/situation/2026-11-26',
      headers: { host: 'fires.example.ca', 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    await app.close();
  });

  it('answers 404 with the site page for a date without a report and an unknown address; /map stays frameable', async () => {
    const app = await gateway();
    for (const url of ['/situation/2031-01-01', '/no/such/page']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<title>CIFFC - Page not found</title>');
    }
    const map = await app.inject({ method: 'GET', url: '/map' });
    expect(map.statusCode).toBe(200);
    expect(map.headers['x-frame-options']).toBeUndefined();
    expect(tag(map.body, 'name', 'robots')).toBe('noindex');
    await app.close();
  });

  it('serves sitemap.xml with the public pages and the published report', async () => {
    const app = await gateway();
    const res = await app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { host: 'fires.example.ca' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toContain('<loc>http://fires.example.ca/situation/2026-11-26</loc>');
    expect(res.body).toContain('<loc>http://fires.example.ca/statistics?lang=fr</loc>');
    await app.close();
  });
});
