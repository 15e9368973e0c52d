import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { forEachEngine } from '../../test/context.ts';
import { QUERY_RULES_FILE, queryRulesText } from '../plugins/query-rules-cli.ts';

/**
 * Unknown or repeated query parameters are refused (400 naming them), on every public read: a junk
 * parameter must not make a cache miss that reaches the database, nor a misspelt filter pass.
 */
forEachEngine('query parameters a route does not take', (ctx) => {
  const get = (url: string) => ctx().app.inject({ method: 'GET', url });

  it.each([
    ['/v1/wildfires?page=1&x=RANDOM', 'x'],
    ['/v1/wildfires?agnecy=bc', 'agnecy'],
    ['/v1/summary?_=1700000000', '_'],
    ['/v1/dashboard/fires?map=true&cachebust=2', 'cachebust'],
    ['/v1/ogc/collections/fires/items?limit=10&foo=bar', 'foo'],
    ['/v1/health?verbose=1', 'verbose'],
  ])('GET %s answers 400 naming %s, with the parameters the address takes', async (url, name) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ code: 'query.unknown_parameter' });
    expect(Object.keys(body.validationErrors)).toEqual([name]);
    expect(res.headers['cache-control'] ?? '').not.toMatch(/public/);
  });

  it('refuses a parameter given twice, and answers the declared ones as before', async () => {
    const twice = await get('/v1/wildfires?page=1&page=2');
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ code: 'query.repeated_parameter', params: { names: 'page' } });
    expect(Object.keys(twice.json().validationErrors)).toEqual(['page']);
    expect(
      (await get('/v1/wildfires?page=1&agency=bc&stage=OC&response=FUL&sort=-field_fire_size&q=G&season=all'))
        .statusCode,
    ).toBe(200);
    expect((await get('/v1/summary')).statusCode).toBe(200);
  });
});

describe('the public reads nginx checks itself (deploy/nginx/query-params.json)', () => {
  it('lists every public GET under /v1 with the parameters its schema takes, as the routes do now', async () => {
    const written = readFileSync(QUERY_RULES_FILE, 'utf8');
    // When this fails after a route's parameters changed: `npm run query-rules -w api`.
    expect(written).toBe(await queryRulesText());
    const rules = JSON.parse(written) as { path: string; params: string[] }[];
    expect(rules.find((rule) => rule.path === '/v1/wildfires')?.params).toContain('agency');
    expect(rules.some((rule) => rule.path === '/v1/me')).toBe(false); // signed in: never cached
  });
});
