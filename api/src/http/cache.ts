import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, gunzip, gzip, constants as zlib } from 'node:zlib';
import { CACHE_SECONDS } from '@ciffc/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

/** The content codings a cached answer is kept in besides its plain bytes, best first. */
const CODINGS = ['br', 'gzip'] as const;
export type Coding = (typeof CODINGS)[number];

/** Below this a compressed copy saves less than its headers and the work (as @fastify/compress). */
const COMPRESS_THRESHOLD = 1024;

export interface Entry {
  /** The plain bytes; empty when `compressedOnly`. */
  body: Buffer;
  /**
   * A large answer is kept as its compressed copies alone, a fifth of its plain size: the plain
   * bytes are inflated from the gzip copy for the rare client that takes neither coding.
   */
  compressedOnly?: boolean;
  contentType: string;
  /** The same body compressed once per data version, so no request compresses it again. */
  encoded: Partial<Record<Coding, Buffer>>;
  /** The hash part of the ETag, computed once with the entry rather than on every request. */
  tag?: string;
}

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);
const brotliDecompressAsync = promisify(brotliDecompress);
const brotliAsync = promisify(brotliCompress);

/**
 * Above this size, the fastest levels (gzip 1, brotli 1). A page of 1,000 OGC perimeters of 500
 * vertices is 12.8 MB: gzip 6 and brotli 5 took 1.4 s and 2.5 s on it, most of its cold read
 * (bench/perimeters.ts); gzip 1 and brotli 1 take 0.3 s and 0.2 s for copies 6-13 % larger. Such
 * answers are GIS downloads, asked once per data version; the map's answers stay below it.
 */
export const LARGE_BODY = 8 * 1024 * 1024;

/**
 * Both codings, off the main thread, once per data version. Levels measured on the 3.3 MB fires map
 * (docs/performance.md): gzip 6 gives 230 KB in 14 ms (9: 213 KB but 62 ms); brotli 5 gives 218 KB
 * in 26 ms, where quality 11 would take seconds.
 */
export async function encodeBody(
  body: Buffer,
  codings: readonly Coding[] = CODINGS,
): Promise<Entry['encoded']> {
  if (body.length < COMPRESS_THRESHOLD) return {};
  const large = body.length > LARGE_BODY;
  const [gz, br] = await Promise.all([
    codings.includes('gzip') ? gzipAsync(body, { level: large ? 1 : 6 }) : undefined,
    codings.includes('br')
      ? brotliAsync(body, {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: large ? 1 : 5,
            [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
            [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
      : undefined,
  ]);
  return { ...(gz && { gzip: gz }), ...(br && { br }) };
}

/** The plain bytes of an entry, inflated from a copy when it is kept compressed alone. */
async function inflated(entry: Entry): Promise<Buffer> {
  if (!entry.compressedOnly) return entry.body;
  if (entry.encoded.gzip) return gunzipAsync(entry.encoded.gzip);
  if (entry.encoded.br) return brotliDecompressAsync(entry.encoded.br);
  return entry.body;
}

/**
 * The coding a large answer kept compressed lacks, made from the copy it has: a GIS client keeps to
 * one coding, so the other is made only if another client asks for it.
 */
async function addCoding(entry: Entry, coding: Coding): Promise<Buffer | undefined> {
  const copy = (await encodeBody(await inflated(entry), [coding]))[coding];
  if (copy) entry.encoded[coding] = copy;
  return copy;
}

const entrySize = (entry: Entry) =>
  entry.body.length + (entry.encoded.gzip?.length ?? 0) + (entry.encoded.br?.length ?? 0);

/**
 * A bounded in-process cache of serialised public answers. It only ever saves work: the key holds
 * the data versions read from the database, so an instance never serves an answer older than the
 * data another instance wrote. Bounded by entry count and by bytes (plain and compressed copies
 * together); the least recently used entries go first, so old data versions age out.
 */
export class ResponseCache {
  /** Each entry with the bytes it was counted for (a large entry gains a coding once kept). */
  private readonly entries = new Map<string, { entry: Entry; group: string; size: number }>();
  /** Keys per group (a route), oldest first: one route's junk cannot push out every other's. */
  private readonly groups = new Map<string, Set<string>>();
  private readonly building = new Map<string, Promise<Entry>>();
  private bytes = 0;
  /** Lookups of `sendCached` answered from here, and those that had to build (the metrics). */
  hits = 0;
  misses = 0;
  /** The path in front of the router (fast-path.ts), told of every cached answer sent. */
  fastPath: { mark(reply: FastifyReply, cacheKey: string, coding: Coding | undefined): void } | undefined;

  constructor(
    private readonly maxEntries = 500,
    private readonly maxBytes = 128 * 1024 * 1024,
    private readonly maxPerGroup = 100,
  ) {}

  get(key: string): Entry | undefined {
    const found = this.entries.get(key);
    if (found) {
      this.entries.delete(key);
      this.entries.set(key, found);
      const keys = this.groups.get(found.group);
      keys?.delete(key);
      keys?.add(key);
    }
    return found?.entry;
  }

  /**
   * The cached entry, or one built once however many requests ask at the same time: when the data
   * changes in fire season, thousands of visitors must not each build and compress the map.
   */
  async getOrBuild(key: string, build: () => Promise<Entry>, group = ''): Promise<Entry> {
    const cached = this.get(key);
    if (cached) return cached;
    let pending = this.building.get(key);
    if (!pending) {
      pending = build()
        .then((entry) => {
          this.set(key, entry, group);
          return entry;
        })
        .finally(() => this.building.delete(key));
      this.building.set(key, pending);
    }
    return pending;
  }

  set(key: string, entry: Entry, group = ''): void {
    const size = entrySize(entry);
    // An answer larger than a quarter of the budget is served but not kept.
    if (size > this.maxBytes / 4) return;
    this.delete(key);
    this.entries.set(key, { entry, group, size });
    let keys = this.groups.get(group);
    if (!keys) {
      keys = new Set();
      this.groups.set(group, keys);
    }
    keys.add(key);
    this.bytes += size;
    while (keys.size > this.maxPerGroup) {
      const oldest = keys.values().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }

  private delete(key: string): void {
    const found = this.entries.get(key);
    if (!found) return;
    this.bytes -= found.size;
    this.entries.delete(key);
    const keys = this.groups.get(found.group);
    keys?.delete(key);
    if (keys?.size === 0) this.groups.delete(found.group);
  }

  size(): number {
    return this.entries.size;
  }

  /** Entries kept for one group (a route pattern such as `/v1/wildfires`). */
  groupSize(group: string): number {
    return this.groups.get(group)?.size ?? 0;
  }

  storedBytes(): number {
    return this.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.groups.clear();
    this.bytes = 0;
  }
}

/** `{b:1,a:[2]}` → `a=[2]&b=1`: the same validated values give the same text in any order. */
function canonical(values: unknown): string {
  if (values === null || typeof values !== 'object') return '';
  return Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join('&');
}

/**
 * The cache key of a request: its route, path parameters and validated query, never the raw URL.
 * Unknown parameters (`&zz=<random>`) are stripped by the route's schema, so junk cannot make a
 * new entry; a route without a query schema reads no query, so its query is left out entirely.
 */
function cacheKey(request: FastifyRequest): { key: string; group: string } {
  const group = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
  const query = request.routeOptions.schema?.querystring ? canonical(request.query) : '';
  return { key: `${group}\u0000${canonical(request.params)}\u0000${query}`, group };
}

/**
 * The coding to send for an Accept-Encoding header: the acceptable one with the highest q, brotli
 * before gzip on a tie (smaller); `*` covers codings not named, `x-gzip` is gzip (RFC 9110 12.5.3).
 * No header, or nothing acceptable, means the plain bytes (identity is always acceptable here:
 * a 406 would break a client for the sake of a rare header).
 */
export function negotiateCoding(header: string | undefined): Coding | undefined {
  if (!header) return undefined;
  const q = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name.trim() === 'x-gzip' ? 'gzip' : name.trim(), Number.isNaN(value) ? 0 : value);
  }
  let best: Coding | undefined;
  let bestQ = 0;
  for (const coding of CODINGS) {
    const value = q.get(coding) ?? q.get('*') ?? 0;
    if (value > bestQ) {
      best = coding;
      bestQ = value;
    }
  }
  return best;
}

const CACHE_CONTROL = `public, max-age=${CACHE_SECONDS}`;

export interface CachedReplyOptions<T = unknown> {
  /** Everything the answer depends on besides the URL: data versions, "today", the language. */
  version: string;
  /** Builds the answer when it is not cached; a string or bytes (a GeoPackage file) are sent as is. */
  compute: () => Promise<NoInfer<T>> | NoInfer<T>;
  /**
   * The route's 200 schema (from `packages/contracts`): it types `compute`, and outside production
   * the computed answer is checked against it once per data version, since Fastify's serializer
   * never sees the cached bytes (docs/decisions.md, "Contracts first").
   */
  schema?: z.ZodType<unknown, T>;
  contentType?: string;
  /** Request headers the answer varies by (sent as `Vary`, with Accept-Encoding). */
  vary?: string;
  /**
   * The status of an empty answer, kept and revalidated like any other: an empty vector tile is a
   * 204 (OGC API – Tiles, docs/open-data.md "Vector tiles").
   */
  emptyStatus?: 204;
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === bare);
}

/**
 * The strong ETag of the representation this request gets: one per coding, as RFC 9110 8.8.3
 * requires of different bytes. It is chosen from the request alone, so a 304 needs no body; a small
 * answer sent plain to a gzip client keeps the gzip tag (the tag of what that client is sent).
 */
function etagFor(hash: string, coding: Coding | undefined): string {
  return `"${hash}${coding ? `-${coding}` : ''}"`;
}

const keyHash = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 32);

/** Accept-Encoding values seen, negotiated once each: browsers send a handful of distinct ones. */
const codingMemo = new Map<string, Coding | undefined>();
export function codingFor(header: string | undefined): Coding | undefined {
  if (!header) return undefined;
  if (codingMemo.has(header)) return codingMemo.get(header);
  const coding = negotiateCoding(header);
  // Bounded: a client sending random headers must not grow it.
  if (codingMemo.size < 64 && header.length < 200) codingMemo.set(header, coding);
  return coding;
}

/** Outside production (tests, development): answers that break their declared schema fail loudly. */
const CHECK_ANSWERS = process.env.NODE_ENV !== 'production';

/** The computed answer against the route's schema: a mismatch is a bug of the route, answered 500. */
export function checkAnswer<T>(schema: z.ZodType<unknown, T> | undefined, value: T, where: string): void {
  if (!schema || typeof value === 'string' || Buffer.isBuffer(value)) return;
  const result = schema.safeParse(value);
  if (!result.success)
    throw new Error(`${where}: the answer does not match its response schema: ${result.error.message}`);
}

/** Images are compressed by their format: gzip or brotli would gain nothing and cost a copy. */
const compressedAlready = (contentType: string | undefined) =>
  /^image\/(png|jpeg|webp)\b/.test(contentType ?? '');

async function buildEntry<T>(
  options: CachedReplyOptions<T>,
  tag: string,
  where: string,
  coding: Coding | undefined,
): Promise<Entry> {
  const value = await options.compute();
  if (CHECK_ANSWERS) checkAnswer(options.schema, value, where);
  const body = Buffer.isBuffer(value)
    ? value
    : Buffer.from(typeof value === 'string' ? value : JSON.stringify(value));
  const contentType = options.contentType ?? 'application/json; charset=utf-8';
  if (compressedAlready(options.contentType)) return { body, contentType, encoded: {}, tag };
  // All the perimeters as GeoJSON (27 MB with their copies at 44 MB, more than the quarter of the
  // budget an entry may take) were built again on every request; compressed alone they are 17 MB.
  // The coding asked for is made first and alone (gzip for a client that takes none): the other
  // one cost a cold GIS page a third of its time for a client that never asks for it.
  if (body.length > LARGE_BODY) {
    const encoded = await encodeBody(body, [coding ?? 'gzip']);
    return { body: Buffer.alloc(0), compressedOnly: true, contentType, encoded, tag };
  }
  const encoded = await encodeBody(body);
  return { body, contentType, encoded, tag };
}

/**
 * Public GETs: `Cache-Control: public, max-age=900`, a strong ETag derived from the URL, the data
 * versions and the content coding (so a 304 costs one version lookup, on any instance), and 304 on
 * a matching If-None-Match. The body is serialised and compressed once per data version; each
 * request then only picks the bytes its Accept-Encoding allows.
 */
export async function sendCached<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: ResponseCache,
  options: CachedReplyOptions<T>,
): Promise<FastifyReply> {
  const { key: requestKey, group } = cacheKey(request);
  const key = `${requestKey}\u0000${options.version}`;
  const coding = codingFor(request.headers['accept-encoding']);
  // A hit (the common case) needs neither a hash nor a wait: the entry carries its tag.
  let entry = cache.get(key);
  if (entry) cache.hits++;
  else cache.misses++;
  const hash = entry?.tag ?? keyHash(key);
  const etag = etagFor(hash, coding);
  reply.headers({
    'cache-control': CACHE_CONTROL,
    etag,
    vary: options.vary ? `${options.vary}, Accept-Encoding` : 'Accept-Encoding',
  });
  if (etagMatches(request.headers['if-none-match'], etag)) {
    return reply.code(304).send();
  }
  if (!entry) {
    try {
      entry = await cache.getOrBuild(key, () => buildEntry(options, hash, group, coding), group);
    } catch (error) {
      // An error answer (a 400 for a page past the end, say) must not be cached by anyone.
      reply.removeHeader('etag');
      reply.header('cache-control', 'no-store');
      throw error;
    }
  }
  if (options.emptyStatus && entry.body.length === 0 && !entry.compressedOnly)
    return reply.code(options.emptyStatus).send();
  let encoded = coding ? entry.encoded[coding] : undefined;
  if (coding && !encoded && entry.compressedOnly) {
    encoded = await addCoding(entry, coding);
    cache.set(key, entry, group);
  }
  if (coding && encoded) reply.header('content-encoding', coding);
  if (!encoded && entry.compressedOnly) return reply.type(entry.contentType).send(await inflated(entry));
  // The path in front of the router replays plain bytes: never marked with an entry kept without them.
  if (!entry.compressedOnly) cache.fastPath?.mark(reply, key, coding);
  return reply.type(entry.contentType).send(encoded ?? entry.body);
}
