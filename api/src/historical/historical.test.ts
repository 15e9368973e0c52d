import { beforeAll, expect, it } from 'vitest';
import { expectCachedPublicGet } from '../../test/caching.ts';
import { clockAt, forEachEngine } from '../../test/context.ts';
import { fire } from '../../test/fixtures.ts';
import { generateHistory, loadHistory } from '../fires/demo.ts';
import { upsertFires } from '../fires/store.ts';

const history = generateHistory({ seed: 7, fromYear: 1980, toYear: 2025 });
const round1 = (n: number) => Math.round(n * 10) / 10;
const sum = (rows: { fires: number }[]) => rows.reduce((s, r) => s + r.fires, 0);

forEachEngine(
  'historical fires',
  (ctx) => {
    beforeAll(async () => {
      await loadHistory(ctx().app.db, history);
      await upsertFires(ctx().app.db.kysely, [
        fire({ agency_fire_id: 'W1', situation_report_date: '2026-01-03', fire_size: 2 }),
        fire({ agency_fire_id: 'W2', situation_report_date: '2026-01-07', fire_size: 3 }),
        fire({
          agency_fire_id: 'W3',
          situation_report_date: '2026-01-08',
          fire_size: 5,
          agency_code: 'bc',
          latitude: 50.6,
          longitude: -120.3,
        }),
      ]);
    });
    const get = (url: string, headers: Record<string, string> = {}) =>
      ctx().app.inject({ method: 'GET', url, headers });

    it.each([
      '/v1/historical/weekly?years=1',
      '/v1/historical/weekly?years=10',
      '/v1/historical/weekly?years=10&agency=ab',
      '/v1/historical/running',
      '/v1/historical/yearly',
      '/v1/historical/averages',
    ])('GET %s sends max-age 900 and an ETag, and answers 304 to a matching If-None-Match', async (url) => {
      await expectCachedPublicGet(ctx().app, url);
    });

    it.each([
      '/v1/historical/weekly?years=10&agency=xx',
      '/v1/historical/running?agency=xx',
      '/v1/historical/yearly?agency=xx',
    ])('GET %s answers 400 naming agency', async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().validationErrors)).toEqual(['agency']);
      expect(res.headers['cache-control']).not.toBe('public, max-age=900');
    });

    it('keeps weekly history consistent with the yearly totals', () => {
      const ab1999 = history.weekly.filter((w) => w.agency_code === 'ab' && w.year === 1999);
      expect(ab1999).toHaveLength(52);
      expect(sum(ab1999)).toBe(history.yearly.find((y) => y.agency_code === 'ab' && y.year === 1999)?.fires);
    });

    it('averages each week over the last year (years=1) and the last 10 years (years=10)', async () => {
      const one = (await get('/v1/historical/weekly?years=1')).json();
      expect(one).toMatchObject({ years: 1, from_year: 2025, to_year: 2025 });
      expect(one.items).toHaveLength(52);
      const week30 = history.weekly.filter((w) => w.year === 2025 && w.week === 30);
      expect(one.items[29]).toMatchObject({ week: 30, date: '2026-07-23', avg_fires: sum(week30) });
      const ten = (await get('/v1/historical/weekly?years=10')).json();
      const tenWeek30 = history.weekly.filter((w) => w.year >= 2016 && w.week === 30);
      expect(ten.items[29].avg_fires).toBe(round1(sum(tenWeek30) / 10));
      const abOnly = (await get('/v1/historical/weekly?years=1&agency=ab')).json();
      expect(abOnly.items[29].avg_fires).toBe(sum(week30.filter((w) => w.agency_code === 'ab')));
    });

    it('answers 400 naming years for a period it does not know', async () => {
      for (const years of ['3', 'ten', '0']) {
        const res = await get(`/v1/historical/weekly?years=${years}`);
        expect(res.statusCode).toBe(400);
        expect(Object.keys(res.json().validationErrors)).toEqual(['years']);
      }
    });

    it('runs the current year week by week with cumulative totals beside last year and the 10-year average', async () => {
      const body = (await get('/v1/historical/running')).json();
      expect(body).toMatchObject({ year: 2026, week: 28 });
      expect(body.items).toHaveLength(28);
      expect(body.items[0]).toMatchObject({
        week: 1,
        date: '2026-01-01',
        fires: 2,
        hectares: 5,
        cumulative_fires: 2,
      });
      expect(body.items[1]).toMatchObject({
        week: 2,
        fires: 1,
        cumulative_fires: 3,
        cumulative_hectares: 10,
      });
      expect(body.items[27].cumulative_fires).toBe(3);
      const lastYearTo28 = history.weekly.filter((w) => w.year === 2025 && w.week <= 28);
      expect(body.items[27].last_year_cumulative_fires).toBe(sum(lastYearTo28));
    });

    it('lists fires and hectares per year from 1980 to this year, with the average of the 10 years before', async () => {
      const body = (await get('/v1/historical/yearly')).json();
      expect(body.items).toHaveLength(2026 - 1980 + 1);
      expect(body.items[0]).toMatchObject({ year: 1980, avg_fires: null });
      const y2000 = body.items.find((i: { year: number }) => i.year === 2000);
      expect(y2000.fires).toBe(sum(history.yearly.filter((y) => y.year === 2000)));
      expect(y2000.avg_fires).toBe(
        round1(sum(history.yearly.filter((y) => y.year >= 1990 && y.year < 2000)) / 10),
      );
      expect(body.items.at(-1)).toMatchObject({ year: 2026, fires: 3, hectares: 10 });
    });

    it('gives per agency the current year, last year and the 5 to 25-year averages', async () => {
      const body = (await get('/v1/historical/averages')).json();
      expect(body.year).toBe(2026);
      const ab = body.items.find((i: { agency_code: string }) => i.agency_code === 'ab');
      const abYears = history.yearly.filter((y) => y.agency_code === 'ab');
      expect(ab.current_year).toEqual({ fires: 2, area: 5 });
      expect(ab.last_year.fires).toBe(abYears.find((y) => y.year === 2025)?.fires);
      expect(ab.years5.fires).toBe(round1(sum(abYears.filter((y) => y.year >= 2021)) / 5));
      expect(ab.years25.fires).toBe(round1(sum(abYears.filter((y) => y.year >= 2001)) / 25));
    });
  },
  { now: clockAt('2026-07-15') },
);
