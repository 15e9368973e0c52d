/**
 * A cache for the content system's public GETs, keyed on the content version. Every visit reads
 * content and Strapi answers about 150 requests per second here (docs/architecture.md, Scale), so
 * anonymous reads are kept as long as the content version does not move: no visitor waits on the
 * content system when nothing changed. An editor's save bumps the version (cms/src/content-history.ts);
 * the gateway learns it within a second (ContentVersionPoller) and the next read fetches anew
 * (a save is visible within 5 s). While the version is unknown (content system down at
 * start), reads are kept for the specification's cache time (900 s) and, once stale, served while
 * a single request refreshes them.
 */
export interface CachedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  storedAt: number;
  /** The content version the answer was fetched under (set by the cache). */
  version?: number | null;
}

export type Fetcher = (key: string) => Promise<CachedResponse>;

export interface ContentCacheOptions {
  ttlMs: number;
  /** Entries older than this are not served even stale (a content system that stays down). */
  maxStaleMs: number;
  maxEntries: number;
  /** Entries kept per path (the part before `?`): junk in the known parameters cannot fill the cache. */
  maxEntriesPerPath?: number;
  /** Total body bytes kept; the oldest entries go first beyond it (query strings are unbounded). */
  maxBytes: number;
  now?: () => number;
  /** The content version now known; null while unknown (then only the times above apply). */
  version?: () => number | null;
}

/**
 * Strapi's REST query parameters (filters, fields, populate, sort, pagination, locale, status);
 * any other parameter changes nothing in its answer, so it must not make a new cache entry.
 */
const CONTENT_QUERY_PARAMETERS = new Set([
  'filters',
  'fields',
  'populate',
  'sort',
  'pagination',
  'locale',
  'status',
  'publicationState',
]);

const pathOf = (key: string) => key.split('?')[0] ?? key;

/**
 * The cache key of a content read, and the URL actually fetched: unknown parameters dropped, the
 * rest in a stable order (one entry however a client orders or encodes them).
 */
export function contentCacheKey(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const kept = [...new URLSearchParams(url.slice(mark + 1))].filter(([name]) =>
    CONTENT_QUERY_PARAMETERS.has(name.split('[')[0] ?? ''),
  );
  // A stable sort: repeated names keep their order (Strapi reads them as a list).
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(kept).toString();
  return query ? `${url.slice(0, mark)}?${query}` : url.slice(0, mark);
}

export class ContentCache {
  private readonly entries = new Map<string, CachedResponse>();
  private readonly perPath = new Map<string, number>();
  private readonly inFlight = new Map<string, Promise<CachedResponse>>();
  private readonly now: () => number;
  private readonly version: () => number | null;
  private bytes = 0;

  constructor(
    private readonly fetcher: Fetcher,
    private readonly options: ContentCacheOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.version = options.version ?? (() => null);
  }

  /** Returns the response for `key` and whether it came from the cache. */
  async get(key: string): Promise<{ response: CachedResponse; hit: 'fresh' | 'stale' | 'miss' }> {
    const entry = this.current(key);
    const age = entry ? this.now() - entry.storedAt : Number.POSITIVE_INFINITY;
    if (entry && age <= this.options.ttlMs) return { response: entry, hit: 'fresh' };
    if (entry && age <= this.options.maxStaleMs) {
      // Refresh in the background; a failed refresh keeps the stale copy.
      this.refresh(key).catch(() => undefined);
      return { response: entry, hit: 'stale' };
    }
    return { response: await this.refresh(key), hit: 'miss' };
  }

  /** The entry for `key` unless it belongs to another content version than the one now known. */
  private current(key: string): CachedResponse | undefined {
    const entry = this.entries.get(key);
    const version = this.version();
    if (!entry || version === null || entry.version === version) return entry;
    // Saved over since: never served, even stale (the save must show at once).
    this.remove(key);
    return undefined;
  }

  size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
    this.perPath.clear();
    this.bytes = 0;
  }

  storedBytes(): number {
    return this.bytes;
  }

  /** One upstream request per key at a time, however many visitors ask at once. */
  private refresh(key: string): Promise<CachedResponse> {
    // A request started before a save is not shared with readers after it: they wait for their own.
    const version = this.version();
    const flightKey = `${version}\u0000${key}`;
    const pending = this.inFlight.get(flightKey);
    if (pending) return pending;
    const request = this.fetcher(key)
      .then((response) => {
        // Only successful answers are kept: an error must not be served for 15 minutes. The version
        // is the one from before the fetch, so an answer racing a save is never kept as newer.
        if (response.status === 200) this.store(key, { ...response, version });
        return response;
      })
      .finally(() => this.inFlight.delete(flightKey));
    this.inFlight.set(flightKey, request);
    return request;
  }

  private store(key: string, response: CachedResponse): void {
    // A body larger than the whole budget is served but not kept.
    if (response.body.length > this.options.maxBytes) return;
    this.remove(key);
    this.evictPath(pathOf(key));
    this.entries.set(key, response);
    this.bytes += response.body.length;
    this.perPath.set(pathOf(key), (this.perPath.get(pathOf(key)) ?? 0) + 1);
    while (this.entries.size > this.options.maxEntries || this.bytes > this.options.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
  }

  /** Makes room for one more entry of `path`: its oldest entries go first. */
  private evictPath(path: string): void {
    const limit = this.options.maxEntriesPerPath ?? Number.POSITIVE_INFINITY;
    if ((this.perPath.get(path) ?? 0) < limit) return;
    for (const key of this.entries.keys()) {
      if (pathOf(key) !== path) continue;
      this.remove(key);
      if ((this.perPath.get(path) ?? 0) < limit) return;
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.body.length;
    this.entries.delete(key);
    const left = (this.perPath.get(pathOf(key)) ?? 1) - 1;
    if (left > 0) this.perPath.set(pathOf(key), left);
    else this.perPath.delete(pathOf(key));
  }
}

/**
 * Follows the content system's content version (GET /api/content-version, one indexed read) in
 * the background, so that visitors' reads never wait for it. An unreachable content system keeps
 * the last known version: cached content goes on being served.
 */
export class ContentVersionPoller {
  private known: number | null = null;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly read: () => Promise<number>,
    private readonly intervalMs: number,
  ) {}

  get version(): number | null {
    return this.known;
  }

  /** One read; any change (a new save, or a content system reset to a lower number) counts. */
  async poll(): Promise<void> {
    try {
      const version = await this.read();
      if (Number.isInteger(version)) this.known = version;
    } catch {
      // Keep the last known version (see above).
    }
  }

  /** Polls now, then every intervalMs until stop(); never keeps the process alive. */
  start(): Promise<void> {
    this.stopped = false;
    return this.loop();
  }

  private async loop(): Promise<void> {
    await this.poll();
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.loop(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }
}

export const CONTENT_VERSION_PATH = '/api/content-version';

/** How the gateway reads the version: short timeout, so a hung content system does not stack polls. */
export const contentVersionReader = (cmsUrl: string) => async (): Promise<number> => {
  const res = await fetch(cmsUrl + CONTENT_VERSION_PATH, { signal: AbortSignal.timeout(3_000) });
  if (res.status !== 200) throw new Error(`content version: HTTP ${res.status}`);
  const { version } = (await res.json()) as { version?: unknown };
  if (typeof version !== 'number') throw new Error('content version: no number');
  return version;
};
