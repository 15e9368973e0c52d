/**
 * A stale-while-revalidate cache for the content system's public GETs. Every visit reads content
 * and Strapi answers about 150 requests per second here (ARCHITECTURE.md, Scale), so anonymous
 * reads are kept for the specification's cache time (900 s) and, once stale, served while a single
 * request refreshes them.
 */
export interface CachedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  storedAt: number;
}

export type Fetcher = (key: string) => Promise<CachedResponse>;

export interface ContentCacheOptions {
  ttlMs: number;
  /** Entries older than this are not served even stale (a content system that stays down). */
  maxStaleMs: number;
  maxEntries: number;
  /** Total body bytes kept; the oldest entries go first beyond it (query strings are unbounded). */
  maxBytes: number;
  now?: () => number;
}

export class ContentCache {
  private readonly entries = new Map<string, CachedResponse>();
  private readonly inFlight = new Map<string, Promise<CachedResponse>>();
  private readonly now: () => number;
  private bytes = 0;

  constructor(
    private readonly fetcher: Fetcher,
    private readonly options: ContentCacheOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Returns the response for `key` and whether it came from the cache. */
  async get(key: string): Promise<{ response: CachedResponse; hit: 'fresh' | 'stale' | 'miss' }> {
    const entry = this.entries.get(key);
    const age = entry ? this.now() - entry.storedAt : Number.POSITIVE_INFINITY;
    if (entry && age <= this.options.ttlMs) return { response: entry, hit: 'fresh' };
    if (entry && age <= this.options.maxStaleMs) {
      // Refresh in the background; a failed refresh keeps the stale copy.
      this.refresh(key).catch(() => undefined);
      return { response: entry, hit: 'stale' };
    }
    return { response: await this.refresh(key), hit: 'miss' };
  }

  size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  storedBytes(): number {
    return this.bytes;
  }

  /** One upstream request per key at a time, however many visitors ask at once. */
  private refresh(key: string): Promise<CachedResponse> {
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const request = this.fetcher(key)
      .then((response) => {
        // Only successful answers are kept: an error must not be served for 15 minutes.
        if (response.status === 200) this.store(key, response);
        return response;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, request);
    return request;
  }

  private store(key: string, response: CachedResponse): void {
    // A body larger than the whole budget is served but not kept.
    if (response.body.length > this.options.maxBytes) return;
    this.remove(key);
    this.entries.set(key, response);
    this.bytes += response.body.length;
    while (this.entries.size > this.options.maxEntries || this.bytes > this.options.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.body.length;
    this.entries.delete(key);
  }
}
