/**
 * docs/api.md is the overview of the routes; the OpenAPI document generated from the route
 * schemas is the truth. These tests keep the two naming the same routes, and the error bodies the
 * overview shows in the shape the handler sends.
 */
import { readFileSync } from 'node:fs';
import { ApiErrorBody } from '@ciffc/contracts';
import { describe, expect, it } from 'vitest';
import { forEachEngine } from '../test/context.ts';

const API_MD = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

/** `GET /v1/fires/{}/{}/versions`: a path parameter's name does not matter, only where it is. */
function routeKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(/\{[^}]*\}/g, '{}')}`;
}

/** Every route the page names in code spans: `GET /v1/sitrep?date=…` is `GET /v1/sitrep`. */
function routesNamed(markdown: string): Set<string> {
  const named = new Set<string>();
  for (const match of markdown.matchAll(
    /`((?:GET|POST|PUT|DELETE|PATCH)(?:,(?:GET|POST|PUT|DELETE|PATCH))*) (\/v1\/[^`?\s]*)/g,
  )) {
    const [, methods = '', path = ''] = match;
    for (const method of methods.split(',')) named.add(routeKey(method, path));
  }
  return named;
}

function routesOf(doc: { paths: Record<string, Record<string, unknown>> }): Set<string> {
  const routes = new Set<string>();
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const method of Object.keys(operations)) {
      if (METHODS.includes(method.toUpperCase() as (typeof METHODS)[number]))
        routes.add(routeKey(method, path));
    }
  }
  return routes;
}

/** The JSON examples of the page's Errors paragraph, in order. */
function errorExamples(markdown: string): Record<string, unknown>[] {
  const errors = markdown.slice(markdown.indexOf('- **Errors**'), markdown.indexOf('- **Text**'));
  return [...errors.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1] ?? ''));
}

describe('reading docs/api.md', () => {
  it('reads every method of a route named as `GET,POST /v1/…` and drops the query', () => {
    expect([...routesNamed('`GET,POST /v1/a/{id}?x=1` and `DELETE /v1/b`')]).toEqual([
      'GET /v1/a/{}',
      'POST /v1/a/{}',
      'DELETE /v1/b',
    ]);
  });
});

forEachEngine('docs/api.md against the OpenAPI document', (ctx) => {
  it('names every route of the OpenAPI document, and only routes the API serves', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/v1/openapi.json' });
    const documented = routesOf(res.json());
    const named = routesNamed(API_MD);
    const missing = [...documented].filter((route) => !named.has(route));
    // A hidden route (the OpenAPI document itself) is not in the document but is served.
    const unknown = [...named].filter((route) => {
      if (documented.has(route)) return false;
      const [method = '', url = ''] = route.split(' ');
      return !ctx().app.hasRoute({
        method: method as (typeof METHODS)[number],
        url: url.replaceAll('{}', ':p'),
      });
    });
    expect({ missing, unknown }).toEqual({ missing: [], unknown: [] });
  });

  it('shows the error bodies in the shape the handler sends them', async () => {
    const [refusal = {}, failure] = errorExamples(API_MD);
    expect(ApiErrorBody.safeParse(refusal).success).toBe(true);
    expect(ApiErrorBody.strict().parse(failure)).toHaveProperty('requestId');
    const res = await ctx().app.inject({ method: 'GET', url: '/v1/agency?agnecy=bc' });
    const sent = res.json() as Record<string, unknown>;
    expect(sent).toHaveProperty('code', 'query.unknown_parameter');
    // Every field of a real refusal appears in the example, in the order it is sent.
    const exampleKeys = Object.keys(refusal).filter((key) => key in sent);
    expect(exampleKeys).toEqual(Object.keys(sent));
  });
});
