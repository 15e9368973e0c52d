/**
 * "Bad input gets a clear error and changes nothing ... never 500": every route of the OpenAPI
 * document is called with hostile bodies and query values, as the national centre and as an agency
 * user holding the claims, and must answer 4xx (or 2xx) in the one error shape, never 5xx.
 */
import { describe, expect, it } from 'vitest';
import { bearer, forEachEngine, tokenFor } from '../test/context.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

interface OpenApiOperation {
  parameters?: { name: string; in: string }[];
}
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

/** Bodies a careless or hostile client sends: wrong JSON types, nesting, NUL, huge numbers. */
const HOSTILE_BODIES: readonly string[] = [
  'null',
  '[]',
  '"text"',
  '42',
  '{}',
  JSON.stringify({ agency: 'zz', version_number: 'x', fields: [], rows: 'x', inventory: {}, shortnames: 7 }),
  JSON.stringify({ version_number: 1e308, fields: { priority_fires: [{ size: -1 }] }, inventory: [null] }),
  JSON.stringify({ fields: { mobs_grouped: [{}], national_to_mobs: { X: { ab: 'x' } } }, inventory: [{}] }),
  JSON.stringify({ text: 'a\u0000b', type: 'FeatureCollection', features: [{ geometry: null }] }),
  // 200 levels of nesting: a recursive walk must not overflow or hang.
  `${'{"a":'.repeat(200)}1${'}'.repeat(200)}`,
];

/** Query values that are not what any parameter expects. */
const HOSTILE_VALUES: readonly string[] = [
  '',
  'x',
  '-1',
  '0',
  '99999999999999999999',
  '2026-02-30',
  '\u0000',
  'AB',
];

/** Bodies that are not JSON at all, or that JSON parsers and recursive walks choke on. */
const MALFORMED_BODIES: readonly string[] = [
  '{',
  '',
  '{"a":1,,}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  // 4,000 levels in 8 KB: a recursive walk overflows the stack (a 500 before the fix).
  `${'['.repeat(4000)}${']'.repeat(4000)}`,
  `{"a":${'{"a":'.repeat(3000)}1${'}'.repeat(3001)}`,
];

function fill(path: string): string {
  return path.replace(/\{[^}]+\}/g, 'ab');
}

function isErrorShape(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  return typeof b.statusCode === 'number' && typeof b.error === 'string' && typeof b.message === 'string';
}

forEachEngine('robustness of every route', (ctx) => {
  async function routes() {
    const res = await ctx().app.inject({ method: 'GET', url: '/v1/openapi.json' });
    const doc = res.json() as OpenApiDocument;
    return Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    );
  }

  async function claimEverything() {
    const ab = await tokenFor(ctx(), 'ab');
    const ciffc = await tokenFor(ctx(), 'ciffc');
    await ctx().app.inject({ method: 'POST', url: '/v1/sitrep/agency/claim?agency=ab', headers: bearer(ab) });
    await ctx().app.inject({ method: 'POST', url: '/v1/sitrep/national/claim', headers: bearer(ciffc) });
    return { ab, ciffc };
  }

  describe('hostile bodies on every write route', () => {
    it('answers below 500, in the one error shape when refused', async () => {
      const { ab, ciffc } = await claimEverything();
      const writes = (await routes()).filter((r) => r.method !== 'GET' && r.method !== 'HEAD');
      expect(writes.length).toBeGreaterThan(10);
      const failures: string[] = [];
      for (const route of writes) {
        for (const token of [ab, ciffc]) {
          for (const payload of HOSTILE_BODIES) {
            const url = `${fill(route.path)}?agency=ab`;
            const res = await ctx().app.inject({
              method: route.method as 'POST',
              url,
              headers: { 'content-type': 'application/json', ...bearer(token) },
              payload,
            });
            const refused = res.statusCode >= 400;
            if (res.statusCode >= 500 || (refused && !isErrorShape(res.json()))) {
              failures.push(
                `${route.method} ${url} ${payload.slice(0, 40)} -> ${res.statusCode} ${res.body.slice(0, 120)}`,
              );
            }
          }
        }
      }
      expect(failures).toEqual([]);
    });
  });

  describe('hostile query values on every read route', () => {
    it('answers below 500, in the one error shape when refused', async () => {
      const ciffc = await tokenFor(ctx(), 'ciffc');
      const reads = (await routes()).filter((r) => r.method === 'GET');
      const failures: string[] = [];
      for (const route of reads) {
        const names = (route.op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
        for (const name of names) {
          for (const value of [...HOSTILE_VALUES, ['a', 'b']]) {
            const query = Array.isArray(value)
              ? value.map((v) => `${name}=${v}`).join('&')
              : `${name}=${encodeURIComponent(value)}`;
            const url = `${fill(route.path)}?${query}`;
            for (const headers of [{}, bearer(ciffc)]) {
              const res = await ctx().app.inject({ method: 'GET', url, headers });
              if (res.statusCode >= 500 || (res.statusCode >= 400 && !isErrorShape(res.json()))) {
                failures.push(`GET ${url} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
              }
            }
          }
        }
      }
      expect(failures).toEqual([]);
    });
  });

  describe('malformed and deeply nested JSON on every write route', () => {
    it('answers 400 in the one error shape, anonymous or signed in', async () => {
      const { ab, ciffc } = await claimEverything();
      const writes = (await routes()).filter((r) => r.method !== 'GET' && r.method !== 'HEAD');
      const failures: string[] = [];
      for (const route of writes) {
        for (const headers of [{}, bearer(ab), bearer(ciffc)]) {
          for (const payload of MALFORMED_BODIES) {
            const url = `${fill(route.path)}?agency=ab`;
            const res = await ctx().app.inject({
              method: route.method as 'POST',
              url,
              headers: { 'content-type': 'application/json', ...headers },
              payload,
            });
            // Anonymous callers may be refused (401) before the body is read; never a 5xx.
            if (res.statusCode >= 500 || res.statusCode < 400 || !isErrorShape(res.json())) {
              failures.push(
                `${route.method} ${url} ${payload.slice(0, 30)} -> ${res.statusCode} ${res.body.slice(0, 120)}`,
              );
            }
          }
        }
      }
      expect(failures).toEqual([]);
    });

    it('names the nesting limit on the inventory form (its 400 schema once made this a 500)', async () => {
      const token = await tokenFor(ctx(), 'ab');
      for (const url of ['/v1/inventory/input', '/v1/inventory/input/save']) {
        for (const payload of MALFORMED_BODIES) {
          const res = await ctx().app.inject({
            method: 'POST',
            url,
            headers: { 'content-type': 'application/json', ...bearer(token) },
            payload,
          });
          expect(res.statusCode, `${url} ${payload.slice(0, 20)}`).toBe(400);
          expect(isErrorShape(res.json())).toBe(true);
        }
      }
      const deep = await ctx().app.inject({
        method: 'POST',
        url: '/v1/inventory/input',
        headers: { 'content-type': 'application/json', ...bearer(token) },
        payload: `${'['.repeat(4000)}${']'.repeat(4000)}`,
      });
      expect(deep.json().message).toMatch(/nested deeper than 64 levels/);
    });
  });

  describe('wrong content types on every write route', () => {
    it('answers 415 or 400, never 5xx', async () => {
      const ciffc = await tokenFor(ctx(), 'ciffc');
      const writes = (await routes()).filter((r) => r.method !== 'GET' && r.method !== 'HEAD');
      const failures: string[] = [];
      for (const route of writes) {
        for (const type of ['text/xml', 'application/x-www-form-urlencoded', 'multipart/form-data', 'json']) {
          const res = await ctx().app.inject({
            method: route.method as 'POST',
            url: `${fill(route.path)}?agency=ab`,
            headers: { 'content-type': type, ...bearer(ciffc) },
            payload: '<a>1</a>',
          });
          if (res.statusCode >= 500 || (res.statusCode >= 400 && !isErrorShape(res.json())))
            failures.push(
              `${route.method} ${route.path} ${type} -> ${res.statusCode} ${res.body.slice(0, 120)}`,
            );
        }
      }
      expect(failures).toEqual([]);
    });
  });

  describe('cache keys come from the validated query', () => {
    it('refuses unknown parameters (400 naming them): no new entry, nothing cached for them', async () => {
      const app = ctx().app;
      const first = await app.inject({ method: 'GET', url: '/v1/wildfires?page=1' });
      expect(first.statusCode).toBe(200);
      const before = app.responseCache.groupSize('/v1/wildfires');
      for (let i = 0; i < 20; i++) {
        const res = await app.inject({
          method: 'GET',
          url: `/v1/wildfires?zz=${i}&page=1&utm_source=x${i}&callback=y`,
        });
        expect(res.statusCode).toBe(400);
        expect(Object.keys(res.json().validationErrors).sort()).toEqual(['callback', 'utm_source', 'zz']);
        expect(res.headers['cache-control'] ?? '').not.toMatch(/public/);
      }
      expect(app.responseCache.groupSize('/v1/wildfires')).toBe(before);
    });
  });
});

describe('the database unreachable', () => {
  it('answers 503 with Retry-After and a request id on data routes, not 500', async () => {
    const app = await buildApp({
      config: loadConfig(
        { NODE_ENV: 'test' },
        {
          // Nothing listens on port 9: as if PostgreSQL were stopped.
          databaseUrl: 'postgres://ciffc:none@127.0.0.1:9/ciffc',
          jwtSecret: 'x'.repeat(32),
          cmsUrl: 'http://127.0.0.1:9',
          logLevel: 'silent',
        },
      ),
    });
    try {
      for (const url of ['/v1/wildfires?page=1', '/v1/summary', '/v1/agency', '/v1/sitrep/latest']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.headers['cache-control']).toBe('no-store');
        const body = res.json();
        expect(isErrorShape(body)).toBe(true);
        expect(body.requestId).toBe(String(res.headers['x-request-id'] ?? body.requestId));
        expect(typeof body.requestId).toBe('string');
        expect(res.body).not.toContain('127.0.0.1');
      }
    } finally {
      await app.close();
    }
  });
});
