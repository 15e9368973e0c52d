import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { ResponseCache } from './cache.ts';
import { type Coding, codingFor } from './cache.ts';

/**
 * Routes whose cached answer depends on nothing but the URL, the headers it names in Vary, the
 * identity (none on this path) and what the data token covers (`dataToken` in query.ts: every
 * `data_versions` row, the national publications, "today"): their versions come from `readVersion`,
 * `dataVersion(…, 'agencies')` or `publicationsVersion`. A route reading another version source
 * must not be listed here, or this path would serve its answer after that source changed.
 */
const FAST_ROUTES = new Set([
  '/v1/wildfires',
  '/v1/wildfire/stats',
  '/v1/summary',
  '/v1/fire-count',
  '/v1/sitrep',
  '/v1/sitrep/latest',
  '/v1/sitrep/archive',
  '/v1/agency',
]);

/** Request headers an answer of these routes may vary by: part of the key, or absent here. */
const KEYED_VARY = new Set(['accept-encoding', 'accept-language', 'authorization']);

/** The data token read when the request arrived, before Fastify routed it (see `serve`). */
const TOKEN = Symbol('ciffc.dataToken');
type Stamped = IncomingMessage & { [TOKEN]?: string };

/** What `sendCached` marks on a reply that may enter the fast path once its headers are final. */
const PENDING = Symbol('ciffc.fastPending');
type Marked = FastifyReply & { [PENDING]?: { cacheKey: string; coding: Coding | undefined } };

interface FastEntry {
  /** The response cache's key of the answer (with its version): the bytes stay bounded there. */
  cacheKey: string;
  coding: Coding | undefined;
  group: string;
  /** The data token read before the answer's own version read (see `serve`). */
  token: string;
  /** The answer's final headers but x-request-id, content-length and date. */
  headers: Record<string, string>;
}

export interface FastPathOptions {
  cache: ResponseCache;
  log: FastifyBaseLogger;
  logRequests: boolean;
  requestId: (request: IncomingMessage) => string;
  /** The data token, read after the request arrived (`dataToken` in query.ts). */
  readToken: () => Promise<string>;
  maxEntries?: number;
  maxPerRoute?: number;
}

/**
 * A path in front of Fastify's router for repeated anonymous public GETs
 * (docs/decisions.md "fast path"): a map from the raw URL, the negotiated coding and
 * Accept-Language to the cache key of an answer Fastify already validated, routed and cached. A hit
 * is revalidated on every request against the data token, read then, as the normal path reads its
 * version; the answer carries the same headers and the same single log line. Anything else (other
 * methods, credentials, If-None-Match, unknown URLs, a changed token, an evicted answer) goes to
 * Fastify unchanged. Only URLs whose every query parameter survived the route's schema enter, at
 * most `maxPerRoute` per route (first in, first out), so junk URLs cannot grow it.
 */
export class FastPath {
  private readonly entries = new Map<string, FastEntry>();
  private readonly routes = new Map<string, Set<string>>();
  closing = false;
  /** Requests answered here (tests, diagnostics). */
  hits = 0;

  constructor(private readonly options: FastPathOptions) {}

  /**
   * Answers the request from the fast path, or hands it to `fallback` (Fastify), stamped with the
   * data token read now when it is a candidate, so that its answer may enter the map: the token is
   * read before the route's own version read, so a hit later seeing the same token proves no
   * commit came between the answer's version and the hit.
   */
  serve(
    request: IncomingMessage,
    response: ServerResponse,
    fallback: (q: IncomingMessage, s: ServerResponse) => void,
  ): void {
    if (!this.candidate(request)) {
      fallback(request, response);
      return;
    }
    const started = performance.now();
    let token: Promise<string>;
    try {
      token = this.options.readToken();
    } catch {
      // The normal path reads its own version and answers 503 if the database is down.
      fallback(request, response);
      return;
    }
    token.then(
      (t) => {
        if (!this.answer(request, response, t, started)) fallback(request, response);
      },
      () => fallback(request, response),
    );
  }

  private candidate(request: IncomingMessage): boolean {
    if (this.closing || request.method !== 'GET') return false;
    const h = request.headers;
    if (h.authorization !== undefined || h.cookie !== undefined || h['if-none-match'] !== undefined)
      return false;
    const url = request.url ?? '';
    const q = url.indexOf('?');
    return FAST_ROUTES.has(q === -1 ? url : url.slice(0, q));
  }

  private keyOf(request: IncomingMessage, coding: Coding | undefined): string {
    return `${request.url}\u0000${coding ?? ''}\u0000${request.headers['accept-language'] ?? ''}`;
  }

  private answer(request: Stamped, response: ServerResponse, token: string, started: number): boolean {
    const coding = codingFor(request.headers['accept-encoding']);
    const key = this.keyOf(request, coding);
    const entry = this.entries.get(key);
    const cached = entry?.token === token ? this.options.cache.get(entry.cacheKey) : undefined;
    if (!entry || !cached) {
      request[TOKEN] = token;
      return false;
    }
    const body = (entry.coding && cached.encoded[entry.coding]) || cached.body;
    const id = this.options.requestId(request);
    response.writeHead(200, { 'x-request-id': id, ...entry.headers, 'content-length': String(body.length) });
    response.end(body);
    this.hits++;
    if (this.options.logRequests) this.logLine(request, id, started);
    return true;
  }

  /** Fastify's "request completed" line (request-log.ts), field for field. */
  private logLine(request: IncomingMessage, id: string, started: number): void {
    const req = {
      method: request.method,
      url: request.url,
      headers: request.headers,
      host: request.headers.host,
      ip: request.socket.remoteAddress,
      socket: request.socket,
    };
    this.options.log.info(
      { reqId: id, req, res: { statusCode: 200 }, responseTime: performance.now() - started },
      'request completed',
    );
  }

  /** Called by `sendCached` as it sends a cached answer: it may enter once its headers are final. */
  mark(reply: FastifyReply, cacheKey: string, coding: Coding | undefined): void {
    if ((reply.request.raw as Stamped)[TOKEN] !== undefined)
      (reply as Marked)[PENDING] = { cacheKey, coding };
  }

  /** An `onSend` hook registered after every other one: the headers are those sent. */
  readonly onSend = (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: null, payload: unknown) => void,
  ): void => {
    const pending = (reply as Marked)[PENDING];
    if (pending) this.remember(request, reply, pending.cacheKey, pending.coding);
    done(null, payload);
  };

  private remember(
    request: FastifyRequest,
    reply: FastifyReply,
    cacheKey: string,
    coding: Coding | undefined,
  ): void {
    const token = (request.raw as Stamped)[TOKEN];
    const group = request.routeOptions.url ?? '';
    if (token === undefined || reply.statusCode !== 200 || !FAST_ROUTES.has(group)) return;
    if ((request as { identity?: unknown }).identity) return;
    if (!this.onlyKnownParameters(request)) return;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (name === 'x-request-id' || name === 'content-length' || value === undefined) continue;
      headers[name] = String(value);
    }
    const vary = (headers.vary ?? '').toLowerCase().split(',');
    if (vary.some((name) => name.trim() !== '' && !KEYED_VARY.has(name.trim()))) return;
    this.set(this.keyOf(request.raw, coding), { cacheKey, coding, group, token, headers });
  }

  /** `?page=1&zz=<random>` never enters: every raw parameter must be one the schema kept. */
  private onlyKnownParameters(request: FastifyRequest): boolean {
    const url = request.raw.url ?? '';
    if (url.length > 1024) return false;
    const q = url.indexOf('?');
    if (q === -1) return true;
    // A route without a query schema reads no query: any parameter there is junk.
    if (!request.routeOptions.schema?.querystring) return false;
    const kept = (request.query ?? {}) as Record<string, unknown>;
    for (const name of new URLSearchParams(url.slice(q + 1)).keys())
      if (kept[name] === undefined) return false;
    return true;
  }

  private set(key: string, entry: FastEntry): void {
    const { maxEntries = 1000, maxPerRoute = 100 } = this.options;
    this.delete(key);
    this.entries.set(key, entry);
    let keys = this.routes.get(entry.group);
    if (!keys) {
      keys = new Set();
      this.routes.set(entry.group, keys);
    }
    keys.add(key);
    while (keys.size > maxPerRoute) this.delete(keys.values().next().value as string);
    while (this.entries.size > maxEntries) this.delete(this.entries.keys().next().value as string);
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.routes.get(entry.group)?.delete(key);
  }

  /** Entries kept for one route pattern (tests). */
  routeSize(route: string): number {
    return this.routes.get(route)?.size ?? 0;
  }
}
