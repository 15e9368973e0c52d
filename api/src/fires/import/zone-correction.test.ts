import { expect, it } from 'vitest';
import { bearer, forEachEngine, type TestContext, tokenFor } from '../../../test/context.ts';
import { CSV_HEADER } from '../../../test/fixtures.ts';
import { correctZoneDays } from './zone-correction.ts';

/**
 * Fires stored with zone data older than the 2026 changes (docs/time-zones.md): each row given in
 * GMT at half past midnight local time was stored a day early. The correction reads each fire's
 * row again from its import's kept file and fixes the days, keeping every version.
 */
let now = '2026-11-20T18:00:00Z';

const FILE = [
  CSV_HEADER,
  'bc,BC-1,GMT,2026-11-20 07:30,2026-11-20 07:30,OC,N,FUL,10,50.6,-120.3',
  'ab,AB-1,GMT,2026-11-20 06:30,2026-11-20 06:30,OC,N,FUL,10,55.1,-115.2',
  'nt,NT-1,GMT,2026-11-20 06:30,2026-11-20 06:30,OC,N,FUL,10,62.4,-114.4',
  'mb,MB-1,GMT,2026-11-20 05:30,2026-11-20 05:30,OC,N,FUL,10,54.0,-98.0',
  'on,ON-1,GMT,2026-11-20 04:30,2026-11-20 04:30,OC,N,FUL,10,49.8,-94.5',
].join('\n');
const CHANGED = ['AB-1', 'BC-1', 'MB-1', 'NT-1'];

async function importFile(ctx: TestContext, body: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/v1/fires/import',
    headers: { 'content-type': 'text/csv', ...bearer(await tokenFor(ctx, 'ciffc')) },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
}

const days = async (ctx: TestContext) =>
  (
    await ctx.app.db.kysely
      .selectFrom('fires')
      .select(['agency_fire_id', 'situation_report_date', 'status_date'])
      .where('agency_fire_id', 'in', [...CHANGED, 'ON-1'])
      .orderBy('agency_fire_id')
      .execute()
  ).map((f) => `${f.agency_fire_id} ${f.situation_report_date} ${f.status_date}`);

/** What zone data before 2026 stored: the day before, in the fire and in its version. */
async function storeAsOldData(ctx: TestContext) {
  for (const table of ['fires', 'fire_versions'] as const)
    await ctx.app.db.kysely
      .updateTable(table)
      .set({ situation_report_date: '2026-11-19', status_date: '2026-11-19' })
      .where('agency_fire_id', 'in', CHANGED)
      .execute();
}

const correct = (ctx: TestContext) => ctx.app.db.kysely.transaction().execute((trx) => correctZoneDays(trx));

forEachEngine(
  'fires stored with the zone data before 2026',
  (ctx) => {
    it('are given their days again from their import’s file, a version recording it, once', async () => {
      now = '2026-11-20T18:00:00Z';
      await importFile(ctx(), FILE);
      expect(await days(ctx())).toEqual([
        'AB-1 2026-11-20 2026-11-20',
        'BC-1 2026-11-20 2026-11-20',
        'MB-1 2026-11-20 2026-11-20',
        'NT-1 2026-11-20 2026-11-20',
        'ON-1 2026-11-19 2026-11-19',
      ]);
      await storeAsOldData(ctx());
      // A fire edited since its import is no longer that row's: left as it is.
      await ctx()
        .app.db.kysely.updateTable('fires')
        .set({ fire_size: 99 })
        .where('agency_fire_id', '=', 'NT-1')
        .execute();

      expect(await correct(ctx())).toEqual({ checked: 5, corrected: 3 });
      expect(await days(ctx())).toEqual([
        'AB-1 2026-11-20 2026-11-20',
        'BC-1 2026-11-20 2026-11-20',
        'MB-1 2026-11-20 2026-11-20',
        'NT-1 2026-11-19 2026-11-19',
        'ON-1 2026-11-19 2026-11-19',
      ]);
      const versions = await ctx()
        .app.db.kysely.selectFrom('fire_versions')
        .select(['action', 'situation_report_date'])
        .where('agency_fire_id', '=', 'MB-1')
        .orderBy('id')
        .execute();
      expect(versions).toEqual([
        { action: 'inserted', situation_report_date: '2026-11-19' },
        { action: 'corrected', situation_report_date: '2026-11-20' },
      ]);
      expect(await correct(ctx())).toEqual({ checked: 2, corrected: 0 });
    });

    it('leaves the fires of imports written before the first change of 2026', async () => {
      now = '2026-02-20T18:00:00Z';
      await importFile(
        ctx(),
        [CSV_HEADER, 'bc,BC-OLD,GMT,2026-02-20 07:30,2026-02-20 07:30,OC,N,FUL,1,50.6,-120.3'].join('\n'),
      );
      await ctx()
        .app.db.kysely.updateTable('fires')
        .set({ situation_report_date: '2026-02-21' })
        .where('agency_fire_id', '=', 'BC-OLD')
        .execute();
      // The import's own time (written by the server's clock, not the test's).
      await ctx()
        .app.db.kysely.updateTable('fire_imports')
        .set({ created_at: '2026-02-20T18:00:00.000Z' })
        .where('id', '=', (eb) => eb.selectFrom('fire_imports').select((f) => f.fn.max('id').as('id')))
        .execute();
      await correct(ctx());
      const fire = await ctx()
        .app.db.kysely.selectFrom('fires')
        .select('situation_report_date')
        .where('agency_fire_id', '=', 'BC-OLD')
        .executeTakeFirstOrThrow();
      expect(fire.situation_report_date).toBe('2026-02-21');
    });
  },
  { now: () => new Date(now) },
);
