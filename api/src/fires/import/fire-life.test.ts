import { expect, it } from 'vitest';
import { bearer, forEachEngine, type TestContext, tokenFor } from '../../../test/context.ts';
import { CSV_HEADER } from '../../../test/fixtures.ts';
import { importFires } from './import.ts';

/**
 * A fire's life (docs/fires-import.md, "Snapshots" and "Sources"): reported, changed, ended by a
 * complete list that no longer names it, and the precedence of sources that disagree.
 */
let today = '2026-07-10';

const csv = (...rows: string[]) => [CSV_HEADER, ...rows].join('\n');
const bc = (id: string, date: string, stage: string, size: number) =>
  `bc,${id},America/Vancouver,${date},${date},${stage},N,FUL,${size},50.6,-120.3`;
const ab = (id: string, date: string, stage: string, size: number) =>
  `ab,${id},America/Edmonton,${date},${date},${stage},N,FUL,${size},55.1,-115.2`;
/** The national active-fires file's layout: a snapshot unless told otherwise. */
const national = (...rows: string[]) =>
  ['agency, firename, lat, lon, startdate, hectares, stage_of_control, timezone', ...rows].join('\r\n');

async function post(ctx: TestContext, body: string, query = '') {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/v1/fires/import${query}`,
    headers: { 'content-type': 'text/csv', ...bearer(await tokenFor(ctx, 'ciffc')) },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const get = async (ctx: TestContext, url: string) => (await ctx.app.inject({ method: 'GET', url })).json();
const mapIds = async (ctx: TestContext) =>
  (await get(ctx, '/v1/dashboard/fires?map=true')).features
    .map((f: { properties: { field_agency_fire_id: string } }) => f.properties.field_agency_fire_id)
    .sort();
const fireOf = async (ctx: TestContext, agency: string, id: string) =>
  ctx.app.db.kysely
    .selectFrom('fires')
    .selectAll()
    .where('agency_code', '=', agency)
    .where('agency_fire_id', '=', id)
    .executeTakeFirstOrThrow();
const versionsOf = async (ctx: TestContext, agency: string, id: string) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: `/v1/fires/${agency}/${id}/versions`,
      headers: bearer(await tokenFor(ctx, 'ciffc')),
    })
  ).json().items as {
    action: string;
    fire: { stage_of_control: string; fire_size: number; ended_on: string | null };
  }[];

forEachEngine(
  'a fire from report to out',
  (ctx) => {
    it('a snapshot ends the fires of its agencies it no longer lists; a dry run says how many first', async () => {
      today = '2026-07-10';
      await post(
        ctx(),
        csv(
          bc('B1', '2026-07-09', 'OC', 10),
          bc('B2', '2026-07-09', 'OC', 20),
          ab('A1', '2026-07-09', 'OC', 5),
        ),
      );
      expect(await mapIds(ctx())).toEqual(['A1', 'B1', 'B2']);

      today = '2026-07-11';
      const list = csv(bc('B1', '2026-07-11', 'BH', 12));
      const dry = await post(ctx(), list, '?snapshot=true&dry_run=true');
      expect(dry).toMatchObject({ snapshot_on: '2026-07-11', ended: 1, updated: 1 });
      expect(await mapIds(ctx())).toEqual(['A1', 'B1', 'B2']);

      const done = await post(ctx(), list, '?snapshot=true');
      expect(done).toMatchObject({ snapshot_on: '2026-07-11', ended: 1, updated: 1 });
      // Alberta is not in the file: its fire goes on. B2 leaves the picture but is kept.
      expect(await mapIds(ctx())).toEqual(['A1', 'B1']);
      expect(await fireOf(ctx(), 'bc', 'B2')).toMatchObject({
        stage_of_control: 'OUT',
        ended_on: '2026-07-11',
      });
      const listed = await get(ctx(), '/v1/wildfires?agency=bc&export=true');
      expect(
        listed.items.map((r: { field_agency_fire_id: string }) => r.field_agency_fire_id).sort(),
      ).toEqual(['B1', 'B2']);
      const history = await versionsOf(ctx(), 'bc', 'B2');
      expect(history.map((v) => [v.action, v.fire.stage_of_control, v.fire.ended_on])).toEqual([
        ['ended', 'OUT', '2026-07-11'],
        ['inserted', 'OC', null],
      ]);
      const imports = await ctx().app.inject({
        method: 'GET',
        url: '/v1/fires/imports',
        headers: bearer(await tokenFor(ctx(), 'ciffc')),
      });
      expect(imports.json().items[0]).toMatchObject({ ended: 1, snapshot_on: '2026-07-11' });

      // Listed again in a later complete list, the fire is back in the picture.
      today = '2026-07-12';
      const back = await post(
        ctx(),
        csv(bc('B1', '2026-07-11', 'BH', 12), bc('B2', '2026-07-12', 'UC', 21)),
        '?snapshot=true',
      );
      expect(back).toMatchObject({ ended: 0, updated: 1, unchanged: 1 });
      expect(await fireOf(ctx(), 'bc', 'B2')).toMatchObject({ stage_of_control: 'UC', ended_on: null });
    });

    it('an old file imported late, as a snapshot, ends and overrules nothing current', async () => {
      today = '2026-07-13';
      const before = await mapIds(ctx());
      const old = await post(
        ctx(),
        csv(bc('B1', '2024-08-01', 'OC', 999), bc('B7', '2024-08-01', 'OC', 7)),
        '?snapshot=true',
      );
      expect(old).toMatchObject({
        snapshot_on: '2024-08-01',
        ended: 0,
        inserted: 1,
        overruled: 1,
        overruled_by: { import: 1 },
      });
      expect(old.accepted.map((a: { action: string }) => a.action)).toEqual(['overruled', 'inserted']);
      expect((await fireOf(ctx(), 'bc', 'B1')).fire_size).toBe(12);
      // B7, two seasons old, is history: not on the map.
      expect(await mapIds(ctx())).toEqual(before);
      // The loser is kept in the fire's history.
      expect((await versionsOf(ctx(), 'bc', 'B1'))[0]).toMatchObject({
        action: 'overruled',
        fire: { fire_size: 999 },
      });
    });

    it("an agency's feed holds over the national file of the same day; a newer report wins", async () => {
      today = '2026-07-14';
      await importFires(
        ctx().app.db,
        csv('yt,Y1,America/Whitehorse,2026-07-01,2026-07-14,OC,N,FUL,170,61,-135'),
        {
          today,
          actor: { source: 'feed', userId: null, username: null },
          onlyAgency: 'yt',
        },
      );
      const file = national('yt, Y1, 61, -135, 2026-07-14 10:00:00, 70, OC, PDT');
      const dry = await post(ctx(), file, '?dry_run=true');
      expect(dry).toMatchObject({
        snapshot_on: '2026-07-14',
        overruled: 1,
        overruled_by: { feed: 1 },
        updated: 0,
      });
      await post(ctx(), file);
      expect(await fireOf(ctx(), 'yt', 'Y1')).toMatchObject({ fire_size: 170, report_source: 'feed' });

      today = '2026-07-15';
      const next = await post(ctx(), national('yt, Y1, 61, -135, 2026-07-15 09:00:00, 80, BH, PDT'));
      expect(next).toMatchObject({ updated: 1, overruled: 0 });
      expect(await fireOf(ctx(), 'yt', 'Y1')).toMatchObject({
        fire_size: 80,
        report_source: 'national',
        reported_on: '2026-07-15',
      });
    });

    it("a past season's national file changes none of this season's figures, which agree page to page", async () => {
      today = '2026-07-16';
      const figures = async () => {
        const summary = await get(ctx(), '/v1/summary');
        const active = summary.items
          .filter((i: { stage_of_control: string }) => i.stage_of_control !== 'OUT')
          .reduce((n: number, i: { fire_count: number }) => n + i.fire_count, 0);
        const card = await get(ctx(), '/v1/dashboard/fires?from_date=2026-01-01&to_date=2026-07-16');
        const list = await get(ctx(), '/v1/wildfires?page=1');
        const ogc = await get(ctx(), '/v1/ogc/collections/fires/items?limit=1');
        return {
          map: (await mapIds(ctx())).length,
          summaryActive: active,
          cardActive: card.active_fires,
          season: card.fires,
          list: list.meta.total_results,
          ogc: ogc.numberMatched,
        };
      };
      const before = await figures();
      expect(before.map).toBeGreaterThan(0);
      expect([before.summaryActive, before.cardActive]).toEqual([before.map, before.map]);
      expect([before.list, before.ogc]).toEqual([before.season, before.season]);
      const pastSeason = national(
        'bc, 2023-K50001, 50.2, -121.0, 2023-08-01 12:00:00, 5000, OC, PDT',
        'ab, 2023-HWF-9, 56.1, -112.0, 2023-07-20 10:00:00, 300, BH, MDT',
        'on, 2023-RED-1, 50.9, -93.2, 2023-06-11 14:00:00, 20, UC, CDT',
        'ak, 2023-AK-1, 64.8, -147.7, 2023-07-01 12:00:00, 99, OC, AKDT',
      );
      const imported = await post(ctx(), pastSeason);
      expect(imported).toMatchObject({ inserted: 3, rejected_count: 1, snapshot_on: '2023-08-01', ended: 0 });
      expect(await figures()).toEqual(before);
    });
  },
  { now: () => new Date(`${today}T17:00:00Z`) },
);
