import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/**
 * A public GET (docs/spec/public-site.md: "cache 900"): max-age 900 and a strong ETag; 304 with an empty
 * body and the same headers to a matching If-None-Match; the full answer again to another tag.
 */
export async function expectCachedPublicGet(app: FastifyInstance, url: string): Promise<void> {
  const get = (headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
  const first = await get();
  expect(first.statusCode).toBe(200);
  expect(first.headers['cache-control']).toBe('public, max-age=900');
  const etag = first.headers.etag as string;
  expect(etag).toMatch(/^"[^"]+"$/);
  const notModified = await get({ 'if-none-match': etag });
  expect(notModified.statusCode).toBe(304);
  expect(notModified.body).toBe('');
  expect(notModified.headers.etag).toBe(etag);
  expect(notModified.headers['cache-control']).toBe('public, max-age=900');
  const otherTag = await get({ 'if-none-match': '"not-this-one"' });
  expect(otherTag.statusCode).toBe(200);
  expect(otherTag.body).toBe(first.body);
}
