import { DashboardSinceYesterday } from '@ciffc/contracts';
import { expect, it } from 'vitest';
import { bearer, forEachEngine, type TestContext, tokenFor } from '../../../test/context.ts';
import { CSV_HEADER, insertPublication } from '../../../test/fixtures.ts';

/** The home page's "since yesterday": new fires today and yesterday, fires out today, the level's change. */
const TODAY = '2026-07-10';

const FILE = [
  CSV_HEADER,
  `bc,T1,America/Vancouver,${TODAY},${TODAY},OC,N,FUL,1,50.6,-120.3`,
  `bc,T2,America/Vancouver,${TODAY},${TODAY},BH,N,FUL,1,50.6,-120.4`,
  'bc,Y1,America/Vancouver,2026-07-09,2026-07-09,OC,N,FUL,1,50.6,-120.5',
  `ab,O1,America/Edmonton,2026-07-01,${TODAY},OUT,N,FUL,1,55.1,-115.2`,
  'ab,O2,America/Edmonton,2026-07-01,2026-07-09,OUT,N,FUL,1,55.1,-115.3',
].join('\n');

const publish = (ctx: TestContext, date: string, level: string) =>
  insertPublication(ctx.app.db.kysely, date, level);

const read = async (ctx: TestContext) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/v1/dashboard/since-yesterday' });
  expect(res.statusCode, res.body).toBe(200);
  return DashboardSinceYesterday.parse(res.json());
};

forEachEngine(
  'since yesterday',
  (ctx) => {
    it('counts the fires new today and yesterday and out today, and says the level before the latest', async () => {
      expect(await read(ctx())).toMatchObject({ date: TODAY, new_fires: 0, out_fires: 0, level: null });
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/v1/fires/import',
        headers: { 'content-type': 'text/csv', ...bearer(await tokenFor(ctx(), 'ciffc')) },
        payload: FILE,
      });
      expect(res.statusCode, res.body).toBe(200);
      await publish(ctx(), '2026-07-08', '2');
      await publish(ctx(), '2026-07-09', '3');
      const answer = await read(ctx());
      expect(answer).toMatchObject({
        date: TODAY,
        new_fires: 2,
        new_fires_yesterday: 1,
        out_fires: 1,
        level: { current: '3', current_date: '2026-07-09', previous: '2', previous_date: '2026-07-08' },
      });
      expect(answer.fires_valid_as).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      const refused = await ctx().app.inject({ method: 'GET', url: '/v1/dashboard/since-yesterday?x=1' });
      expect(refused.statusCode).toBe(400);
    });
  },
  { now: () => new Date(`${TODAY}T17:00:00Z`) },
);
