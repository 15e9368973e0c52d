import { FEATURE_ALIASES } from '@ciffc/contracts';
import { vi } from 'vitest';
import canadaUrl from '../shared/map/canada.topo.json?url';

/**
 * The web project's tests run without servers: `fetch` answers from handlers keyed by pathname
 * (the real back ends are exercised by the API tests and the Playwright suite).
 */
export type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A promise that never settles: "still loading". */
export const pending = () => new Promise<Response>(() => {});

export function aliasesResponse(aliases: readonly string[]) {
  return json({ data: aliases.map((Alias, i) => ({ id: i + 1, Alias })), meta: {} });
}

const emptyLayer = { type: 'GeometryCollection', geometries: [] };

/**
 * The calls of the agency overview, answered empty unless a test gives its own handler: many
 * access tests end on /agency (a redirect's target), and without these the overview logged a
 * 404 for each ("[overview] ... failed") into the test output.
 */
const OVERVIEW_DEFAULTS: Record<string, Handler> = {
  '/v1/wildfire/stats': () => json({ date: '2025-07-01', items: [] }),
  '/v1/sitrep/stats/agency': () => json({ items: [] }),
  '/v1/sitrep/stats/national': () =>
    json({
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
    json({
      type: 'Topology',
      objects: { provinces: emptyLayer, lakes: emptyLayer, neighbours: emptyLayer },
      arcs: [],
    }),
};

export function installFetch(handlers: Record<string, Handler>) {
  const calls: { url: URL; init: RequestInit | undefined }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push({ url, init });
    const isAliasList =
      url.pathname === '/api/static-contents' && url.searchParams.get('fields[0]') === 'Alias';
    const handler =
      (isAliasList ? handlers.aliases : undefined) ??
      handlers[url.pathname] ??
      OVERVIEW_DEFAULTS[url.pathname] ??
      (isAliasList ? () => aliasesResponse(FEATURE_ALIASES) : undefined) ??
      (url.pathname.startsWith('/api/') ? () => json({ data: [], meta: {} }) : undefined);
    if (!handler) return json({ message: `No handler for ${url.pathname}` }, 404);
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}
