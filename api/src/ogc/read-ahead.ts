/**
 * Read-ahead for clients that page through a whole layer (GDAL, QGIS, OWSLib follow `next` links
 * one after the other): when a page is answered, the page its `next` link names and the one after
 * it are built into the response cache in the background, while the client reads the page it has.
 * Two pages, not one: GDAL asks for the next page as soon as it has parsed this one, about as long
 * as a cold page takes to build, so a read-ahead started only then was still building when asked
 * (docs/decisions.md, "Read-ahead of the next page").
 *
 * Bounded: one read-ahead at a time per instance, at most `PAGES_AHEAD` pages past a client's own
 * request, never started by a read-ahead itself, and only pages a client's own request leads to
 * (its `next`, remembered for the pages read ahead).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Marks the API's own request for a page read ahead (not a client's: logs and counts tell them apart). */
export const READ_AHEAD_HEADER = 'x-ciffc-read-ahead';
const MAX_FOLLOWERS = 200;
/** Pages built ahead of the page a client asked for. */
export const PAGES_AHEAD = 2;

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
  setImmediate(async () => {
    try {
      // Each page read ahead names its own next page in `followers` as it is built (or had it from
      // its first build, when it was cached already).
      let url: string | undefined = next;
      for (let page = 0; url && page < PAGES_AHEAD; page++) {
        const answer = await app.inject({ method: 'GET', url, headers });
        if (answer.statusCode !== 200) break;
        url = followers.get(url);
      }
    } catch (error: unknown) {
      app.log.warn({ err: error }, 'OGC read-ahead failed');
    } finally {
      state.running = false;
    }
  });
}
