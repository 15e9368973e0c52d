import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forEachEngine } from '../../test/context.ts';
import { fire } from '../../test/fixtures.ts';
import { upsertFires } from '../fires/store.ts';
import { insertPerimeters, markCurrent } from '../perimeters/store.ts';

const run = promisify(execFile);

/** Slave Lake's fire: a square of 0.2° with a 0.05° hole, its south-west corner at -115.3, 55. */
const RING = [
  [-115.3, 55],
  [-115.1, 55],
  [-115.1, 55.2],
  [-115.3, 55.2],
  [-115.3, 55],
];
const HOLE = [
  [-115.22, 55.08],
  [-115.22, 55.13],
  [-115.17, 55.13],
  [-115.17, 55.08],
  [-115.22, 55.08],
];

/** Tile 8/80/46 (matrix/row/column) holds the fire; GDAL's MVT driver is told its address to place it. */
const Z = 8;
const COL = Math.floor(((-115.2 + 180) / 360) * 2 ** Z);
const ROW = Math.floor(((1 - Math.asinh(Math.tan((55.1 * Math.PI) / 180)) / Math.PI) / 2) * 2 ** Z);

forEachEngine("GDAL's MVT driver reads the API's vector tiles", (ctx) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ciffc-mvt-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  beforeAll(async () => {
    const db = ctx().app.db.kysely;
    await upsertFires(db, [fire({ agency_fire_id: 'HWF001', stage_of_control: 'BH', fire_size: 320 })]);
    await insertPerimeters(db, [
      {
        import_id: null,
        source: 'api',
        agency_code: 'ab',
        agency_fire_id: 'HWF001',
        fire_name: 'Slave Lake',
        captured_at: '2026-07-20T18:30:00.000Z',
        area_ha: 270.5,
        agency_area_ha: 300,
        vertex_count: 10,
        geometry: JSON.stringify({ type: 'Polygon', coordinates: [RING, HOLE] }),
        min_lon: -115.3,
        min_lat: 55,
        max_lon: -115.1,
        max_lat: 55.2,
        created_at: '2026-07-20T19:00:00.000Z',
      },
    ]);
    await markCurrent(db, [{ agency_code: 'ab', agency_fire_id: 'HWF001' }]);
  });

  /** The tile as a file, read by `ogrinfo` with the tile's address as the notes give it. */
  const ogrinfo = async (collection: string, ...args: string[]) => {
    const res = await ctx().app.inject({
      method: 'GET',
      url: `/v1/ogc/collections/${collection}/tiles/WebMercatorQuad/${Z}/${ROW}/${COL}`,
    });
    expect(res.statusCode).toBe(200);
    const file = path.join(dir, `${collection}-${ctx().engine}.mvt`);
    writeFileSync(file, res.rawPayload);
    const { stdout } = await run(
      'ogrinfo',
      ['-ro', '-al', '-oo', `X=${COL}`, '-oo', `Y=${ROW}`, '-oo', `Z=${Z}`, ...args, file],
      { timeout: 30_000 },
    );
    return stdout;
  };

  it('lists the perimeters layer with its fields, one polygon with its hole, in Web Mercator', async () => {
    const summary = await ogrinfo('perimeters', '-so');
    expect(summary).toMatch(/Layer name: perimeters/);
    expect(summary).toMatch(/Geometry: Multi Polygon|Geometry: Polygon/);
    expect(summary).toMatch(/Feature Count: 1/);
    expect(summary).toMatch(/agency_fire_id: String/);
    expect(summary).toMatch(/area_ha: Real/);
    expect(summary).toMatch(/Pseudo-Mercator|EPSG","3857"|ID\["EPSG",3857\]/);
    const features = await ogrinfo('perimeters', '-q');
    expect(features).toMatch(/agency_fire_id \(String\) = HWF001/);
    expect(features).toMatch(/stage_of_control \(String\) = BH/);
    // MVT keeps whole numbers as integers: GDAL types a field by the values of the tile.
    expect(features).toMatch(/fire_size \((Real|Integer)\) = 320/);
    // Two rings: the outline and the hole.
    expect(features).toMatch(/POLYGON \(\([^)]+\),\([^)]+\)\)/);
  }, 60_000);

  it("places the tile's polygon where the perimeter lies, to a tile unit (38 m at 8)", async () => {
    const features = await ogrinfo(
      'perimeters',
      '-q',
      '-spat',
      '-12835000',
      '7361000',
      '-12812000',
      '7397000',
    );
    expect(features).toMatch(/OGRFeature\(perimeters\)/);
    // -115.3° is x = -12,835,186 m; 55° is y = 7,361,866 m in EPSG:3857.
    const xs = [...features.matchAll(/(-1283\d{4}\.?\d*) (73\d{5}\.?\d*)/g)].map((m) => Number(m[1]));
    expect(xs.length).toBeGreaterThan(0);
    expect(Math.min(...xs)).toBeCloseTo(-12835186, -2);
  }, 60_000);

  it('reads the fires layer as points', async () => {
    const summary = await ogrinfo('fires', '-so');
    expect(summary).toMatch(/Layer name: fires/);
    expect(summary).toMatch(/Geometry: Point/);
    expect(summary).toMatch(/Feature Count: 1/);
  }, 60_000);
});
