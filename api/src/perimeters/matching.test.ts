import { expect, it } from 'vitest';
import { bearer, clockAt, forEachEngine, type TestContext, tokenFor } from '../../test/context.ts';
import { fire, square } from '../../test/fixtures.ts';
import { upsertFires } from '../fires/store.ts';

const collection = (...features: { properties: Record<string, unknown>; ring: number[][] }[]) =>
  JSON.stringify({
    type: 'FeatureCollection',
    features: features.map((f) => ({
      type: 'Feature',
      properties: f.properties,
      geometry: { type: 'Polygon', coordinates: [f.ring] },
    })),
  });

const importFile = async (ctx: TestContext, body: string) =>
  (
    await ctx.app.inject({
      method: 'POST',
      url: '/v1/perimeters/import',
      headers: { 'content-type': 'application/geo+json', ...bearer(await tokenFor(ctx, 'ciffc')) },
      payload: body,
    })
  ).json();

const storedCount = async (ctx: TestContext) =>
  (await ctx.app.db.kysely.selectFrom('perimeters').select('id').execute()).length;

forEachEngine(
  'perimeter matching',
  (ctx) => {
    it("matches a capture to the fire of its FIRE_YEAR only: last season's fire of the same id is another fire", async () => {
      const db = ctx().app.db.kysely;
      await upsertFires(db, [
        // This season's K50123 (BC numbers start again each April), and a fire of BC's 2025 fire
        // year reported in February 2026 (BC's fire year runs April to March).
        fire({
          agency_code: 'bc',
          agency_fire_id: 'K50123',
          situation_report_date: '2026-07-01',
          fire_size: 90,
        }),
        fire({
          agency_code: 'bc',
          agency_fire_id: 'K20001',
          situation_report_date: '2026-02-10',
          fire_size: 5,
        }),
        // A US-style file names the fire's discovery time instead of a year.
        fire({ agency_code: 'ab', agency_fire_id: '2026-ABX-000042', situation_report_date: '2026-06-20' }),
      ]);
      const result = await importFile(
        ctx(),
        collection(
          {
            properties: { FIRE_NUMBER: 'K50123', FIRE_YEAR: 2025, TRACK_DATE: '2025-08-01' },
            ring: square(-120.4, 50.6, 0.01),
          },
          {
            properties: { FIRE_NUMBER: 'K50123', FIRE_YEAR: '2026', TRACK_DATE: '2026-07-10' },
            ring: square(-120.3, 50.6, 0.01),
          },
          {
            properties: { FIRE_NUMBER: 'K20001', FIRE_YEAR: 2025, TRACK_DATE: '2026-02-12' },
            ring: square(-121, 50, 0.01),
          },
          {
            properties: {
              agency: 'ab',
              attr_UniqueFireIdentifier: '2026-ABX-000042',
              attr_FireDiscoveryDateTime: Date.parse('2025-06-01T12:00:00Z'),
              poly_DateCurrent: '2026-06-25T00:00:00Z',
            },
            ring: square(-115, 55, 0.01),
          },
          {
            properties: {
              agency: 'ab',
              attr_UniqueFireIdentifier: '2026-ABX-000042',
              FIREDISCOVERYDATETIME: '2026-06-19T08:00:00Z',
              poly_DateCurrent: '2026-06-26T00:00:00Z',
            },
            ring: square(-115.1, 55, 0.01),
          },
        ),
      );
      expect(result).toMatchObject({ inserted: 5, refused_count: 0 });
      expect(
        result.accepted.map((a: { agency_fire_id: string; captured_at: string; matched: boolean }) => [
          a.agency_fire_id,
          a.captured_at.slice(0, 10),
          a.matched,
        ]),
      ).toEqual([
        ['K50123', '2025-08-01', false],
        ['K50123', '2026-07-10', true],
        ['K20001', '2026-02-12', true],
        ['2026-ABX-000042', '2026-06-25', false],
        ['2026-ABX-000042', '2026-06-26', true],
      ]);

      // Each fire keeps its own current capture; this season's fire lists only its own.
      const captures = await ctx().app.inject({ method: 'GET', url: '/v1/perimeters/fires/bc/K50123' });
      expect(captures.json().items.map((i: { captured_at: string }) => i.captured_at)).toEqual([
        '2026-07-10T00:00:00.000Z',
      ]);
      const map = (await ctx().app.inject({ method: 'GET', url: '/v1/perimeters?zoom=12' })).json();
      const k50123 = map.features
        .filter((f: { properties: { agency_fire_id: string } }) => f.properties.agency_fire_id === 'K50123')
        .map((f: { properties: { captured_at: string; fire_size: number | null; captures: number } }) => [
          f.properties.captured_at.slice(0, 10),
          f.properties.fire_size,
          f.properties.captures,
        ]);
      expect(k50123.sort()).toEqual([
        ['2025-08-01', null, 1],
        ['2026-07-10', 90, 1],
      ]);
    });

    it('keeps an id-less or unmatched capture once when the same file comes again', async () => {
      const file = collection(
        { properties: { captured_at: '2026-07-18T00:00:00Z' }, ring: square(-100, 55, 0.02) },
        { properties: { captured_at: '2026-07-18T00:00:00Z' }, ring: square(-100.5, 55, 0.02) },
        // The same hotspot polygon twice in one file is one capture.
        { properties: { captured_at: '2026-07-18T00:00:00Z' }, ring: square(-100.5, 55, 0.02) },
        {
          properties: { agency: 'sk', fire_id: 'NOT-KNOWN', captured_at: '2026-07-18' },
          ring: square(-105, 55, 0.02),
        },
      );
      const before = await storedCount(ctx());
      expect(await importFile(ctx(), file)).toMatchObject({ inserted: 3, unmatched_count: 3 });
      expect(await storedCount(ctx())).toBe(before + 3);
      expect(await importFile(ctx(), file)).toMatchObject({ inserted: 0, replaced: 0, unchanged: 3 });
      expect(await storedCount(ctx())).toBe(before + 3);
      // Another polygon at the same time is another capture.
      const other = collection({
        properties: { captured_at: '2026-07-18T00:00:00Z' },
        ring: square(-101, 55, 0.02),
      });
      expect(await importFile(ctx(), other)).toMatchObject({ inserted: 1 });
      expect(await storedCount(ctx())).toBe(before + 4);
    });
  },
  { now: clockAt('2026-07-20') },
);
