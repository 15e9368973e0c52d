import { createHash } from 'node:crypto';
import { CACHE_SECONDS } from '@ciffc/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

interface Entry {
  body: string;
  contentType: string;
}

/**
 * A bounded in-process cache of serialised public answers. It only ever saves work: the key holds
 * the data versions read from the database, so an instance never serves an answer older than the
 * data another instance wrote.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    private readonly maxEntries = 500,
    private readonly maxBytes = 128 * 1024 * 1024,
  ) {}

  get(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: Entry): void {
    if (entry.body.length > this.maxBytes / 4) return;
    this.delete(key);
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.body.length;
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}

export interface CachedReplyOptions {
  /** Everything the answer depends on besides the URL: data versions, "today", the language. */
  version: string;
  /** Builds the answer when it is not cached; a string is sent as is. */
  compute: () => Promise<unknown> | unknown;
  contentType?: string;
  /** Request headers the answer varies by (sent as `Vary`). */
  vary?: string;
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === bare);
}

/**
 * Public GETs: `Cache-Control: public, max-age=900`, a strong ETag derived from the URL and the data
 * versions (so a 304 costs one version lookup, on any instance), and 304 on a matching If-None-Match.
 */
export async function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: ResponseCache,
  options: CachedReplyOptions,
): Promise<FastifyReply> {
  const key = `${request.url}\u0000${options.version}`;
  const etag = `"${createHash('sha256').update(key).digest('base64url').slice(0, 32)}"`;
  reply.header('cache-control', `public, max-age=${CACHE_SECONDS}`);
  reply.header('etag', etag);
  if (options.vary) reply.header('vary', options.vary);
  if (etagMatches(request.headers['if-none-match'], etag)) {
    return reply.code(304).send();
  }
  let entry = cache.get(key);
  if (!entry) {
    let value: unknown;
    try {
      value = await options.compute();
    } catch (error) {
      // An error answer (a 400 for a page past the end, say) must not be cached by anyone.
      reply.removeHeader('etag');
      reply.header('cache-control', 'no-store');
      throw error;
    }
    entry = {
      body: typeof value === 'string' ? value : JSON.stringify(value),
      contentType: options.contentType ?? 'application/json; charset=utf-8',
    };
    cache.set(key, entry);
  }
  return reply.type(entry.contentType).send(entry.body);
}
