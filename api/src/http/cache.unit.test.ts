import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync, constants as zlib } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  checkAnswer,
  type Entry,
  encodeBody,
  LARGE_BODY,
  negotiateCoding,
  ResponseCache,
  sendCached,
} from './cache.ts';

const entry = (bytes: number, encoded: Entry['encoded'] = {}): Entry => ({
  body: Buffer.alloc(bytes, 'a'),
  contentType: 'application/json',
  encoded,
});

describe('choosing the content coding from Accept-Encoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['deflate', undefined],
    ['*', 'br'],
    ['*;q=0.1, br;q=0', 'gzip'],
    ['GZIP ; q=0.8', 'gzip'],
  ])('%j gives %j', (header, coding) => {
    expect(negotiateCoding(header)).toBe(coding);
  });
});

describe('compressing a cached body', () => {
  it('keeps gzip and brotli copies of a large body, none of a small one', async () => {
    const body = Buffer.from(JSON.stringify({ items: Array.from({ length: 500 }, (_, i) => ({ i })) }));
    const encoded = await encodeBody(body);
    expect(gunzipSync(encoded.gzip as Buffer).equals(body)).toBe(true);
    expect((encoded.br as Buffer).length).toBeLessThan(body.length / 4);
    expect(await encodeBody(Buffer.from('{"items":[]}'))).toEqual({});
  });
});

/** Coordinates as an OGC page of perimeters holds them (digits that compress poorly), over `bytes`. */
function coordinatesText(bytes: number): string {
  let seed = 1;
  const next = () => {
    seed = (seed * 48_271) % 2_147_483_647;
    return seed / 2_147_483_647;
  };
  const coordinates: string[] = [];
  let size = 0;
  while (size <= bytes) {
    const pair = `[${(-120 + next()).toFixed(7)},${(55 + next()).toFixed(7)}]`;
    coordinates.push(pair);
    size += pair.length + 1;
  }
  return `{"coordinates":[${coordinates.join(',')}]}`;
}

describe('caching a very large answer', () => {
  it('keeps it as its compressed copies alone, made as clients ask, and serves every client from them', async () => {
    const text = coordinatesText(LARGE_BODY);
    const encoded = await encodeBody(Buffer.from(text));
    const copies = (encoded.gzip?.length ?? 0) + (encoded.br?.length ?? 0);
    // A budget whose quarter (the most one entry may take) holds the copies, not the plain body too.
    const cache = new ResponseCache(500, 4 * (copies + text.length / 2));
    let built = 0;
    const app = Fastify();
    app.get('/v1/all', (request, reply) =>
      sendCached(request, reply, cache, {
        version: '1',
        compute: () => {
          built++;
          return text;
        },
      }),
    );
    const get = (coding?: string) =>
      app.inject({ method: 'GET', url: '/v1/all', headers: coding ? { 'accept-encoding': coding } : {} });
    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(text);
    // Only the coding asked for is made; brotli when a client asks for it.
    expect(cache.storedBytes()).toBe(encoded.gzip?.length);
    const br = await get('br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(text);
    expect(cache.storedBytes()).toBe(copies);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(text);
    expect(plain.headers.etag).toBe(`"${String(gzip.headers.etag).slice(1, -6)}"`);
    expect(built).toBe(1);
    await app.close();
  });
});

describe('compressing a very large body', () => {
  it('uses the fastest levels above LARGE_BODY, so a cold GIS page is not seconds of compression', async () => {
    const body = Buffer.from(coordinatesText(LARGE_BODY));
    const encoded = await encodeBody(body);
    expect(gunzipSync(encoded.gzip as Buffer).equals(body)).toBe(true);
    expect((encoded.gzip as Buffer).equals(gzipSync(body, { level: 1 }))).toBe(true);
    const fastest = brotliCompressSync(body, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 1,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    expect((encoded.br as Buffer).equals(fastest)).toBe(true);
  });
});

describe('response cache bounds', () => {
  it('counts compressed copies in its byte budget and drops the least recently used', () => {
    const cache = new ResponseCache(10, 400);
    cache.set('a', entry(50, { gzip: Buffer.alloc(10), br: Buffer.alloc(8) }));
    expect(cache.storedBytes()).toBe(68);
    cache.set('b', entry(90));
    cache.get('a');
    cache.set('c', entry(90));
    cache.set('d', entry(90));
    cache.set('e', entry(90));
    expect(cache.storedBytes()).toBe(338);
    expect(cache.size()).toBe(4);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
  });

  it('keeps at most its number of entries', () => {
    const cache = new ResponseCache(2, 1_000_000);
    for (const key of ['a', 'b', 'c']) cache.set(key, entry(10));
    expect(cache.size()).toBe(2);
    expect(cache.get('a')).toBeUndefined();
  });

  it('serves but does not keep an answer larger than a quarter of its budget', () => {
    const cache = new ResponseCache(10, 400);
    cache.set('big', entry(101));
    expect(cache.size()).toBe(0);
  });

  it('builds an entry once for concurrent requests, and not at all after a failure', async () => {
    const cache = new ResponseCache();
    let builds = 0;
    let finish: () => void = () => {};
    const built = new Promise<void>((done) => {
      finish = done;
    });
    const build = async () => {
      builds++;
      await built;
      return entry(10);
    };
    // All three ask while the first build is still on its way.
    const pending = Promise.all([1, 2, 3].map(() => cache.getOrBuild('k', build)));
    finish();
    const all = await pending;
    expect(builds).toBe(1);
    expect(all[0]).toBe(all[2]);
    await expect(cache.getOrBuild('bad', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(cache.get('bad')).toBeUndefined();
  });
});

describe('a bound per route', () => {
  it('keeps at most maxPerGroup entries of one route, and leaves the other routes alone', () => {
    const cache = new ResponseCache(500, 1024 * 1024, 10);
    cache.set('other', entry(10), '/v1/summary');
    for (let i = 0; i < 50; i++) cache.set(`fires-${i}`, entry(10), '/v1/wildfires');
    expect(cache.groupSize('/v1/wildfires')).toBe(10);
    expect(cache.get('fires-49')).toBeDefined();
    expect(cache.get('fires-0')).toBeUndefined();
    expect(cache.get('other')).toBeDefined();
    expect(cache.size()).toBe(11);
    expect(cache.storedBytes()).toBe(110);
  });

  it('evicts the least recently read entry of the route first', () => {
    const cache = new ResponseCache(500, 1024 * 1024, 2);
    cache.set('a', entry(1), 'r');
    cache.set('b', entry(1), 'r');
    cache.get('a');
    cache.set('c', entry(1), 'r');
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('b')).toBeUndefined();
  });
});

describe('checking a cached answer against its response schema', () => {
  const Schema = z.object({ items: z.array(z.object({ code: z.string(), count: z.number() })) });

  it('accepts an answer that matches, and a prebuilt string or a route without a schema', () => {
    expect(() => checkAnswer(Schema, { items: [{ code: 'ab', count: 1 }] }, '/v1/x')).not.toThrow();
    expect(() => checkAnswer(Schema as never, '{"items":1}' as never, '/v1/x')).not.toThrow();
    expect(() => checkAnswer(undefined, { anything: true }, '/v1/x')).not.toThrow();
  });

  it('refuses an answer that breaks its schema, naming the route and the field', () => {
    const wrong = { items: [{ code: 'ab', count: '1' }] } as unknown as z.input<typeof Schema>;
    expect(() => checkAnswer(Schema, wrong, '/v1/x')).toThrow(/\/v1\/x.*count/s);
  });
});
