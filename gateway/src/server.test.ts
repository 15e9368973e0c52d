import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway, isCacheableContentRead } from './server.ts';

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

  it('answers any other GET with index.html, never cached, so the router decides', async () => {
    const app = await gateway(built);
    for (const url of ['/agency/sitrep/ab', '/no/such/page', '/situation/2025-07-01?x=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX);
    }
    await app.close();
  });

  it('serves hashed bundles as immutable files', async () => {
    const app = await gateway(built);
    const res = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
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
