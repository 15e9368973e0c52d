import { FEATURE_ALIASES } from '@ciffc/contracts';
import canadaUrl from '@ciffc/contracts/canada.topo.json?url';
import { vi } from 'vitest';
import type { ApiResponsePatterns, ApiResponses, CmsList } from './api-responses.ts';

/**
 * The web project's tests run without servers: `fetch` answers from handlers keyed by pathname
 * (the real back ends are exercised by the API tests and the Playwright suite).
 *
 * A handler's answer carries the type of its body, and each path's handler must answer its contract
 * type (./api-responses.ts): `installFetch({ '/v1/wildfires': () => json({ ... }) })` fails to
 * compile when the body is not a `WildfiresResponse`.
 */
declare const body: unique symbol;
/** A response whose JSON body is a `T`; an error answer (`json(x, 4xx)`) is a `Typed<never>`, fit for any path. */
export type Typed<T> = Response & { readonly [body]: T };

export type RouteHandler<T> = (url: URL, init: RequestInit | undefined) => Typed<T> | Promise<Typed<T>>;
/** A handler whose body is not checked (a path answering text, or one built by a test helper). */
export type Handler = RouteHandler<unknown>;

/** Every handler `installFetch` takes, each checked against its path's contract type. */
export type Routes = { [P in keyof ApiResponses]?: RouteHandler<ApiResponses[P]> } & {
  [P in keyof ApiResponsePatterns]?: RouteHandler<ApiResponsePatterns[P]>;
};

/** The statuses of a refusal or failure: their bodies are the error shape, not the path's. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 500 | 502 | 503 | 504;

export function json(errorBody: unknown, status: ErrorStatus): Typed<never>;
/** The body's type comes from the path the handler answers (NoInfer: never from the body itself). */
export function json<T>(body: NoInfer<T>, status?: 200 | 201 | 202): Typed<T>;
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A body that is not JSON (a CSV, an Atom feed, an empty answer): unchecked. */
export const text = (body: string | null, init?: ResponseInit) => new Response(body, init) as Typed<never>;

/**
 * A JSON body that breaks its path's contract on purpose (a 200 without a token, a proxy's page):
 * the one way to answer a path with a shape the contract refuses.
 */
export const offContract = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  }) as Typed<never>;

/** A promise that never settles: "still loading". */
export const pending = () => new Promise<Typed<never>>(() => {});

export function aliasesResponse(aliases: readonly string[]) {
  return json<CmsList>({ data: aliases.map((Alias, i) => ({ id: i + 1, Alias })), meta: {} });
}

const emptyLayer = { type: 'GeometryCollection', geometries: [] };

/**
 * The calls of the agency overview, answered empty unless a test gives its own handler: many
 * access tests end on /agency (a redirect's target), and without these the overview logged a
 * 404 for each ("[overview] ... failed") into the test output.
 */
const OVERVIEW_DEFAULTS: Record<string, Handler> = {
  '/v1/wildfire/stats': () => json<ApiResponses['/v1/wildfire/stats']>({ date: '2025-07-01', items: [] }),
  '/v1/sitrep/stats/agency': () => json<ApiResponses['/v1/sitrep/stats/agency']>({ items: [] }),
  '/v1/sitrep/stats/national': () =>
    json<ApiResponses['/v1/sitrep/stats/national']>({
      version: 0,
      version_number: 0,
      claimed_by: null,
      claimed_by_name: null,
      is_published: false,
      published_version: null,
      status: 'UNPUBLISHED',
      last_edit: null,
      field_date: null,
    }),
  [new URL(canadaUrl, 'http://localhost').pathname]: () =>
    json<ApiResponsePatterns['/canada.topo.json']>({
      type: 'Topology',
      objects: { provinces: emptyLayer, lakes: emptyLayer, neighbours: emptyLayer },
      arcs: [],
    }),
};

export function installFetch(routes: Routes) {
  const handlers = routes as Record<string, Handler | undefined>;
  const calls: { url: URL; init: RequestInit | undefined }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    calls.push({ url, init });
    const isAliasList =
      url.pathname === '/api/static-contents' && url.searchParams.get('fields[0]') === 'Alias';
    const handler =
      (isAliasList ? handlers.aliases : undefined) ??
      handlers[url.pathname] ??
      OVERVIEW_DEFAULTS[url.pathname] ??
      (isAliasList ? () => aliasesResponse(FEATURE_ALIASES) : undefined) ??
      (url.pathname.startsWith('/api/') ? () => json<CmsList>({ data: [], meta: {} }) : undefined);
    if (!handler) return json({ message: `No handler for ${url.pathname}` }, 404);
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}
