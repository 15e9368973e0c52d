import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, forEachEngine, type TestContext, tokenFor } from '../../test/context.ts';
import { pollDueFeeds } from '../feeds/service.ts';

/** BC's perimeters layer as its GeoJSON export serves it, one polygon per fire. */
const bcPerimeters = (size: number) =>
  JSON.stringify({
    type: 'FeatureCollection',
    features: ['K60001', 'K60002'].map((id, i) => ({
      type: 'Feature',
      properties: { FIRE_NUMBER: id, FIRE_YEAR: 2026, TRACK_DATE: '2026-07-14', FIRE_SIZE_HECTARES: 40 },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-121 + i, 51],
            [-121 + i + size, 51],
            [-121 + i + size, 51 + size],
            [-121 + i, 51 + size],
            [-121 + i, 51],
          ],
        ],
      },
    })),
  });

/** BC's web server: its file, its ETag, and the requests it saw. */
const site = { body: bcPerimeters(0.01), etag: '"p1"', requests: [] as (string | undefined)[] };
let server: Server;
let feedUrl = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    const ifNoneMatch = request.headers['if-none-match'];
    site.requests.push(ifNoneMatch);
    if (ifNoneMatch === site.etag) {
      response.writeHead(304).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/geo+json', etag: site.etag }).end(site.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/bc-perimeters.geojson`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const NOW = new Date('2026-07-15T17:00:00Z');
const at = (minutes: number) => ({ now: new Date(NOW.getTime() + minutes * 60_000), today: '2026-07-15' });

const feedCaptures = (ctx: TestContext) =>
  ctx.app.db.kysely
    .selectFrom('perimeters')
    .select(['agency_fire_id', 'area_ha', 'source', 'is_current'])
    .where('source', '=', 'feed')
    .orderBy('id')
    .execute();

forEachEngine(
  'scheduled perimeter feed',
  (ctx) => {
    it('fetches a GeoJSON URL on its schedule and imports it as the import route would, asking with its ETag', async () => {
      Object.assign(site, { body: bcPerimeters(0.01), etag: '"p1"', requests: [] });
      const headers = bearer(await tokenFor(ctx(), 'ciffc'));
      const refused = await ctx().app.inject({
        method: 'PUT',
        url: '/v1/perimeters/feeds/bc',
        headers: bearer(await tokenFor(ctx(), 'bc')),
        payload: { url: feedUrl, interval_minutes: 10 },
      });
      expect(refused.statusCode).toBe(403);
      const bad = await ctx().app.inject({
        method: 'PUT',
        url: '/v1/perimeters/feeds/bc',
        headers,
        payload: { url: 'file:///etc/passwd', interval_minutes: 10 },
      });
      expect(bad.statusCode).toBe(400);
      const put = await ctx().app.inject({
        method: 'PUT',
        url: '/v1/perimeters/feeds/bc',
        headers,
        payload: { url: feedUrl, interval_minutes: 10 },
      });
      expect(put.statusCode).toBe(200);

      // Due at once; the fires' feeds are another kind and stay empty.
      expect(await pollDueFeeds(ctx().app.db, at(0))).toEqual({ 'bc/perimeters': 'imported' });
      expect((await feedCaptures(ctx())).map((c) => [c.agency_fire_id, c.is_current])).toEqual([
        ['K60001', 1],
        ['K60002', 1],
      ]);
      const history = await ctx().app.inject({ method: 'GET', url: '/v1/perimeters/imports', headers });
      expect(history.json().items[0]).toMatchObject({
        source: 'feed',
        file_name: 'bc-perimeters.geojson',
        inserted: 2,
      });

      // Not due before its interval; then asked with the ETag, and nothing changed.
      expect(await pollDueFeeds(ctx().app.db, at(5))).toEqual({});
      expect(await pollDueFeeds(ctx().app.db, at(10))).toEqual({ 'bc/perimeters': 'not_modified' });
      expect(site.requests.at(-1)).toBe('"p1"');

      // A new file: the same captures redrawn, replaced in place.
      site.body = bcPerimeters(0.02);
      site.etag = '"p2"';
      const run = await ctx().app.inject({ method: 'POST', url: '/v1/perimeters/feeds/bc/run', headers });
      expect(run.json()).toMatchObject({
        outcome: 'imported',
        feed: { agency_code: 'bc', last_outcome: 'imported', last_total_rows: 2, last_accepted: 2 },
      });
      const captures = await feedCaptures(ctx());
      expect(captures).toHaveLength(2);
      expect(captures[0]?.area_ha).toBeGreaterThan(300);
      const list = await ctx().app.inject({ method: 'GET', url: '/v1/perimeters/feeds', headers });
      expect(list.json().items.map((f: { agency_code: string }) => f.agency_code)).toEqual(['bc']);
      expect((await ctx().app.inject({ method: 'GET', url: '/v1/feeds', headers })).json().items).toEqual([]);
    });
  },
  { now: () => NOW },
);
