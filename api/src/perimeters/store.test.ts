import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { forEachEngine } from '../../test/context.ts';
import { fire } from '../../test/fixtures.ts';
import { upsertFires } from '../fires/store.ts';
import { migrations } from './migrations.ts';
import {
  currentPerimeters,
  insertPerimeters,
  markCurrent,
  type NewPerimeter,
  publishedGeometryOf,
} from './store.ts';

const capture = (fireId: string | null, captured_at: string, lon: number, area_ha: number): NewPerimeter => ({
  import_id: null,
  source: 'demo',
  agency_code: fireId ? 'ab' : null,
  agency_fire_id: fireId,
  fire_name: null,
  captured_at,
  area_ha,
  agency_area_ha: null,
  vertex_count: 5,
  geometry: JSON.stringify({
    type: 'Polygon',
    coordinates: [
      [
        [lon, 55],
        [lon + 0.1, 55],
        [lon + 0.1, 55.1],
        [lon, 55.1],
        [lon, 55],
      ],
    ],
  }),
  min_lon: lon,
  min_lat: 55,
  max_lon: lon + 0.1,
  max_lat: 55.1,
  created_at: '2026-07-20T12:00:00.000Z',
});

forEachEngine('perimeter store', (ctx) => {
  it("the migration that stores each capture's published geometry fills it for the captures already kept", async () => {
    const db = ctx().app.db.kysely;
    await insertPerimeters(db, [
      capture(null, '2026-07-10T00:00:00.000Z', -100.123456789, 50),
      capture(null, '2026-07-11T00:00:00.000Z', -101.987654321, 60),
    ]);
    // A database from before the column: the migration's down, then its up again.
    const migration = migrations['0181_perimeters_published_geometry'];
    if (!migration?.down) throw new Error('the published geometry migration is missing');
    await migration.down(db as unknown as Kysely<unknown>);
    await migration.up(db as unknown as Kysely<unknown>);
    const rows = await db.selectFrom('perimeters').select(['geometry', 'published_geometry']).execute();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const r of rows) expect(r.published_geometry).toBe(publishedGeometryOf(r.geometry));
    // Rounded as the API publishes them (7 decimals), not the stored 9.
    expect(rows.some((r) => r.published_geometry?.includes('[-100.1234568,55]'))).toBe(true);
    await db.deleteFrom('perimeters').execute(); // the next test counts its own captures
  });

  it('keeps every capture, serves only the newest of a fire as current, and reads by box', async () => {
    const db = ctx().app.db.kysely;
    await upsertFires(db, [fire({ agency_fire_id: 'HWF001', stage_of_control: 'BH', fire_size: 700 })]);
    await insertPerimeters(db, [
      capture('HWF001', '2026-07-18T00:00:00.000Z', -115.3, 400),
      capture('HWF001', '2026-07-20T00:00:00.000Z', -115.3, 650),
      capture(null, '2026-07-19T00:00:00.000Z', -110, 90),
    ]);
    await markCurrent(db, [{ agency_code: 'ab', agency_fire_id: 'HWF001' }]);
    const all = await db
      .selectFrom('perimeters')
      .select(['captured_at', 'is_current'])
      .orderBy('id')
      .execute();
    expect(all.map((r) => r.is_current)).toEqual([0, 1, 1]);
    const west = await currentPerimeters(db, [-116, 54, -114, 56]);
    expect(west).toHaveLength(1);
    expect(west[0]).toMatchObject({
      agency_fire_id: 'HWF001',
      captured_at: '2026-07-20T00:00:00.000Z',
      area_ha: 650,
      stage_of_control: 'BH',
      fire_size: 700,
      captures: 2,
    });
    const both = await currentPerimeters(db, [-120, 50, -100, 60]);
    expect(both.map((p) => p.agency_fire_id)).toEqual(['HWF001', null]);
    expect(await currentPerimeters(db, [-100, 40, -90, 45])).toEqual([]);
  });
});
