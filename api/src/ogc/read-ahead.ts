/**
 * Read-ahead for clients that page through a whole layer (GDAL, QGIS, OWSLib follow `next` links
 * one after the other): when a page is answered, the page its `next` link names is built into the
 * response cache in the background, while the client reads the page it has. A cold layer then costs
 * about one page's build instead of one per page (docs/decisions.md, "Read-ahead of the next page").
 *
 * Bounded: one read-ahead at a time per instance, never started by a read-ahead itself, and only a
 * page a client's own request leads to (its `next`, remembered for the pages read ahead).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Marks the API's own request for a page read ahead (not a client's: logs and counts tell them apart). */
export const READ_AHEAD_HEADER = 'x-ciffc-read-ahead';
const MAX_FOLLOWERS = 200;

interface ReadAheadState {
  /** Pages answered → the page their `next` link names, so a hit on one reads the one after. */
  followers: Map<string, string>;
  running: boolean;
}
// Kept per response cache: one per API instance, the same object from every plugin's view of the
// instance (an encapsulated plugin's `app` is another object).
const states = new WeakMap<object, ReadAheadState>();
const stateOf = (app: FastifyInstance): ReadAheadState => {
  let state = states.get(app.responseCache);
  if (!state) {
    state = { followers: new Map(), running: false };
    states.set(app.responseCache, state);
  }
  return state;
};

/** Whether a read-ahead is under way on this instance (for tests that count the cache's builds). */
export const readAheadRunning = (app: FastifyInstance): boolean => stateOf(app).running;

const pathOf = (href: string) => {
  const url = new URL(href);
  return `${url.pathname}${url.search}`;
};

/** The headers that decide a cached page's key and coding: the same for the page read ahead. */
const KEPT_HEADERS = ['host', 'x-forwarded-proto', 'x-forwarded-host', 'accept', 'accept-encoding'] as const;

/**
 * After answering `request`: remembers the page `nextHref` names (when the page was built now) and
 * reads ahead the page that follows it, unless this request is itself a read-ahead.
 */
export function readAhead(app: FastifyInstance, request: FastifyRequest, nextHref: string | undefined): void {
  const state = stateOf(app);
  const { followers } = state;
  if (nextHref) {
    if (followers.size >= MAX_FOLLOWERS) followers.delete(followers.keys().next().value as string);
    followers.set(request.url, pathOf(nextHref));
  }
  if (request.headers[READ_AHEAD_HEADER] || state.running) return;
  const next = nextHref ? pathOf(nextHref) : followers.get(request.url);
  if (!next) return;
  const headers: Record<string, string> = { [READ_AHEAD_HEADER]: '1' };
  for (const name of KEPT_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  state.running = true;
  setImmediate(() => {
    app
      .inject({ method: 'GET', url: next, headers })
      .catch((error: unknown) => app.log.warn({ err: error }, 'OGC read-ahead failed'))
      .finally(() => {
        state.running = false;
      });
  });
}
