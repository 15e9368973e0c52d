import { isActiveFire, isCarryOver, isOfSeason, STAGES_OF_CONTROL, seasonOf } from '@ciffc/contracts';
import { expect, it } from 'vitest';
import { forEachEngine } from '../../test/context.ts';
import { fire } from '../../test/fixtures.ts';
import { activeInSeason, carriedOver, ofSeason } from './picture.ts';
import { upsertFires } from './store.ts';

/**
 * The current picture is written once, in `packages/contracts/src/current-picture.ts`; the SQL of
 * `picture.ts` must pick exactly the fires the contract's rules pick, on both engines.
 */
const DATES = [
  '2023-12-31',
  '2024-01-01',
  '2024-12-31',
  '2025-01-01',
  '2025-12-31',
  '2026-01-01',
  '2026-07-15',
  '2026-07-16',
];
const FIRES = DATES.flatMap((date, d) =>
  STAGES_OF_CONTROL.map((stage, s) =>
    fire({ agency_fire_id: `F${d}${s}`, situation_report_date: date, stage_of_control: stage }),
  ),
);

forEachEngine('the current picture in SQL', (ctx) => {
  it('picks the fires the contract picks: active, of the season, carried over', async () => {
    const db = ctx().app.db.kysely;
    await upsertFires(db, FIRES);
    for (const today of ['2026-07-15', '2026-01-01', '2025-12-31']) {
      const season = seasonOf(today);
      const ids = async (where: typeof ofSeason) =>
        (
          await db
            .selectFrom('fires')
            .select('agency_fire_id')
            .where(where(season))
            .orderBy('agency_fire_id')
            .execute()
        ).map((r) => r.agency_fire_id);
      const expected = (rule: typeof isOfSeason) =>
        FIRES.filter((f) => rule(f, season))
          .map((f) => f.agency_fire_id)
          .sort();
      expect(await ids(ofSeason), today).toEqual(expected(isOfSeason));
      expect(await ids(activeInSeason), today).toEqual(expected(isActiveFire));
      expect(await ids(carriedOver), today).toEqual(expected(isCarryOver));
      // Not vacuous: each rule picks some fires and leaves others.
      expect(expected(isCarryOver).length).toBeGreaterThan(0);
      expect(expected(isOfSeason).length).toBeLessThan(FIRES.length);
    }
  });
});
