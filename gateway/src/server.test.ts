import { describe, expect, it } from 'vitest';
import { isCacheableContentRead } from './server.ts';

describe('what the gateway caches', () => {
  it('caches anonymous reads of public content', () => {
    expect(isCacheableContentRead('GET', '/api/static-contents?fields[0]=Alias', undefined)).toBe(true);
    expect(isCacheableContentRead('GET', '/api/pages', undefined)).toBe(true);
    expect(isCacheableContentRead('GET', '/api/pages/abc', undefined)).toBe(true);
  });
  it('never caches signed-in reads, writes or other content system paths', () => {
    expect(isCacheableContentRead('GET', '/api/pages', 'Bearer x')).toBe(false);
    expect(isCacheableContentRead('POST', '/api/auth/local', undefined)).toBe(false);
    expect(isCacheableContentRead('GET', '/api/agency-pages', undefined)).toBe(false);
    expect(isCacheableContentRead('GET', '/api/connect/github', undefined)).toBe(false);
    expect(isCacheableContentRead('GET', '/api/auth/email-confirmation?confirmation=x', undefined)).toBe(
      false,
    );
    expect(isCacheableContentRead('GET', '/api/pagesX', undefined)).toBe(false);
  });
});
