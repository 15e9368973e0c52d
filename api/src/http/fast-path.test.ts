import { request as httpRequest } from 'node:http';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it, vi } from 'vitest';
import { forEachEngine } from '../../test/context.ts';
import { fire } from '../../test/fixtures.ts';
import { buildApp } from '../app.ts';
import { upsertFires } from '../fires/store.ts';
import { dataToken } from './query.ts';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request over a real socket: the fast path sits in front of Fastify, where inject never goes. */
function get(
  base: string,
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${url}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The headers that may differ between two answers of the same bytes. */
const stable = ({ headers }: Answer) => {
  const { 'x-request-id': _id, date: _date, ...rest } = headers;
  return rest;
};

const LIST = '/v1/wildfires?page=1';
const total = (answer: Answer) =>
  (JSON.parse(answer.body.toString()) as { meta: { total_results: number } }).meta;

forEachEngine('fast path in front of the router', (ctx) => {
  let base = '';
  let app: FastifyInstance;
  beforeAll(async () => {
    app = ctx().app;
    await upsertFires(app.db.kysely, [fire({ agency_fire_id: 'FP1' }), fire({ agency_fire_id: 'FP2' })]);
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  const hits = () => app.fastPath?.hits ?? 0;

  it.each([
    [LIST, {}],
    [LIST, { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'fr' }],
    ['/v1/summary', { 'accept-encoding': 'gzip' }],
  ])(
    'answers a repeated anonymous GET %s with the router’s status, headers and bytes',
    async (url, headers) => {
      const routed = await get(base, url, headers);
      const before = hits();
      const fast = await get(base, url, headers);
      expect(hits()).toBe(before + 1);
      expect(fast.status).toBe(200);
      expect(stable(fast)).toEqual(stable(routed));
      expect(fast.body.equals(routed.body)).toBe(true);
      expect(fast.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(fast.headers['x-request-id']).not.toBe(routed.headers['x-request-id']);
      // Open to other sites' maps on both paths.
      expect([
        routed.headers['access-control-allow-origin'],
        fast.headers['access-control-allow-origin'],
      ]).toEqual(['*', '*']);
      // nginx's request id is kept, as on the normal path.
      const traced = await get(base, url, { ...headers, 'x-request-id': 'nginx-42' });
      expect(traced.headers['x-request-id']).toBe('nginx-42');
      expect(hits()).toBe(before + 2);
    },
  );

  it('writes one "request completed" line per answer, with the fields of the normal line', async () => {
    await get(base, LIST);
    const info = vi.spyOn(app.log, 'info');
    try {
      await get(base, LIST, { 'x-request-id': 'line-1' });
      const lines = info.mock.calls.filter(([, msg]) => msg === 'request completed');
      expect(lines).toHaveLength(1);
      const [fields] = lines[0] as [Record<string, unknown>];
      expect(fields).toMatchObject({
        reqId: 'line-1',
        req: { method: 'GET', url: LIST },
        res: { statusCode: 200 },
      });
      expect(fields.responseTime).toBeTypeOf('number');
    } finally {
      info.mockRestore();
    }
  });

  it('sees a commit at once, made by this instance or by another on the same database', async () => {
    const first = total(await get(base, LIST));
    await get(base, LIST);
    await upsertFires(app.db.kysely, [fire({ agency_fire_id: 'FP3' })]);
    expect(total(await get(base, LIST)).total_results).toBe(first.total_results + 1);
    // A second instance on the same database writes: the next read here sees it.
    const other = await buildApp({ config: app.config });
    try {
      await get(base, LIST);
      const before = hits();
      await upsertFires(other.db.kysely, [fire({ agency_fire_id: 'FP4' })]);
      expect(total(await get(base, LIST)).total_results).toBe(first.total_results + 2);
      expect(hits()).toBe(before); // the token changed: the router answered
      expect(total(await get(base, LIST)).total_results).toBe(first.total_results + 2);
      expect(hits()).toBe(before + 1);
    } finally {
      await other.close();
    }
  });

  it('leaves credentials, If-None-Match, HEAD and unknown URLs to the router', async () => {
    const plain = await get(base, LIST);
    await get(base, LIST);
    const before = hits();
    const signed = await get(base, LIST, { authorization: 'Bearer not-a-token' });
    expect(signed.status).toBe(200);
    const cookie = await get(base, LIST, { cookie: 'session=1' });
    expect(cookie.status).toBe(200);
    const notModified = await get(base, LIST, { 'if-none-match': plain.headers.etag as string });
    expect(notModified.status).toBe(304);
    const head = await get(base, LIST, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect((await get(base, '/v1/wildfires?page=999')).status).toBe(400);
    expect((await get(base, '/v1/wildfires?page=999')).status).toBe(400);
    expect((await get(base, '/v1/nowhere')).status).toBe(404);
    expect(hits()).toBe(before);
  });

  it('reads the data token after every caller arrived, callers of one turn sharing the read', async () => {
    if (app.db.engine !== 'sqlite') return; // PostgreSQL: sharedReads, read-prepared.test.ts
    const token = dataToken(app.db, () => 'today');
    if (!token) throw new Error('no prepared reads');
    const before = await token();
    const first = token();
    // Another connection commits after the first caller asked, before the read: it must be seen.
    const other = new SQLite(app.config.sqliteFile);
    try {
      other.prepare("update data_versions set version = version + 1 where name = 'fires'").run();
    } finally {
      other.close();
    }
    const second = token();
    // Both callers of this turn get the one read made after the commit (sharing: sharedReads' test).
    expect(await first).not.toBe(before);
    expect(await second).toBe(await first);
    expect(await token()).toBe(await first);
  });

  it('never lets junk parameters in, however many', async () => {
    await get(base, LIST);
    const size = app.fastPath?.routeSize('/v1/wildfires') ?? 0;
    const before = hits();
    // Refused (400 naming the parameter), never an entry of their own.
    for (let i = 0; i < 30; i++) {
      const answer = await get(base, `${LIST}&zz=${i}`);
      expect(answer.status).toBe(400);
    }
    for (let i = 0; i < 5; i++) expect((await get(base, `/v1/summary?zz=${i}`)).status).toBe(400);
    expect(app.fastPath?.routeSize('/v1/wildfires')).toBe(size);
    expect(app.fastPath?.routeSize('/v1/summary') ?? 0).toBeLessThanOrEqual(1);
    expect(hits()).toBe(before);
  });
});
