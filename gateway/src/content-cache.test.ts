import { describe, expect, it } from 'vitest';
import { type CachedResponse, ContentCache } from './content-cache.ts';

function setup(status = 200) {
  let clock = 0;
  let calls = 0;
  let release: () => void = () => {};
  let gate: Promise<void> = Promise.resolve();
  const cache = new ContentCache(
    async (key) => {
      calls++;
      await gate;
      return {
        status,
        headers: {},
        body: Buffer.from(`${key}#${calls}`),
        storedAt: clock,
      } satisfies CachedResponse;
    },
    { ttlMs: 900_000, maxStaleMs: 86_400_000, maxEntries: 2, maxBytes: 20, now: () => clock },
  );
  return {
    cache,
    calls: () => calls,
    advance: (ms: number) => {
      clock += ms;
    },
    hold: () => {
      gate = new Promise((r) => {
        release = r;
      });
    },
    release: () => release(),
  };
}

describe('content cache', () => {
  it('answers from the cache within 900 s and asks upstream once', async () => {
    const t = setup();
    expect((await t.cache.get('/api/pages')).hit).toBe('miss');
    t.advance(899_000);
    const second = await t.cache.get('/api/pages');
    expect(second.hit).toBe('fresh');
    expect(second.response.body.toString()).toBe('/api/pages#1');
    expect(t.calls()).toBe(1);
  });

  it('serves the stale copy after 900 s while one request refreshes it', async () => {
    const t = setup();
    await t.cache.get('/a');
    t.advance(901_000);
    const stale = await t.cache.get('/a');
    expect(stale.hit).toBe('stale');
    expect(stale.response.body.toString()).toBe('/a#1');
    await new Promise((r) => setTimeout(r, 0));
    expect((await t.cache.get('/a')).response.body.toString()).toBe('/a#2');
  });

  it('sends one upstream request for many concurrent misses', async () => {
    const t = setup();
    t.hold();
    const all = Promise.all([t.cache.get('/x'), t.cache.get('/x'), t.cache.get('/x')]);
    t.release();
    await all;
    expect(t.calls()).toBe(1);
  });

  it('does not keep error answers', async () => {
    const t = setup(500);
    await t.cache.get('/broken');
    await t.cache.get('/broken');
    expect(t.calls()).toBe(2);
    expect(t.cache.size()).toBe(0);
  });

  it('forgets the least recently stored entry beyond its size', async () => {
    const t = setup();
    await t.cache.get('/1');
    await t.cache.get('/2');
    await t.cache.get('/3');
    expect(t.cache.size()).toBe(2);
    await t.cache.get('/1');
    expect(t.calls()).toBe(4);
  });

  it('keeps its bodies under the byte budget, dropping the oldest first', async () => {
    const t = setup();
    await t.cache.get('/a-long-key-1'); // body "/a-long-key-1#1": 15 bytes
    await t.cache.get('/b'); // 4 bytes: 19 in all
    expect(t.cache.storedBytes()).toBe(19);
    await t.cache.get('/cc'); // 5 more: over 20, so the oldest goes
    expect(t.cache.size()).toBe(2);
    expect(t.cache.storedBytes()).toBe(9);
  });
});
