import { beforeAll, expect, it } from 'vitest';
import { forEachEngine, type TestContext } from '../../test/context.ts';
import { fire } from '../../test/fixtures.ts';
import { upsertFires } from '../fires/store.ts';

interface Link {
  href: string;
  rel: string;
  type: string;
}

/** Follows a link as a client does: its href, nothing the client was not told. */
async function follow(ctx: TestContext, links: Link[], rel: string, extra = '') {
  const link = links.find((l) => l.rel === rel);
  expect(link, `a ${rel} link`).toBeDefined();
  const url = new URL((link as Link).href);
  const res = await ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}${extra}` });
  expect(res.statusCode, `${rel}: ${res.body}`).toBe(200);
  return { res, body: res.json(), link: link as Link };
}

const FIRES = [
  fire({ agency_fire_id: 'A1', stage_of_control: 'OC', fire_size: 500 }),
  fire({ agency_fire_id: 'A2', stage_of_control: 'UC', fire_size: 5 }),
  fire({
    agency_code: 'bc',
    agency_fire_id: 'B1',
    latitude: 50.67,
    longitude: -120.33,
    stage_of_control: 'OC',
    fire_size: 50,
  }),
];

forEachEngine('OGC API – Features walked from the landing page', (ctx) => {
  beforeAll(async () => {
    await upsertFires(ctx().app.db.kysely, FIRES);
  });

  it('leads from the landing page to conformance, collections, queryables and filtered items', async () => {
    const landing = (await ctx().app.inject({ method: 'GET', url: '/v1/ogc' })).json();
    expect(landing.links.find((l: Link) => l.rel === 'license').href).toMatch(
      /open-government-licence-canada/,
    );

    const api = await follow(ctx(), landing.links, 'service-desc');
    expect(api.link.type).toBe('application/vnd.oai.openapi+json;version=3.1');
    expect(api.body.openapi).toMatch(/^3\.1\./);
    expect(api.body.servers[0].url).toBe('http://localhost:80/v1/ogc');
    expect(Object.keys(api.body.paths)).toEqual(
      expect.arrayContaining(['/conformance', '/collections/fires/items']),
    );
    const asked = await ctx().app.inject({
      method: 'GET',
      url: '/v1/ogc/api',
      headers: { accept: 'application/vnd.oai.openapi+json;version=3.1' },
    });
    expect(asked.headers['content-type']).toMatch(/^application\/vnd\.oai\.openapi\+json;version=3\.1/);

    const conformance = (await follow(ctx(), landing.links, 'conformance')).body.conformsTo as string[];
    for (const cls of [
      'ogcapi-features-1/1.0/conf/core',
      'ogcapi-features-1/1.0/conf/geojson',
      'ogcapi-features-2/1.0/conf/crs',
      'ogcapi-features-3/1.0/conf/queryables',
      'ogcapi-features-3/1.0/conf/queryables-query-parameters',
      'ogcapi-features-3/1.0/conf/filter',
      'ogcapi-features-3/1.0/conf/features-filter',
      'cql2/1.0/conf/cql2-text',
      'cql2/1.0/conf/basic-cql2',
      'cql2/1.0/conf/basic-spatial-functions',
    ])
      expect(conformance).toContain(`http://www.opengis.net/spec/${cls}`);

    const collections = (await follow(ctx(), landing.links, 'data')).body;
    const fires = collections.collections.find((c: { id: string }) => c.id === 'fires');
    expect(fires.storageCrs).toBe('http://www.opengis.net/def/crs/OGC/1.3/CRS84');
    const collection = (await follow(ctx(), fires.links, 'self')).body;

    const queryables = (
      await follow(ctx(), collection.links, 'http://www.opengis.net/def/rel/ogc/1.0/queryables')
    ).body;
    const names = Object.keys(queryables.properties);
    expect(names).toEqual(expect.arrayContaining(['stage_of_control', 'fire_size']));

    // A client builds its filter from the queryables it was given, and asks in the CRS listed.
    const lambert = fires.crs.find((c: string) => c.endsWith('/3978'));
    const filter = encodeURIComponent("stage_of_control = 'OC' AND fire_size > 100");
    const items = await follow(
      ctx(),
      collection.links,
      'items',
      `?filter=${filter}&crs=${encodeURIComponent(lambert)}`,
    );
    expect(items.res.headers['content-crs']).toBe(`<${lambert}>`);
    expect(items.body.features.map((f: { id: string }) => f.id)).toEqual(['ab-A1']);
    const byParam = await follow(ctx(), collection.links, 'items', '?stage_of_control=OC&agency_code=bc');
    expect(byParam.body.features.map((f: { id: string }) => f.id)).toEqual(['bc-B1']);
  });
});
