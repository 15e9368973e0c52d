import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, clockAt, forEachEngine, tokenFor } from '../../test/context.ts';
import { CSV_HEADER, fire } from '../../test/fixtures.ts';
import { upsertFires } from '../fires/store.ts';

const FIRES = Array.from({ length: 60 }, (_, i) =>
  fire({ agency_fire_id: `C${i}`, latitude: 50 + i / 100, longitude: -110 - i / 100 }),
);
const MAP = '/v1/dashboard/fires?map=true';
const LIST = '/v1/wildfires?page=1';

forEachEngine(
  'compressed cached answers',
  (ctx) => {
    beforeAll(async () => {
      await upsertFires(ctx().app.db.kysely, FIRES);
    });
    const get = (url: string, headers: Record<string, string> = {}) =>
      ctx().app.inject({ method: 'GET', url, headers });

    describe.each([MAP, LIST])('GET %s', (url) => {
      it('sends gzip or brotli bytes that decode to the plain answer, and plain bytes without the header', async () => {
        const plain = await get(url);
        expect(plain.statusCode).toBe(200);
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.headers.vary).toMatch(/Accept-Encoding/);
        expect(plain.body.length).toBeGreaterThan(1024);
        const gz = await get(url, { 'accept-encoding': 'gzip' });
        expect(gz.headers['content-encoding']).toBe('gzip');
        expect(gz.headers.vary).toMatch(/Accept-Encoding/);
        expect(Number(gz.headers['content-length'])).toBe(gz.rawPayload.length);
        expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
        expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
        const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
        expect(br.headers['content-encoding']).toBe('br');
        expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
        const identity = await get(url, { 'accept-encoding': 'identity' });
        expect(identity.headers['content-encoding']).toBeUndefined();
        expect(identity.body).toBe(plain.body);
      });

      it('tags each coding with its own ETag and answers 304 only to the tag of the coding asked for', async () => {
        const tags = new Map<string, string>();
        for (const accept of ['', 'gzip', 'br']) {
          const headers: Record<string, string> = accept ? { 'accept-encoding': accept } : {};
          const res = await get(url, headers);
          const etag = res.headers.etag as string;
          expect(etag).toMatch(/^"[^"]+"$/);
          tags.set(accept, etag);
          const notModified = await get(url, { ...headers, 'if-none-match': etag });
          expect(notModified.statusCode).toBe(304);
          expect(notModified.headers.etag).toBe(etag);
          expect(notModified.headers.vary).toMatch(/Accept-Encoding/);
          expect(notModified.rawPayload.length).toBe(0);
        }
        expect(new Set(tags.values()).size).toBe(3);
        // A gzip copy's tag does not validate the plain answer, nor the reverse.
        const crossed = await get(url, { 'if-none-match': tags.get('gzip') as string });
        expect(crossed.statusCode).toBe(200);
        expect(crossed.headers['content-encoding']).toBeUndefined();
        const crossedGzip = await get(url, {
          'accept-encoding': 'gzip',
          'if-none-match': tags.get('') as string,
        });
        expect(crossedGzip.statusCode).toBe(200);
        expect(crossedGzip.headers['content-encoding']).toBe('gzip');
      });
    });

    it('a fires import changes every coding of the map: new tags, new bytes', async () => {
      const before = {
        plain: await get(MAP),
        gzip: await get(MAP, { 'accept-encoding': 'gzip' }),
      };
      const imported = await ctx().app.inject({
        method: 'POST',
        url: '/v1/fires/import',
        headers: { 'content-type': 'text/csv', ...bearer(await tokenFor(ctx(), 'ciffc')) },
        payload: `${CSV_HEADER}\npe,PE-9,,2026-07-15,,OC,H,FUL,2,46.3,-63.2`,
      });
      expect(imported.json().accepted_count).toBe(1);
      const plain = await get(MAP, { 'if-none-match': before.plain.headers.etag as string });
      const gzip = await get(MAP, {
        'accept-encoding': 'gzip',
        'if-none-match': before.gzip.headers.etag as string,
      });
      expect(plain.statusCode).toBe(200);
      expect(gzip.statusCode).toBe(200);
      expect(plain.headers.etag).not.toBe(before.plain.headers.etag);
      expect(gzip.headers.etag).not.toBe(before.gzip.headers.etag);
      const count = (body: string) => (JSON.parse(body) as { features: unknown[] }).features.length;
      expect(count(plain.body)).toBe(count(before.plain.body) + 1);
      expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    });
  },
  { now: clockAt('2026-07-15') },
);
