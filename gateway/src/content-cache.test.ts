import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CachedResponse, ContentCache, ContentVersionPoller, contentCacheKey } from './content-cache.ts';

function setup(status = 200, version?: () => number | null) {
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
    { ttlMs: 900_000, maxStaleMs: 86_400_000, maxEntries: 2, maxBytes: 20, now: () => clock, version },
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
    // The refresh runs in the background: the copy is fresh once it has landed, by one request.
    await vi.waitFor(async () => expect((await t.cache.get('/a')).response.body.toString()).toBe('/a#2'));
    expect(t.calls()).toBe(2);
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

describe('content cache keyed on the content version', () => {
  it('serves the cached answer while the version does not move, however old', async () => {
    const t = setup(200, () => 7);
    await t.cache.get('/api/pages');
    t.advance(899_000);
    expect((await t.cache.get('/api/pages')).hit).toBe('fresh');
    expect(t.calls()).toBe(1);
  });

  it('fetches anew, without serving the old copy, once the version moves', async () => {
    let version = 7;
    const t = setup(200, () => version);
    await t.cache.get('/api/pages');
    version = 8;
    const next = await t.cache.get('/api/pages');
    expect(next.hit).toBe('miss');
    expect(next.response.body.toString()).toBe('/api/pages#2');
    expect((await t.cache.get('/api/pages')).hit).toBe('fresh');
    expect(t.calls()).toBe(2);
  });

  it('never keeps an answer fetched before a save as the answer after it', async () => {
    let version = 7;
    let stored = 'old text';
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const cache = new ContentCache(
      async () => {
        const body = Buffer.from(stored); // what the content system had when the request reached it
        await gate;
        return { status: 200, headers: {}, body, storedAt: 0 };
      },
      { ttlMs: 900_000, maxStaleMs: 86_400_000, maxEntries: 10, maxBytes: 1_000, version: () => version },
    );
    const before = cache.get('/api/pages');
    stored = 'new text'; // the save lands while the first fetch is on its way
    version = 8;
    const after = cache.get('/api/pages');
    release();
    expect((await before).response.body.toString()).toBe('old text');
    expect((await after).response.body.toString()).toBe('new text');
    expect((await cache.get('/api/pages')).response.body.toString()).toBe('new text');
  });
});

describe('content version poller', () => {
  it('keeps the last known version while the content system does not answer', async () => {
    const answers: Array<number | Error> = [3, new Error('down'), 5];
    const poller = new ContentVersionPoller(async () => {
      const next = answers.shift();
      if (next instanceof Error) throw next;
      return next ?? 5;
    }, 60_000);
    expect(poller.version).toBeNull();
    await poller.poll();
    expect(poller.version).toBe(3);
    await poller.poll();
    expect(poller.version).toBe(3);
    await poller.poll();
    expect(poller.version).toBe(5);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('polls in the background until stopped', async () => {
    vi.useFakeTimers();
    let reads = 0;
    const poller = new ContentVersionPoller(async () => ++reads, 10);
    await poller.start();
    expect(reads).toBe(1);
    await vi.advanceTimersByTimeAsync(60);
    poller.stop();
    // Once now, then every 10 ms.
    expect(reads).toBe(7);
    await vi.advanceTimersByTimeAsync(40);
    expect(reads).toBe(7);
    expect(poller.version).toBe(7);
  });
});

describe('content cache keys (junk cannot bypass the cache)', () => {
  it('drops unknown query parameters and orders the known ones', () => {
    expect(contentCacheKey('/api/pages?locale=en&populate=localizations&zz=123&export=true')).toBe(
      contentCacheKey('/api/pages?populate=localizations&locale=en'),
    );
    expect(contentCacheKey('/api/pages?zz=1')).toBe('/api/pages');
    expect(contentCacheKey('/api/pages')).toBe('/api/pages');
    expect(contentCacheKey('/api/static-contents?fields%5B0%5D=Alias&pagination[pageSize]=100')).toBe(
      contentCacheKey('/api/static-contents?pagination%5BpageSize%5D=100&fields[0]=Alias'),
    );
    // Repeated names keep their order: Strapi reads them as a list.
    expect(contentCacheKey('/api/pages?sort=b&sort=a')).toBe('/api/pages?sort=b&sort=a');
  });

  it('never keeps more than the bound of entries per path, whatever the known parameters say', async () => {
    let calls = 0;
    const cache = new ContentCache(
      async (key) => {
        calls++;
        return {
          status: 200,
          headers: {},
          body: Buffer.from(key),
          storedAt: Date.now(),
        } satisfies CachedResponse;
      },
      { ttlMs: 900_000, maxStaleMs: 86_400_000, maxEntries: 1_000, maxEntriesPerPath: 3, maxBytes: 1e6 },
    );
    await cache.get('/api/static-contents');
    for (let i = 0; i < 50; i++) await cache.get(`/api/pages?filters[title][$eq]=${i}`);
    expect(cache.size()).toBe(4);
    expect(calls).toBe(51);
    // The other path's entry was not pushed out by the junk.
    expect((await cache.get('/api/static-contents')).hit).toBe('fresh');
    // The newest entries of the path stay.
    expect((await cache.get('/api/pages?filters[title][$eq]=49')).hit).toBe('fresh');
  });
});
