import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, clockAt, forEachEngine, type TestContext, tokenFor } from '../../test/context.ts';
import { CWFIS_QUIRK_ROWS, cwfisCsv } from '../fires/import/cwfis-sample.ts';
import { pollDueFeeds, pollFeed, takeLease } from './service.ts';

/** The agency's web server: its file, whether it fails, and the requests it saw. */
const site = {
  body: '',
  etag: '"v1"',
  failing: false,
  /** Answer an endless file (chunked, no Content-Length), as a broken or hostile server would. */
  endless: false,
  requests: [] as { ifNoneMatch?: string | undefined }[],
};
let server: Server;
let feedUrl = '';

const bcFile = (size: number) =>
  cwfisCsv(
    CWFIS_QUIRK_ROWS.filter((r) => r.agency === 'bc' || r.agency === 'ak').map((r) => ({
      ...r,
      hectares: size,
    })),
    true,
  );

beforeAll(async () => {
  server = createServer((request, response) => {
    const ifNoneMatch = request.headers['if-none-match'];
    site.requests.push({ ifNoneMatch });
    if (site.failing) {
      response.writeHead(503).end('down');
      return;
    }
    if (site.endless) {
      response.writeHead(200, { 'content-type': 'text/csv' });
      const chunk = Buffer.alloc(1024 * 1024, 0x61);
      const more = () => {
        while (!response.destroyed && response.write(chunk));
        if (!response.destroyed) response.once('drain', more);
      };
      response.on('close', () => response.destroy());
      more();
      return;
    }
    if (ifNoneMatch === site.etag) {
      response.writeHead(304).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/csv', etag: site.etag }).end(site.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/activefires.csv`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const NOW = new Date('2026-07-15T17:00:00Z');
const opts = (minutes = 0) => ({ now: new Date(NOW.getTime() + minutes * 60_000), today: '2026-07-15' });

async function api(
  ctx: TestContext,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  user = 'ciffc',
  payload?: unknown,
) {
  return ctx.app.inject({
    method,
    url,
    headers: bearer(await tokenFor(ctx, user)),
    ...(payload ? { payload: payload as object } : {}),
  });
}

const fireSize = async (ctx: TestContext) =>
  (
    await ctx.app.db.kysely
      .selectFrom('fires')
      .select('fire_size')
      .where('agency_fire_id', '=', '2026-G80175')
      .executeTakeFirst()
  )?.fire_size;

/** The public GET /v1/dashboard/freshness, as the dashboard reads it (no bearer). */
const freshness = async (ctx: TestContext) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/v1/dashboard/freshness' });
  expect(res.statusCode).toBe(200);
  expect(res.headers.etag).toBeTruthy();
  return (res.json() as { items: { agency_code: string }[] }).items.filter((i) => i.agency_code === 'bc');
};

forEachEngine(
  'agency feeds polled on a schedule',
  (ctx) => {
    it('lets only the national centre configure a feed, and validates it', async () => {
      // Each engine starts with the site's first file.
      Object.assign(site, { body: '', etag: '"v1"', failing: false, requests: [] });
      expect(
        (await api(ctx(), 'PUT', '/v1/feeds/bc', 'bc', { url: feedUrl, interval_minutes: 5 })).statusCode,
      ).toBe(403);
      const bad = await api(ctx(), 'PUT', '/v1/feeds/bc', 'ciffc', { url: 'ftp://x', interval_minutes: 0 });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().validationErrors ?? {})).toEqual(
        expect.arrayContaining(['url', 'interval_minutes']),
      );
      // Each field's error is a code of the catalogue with the bound it broke.
      expect(bad.json()).toMatchObject({ code: 'request.invalid', params: { part: 'body' } });
      expect(bad.json().validationErrors.interval_minutes).toEqual({
        code: 'field.min',
        params: { min: 1 },
        message: 'Must be at least 1',
      });
      const ok = await api(ctx(), 'PUT', '/v1/feeds/bc', 'ciffc', { url: feedUrl, interval_minutes: 5 });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({
        agency_code: 'bc',
        url: feedUrl,
        interval_minutes: 5,
        enabled: true,
      });
    });

    it('imports the file, then asks with its ETag and imports nothing when it has not changed', async () => {
      site.body = bcFile(10);
      site.requests = [];
      expect(await pollDueFeeds(ctx().app.db, opts())).toEqual({ bc: 'imported' });
      expect(await fireSize(ctx())).toBe(10);
      // Not due again before its interval.
      expect(await pollDueFeeds(ctx().app.db, opts(1))).toEqual({});
      expect(await pollDueFeeds(ctx().app.db, opts(5))).toEqual({ bc: 'not_modified' });
      expect(site.requests.map((r) => r.ifNoneMatch)).toEqual([undefined, '"v1"']);
      const imports = (await api(ctx(), 'GET', '/v1/fires/imports', 'bc')).json();
      expect(imports.items).toHaveLength(1);
      expect(imports.items[0]).toMatchObject({ source: 'feed', agency_code: 'bc', inserted: 1, rejected: 1 });
    });

    it('keeps the last data when the feed fails, shows the error, and imports again when it comes back', async () => {
      const before = await freshness(ctx());
      expect(before).toEqual([{ agency_code: 'bc', as_of: expect.any(String), feed_failing: false }]);
      site.failing = true;
      expect(await pollFeed(ctx().app.db, 'bc', opts(10))).toBe('failed');
      expect(await fireSize(ctx())).toBe(10);
      // The public "as of" keeps the last success's date and says the feed is failing, though no
      // fire changed (the cached answer depends on the feeds' last run).
      expect(await freshness(ctx())).toEqual([{ ...before[0], feed_failing: true }]);
      const failed = (await api(ctx(), 'GET', '/v1/feeds')).json().items[0];
      expect(failed).toMatchObject({
        last_outcome: 'failed',
        last_error: 'HTTP 503 Service Unavailable',
        last_error_at: opts(10).now.toISOString(),
        last_success_at: opts(5).now.toISOString(),
        last_total_rows: 2,
        last_accepted: 1,
        last_rejected: 1,
      });
      site.failing = false;
      site.body = bcFile(25);
      site.etag = '"v2"';
      const run = await api(ctx(), 'POST', '/v1/feeds/bc/run');
      expect(run.json()).toMatchObject({
        outcome: 'imported',
        feed: { last_outcome: 'imported', last_error: 'HTTP 503 Service Unavailable' },
      });
      expect(await fireSize(ctx())).toBe(25);
      const imports = (await api(ctx(), 'GET', '/v1/fires/imports')).json();
      expect(imports.items[0]).toMatchObject({ source: 'feed', updated: 1 });
      // The feed is back: as of its latest import, no longer failing.
      expect(await freshness(ctx())).toEqual([
        { agency_code: 'bc', as_of: imports.items[0].created_at, feed_failing: false },
      ]);
    });

    it('stops reading a feed file at the import limit of 64 MB and keeps the last data', async () => {
      const size = await fireSize(ctx());
      site.endless = true;
      try {
        expect(await pollFeed(ctx().app.db, 'bc', opts(20))).toBe('failed');
      } finally {
        site.endless = false;
      }
      expect(await fireSize(ctx())).toBe(size);
      const failed = (await api(ctx(), 'GET', '/v1/feeds')).json().items[0];
      expect(failed).toMatchObject({
        last_outcome: 'failed',
        last_error: 'the file is larger than 67108864 bytes',
      });
    });

    it('lets one instance poll a feed at a time (a lease in the database)', async () => {
      const db = ctx().app.db;
      expect(await takeLease(db, 'bc', 'instance-a', opts(20).now)).toBe(true);
      expect(await takeLease(db, 'bc', 'instance-b', opts(21).now)).toBe(false);
      expect(await pollFeed(db, 'bc', { ...opts(21), owner: 'instance-b' })).toBe('leased');
      // An instance that died: its lease runs out and another takes the feed.
      expect(await pollFeed(db, 'bc', { ...opts(40), owner: 'instance-b' })).toBe('not_modified');
    });
  },
  { now: clockAt('2026-07-15') },
);
