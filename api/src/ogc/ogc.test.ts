import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, expect, it, vi } from 'vitest';
import { expectCachedPublicGet } from '../../test/caching.ts';
import { forEachEngine, type TestContext } from '../../test/context.ts';
import { fire } from '../../test/fixtures.ts';
import { bumpDataVersion } from '../db/versions.ts';
import { upsertFires } from '../fires/store.ts';
import { readAheadRunning } from './read-ahead.ts';

const run = promisify(execFile);

/** 250 fires: 3 pages of 100; 5 in British Columbia, reported on 2026-07-01. */
const FIRES = [
  ...Array.from({ length: 245 }, (_, i) =>
    fire({ agency_fire_id: `AB-${String(i).padStart(3, '0')}`, situation_report_date: '2026-07-10' }),
  ),
  ...Array.from({ length: 5 }, (_, i) =>
    fire({
      agency_code: 'bc',
      agency_fire_id: `G${i}`,
      agency_data_timezone: 'America/Vancouver',
      situation_report_date: '2026-07-01',
      latitude: 50.67,
      longitude: -120.33,
      stage_of_control: 'BH',
      response_type: 'MOD',
    }),
  ),
];

const get = (ctx: TestContext, url: string) => ctx.app.inject({ method: 'GET', url });

forEachEngine('OGC API – Features at /v1/ogc', (ctx) => {
  beforeAll(async () => {
    await upsertFires(ctx().app.db.kysely, FIRES);
  });

  it('has a landing page, conformance and the fires collection, with absolute links', async () => {
    const landing = await get(ctx(), '/v1/ogc');
    expect(landing.statusCode).toBe(200);
    const rels = landing.json().links.map((l: { rel: string }) => l.rel);
    expect(rels).toEqual(expect.arrayContaining(['self', 'service-desc', 'conformance', 'data']));
    expect(landing.json().links[0].href).toBe('http://localhost:80/v1/ogc');
    const conformance = (await get(ctx(), '/v1/ogc/conformance')).json();
    expect(conformance.conformsTo).toContain('http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core');
    const collections = (await get(ctx(), '/v1/ogc/collections')).json();
    expect(collections.collections.map((c: { id: string }) => c.id)).toEqual(['fires', 'perimeters']);
    expect((await get(ctx(), '/v1/ogc/collections/other')).statusCode).toBe(404);
  });

  it('answers a thousand features a page by default, so GDAL and QGIS page by thousands', async () => {
    const all = (await get(ctx(), '/v1/ogc/collections/fires/items')).json();
    expect(all).toMatchObject({ numberMatched: 250, numberReturned: 250 });
    expect(all.links.some((l: { rel: string }) => l.rel === 'next')).toBe(false);
    const api = (await get(ctx(), '/v1/ogc/api')).json();
    const limit = api.paths['/collections/fires/items'].get.parameters.find(
      (p: { name: string }) => p.name === 'limit',
    );
    // Where GIS clients read their page size: the schema's default and maximum, not only prose.
    expect(limit.schema).toMatchObject({ type: 'integer', default: 1000, maximum: 10_000 });
    expect(limit.description).toMatch(/default 1000, at most 10000/);
  });

  it('asks for a thousand in a next link after a small first page, as GDAL 3.6 asks for 10', async () => {
    const first = (await get(ctx(), '/v1/ogc/collections/fires/items?limit=10')).json();
    expect(first.numberReturned).toBe(10);
    const next = new URL(first.links.find((l: { rel: string }) => l.rel === 'next').href);
    expect(next.searchParams.get('limit')).toBe('1000');
    expect(next.searchParams.get('offset')).toBe('10');
    const rest = (await get(ctx(), next.pathname + next.search)).json();
    expect(rest.numberReturned).toBe(240);
    expect(rest.features[0].id).toBe('ab-AB-010');
    // A person paging the HTML table keeps the size asked.
    const html = (await get(ctx(), '/v1/ogc/collections/fires/items?limit=10&f=html')).body;
    expect(/<a rel="next" href="([^"]+)"/.exec(html)?.[1]).toMatch(/limit=10&amp;offset=10/);
  });

  it('pages the items with next and prev links and stable ids', async () => {
    const first = await get(ctx(), '/v1/ogc/collections/fires/items?limit=100');
    expect(first.headers['content-type']).toMatch(/^application\/geo\+json/);
    const page1 = first.json();
    expect(page1).toMatchObject({ type: 'FeatureCollection', numberMatched: 250, numberReturned: 100 });
    expect(page1.features[0]).toMatchObject({
      type: 'Feature',
      id: 'ab-AB-000',
      geometry: { type: 'Point', coordinates: [-115.2, 55.1] },
      properties: {
        agency_code: 'ab',
        agency_fire_id: 'AB-000',
        stage_of_control: 'OC',
        response_type: 'FUL',
      },
    });
    const next = page1.links.find((l: { rel: string }) => l.rel === 'next').href as string;
    expect(page1.links.some((l: { rel: string }) => l.rel === 'prev')).toBe(false);
    const page2 = (await get(ctx(), new URL(next).pathname + new URL(next).search)).json();
    expect(page2.features[0].id).toBe('ab-AB-100');
    const asked = (await get(ctx(), '/v1/ogc/collections/fires/items?limit=100&offset=100')).json();
    expect(asked.links.find((l: { rel: string }) => l.rel === 'prev').href).toMatch(/limit=100$/);
    const last = (await get(ctx(), '/v1/ogc/collections/fires/items?limit=100&offset=200')).json();
    expect(last.numberReturned).toBe(50);
    expect(last.links.some((l: { rel: string }) => l.rel === 'next')).toBe(false);
    const again = (await get(ctx(), '/v1/ogc/collections/fires/items?limit=100')).json();
    expect(again.features.map((f: { id: string }) => f.id)).toEqual(
      page1.features.map((f: { id: string }) => f.id),
    );
    const one = await get(ctx(), '/v1/ogc/collections/fires/items/bc-G3');
    expect(one.json()).toMatchObject({ id: 'bc-G3', properties: { agency_fire_id: 'G3' } });
    expect((await get(ctx(), '/v1/ogc/collections/fires/items/bc-NONE')).statusCode).toBe(404);
  });

  it('filters by bbox and datetime and refuses bad ones with 400', async () => {
    const inBc = (await get(ctx(), '/v1/ogc/collections/fires/items?bbox=-121,50,-120,51')).json();
    expect(inBc.numberMatched).toBe(5);
    const day = (await get(ctx(), '/v1/ogc/collections/fires/items?datetime=2026-07-01T00:00:00Z')).json();
    expect(day.numberMatched).toBe(5);
    const open = (await get(ctx(), '/v1/ogc/collections/fires/items?datetime=2026-07-05/..')).json();
    expect(open.numberMatched).toBe(245);
    const both = (
      await get(ctx(), '/v1/ogc/collections/fires/items?datetime=../2026-07-05&bbox=-116,55,-115,56')
    ).json();
    expect(both.numberMatched).toBe(0);
    for (const bad of ['bbox=1,2,3', 'bbox=a,b,c,d', 'datetime=yesterday', 'limit=0', 'limit=10001']) {
      const res = await get(ctx(), `/v1/ogc/collections/fires/items?${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it.each([
    '/v1/ogc/collections/fires/items?limit=5',
    '/v1/ogc/collections/fires/items?bbox=-125,48,-110,60&limit=50',
  ])('caches %s like every public read: ETag, max-age, 304 on a match', async (url) => {
    await expectCachedPublicGet(ctx().app, url);
  });

  it('reads the next page ahead while a client reads this one, so the client finds it built', async () => {
    const cache = ctx().app.responseCache;
    // An earlier test's read-ahead may still be building its page: one runs at a time.
    await vi.waitFor(() => expect(readAheadRunning(ctx().app)).toBe(false), {
      timeout: 10_000,
      interval: 10,
    });
    const url = '/v1/ogc/collections/fires/items?limit=60&filter=agency_code%3D%27ab%27';
    const first = await get(ctx(), url);
    // Built in the background: the next page becomes a hit without the client asking for it first.
    const next = new URL(first.json().links.find((l: { rel: string }) => l.rel === 'next').href);
    const built = cache.misses;
    // Counted as a miss when it starts, built when the read-ahead has its answer.
    await vi.waitFor(
      () => {
        expect(cache.misses).toBe(built + 1);
        expect(readAheadRunning(ctx().app)).toBe(false);
      },
      { timeout: 5_000, interval: 10 },
    );
    const hits = cache.hits;
    const second = await get(ctx(), `${next.pathname}${next.search}`);
    expect(second.statusCode).toBe(200);
    expect(cache.hits).toBe(hits + 1);
    expect(cache.misses).toBe(built + 1);
  });

  it('gives one fire an ETag too, and a new one once the fire changes', async () => {
    const items = (await get(ctx(), '/v1/ogc/collections/fires/items?limit=1')).json();
    const url = `/v1/ogc/collections/fires/items/${items.features[0].id}`;
    const first = await get(ctx(), url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/geo\+json/);
    expect(first.headers.etag).toMatch(/^"/);
    await bumpDataVersion(ctx().app.db.kysely, 'fires');
    expect((await get(ctx(), url)).headers.etag).not.toBe(first.headers.etag);
    expect((await get(ctx(), '/v1/ogc/collections/fires/items/zz-none')).headers.etag).toBeUndefined();
  });

  it('is read by GDAL: ogrinfo OAPIF lists the fires', async () => {
    const app = ctx().app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const { stdout } = await run(
      'ogrinfo',
      ['-ro', '-so', `OAPIF:http://127.0.0.1:${port}/v1/ogc`, 'fires'],
      { timeout: 30_000 },
    );
    expect(stdout).toMatch(/Layer name: fires/);
    expect(stdout).toMatch(/Feature Count: 250/);
    expect(stdout).toMatch(/stage_of_control: String/);
    const { stdout: features } = await run(
      'ogrinfo',
      ['-ro', '-q', `OAPIF:http://127.0.0.1:${port}/v1/ogc`, 'fires', '-where', "agency_fire_id = 'G3'"],
      { timeout: 30_000 },
    );
    expect(features).toMatch(/agency_code \(String\) = bc/);
    expect(features).toMatch(/POINT \(-120\.33 50\.67\)/);
  }, 60_000);
});
