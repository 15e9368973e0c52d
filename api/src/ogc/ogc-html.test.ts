import { beforeAll, describe, expect, it } from 'vitest';
import { forEachEngine, type TestContext } from '../../test/context.ts';
import { fire } from '../../test/fixtures.ts';
import { upsertFires } from '../fires/store.ts';

/** 3 fires (pages of 2 below); one id carries markup, as agency data might. */
const FIRES = [
  fire({ agency_fire_id: 'AB-001', situation_report_date: '2026-07-10' }),
  fire({ agency_fire_id: 'AB-002', situation_report_date: '2026-07-10' }),
  fire({ agency_fire_id: '<script>alert(1)</script>', situation_report_date: '2026-07-10' }),
];

/** What Firefox and Chrome send for a page. */
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

const get = (ctx: TestContext, url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

const PAGES = [
  '/v1/ogc',
  '/v1/ogc/collections',
  '/v1/ogc/collections/fires',
  '/v1/ogc/collections/perimeters',
  '/v1/ogc/collections/fires/items?limit=2',
  '/v1/ogc/collections/perimeters/items',
  '/v1/ogc/collections/fires/items/ab-AB-001',
  '/v1/ogc/conformance',
  '/v1/ogc/api',
  '/v1/ogc/collections/fires/queryables',
  '/v1/ogc/collections/perimeters/queryables',
];

forEachEngine('OGC API – Features as HTML pages', (ctx) => {
  beforeAll(async () => {
    await upsertFires(ctx().app.db.kysely, FIRES);
  });

  it('declares the HTML conformance class', async () => {
    const { conformsTo } = (await get(ctx(), '/v1/ogc/conformance')).json();
    expect(conformsTo).toContain('http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/html');
  });

  describe.each([
    ['en', 'en-CA,en;q=0.9', 'Open Government Licence – Canada', 'Links'],
    ['fr', 'fr-CA,fr;q=0.9,en;q=0.5', 'Licence du gouvernement ouvert – Canada', 'Liens'],
  ])('in %s', (lang, acceptLanguage, licence, linksHeading) => {
    it.each(PAGES)('answers %s as a page to a browser and with f=html', async (url) => {
      const browser = await get(ctx(), url, { accept: BROWSER, 'accept-language': acceptLanguage });
      expect(browser.statusCode).toBe(200);
      expect(browser.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
      expect(browser.headers.vary).toMatch(/Accept/);
      const html = browser.body;
      expect(html).toMatch(new RegExp(`^<!doctype html>\\n<html lang="${lang}">`));
      expect(html).toMatch(/<title>[^<]+<\/title>/);
      expect(html).toContain(`<h2>${linksHeading}</h2>`);
      expect(html).toContain(licence);
      const sep = url.includes('?') ? '&' : '?';
      const asked = await get(ctx(), `${url}${sep}f=html&lang=${lang}`);
      expect(asked.headers['content-type']).toMatch(/^text\/html/);
      expect(asked.body).toContain(`<html lang="${lang}">`);
    });
  });

  it('answers 404, not 400, for an unknown collection asked as HTML', async () => {
    for (const url of [
      '/v1/ogc/collections/other',
      '/v1/ogc/collections/other/items',
      '/v1/ogc/collections/other/items/x',
    ])
      expect((await get(ctx(), `${url}?f=html`)).statusCode, url).toBe(404);
  });

  it('shows the conformance classes, the queryables and the API definition as pages, JSON still by default', async () => {
    const conformance = (await get(ctx(), '/v1/ogc/conformance?f=html')).body;
    expect(conformance).toContain(
      '<a href="http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/html">http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/html</a>',
    );
    const queryables = (await get(ctx(), '/v1/ogc/collections/fires/queryables?f=html&lang=fr')).body;
    expect(queryables).toContain('<h1>Propriétés interrogeables : Feux de végétation</h1>');
    expect(queryables).toMatch(
      /<th scope="row">stage_of_control<\/th><td>[^<]+<\/td><td>string<\/td><td>OC, BH, UC, OUT<\/td>/,
    );
    const api = (await get(ctx(), '/v1/ogc/api', { accept: BROWSER })).body;
    expect(api).toContain('<th scope="row">GET /collections/fires/items</th>');
    const landing = (await get(ctx(), '/v1/ogc')).json();
    expect(landing.links).toContainEqual(expect.objectContaining({ rel: 'service-doc', type: 'text/html' }));
    for (const url of ['/v1/ogc/conformance', '/v1/ogc/collections/fires/queryables', '/v1/ogc/api'])
      expect((await get(ctx(), url)).headers['content-type'], url).toMatch(/json/);
  });

  it("lists the JSON document's links on the landing page, each page as HTML", async () => {
    const json = (await get(ctx(), '/v1/ogc')).json();
    const html = (await get(ctx(), '/v1/ogc?f=html')).body;
    for (const link of json.links as { href: string }[])
      expect(html).toContain(`href="${link.href.replaceAll('&', '&amp;')}"`);
    expect(html).toContain('href="http://localhost/v1/ogc/collections?f=html&amp;lang=en"');
    expect(json.links).toContainEqual(
      expect.objectContaining({
        rel: 'alternate',
        type: 'text/html',
        href: 'http://localhost:80/v1/ogc?f=html',
      }),
    );
  });

  it('shows the features in a table with next and prev pages', async () => {
    const first = (await get(ctx(), '/v1/ogc/collections/fires/items?limit=2&f=html')).body;
    expect(first).toContain('<th scope="col">stage_of_control</th>');
    expect(first).toContain('<td>AB-001</td>');
    expect(first).toContain('3 features match; 1 to 2 shown.');
    const next = /<a rel="next" href="([^"]+)"/.exec(first)?.[1]?.replaceAll('&amp;', '&');
    expect(next).toMatch(/offset=2/);
    expect(first).not.toContain('rel="prev"');
    const url = new URL(next ?? '');
    const second = (await get(ctx(), url.pathname + url.search)).body;
    expect(second).toMatch(/<a rel="prev" href="[^"]+f=html/);
    expect(second).not.toContain('rel="next"');
    const fr = (await get(ctx(), '/v1/ogc/collections/fires/items?limit=2&f=html&lang=fr')).body;
    expect(fr).toContain('3 entités correspondent');
    expect(fr).toContain('Page suivante');
  });

  it('escapes every value: a fire id with markup stays text', async () => {
    const id = encodeURIComponent('ab-<script>alert(1)</script>');
    for (const url of [
      '/v1/ogc/collections/fires/items?f=html',
      `/v1/ogc/collections/fires/items/${id}?f=html`,
    ]) {
      const res = await get(ctx(), url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('<script>');
      expect(res.body, url).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    }
  });

  it('answers JSON as before without Accept, to JSON clients and with f=json', async () => {
    for (const [url, headers] of [
      ['/v1/ogc', {}],
      ['/v1/ogc', { accept: 'application/json' }],
      ['/v1/ogc', { accept: '*/*' }],
      ['/v1/ogc?f=json', { accept: BROWSER }],
      ['/v1/ogc/collections', { accept: 'application/json' }],
      ['/v1/ogc/collections/fires?f=json', { accept: BROWSER }],
    ] as const) {
      const res = await get(ctx(), url, headers);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json().links[0].rel).toBe('self');
    }
    for (const [url, headers] of [
      ['/v1/ogc/collections/fires/items?limit=2', {}],
      ['/v1/ogc/collections/fires/items?limit=2', { accept: 'application/geo+json, application/json;q=0.9' }],
      ['/v1/ogc/collections/fires/items?limit=2&f=json', { accept: BROWSER }],
      ['/v1/ogc/collections/fires/items/ab-AB-001?f=json', { accept: BROWSER }],
    ] as const) {
      const res = await get(ctx(), url, headers);
      expect(res.headers['content-type'], url).toMatch(/^application\/geo\+json/);
      expect(res.headers.vary, url).toMatch(/Accept/);
      expect(res.json().type, url).toMatch(/^Feature/);
    }
  });

  it('keeps one ETag per representation: HTML and JSON of the same URL differ, 304 on each', async () => {
    const url = '/v1/ogc/collections/fires/items?limit=2';
    const json = await get(ctx(), url);
    const html = await get(ctx(), url, { accept: BROWSER });
    const fr = await get(ctx(), url, { accept: BROWSER, 'accept-language': 'fr' });
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.headers['cache-control']).toBe(json.headers['cache-control']);
    const tags = [json, html, fr].map((r) => r.headers.etag);
    expect(new Set(tags).size).toBe(3);
    const again = await get(ctx(), url, { accept: BROWSER, 'if-none-match': String(html.headers.etag) });
    expect(again.statusCode).toBe(304);
    // The cached HTML is never served to a JSON client.
    expect((await get(ctx(), url)).headers['content-type']).toMatch(/^application\/geo\+json/);
  });
});
