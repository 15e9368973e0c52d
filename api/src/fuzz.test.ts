/**
 * "Every door holds": requests derived from /v1/openapi.json for every route and every kind of
 * caller (anonymous, an agency user, a user of another agency, the national centre), with
 * malformed and deeply nested JSON, huge bodies, wrong content types, junk and repeated query
 * parameters, unicode and NUL. Any 5xx fails; a refused write must leave every table as it was.
 * The second test replays a subset over real HTTP through the gateway of `npm start`, adding what
 * only a socket can carry: `Expect: 100-continue` and chunked bodies without Content-Length.
 */
import { createHash } from 'node:crypto';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { buildGateway } from '../../gateway/src/server.ts';
import { bearer, forEachEngine, type TestContext, tokenFor } from '../test/context.ts';

type Schema = { $ref?: string; type?: string; properties?: Record<string, Schema> };
interface Operation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};
interface Route {
  method: string;
  path: string;
  op: Operation;
}

/** Strings no field expects: NUL, lone surrogates, right-to-left marks, emoji, 10,000 characters. */
const HOSTILE_STRINGS: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\u202eevil',
  '🔥'.repeat(50),
  'x'.repeat(10_000),
  "'; drop table fires; --",
];

/** Values of the wrong JSON type for any field. */
const HOSTILE_VALUES: readonly unknown[] = [null, -1, 1e308, true, [], {}, [[[[[]]]]], ...HOSTILE_STRINGS];

/** Whole bodies: malformed, empty, prototype keys, nested past any limit, larger than the limit. */
const RAW_BODIES: readonly string[] = [
  '{',
  '',
  '{"a":1,,}',
  '{"__proto__":{"admin":true}}',
  'null',
  '"\\u0000"',
  `${'['.repeat(4000)}${']'.repeat(4000)}`,
  `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`,
  // Over the 1 MB limit of JSON routes (413), under the import route's own larger limit.
  JSON.stringify({ text: 'x'.repeat(1_500_000) }),
];

const CONTENT_TYPES: readonly string[] = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=latin1',
];

/** Query strings no route expects: unknown, repeated, NUL, broken percent-encoding, unicode, long. */
const JUNK_QUERIES: readonly string[] = [
  'zz=1&format=csv&export=true',
  'page=1&page=2',
  'agency=ab&agency=bc&agency[]=x',
  'a=%00&b=%E0%A4%A',
  '%F0%9F%94%A5=%F0%9F%94%A5',
  `q=${'y'.repeat(8_000)}`,
  '__proto__[admin]=1&constructor[prototype][x]=1',
  'page=-1&page_size=1e9&lang=xx&date=2026-13-45',
];

/** Path parameter values: a real agency, then junk. */
const PATH_VALUES: readonly string[] = ['ab', 'zz', '%00', '%F0%9F%94%A5', '..%2F..', 'x'.repeat(300)];

function resolve(doc: OpenApiDocument, schema: Schema | undefined): Schema | undefined {
  if (!schema?.$ref) return schema;
  return doc.components?.schemas?.[schema.$ref.split('/').pop() ?? ''];
}

/** Bodies built from the route's own schema: each top-level field in turn given a hostile value. */
function derivedBodies(doc: OpenApiDocument, op: Operation): string[] {
  const schema = resolve(doc, op.requestBody?.content?.['application/json']?.schema);
  const fields = Object.keys(schema?.properties ?? {});
  return fields.flatMap((field) =>
    HOSTILE_VALUES.filter((_, i) => i % 5 === fields.indexOf(field) % 5).map((value) =>
      JSON.stringify({ [field]: value }),
    ),
  );
}

const fill = (path: string, value = 'ab') => path.replace(/\{[^}]+\}/g, value);

/** A fingerprint of every table's rows, to prove a refused request stored nothing. */
async function fingerprint(ctx: TestContext): Promise<string> {
  const k = ctx.app.db.kysely;
  const tables = (await k.introspection.getTables()).map((t) => t.name).sort();
  const hash = createHash('sha256');
  for (const table of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(k);
    const lines = rows.rows.map((r) => JSON.stringify(r)).sort();
    hash.update(`${table}:${lines.join('\n')}\n`);
  }
  return hash.digest('hex');
}

forEachEngine('fuzzing every route from the OpenAPI document', (ctx) => {
  it('never answers 5xx, and a refused write stores nothing', { timeout: 120_000 }, async () => {
    const app = ctx().app;
    const doc = (await app.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as OpenApiDocument;
    const routes: Route[] = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    );
    const identities: Record<string, Record<string, string>> = {
      anonymous: {},
      agency: bearer(await tokenFor(ctx(), 'ab')),
      otherAgency: bearer(await tokenFor(ctx(), 'bc')),
      ciffc: bearer(await tokenFor(ctx(), 'ciffc')),
    };
    const failures: string[] = [];
    let requests = 0;
    let checkedRoutes = 0;
    const send = async (method: string, url: string, headers: Record<string, string>, payload?: string) => {
      requests++;
      const res = await app.inject({ method: method as 'POST', url, headers, payload });
      if (res.statusCode >= 500)
        failures.push(
          `${method} ${url.slice(0, 80)} ${(payload ?? '').slice(0, 30)} -> ${res.statusCode} ${res.body.slice(0, 120)}`,
        );
      return res.statusCode;
    };

    for (const route of routes.filter((r) => r.method === 'GET')) {
      for (const headers of Object.values(identities)) {
        for (const query of JUNK_QUERIES) await send('GET', `${fill(route.path)}?${query}`, headers);
        if (route.path.includes('{'))
          for (const value of PATH_VALUES) await send('GET', fill(route.path, value), headers);
      }
    }

    for (const route of routes.filter((r) => r.method !== 'GET' && r.method !== 'HEAD')) {
      const url = `${fill(route.path)}?agency=ab`;
      const json = [...RAW_BODIES, ...derivedBodies(doc, route.op)];
      // One fingerprint per route (every table, hashed): if every caller was refused, nothing changed.
      const before = await fingerprint(ctx());
      const statuses: number[] = [];
      for (const auth of Object.values(identities)) {
        for (const payload of json)
          statuses.push(
            await send(route.method, url, { 'content-type': 'application/json', ...auth }, payload),
          );
        for (const type of CONTENT_TYPES)
          statuses.push(await send(route.method, url, { 'content-type': type, ...auth }, '{"a":"é\u0000"}'));
        // Query junk on writes: the kinds that differ from the reads' (repeated, prototype keys, NUL).
        for (const query of JUNK_QUERIES.filter((_, i) => [1, 3, 6].includes(i)))
          statuses.push(
            await send(
              route.method,
              `${fill(route.path)}?${query}`,
              { 'content-type': 'application/json', ...auth },
              '{}',
            ),
          );
      }
      if (statuses.every((s) => s >= 400)) {
        checkedRoutes++;
        if ((await fingerprint(ctx())) !== before)
          failures.push(`${route.method} ${route.path}: every request was refused but the data changed`);
      }
    }

    console.info(
      `fuzz [${ctx().engine}]: ${requests} requests, ${routes.length} routes, ${Object.keys(identities).length} identities, ${checkedRoutes} write routes proved unchanged, ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
    expect(routes.length).toBeGreaterThan(30);
    // Most write routes refuse all of it; the check must have had something to check.
    expect(checkedRoutes).toBeGreaterThan(5);
  });
});

interface Sent {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Written in 64 KB parts without Content-Length (Transfer-Encoding: chunked). */
  chunked?: boolean;
}

/** One request over a real socket; a broken connection counts as status 0 with the error's code. */
function sendOverHttp(base: string, agent: Agent, sent: Sent): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const body = Buffer.from(sent.body ?? '');
    const headers: Record<string, string> = { ...sent.headers };
    if (sent.chunked) headers['transfer-encoding'] = 'chunked';
    else if (sent.body !== undefined) headers['content-length'] = String(body.length);
    const req = request(`${base}${sent.path}`, { method: sent.method, headers, agent });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', (error: Error & { code?: string }) =>
      resolve({ status: 0, body: error.code ?? error.message }),
    );
    const write = () => {
      if (!sent.chunked) return req.end(body);
      for (let at = 0; at < body.length; at += 64 * 1024) req.write(body.subarray(at, at + 64 * 1024));
      req.end();
    };
    if (headers.expect) req.on('continue', write);
    else write();
  });
}

forEachEngine('fuzzing through the gateway', (ctx) => {
  it('never answers 5xx or breaks a connection, and a refused write stores nothing', {
    timeout: 240_000,
  }, async () => {
    const app = ctx().app;
    const apiUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    // The data API behind the gateway of `npm start`; nothing listens on port 9 (no content system).
    const gateway = await buildGateway({
      apiUrl,
      cmsUrl: 'http://127.0.0.1:9',
      webDist: join(tmpdir(), 'ciffc-gateway-fuzz-no-site'),
    });
    const base = await gateway.listen({ port: 0, host: '127.0.0.1' });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const doc = (await app.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as OpenApiDocument;
      const routes: Route[] = Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
      );
      const identities: Record<string, Record<string, string>> = {
        anonymous: {},
        agency: bearer(await tokenFor(ctx(), 'ab')),
      };
      const failures: string[] = [];
      let requests = 0;
      let checkedRoutes = 0;
      const send = async (sent: Sent) => {
        requests++;
        const res = await sendOverHttp(base, agent, sent);
        if (res.status >= 500 || res.status === 0)
          failures.push(
            `${sent.method} ${sent.path.slice(0, 80)} ${JSON.stringify(sent.headers ?? {}).slice(0, 60)} ${(sent.body ?? '').slice(0, 30)}${sent.chunked ? ' (chunked)' : ''} -> ${res.status} ${res.body.slice(0, 120)}`,
          );
        return res.status;
      };

      // Reads: the junk queries that differ in kind, every path parameter value.
      for (const route of routes.filter((r) => r.method === 'GET')) {
        for (const auth of Object.values(identities)) {
          for (const query of JUNK_QUERIES.filter((_, i) => [0, 1, 3, 4, 6].includes(i)))
            await send({ method: 'GET', path: `${fill(route.path)}?${query}`, headers: auth });
          if (route.path.includes('{'))
            for (const value of PATH_VALUES)
              await send({ method: 'GET', path: fill(route.path, value), headers: auth });
        }
      }

      const huge = JSON.stringify({ text: 'x'.repeat(2_500_000) });
      for (const route of routes.filter((r) => r.method !== 'GET' && r.method !== 'HEAD')) {
        const path = `${fill(route.path)}?agency=ab`;
        const before = await fingerprint(ctx());
        const statuses: number[] = [];
        for (const auth of Object.values(identities)) {
          const json = { 'content-type': 'application/json', ...auth };
          for (const body of RAW_BODIES)
            statuses.push(await send({ method: route.method, path, headers: json, body }));
          for (const type of CONTENT_TYPES)
            statuses.push(
              await send({
                method: route.method,
                path,
                headers: { ...auth, 'content-type': type },
                body: '{"a":"é\u0000"}',
              }),
            );
          // What curl sends for large bodies, then bodies without Content-Length, small and over any JSON limit.
          statuses.push(
            await send({
              method: route.method,
              path,
              headers: { ...json, expect: '100-continue' },
              body: huge,
            }),
          );
          statuses.push(
            await send({
              method: route.method,
              path,
              headers: { ...json, expect: '100-continue' },
              body: '{}',
            }),
          );
          statuses.push(
            await send({ method: route.method, path, headers: json, body: '{"a":1,,}', chunked: true }),
          );
          statuses.push(await send({ method: route.method, path, headers: json, body: huge, chunked: true }));
          statuses.push(
            await send({
              method: route.method,
              path: `${fill(route.path)}?page=1&page=2&a=%00`,
              headers: json,
              body: '{}',
            }),
          );
        }
        if (statuses.every((s) => s >= 400)) {
          checkedRoutes++;
          if ((await fingerprint(ctx())) !== before)
            failures.push(`${route.method} ${route.path}: every request was refused but the data changed`);
        }
      }

      console.info(
        `fuzz via gateway [${ctx().engine}]: ${requests} requests, ${routes.length} routes, ${Object.keys(identities).length} identities, ${checkedRoutes} write routes proved unchanged, ${failures.length} failures`,
      );
      expect(failures).toEqual([]);
      expect(checkedRoutes).toBeGreaterThan(5);
    } finally {
      agent.destroy();
      await gateway.close();
    }
  });
});
