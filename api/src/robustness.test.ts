/**
 * "Bad input gets a clear error and changes nothing ... never 500": every route of the OpenAPI
 * document is called with hostile bodies and query values, as the national centre and as an agency
 * user holding the claims, and must answer 4xx (or 2xx) in the one error shape, never 5xx.
 */
import { describe, expect, it } from 'vitest';
import { bearer, forEachEngine, tokenFor } from '../test/context.ts';

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
});
