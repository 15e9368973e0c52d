import { expect, it } from 'vitest';
import { bearer, forEachEngine, tokenFor } from '../../test/context.ts';

/** Public reads are open to other sites' maps; signed-in routes stay closed to other origins. */
forEachEngine('open data to web maps (CORS)', (ctx) => {
  const origin = { origin: 'https://maps.example.org' };

  it.each([
    '/v1/wildfires?page=1',
    '/v1/dashboard/fires?map=true',
    '/v1/summary',
    '/v1/ogc/collections/fires/items?limit=10',
    '/v1/ogc',
    '/v1/health',
  ])('GET %s from another origin answers Access-Control-Allow-Origin: *, ETag readable', async (url) => {
    const res = await ctx().app.inject({ method: 'GET', url, headers: origin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(String(res.headers['access-control-expose-headers'])).toMatch(/ETag/);
  });

  it('answers a preflight for GET without allowing a token; signed-in routes carry no CORS header', async () => {
    const preflight = await ctx().app.inject({
      method: 'OPTIONS',
      url: '/v1/ogc/collections/fires/items?limit=10&bbox=-120,49,-110,60',
      headers: {
        ...origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'if-none-match',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, HEAD');
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).not.toMatch(
      /authorization/,
    );
    const signedIn = await ctx().app.inject({
      method: 'GET',
      url: '/v1/sitrep/agency?agency=ab',
      headers: { ...origin, ...bearer(await tokenFor(ctx(), 'ab')) },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['access-control-allow-origin']).toBeUndefined();
  });
});
