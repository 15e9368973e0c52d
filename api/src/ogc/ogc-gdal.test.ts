import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forEachEngine } from '../../test/context.ts';
import { fire } from '../../test/fixtures.ts';
import { upsertFires } from '../fires/store.ts';
import { project } from './crs.ts';
import { READ_AHEAD_HEADER } from './read-ahead.ts';

const run = promisify(execFile);

/** 1,200 fires: every third being held (400), sizes 0 to 1,199; 300 in BC, 300 in Ontario, 600 in Alberta. */
const AGENCIES = ['ab', 'bc', 'on', 'ab'] as const;
const FIRES = Array.from({ length: 1200 }, (_, i) =>
  fire({
    agency_code: AGENCIES[i % 4],
    agency_fire_id: `G${String(i).padStart(4, '0')}`,
    stage_of_control: i % 3 === 0 ? 'BH' : 'OC',
    fire_size: i,
    latitude: 50 + i / 100,
    longitude: -120 + i / 100,
  }),
);

forEachEngine('GDAL reads the OGC API as a GIS analyst would', (ctx) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ciffc-ogr-'));
  /** Every request GDAL makes (not the API's own read-ahead of the next page), so a test counts them. */
  const urls: string[] = [];
  let source = '';

  beforeAll(async () => {
    const app = ctx().app;
    app.addHook('onRequest', async (request) => {
      if (!request.headers[READ_AHEAD_HEADER]) urls.push(request.url);
    });
    await upsertFires(app.db.kysely, FIRES);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    source = `OAPIF:http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/v1/ogc`;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const ogr2ogr = async (name: string, ...args: string[]) => {
    urls.length = 0;
    const out = path.join(dir, `${name}-${ctx().engine}.gpkg`);
    await run('ogr2ogr', ['-f', 'GPKG', out, source, 'fires', ...args], { timeout: 60_000 });
    const { stdout } = await run('ogrinfo', ['-ro', '-al', '-q', out], { timeout: 30_000 });
    return { stdout, count: (stdout.match(/^OGRFeature\(fires\):/gm) ?? []).length };
  };

  it('sends -where to the server as CQL2 and downloads only what matches', async () => {
    const { stdout, count } = await ogr2ogr(
      'where',
      '-where',
      "stage_of_control = 'BH' AND fire_size >= 900",
    );
    expect(count).toBe(100);
    expect(stdout).not.toMatch(/stage_of_control \(String\) = OC/);
    const items = urls.filter((u) => u.includes('/items'));
    expect(items.some((u) => u.includes('filter=') && u.includes('filter-lang=cql-text'))).toBe(true);
    // GDAL 3.6 pages by 10 unless told: 100 matches are 10 pages, never the 120 pages of the layer.
    expect(items.length).toBeLessThanOrEqual(12);
  }, 90_000);

  it('reads the whole layer with its defaults in a handful of requests, not one per 10 fires', async () => {
    const { count } = await ogr2ogr('defaults');
    expect(count).toBe(1200);
    // GDAL 3.6 asks limit=10 (twice: the schema, then the reading); the next links ask for a thousand.
    const items = urls.filter((u) => u.includes('/items'));
    expect(items.filter((u) => u.includes('limit=1000')).length).toBe(2);
    expect(urls.length).toBeLessThanOrEqual(20);
  }, 90_000);

  it('answers -where with IN, and sends its OR form to the server as CQL2', async () => {
    const inList = await ogr2ogr('in', '-where', "agency_code IN ('bc','on')");
    expect(inList.count).toBe(600);
    expect(inList.stdout).not.toMatch(/agency_code \(String\) = ab/);
    // GDAL 3.6 writes no IN in CQL2 (it filters an IN itself), so it reads the layer by thousands.
    expect(urls.length).toBeLessThanOrEqual(20);
    const either = await ogr2ogr('or', '-where', "agency_code = 'bc' OR agency_code = 'on'");
    expect(either.count).toBe(600);
    const items = urls.filter((u) => u.includes('/items'));
    const filter = items.map((u) => new URL(u, 'http://x').searchParams.get('filter')).find(Boolean);
    expect(filter).toMatch(/agency_code = 'bc'.*OR.*agency_code = 'on'/);
  }, 90_000);

  it('pages by a thousand with PAGE_SIZE=1000: the whole layer in two pages', async () => {
    const { count } = await ogr2ogr('all', '-oo', 'PAGE_SIZE=1000');
    expect(count).toBe(1200);
    expect(urls.filter((u) => u.includes('/items?limit=1000')).length).toBeLessThanOrEqual(3);
  }, 90_000);

  it('writes the layer in EPSG:3978 with -t_srs where our crs=EPSG:3978 puts it', async () => {
    const { stdout } = await ogr2ogr(
      'lambert',
      '-oo',
      'PAGE_SIZE=1000',
      '-t_srs',
      'EPSG:3978',
      '-where',
      "agency_fire_id = 'G0500'",
    );
    const point = /POINT \((-?[\d.]+) (-?[\d.]+)\)/.exec(stdout);
    const [x, y] = project('http://www.opengis.net/def/crs/EPSG/0/3978', -115, 55);
    expect(Math.abs(Number(point?.[1]) - x)).toBeLessThan(0.5);
    expect(Math.abs(Number(point?.[2]) - y)).toBeLessThan(0.5);
  }, 90_000);
});
