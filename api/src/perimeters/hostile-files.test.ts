import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext, tokenFor } from '../../test/context.ts';
import {
  bcPolygon,
  dbfFile,
  deflated,
  deflateRun,
  largeGeoJson,
  MB,
  shpFile,
  zip,
} from '../../test/hostile-files.ts';

/**
 * Hostile perimeter files (docs/decisions.md, "Perimeter files read in a process of their own"):
 * each is refused with a code, in seconds, while the API keeps answering, and the API's process
 * (this one: the app runs in it) lives and keeps its memory. Before the reader's bounds, the first
 * of these ended the process with "JavaScript heap out of memory".
 */

async function post(
  ctx: TestContext,
  payload: Buffer | string,
  contentType = 'application/zip',
  user = 'bc',
) {
  const headers = { 'content-type': contentType, ...bearer(await tokenFor(ctx, user)) };
  return ctx.app.inject({ method: 'POST', url: '/v1/perimeters/import?dry_run=true', headers, payload });
}

/**
 * Posts the file while the public asks for the agencies every 50 ms: answers the import's status
 * and body, its seconds, the slowest public answer meanwhile, and the growth of this process's memory.
 */
async function postUnderLoad(ctx: TestContext, payload: Buffer | string, contentType?: string) {
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  let finished = false;
  let slowestRead = 0;
  let reads = 0;
  const reading = (async () => {
    while (!finished) {
      const t = performance.now();
      const res = await ctx.app.inject({ method: 'GET', url: '/v1/agency' });
      expect(res.statusCode).toBe(200);
      slowestRead = Math.max(slowestRead, performance.now() - t);
      reads++;
      // Pacing: a reader's interval while the upload runs, not a wait for an event.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const res = await post(ctx, payload, contentType);
  const seconds = (performance.now() - started) / 1000;
  finished = true;
  await reading;
  const grownMb = (process.memoryUsage().rss - rssBefore) / MB;
  return { status: res.statusCode, body: res.json(), seconds, slowestRead, reads, grownMb };
}

describe('hostile perimeter files', () => {
  let context: (TestContext & { close(): Promise<void> }) | undefined;
  const ctx = () => context as TestContext;
  const pid = process.pid;
  let oneGiBOfSpaces: Buffer;

  beforeAll(async () => {
    context = await createTestContext('sqlite');
    oneGiBOfSpaces = await deflateRun(
      '<kml xmlns="http://www.opengis.net/kml/2.2"><Document>',
      0x20,
      1024 * MB,
      '</Document></kml>',
    );
  });
  afterAll(async () => {
    await context?.close();
  });

  it('refuses a 1 KB zipped Shapefile whose .dbf claims 10^9 records, answering meanwhile', async () => {
    const file = zip([
      deflated('fires.shp', shpFile([{ claimedPoints: 5, points: bcPolygon }])),
      deflated('fires.dbf', dbfFile(1e9, 1)),
    ]);
    expect(file.length).toBeLessThan(1024);
    const seen = await postUnderLoad(ctx(), file);
    expect(seen.status).toBe(400);
    expect(seen.body).toMatchObject({
      code: 'perimeters.shapefile_inconsistent',
      params: { file: 'fires.dbf' },
    });
    expect(seen.body.message).toContain('1000000000 records');
    expect(seen.seconds).toBeLessThan(10);
    expect(seen.slowestRead).toBeLessThan(1000);
  });

  it("reading a file's fields for the mapping step refuses the same hostile files, the API alive", async () => {
    const inspect = async (payload: Buffer) =>
      ctx().app.inject({
        method: 'POST',
        url: '/v1/perimeters/import?inspect=true',
        headers: { 'content-type': 'application/zip', ...bearer(await tokenFor(ctx(), 'bc')) },
        payload,
      });
    const lyingDbf = zip([
      deflated('fires.shp', shpFile([{ claimedPoints: 5, points: bcPolygon }])),
      deflated('fires.dbf', dbfFile(1e9, 1)),
    ]);
    const lies = await inspect(lyingDbf);
    expect(lies.statusCode).toBe(400);
    expect(lies.json()).toMatchObject({ code: 'perimeters.shapefile_inconsistent' });
    const zeros = await deflateRun('', 0, 900 * MB, '');
    const bomb = await inspect(zip([{ name: 'fires.shp', data: zeros, declared: 900 * MB }]));
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json()).toMatchObject({ code: 'perimeters.entry_too_large' });
    expect(process.pid).toBe(pid);
    expect((await ctx().app.inject({ method: 'GET', url: '/v1/agency' })).statusCode).toBe(200);
  });

  it('refuses a .shp whose polygon claims 10^9 points', async () => {
    const file = zip([deflated('fires.shp', shpFile([{ claimedPoints: 1e9, points: bcPolygon }]))]);
    const seen = await postUnderLoad(ctx(), file);
    expect(seen.status).toBe(400);
    expect(seen.body).toMatchObject({
      code: 'perimeters.shapefile_inconsistent',
      params: { file: 'fires.shp' },
    });
    expect(seen.body.message).toContain('1000000000 points');
  });

  it('refuses a zip under 1 MB whose .shp inflates to 900 MB of zeros, whether it says so or lies', async () => {
    const zeros = await deflateRun('', 0, 900 * MB, '');
    const honest = zip([{ name: 'fires.shp', data: zeros, declared: 900 * MB }]);
    expect(honest.length).toBeLessThan(MB);
    const declared = await postUnderLoad(ctx(), honest);
    expect(declared.status).toBe(413);
    expect(declared.body).toMatchObject({
      code: 'perimeters.entry_too_large',
      params: { entry: 'fires.shp', size: 900 * MB, max: 64 * MB },
    });
    // Declared 10 KB: the inflation stops one byte past it, not at 900 MB.
    const lying = await postUnderLoad(ctx(), zip([{ name: 'fires.shp', data: zeros, declared: 10_240 }]));
    expect(lying.status).toBe(400);
    expect(lying.body).toMatchObject({ code: 'perimeters.archive_malformed' });
    expect(lying.body.message).toContain('inflates beyond its declared 10240 bytes');
    expect(lying.seconds).toBeLessThan(10);
    expect(lying.grownMb).toBeLessThan(200);
  });

  it('refuses KMZ bombs: a doc.kml of 1 GiB, of 300 MB, and one that lies about its size', async () => {
    const gib = await postUnderLoad(
      ctx(),
      zip([{ name: 'doc.kml', data: oneGiBOfSpaces, declared: 1024 * MB + 72 }]),
    );
    expect(gib.status).toBe(413);
    expect(gib.body).toMatchObject({ code: 'perimeters.entry_too_large', params: { entry: 'doc.kml' } });
    const kml300 = await deflateRun('<kml><Document>', 0x20, 300 * MB, '</Document></kml>');
    const mb300 = await postUnderLoad(
      ctx(),
      zip([{ name: 'doc.kml', data: kml300, declared: 300 * MB + 32 }]),
    );
    expect(mb300.status).toBe(413);
    // Declared 60 MB, within every limit: the inflation stops one byte past it.
    const lying = await postUnderLoad(
      ctx(),
      zip([{ name: 'doc.kml', data: oneGiBOfSpaces, declared: 60 * MB }]),
    );
    expect(lying.status).toBe(400);
    expect(lying.body).toMatchObject({ code: 'perimeters.archive_malformed' });
    expect(lying.seconds).toBeLessThan(10);
    expect(lying.grownMb).toBeLessThan(200);
  });

  it('refuses an entry that inflates a thousand times its compressed size, before inflating it', async () => {
    const shp = deflated('fires.shp', shpFile([{ claimedPoints: 5, points: bcPolygon }]));
    const dbf = deflated('fires.dbf', Buffer.alloc(10 * MB));
    const seen = await post(ctx(), zip([shp, dbf]));
    expect(seen.statusCode).toBe(413);
    expect(seen.json()).toMatchObject({
      code: 'perimeters.archive_ratio',
      params: { entry: 'fires.dbf', max: 200 },
    });
  });

  it('refuses an archive whose entries together inflate beyond 200 MB', async () => {
    const part = (name: string) => ({ name, data: Buffer.alloc(400 * 1024, 7), declared: 60 * MB });
    const file = zip([part('a.shp'), part('a.dbf'), part('b.shp'), part('b.dbf')]);
    const seen = await post(ctx(), file);
    expect(seen.statusCode).toBe(413);
    expect(seen.json()).toMatchObject({ code: 'perimeters.archive_too_large', params: { max: 200 * MB } });
  });

  it('the API process is the same one, answering, after every hostile file', async () => {
    expect(process.pid).toBe(pid);
    const health = await ctx().app.inject({ method: 'GET', url: '/v1/health' });
    expect(health.statusCode).toBe(200);
  });
});

describe('the perimeter reader out of memory or time', () => {
  let context: (TestContext & { close(): Promise<void> }) | undefined;
  const ctx = () => context as TestContext;

  afterAll(async () => {
    await context?.close();
  });

  it('a file that fills the reader heap ends only the reader: 413, and the next file is read', async () => {
    // A heap of 80 MB and no other caller of that size: this test's own reader process.
    context = await createTestContext('sqlite', { perimeterReader: { heapMb: 80, timeoutMs: 120_000 } });
    const large = largeGeoJson(90_000);
    const seen = await postUnderLoad(ctx(), large, 'application/geo+json');
    expect(seen.status).toBe(413);
    expect(seen.body).toMatchObject({ code: 'perimeters.too_complex', params: { memory: 80, seconds: 120 } });
    expect(seen.slowestRead).toBeLessThan(1000);
    expect(seen.reads).toBeGreaterThan(1);
    const next = await post(ctx(), largeGeoJson(10), 'application/geo+json');
    expect(next.statusCode).toBe(200);
    expect(next.json()).toMatchObject({ total_features: 10, accepted_count: 10 });
    await context.close();
    context = undefined;
  });

  it('a file read past the time limit is refused with 413', async () => {
    context = await createTestContext('sqlite', { perimeterReader: { heapMb: 513, timeoutMs: 1000 } });
    // A new reader (no other has this heap) starts, then parses and checks 90,000 polygons: over 1 s.
    const seen = await post(ctx(), largeGeoJson(90_000), 'application/geo+json');
    expect(seen.statusCode).toBe(413);
    expect(seen.json()).toMatchObject({
      code: 'perimeters.too_complex',
      params: { memory: 513, seconds: 1 },
    });
  });
});
