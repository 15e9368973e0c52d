import { beforeAll, describe, expect, it } from 'vitest';
import { expectCachedPublicGet } from '../../test/caching.ts';
import { bearer, clockAt, forEachEngine, tokenFor } from '../../test/context.ts';
import { CSV_HEADER, fire } from '../../test/fixtures.ts';
import { upsertFires } from './store.ts';

const FIXTURE = [
  fire({
    agency_fire_id: 'A1',
    situation_report_date: '2026-07-15',
    stage_of_control: 'OC',
    fire_cause: 'N',
    fire_size: 10,
  }),
  fire({
    agency_fire_id: 'A2',
    situation_report_date: '2026-07-14',
    stage_of_control: 'OUT',
    fire_cause: 'H',
    fire_size: 100,
  }),
  fire({
    agency_fire_id: 'A3',
    situation_report_date: '2026-07-14',
    stage_of_control: 'BH',
    fire_cause: 'U',
    response_type: 'MOD',
    fire_size: 1.5,
  }),
  fire({
    agency_code: 'bc',
    agency_fire_id: 'B1',
    agency_data_timezone: 'America/Vancouver',
    situation_report_date: '2026-07-15',
    stage_of_control: 'OC',
    fire_cause: 'H',
    fire_size: 2000,
    latitude: 50.6,
    longitude: -120.3,
  }),
  fire({
    agency_code: 'bc',
    agency_fire_id: 'B2',
    situation_report_date: '2026-07-01',
    stage_of_control: 'UC',
    response_type: 'MON',
    fire_size: 50,
    latitude: 56.2,
    longitude: -122.1,
  }),
  fire({
    agency_code: 'on',
    agency_fire_id: 'O1',
    situation_report_date: '2026-06-10',
    status_date: '2026-06-12',
    stage_of_control: 'OUT',
    response_type: 'MON',
    fire_size: 0.5,
    latitude: 49.5,
    longitude: -86.1,
  }),
  // Last season's fire still burning: a carry-over, on the map and in this season's counts.
  fire({
    agency_code: 'qc',
    agency_fire_id: 'Q1',
    situation_report_date: '2025-08-01',
    stage_of_control: 'OC',
    fire_size: 500,
    latitude: 50.1,
    longitude: -74.2,
  }),
  // Reported two seasons ago and never declared out: history, in no figure of this season.
  fire({
    agency_code: 'qc',
    agency_fire_id: 'Q0',
    situation_report_date: '2024-06-01',
    stage_of_control: 'OC',
    fire_size: 300,
    latitude: 50.2,
    longitude: -74.3,
  }),
  ...Array.from({ length: 45 }, (_, i) =>
    fire({
      agency_code: 'bc',
      agency_fire_id: `P${String(i + 1).padStart(2, '0')}`,
      situation_report_date: '2026-05-01',
      stage_of_control: 'OUT',
      fire_size: 1,
      latitude: 50.6,
      longitude: -120.3,
    }),
  ),
];

forEachEngine(
  'fire data',
  (ctx) => {
    beforeAll(async () => {
      await upsertFires(ctx().app.db.kysely, FIXTURE);
    });
    const get = (url: string, headers: Record<string, string> = {}) =>
      ctx().app.inject({ method: 'GET', url, headers });

    describe('GET /v1/wildfires', () => {
      it('pages 20 rows, newest report first, with totals and the filter lists', async () => {
        const res = await get('/v1/wildfires?page=1');
        expect(res.statusCode).toBe(200);
        const { items, meta } = res.json();
        expect(items).toHaveLength(20);
        expect(
          items.slice(0, 2).map((r: { field_agency_fire_id: string }) => r.field_agency_fire_id),
        ).toEqual(['A1', 'B1']);
        expect(items[0]).toEqual({
          field_agency_fire_id: 'A1',
          field_agency_code: 'ab',
          field_agency_data_timezone: 'America/Edmonton',
          field_situation_report_date: '2026-07-15',
          field_status_date: '2026-07-15',
          field_stage_of_control_status: 'OC',
          field_system_fire_cause: 'N',
          field_response_type: 'FUL',
          field_fire_size: 10,
          field_latitude: 55.1,
          field_longitude: -115.2,
        });
        expect(meta).toMatchObject({ page: 1, page_size: 20, total_pages: 3, total_results: 52 });
        expect(meta.filter_agencies).toHaveLength(13);
        expect(meta.filter_agencies[0]).toEqual({ field_code: 'ab', field_name: 'Alberta' });
        expect(meta.filter_stages.map((s: { field_code: string }) => s.field_code)).toEqual([
          'OC',
          'BH',
          'UC',
          'OUT',
        ]);
        expect(meta.filter_responses.map((s: { field_code: string }) => s.field_code)).toEqual([
          'FUL',
          'MOD',
          'MON',
        ]);
        const last = await get('/v1/wildfires?page=3');
        expect(last.json().items).toHaveLength(12);
      });

      it('filters by agency, stage and response, in any letter case', async () => {
        const bcOc = await get('/v1/wildfires?agency=BC&stage=oc');
        expect(
          bcOc.json().items.map((r: { field_agency_fire_id: string }) => r.field_agency_fire_id),
        ).toEqual(['B1']);
        expect(bcOc.json().meta).toMatchObject({ total_results: 1, total_pages: 1 });
        const mon = await get('/v1/wildfires?response=MON');
        expect(mon.json().items.map((r: { field_agency_fire_id: string }) => r.field_agency_fire_id)).toEqual(
          ['B2', 'O1'],
        );
        const none = await get('/v1/wildfires?agency=pe');
        expect(none.statusCode).toBe(200);
        expect(none.json().meta).toMatchObject({ total_results: 0, total_pages: 0 });
      });

      it('gives every matching row with export=true, and CIFFC.csv with format=csv', async () => {
        const all = await get('/v1/wildfires?export=true');
        expect(all.json().items).toHaveLength(52);
        expect(all.json().meta).toMatchObject({ page: null, total_results: 52 });
        const csv = await get('/v1/wildfires?export=true&format=csv&agency=bc&stage=OC');
        expect(csv.headers['content-type']).toMatch(/^text\/csv/);
        expect(csv.headers['content-disposition']).toBe('attachment; filename="CIFFC.csv"');
        // The product's one CSV format: BOM, every cell quoted, CRLF.
        expect(csv.body.startsWith('\uFEFF')).toBe(true);
        expect(csv.body.slice(1).trim().split('\r\n')).toEqual([
          '"field_agency_fire_id","field_agency_code","field_agency_data_timezone","field_situation_report_date","field_status_date","field_stage_of_control_status","field_system_fire_cause","field_response_type","field_fire_size","field_latitude","field_longitude"',
          '"B1","bc","America/Vancouver","2026-07-15","2026-07-15","OC","H","FUL","2000","50.6","-120.3"',
        ]);
      });

      it('names French labels with lang=fr', async () => {
        const res = await get('/v1/wildfires?lang=fr');
        expect(res.json().meta.filter_stages[0]).toEqual({
          field_code: 'OC',
          field_name: 'Hors de contrôle',
        });
        expect(res.json().meta.filter_agencies[1].field_name).toBe('Colombie-Britannique');
      });

      const ids = (res: { json: () => { items: { field_agency_fire_id: string }[] } }) =>
        res.json().items.map((r) => r.field_agency_fire_id);

      it('sorts by size, report date or fire id, ties by agency and fire id', async () => {
        expect(ids(await get('/v1/wildfires?sort=-field_fire_size')).slice(0, 3)).toEqual(['B1', 'Q1', 'A2']);
        expect(ids(await get('/v1/wildfires?sort=field_fire_size&agency=ab'))).toEqual(['A3', 'A1', 'A2']);
        expect(
          ids(await get('/v1/wildfires?sort=field_situation_report_date&export=true')).slice(-2),
        ).toEqual(['A1', 'B1']);
        expect(ids(await get('/v1/wildfires?sort=field_situation_report_date'))[0]).toBe('Q1');
        expect(ids(await get('/v1/wildfires?sort=field_agency_fire_id')).slice(0, 4)).toEqual([
          'A1',
          'A2',
          'A3',
          'B1',
        ]);
        expect(ids(await get('/v1/wildfires?sort=-field_agency_fire_id&agency=ab'))).toEqual([
          'A3',
          'A2',
          'A1',
        ]);
        // The default is the spec's order, newest report first.
        expect(ids(await get('/v1/wildfires')).slice(0, 2)).toEqual(['A1', 'B1']);
      });

      it('searches part of the fire id in any case, with the filters and in the export', async () => {
        const p0 = await get('/v1/wildfires?q=p0');
        expect(p0.json().meta).toMatchObject({ total_results: 9, total_pages: 1 });
        expect(ids(await get('/v1/wildfires?q=%20b%20&sort=field_agency_fire_id'))).toEqual(['B1', 'B2']);
        expect(ids(await get('/v1/wildfires?q=1&agency=bc&stage=OC'))).toEqual(['B1']);
        expect(ids(await get('/v1/wildfires?q=a&export=true&sort=-field_fire_size'))).toEqual([
          'A2',
          'A1',
          'A3',
        ]);
        // `_` is a character to find, not a LIKE wildcard.
        expect((await get('/v1/wildfires?q=_1')).json().meta.total_results).toBe(0);
        expect(ids(await get('/v1/wildfires?q='))).toHaveLength(20);
      });

      it('keys the cache on the validated query: q=b1 and q=B1 share one entry', async () => {
        const cache = ctx().app.responseCache;
        cache.clear();
        await get('/v1/wildfires?q=b1');
        await get('/v1/wildfires?q=B1');
        await get('/v1/wildfires?q=%20B1%20');
        expect(cache.groupSize('/v1/wildfires')).toBe(1);
        // A parameter the route does not take is refused, never a cache entry of its own.
        const junk = await get('/v1/wildfires?q=B1&zz=1');
        expect(junk.statusCode).toBe(400);
        expect(junk.json()).toMatchObject({
          code: 'query.unknown_parameter',
          validationErrors: { zz: { code: 'query.unknown_parameter', params: { names: 'zz' } } },
        });
        expect(cache.groupSize('/v1/wildfires')).toBe(1);
        await get('/v1/wildfires?q=B1&sort=-field_fire_size');
        expect(cache.groupSize('/v1/wildfires')).toBe(2);
      });

      it.each([
        ['agency=xx', 'agency'],
        ['stage=ZZ', 'stage'],
        ['response=ALL', 'response'],
        ['page=0', 'page'],
        ['page=two', 'page'],
        ['page=4', 'page'],
        ['sort=size', 'sort'],
        ['sort=field_latitude', 'sort'],
        ['q=%25', 'q'],
        [`q=${'A'.repeat(41)}`, 'q'],
      ])('answers 400 naming the parameter for %s', async (query, field) => {
        const res = await get(`/v1/wildfires?${query}`);
        expect(res.statusCode).toBe(400);
        expect(Object.keys(res.json().validationErrors)).toEqual([field]);
        expect(res.headers['cache-control'] ?? '').not.toMatch(/public/);
      });
    });

    describe('the current picture (docs/glossary.md)', () => {
      it('gives the same active fires and the same season to the map, the figures, the summary, the list and OGC', async () => {
        const picture = { active: ['A1', 'A3', 'B1', 'B2', 'Q1'], season: 52 };
        const map = (await get('/v1/dashboard/fires?map=true')).json();
        const mapIds = map.features.map(
          (f: { properties: { field_agency_fire_id: string } }) => f.properties.field_agency_fire_id,
        );
        expect(mapIds).toEqual(picture.active);
        // The home page's card and charts ask for January 1 to today: the carry-over Q1 counts.
        const figures = (await get('/v1/dashboard/fires?from_date=2026-01-01&to_date=2026-07-15')).json();
        expect(figures.active_fires).toBe(picture.active.length);
        expect(figures.fires).toBe(picture.season);
        const summary = (await get('/v1/summary')).json();
        const active = summary.items.filter(
          (i: { stage_of_control: string }) => i.stage_of_control !== 'OUT',
        );
        expect(active.reduce((n: number, i: { fire_count: number }) => n + i.fire_count, 0)).toBe(
          picture.active.length,
        );
        expect(summary.items.reduce((n: number, i: { fire_count: number }) => n + i.fire_count, 0)).toBe(
          picture.season,
        );
        const stats = (await get('/v1/wildfire/stats')).json();
        expect(stats.items.reduce((n: number, i: { ytd_fires: number }) => n + i.ytd_fires, 0)).toBe(
          picture.season,
        );
        const list = (await get('/v1/wildfires?page=1')).json();
        expect(list.meta.total_results).toBe(picture.season);
        const ogc = (await get('/v1/ogc/collections/fires/items?limit=1000')).json();
        expect(ogc.numberMatched).toBe(picture.season);
        // Every fire kept is still findable.
        const all = (await get('/v1/wildfires?season=all&export=true')).json();
        expect(all.meta.total_results).toBe(picture.season + 1);
        expect(all.items.map((r: { field_agency_fire_id: string }) => r.field_agency_fire_id)).toContain(
          'Q0',
        );
        expect((await get('/v1/wildfires?season=last')).statusCode).toBe(400);
      });
    });

    describe('GET /v1/wildfire/stats', () => {
      it('counts this year and today per agency, every agency listed', async () => {
        const res = await get('/v1/wildfire/stats');
        const { date, items } = res.json();
        expect(date).toBe('2026-07-15');
        expect(items).toHaveLength(13);
        const by = Object.fromEntries(items.map((i: { agency_code: string }) => [i.agency_code, i]));
        expect(by.ab).toEqual({ agency_code: 'ab', ytd_fires: 3, fires_today: 1 });
        expect(by.bc).toEqual({ agency_code: 'bc', ytd_fires: 47, fires_today: 1 });
        expect(by.on).toEqual({ agency_code: 'on', ytd_fires: 1, fires_today: 0 });
        // The carry-over Q1 counts in this season; Q0, two seasons old, does not.
        expect(by.qc).toEqual({ agency_code: 'qc', ytd_fires: 1, fires_today: 0 });
      });
    });

    describe('GET /v1/summary', () => {
      it("groups this year's fires by agency, response type and stage with counts and areas", async () => {
        const res = await get('/v1/summary');
        const body = res.json();
        expect(body).toMatchObject({ from_date: '2026-01-01', to_date: '2026-07-15' });
        expect(body.valid_as).toMatch(/^\d{4}-\d{2}-\d{2}T/);
        // The national list dates its rows the same way.
        expect((await get('/v1/wildfires')).json().meta.valid_as).toBe(body.valid_as);
        expect(body.items).toEqual([
          { agency_code: 'ab', response_type: 'FUL', stage_of_control: 'OC', fire_count: 1, area_sum: 10 },
          { agency_code: 'ab', response_type: 'FUL', stage_of_control: 'OUT', fire_count: 1, area_sum: 100 },
          { agency_code: 'ab', response_type: 'MOD', stage_of_control: 'BH', fire_count: 1, area_sum: 1.5 },
          { agency_code: 'bc', response_type: 'FUL', stage_of_control: 'OC', fire_count: 1, area_sum: 2000 },
          { agency_code: 'bc', response_type: 'FUL', stage_of_control: 'OUT', fire_count: 45, area_sum: 45 },
          { agency_code: 'bc', response_type: 'MON', stage_of_control: 'UC', fire_count: 1, area_sum: 50 },
          { agency_code: 'on', response_type: 'MON', stage_of_control: 'OUT', fire_count: 1, area_sum: 0.5 },
          { agency_code: 'qc', response_type: 'FUL', stage_of_control: 'OC', fire_count: 1, area_sum: 500 },
        ]);
      });
    });

    describe('GET /v1/fire-count', () => {
      it('counts the fires reported the day before the date, per agency and cause', async () => {
        const tomorrow = await get('/v1/fire-count?date=2026-07-16');
        expect(tomorrow.json()).toEqual({
          date: '2026-07-16',
          report_date: '2026-07-15',
          items: [
            { agency_code: 'ab', fire_cause: 'N', fire_count: 1 },
            { agency_code: 'bc', fire_cause: 'H', fire_count: 1 },
          ],
        });
        const byDefault = await get('/v1/fire-count');
        expect(byDefault.json().date).toBe('2026-07-16');
        const yesterday = await get('/v1/fire-count?date=2026-07-15');
        expect(yesterday.json().items).toEqual([
          { agency_code: 'ab', fire_cause: 'H', fire_count: 1 },
          { agency_code: 'ab', fire_cause: 'U', fire_count: 1 },
        ]);
      });

      it('answers 400 naming date when it does not parse', async () => {
        for (const date of ['tomorrow', '2026-02-30', '16-07-2026']) {
          const res = await get(`/v1/fire-count?date=${date}`);
          expect(res.statusCode).toBe(400);
          expect(Object.keys(res.json().validationErrors)).toEqual(['date']);
        }
      });
    });

    describe('GET /v1/dashboard/fires', () => {
      it('totals the fires reported between from_date and to_date by stage, agency and response', async () => {
        const res = await get('/v1/dashboard/fires?from_date=2026-07-14&to_date=2026-07-15');
        expect(res.json()).toEqual({
          period: 'range',
          from_date: '2026-07-14',
          to_date: '2026-07-15',
          fires: 4,
          hectares: 2111.5,
          active_fires: 3,
          as_of: '2026-07-15',
          by_stage: [
            { stage_of_control: 'OC', field_name: 'Out of Control', fire_count: 2, area_sum: 2010 },
            { stage_of_control: 'BH', field_name: 'Being Held', fire_count: 1, area_sum: 1.5 },
            { stage_of_control: 'UC', field_name: 'Under Control', fire_count: 0, area_sum: 0 },
            { stage_of_control: 'OUT', field_name: 'Out', fire_count: 1, area_sum: 100 },
          ],
          by_agency: [
            { agency_code: 'ab', fire_count: 3, area_sum: 111.5 },
            { agency_code: 'bc', fire_count: 1, area_sum: 2000 },
          ],
          by_response: [
            { response_type: 'FUL', fire_count: 3, area_sum: 2110 },
            { response_type: 'MOD', fire_count: 1, area_sum: 1.5 },
          ],
        });
      });

      it('dates its figures by the newest status or report date among the fires counted', async () => {
        // June: only O1, reported on the 10th, its status of the 12th.
        const june = await get('/v1/dashboard/fires?from_date=2026-06-01&to_date=2026-06-30');
        expect(june.json()).toMatchObject({ fires: 1, as_of: '2026-06-12' });
      });

      it('gives the last 7 days with no query', async () => {
        const res = await get('/v1/dashboard/fires');
        expect(res.json()).toMatchObject({
          period: 'week',
          from_date: '2026-07-09',
          to_date: '2026-07-15',
          fires: 4,
        });
      });

      it('gives the fires not out as a GeoJSON FeatureCollection with map=true', async () => {
        const res = await get('/v1/dashboard/fires?map=true');
        expect(res.headers['content-type']).toMatch(/^application\/geo\+json/);
        const collection = res.json();
        expect(collection.type).toBe('FeatureCollection');
        expect(
          collection.features.map(
            (f: { properties: { field_agency_fire_id: string } }) => f.properties.field_agency_fire_id,
          ),
        ).toEqual(['A1', 'A3', 'B1', 'B2', 'Q1']);
        expect(collection.features[2]).toEqual({
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [-120.3, 50.6] },
          properties: {
            field_agency_fire_id: 'B1',
            field_fire_size: 2000,
            field_stage_of_control_status: 'OC',
            field_response_type: 'FUL',
            field_status_date: '2026-07-15',
            field_agency_code: 'bc',
            field_situation_report_date: '2026-07-15',
            field_system_fire_cause: 'H',
          },
        });
        const thisYear = await get('/v1/dashboard/fires?map=true&from_date=2026-01-01');
        expect(thisYear.json().features).toHaveLength(4);
      });

      it.each([
        ['from_date=2026-02-30', 'from_date'],
        ['to_date=yesterday', 'to_date'],
        ['from_date=2026-07-15&to_date=2026-07-01', 'to_date'],
        ['map=maybe', 'map'],
      ])('answers 400 naming the parameter for %s', async (query, field) => {
        const res = await get(`/v1/dashboard/fires?${query}`);
        expect(res.statusCode).toBe(400);
        expect(Object.keys(res.json().validationErrors)).toEqual([field]);
      });
    });

    describe('GET /v1/dashboard/fires/daily', () => {
      it('gives every day from start_date up to end_date', async () => {
        const res = await get('/v1/dashboard/fires/daily?start_date=2026-07-01&end_date=2026-08-01');
        const items = res.json().items;
        expect(items).toHaveLength(31);
        expect(items[0]).toEqual({ date: '2026-07-01', day: 1, fires: 1, hectares: 50 });
        expect(items[13]).toEqual({ date: '2026-07-14', day: 14, fires: 2, hectares: 101.5 });
        expect(items[14]).toEqual({ date: '2026-07-15', day: 15, fires: 2, hectares: 2010 });
        expect(items[30]).toEqual({ date: '2026-07-31', day: 31, fires: 0, hectares: 0 });
      });

      it('answers 400 for missing, unparseable or reversed dates', async () => {
        const missing = await get('/v1/dashboard/fires/daily?start_date=2026-07-01');
        expect(Object.keys(missing.json().validationErrors)).toEqual(['end_date']);
        const reversed = await get('/v1/dashboard/fires/daily?start_date=2026-07-01&end_date=2026-06-01');
        expect(Object.keys(reversed.json().validationErrors)).toEqual(['end_date']);
        const tooLong = await get('/v1/dashboard/fires/daily?start_date=2020-01-01&end_date=2026-06-01');
        expect(tooLong.statusCode).toBe(400);
      });
    });

    describe('caching', () => {
      it.each([
        '/v1/wildfires?page=1',
        '/v1/wildfires?agency=bc&stage=OC&response=FUL',
        '/v1/wildfires?export=true',
        '/v1/wildfire/stats',
        '/v1/summary',
        '/v1/fire-count?date=2026-07-16',
        '/v1/dashboard/fires',
        '/v1/dashboard/fires?from_date=2026-01-01&to_date=2026-07-15',
        '/v1/dashboard/fires?map=true',
        '/v1/dashboard/fires/daily?start_date=2026-07-01&end_date=2026-08-01',
      ])('GET %s sends max-age 900 and an ETag, and answers 304 to a matching If-None-Match', async (url) => {
        await expectCachedPublicGet(ctx().app, url);
      });

      it('sends max-age 900 and an ETag, answers 304, and changes the ETag when fires are imported', async () => {
        const first = await get('/v1/summary');
        expect(first.headers['cache-control']).toBe('public, max-age=900');
        const etag = first.headers.etag as string;
        const notModified = await get('/v1/summary', { 'if-none-match': etag });
        expect(notModified.statusCode).toBe(304);
        const imported = await ctx().app.inject({
          method: 'POST',
          url: '/v1/fires/import',
          headers: { 'content-type': 'text/csv', ...bearer(await tokenFor(ctx(), 'ciffc')) },
          payload: `${CSV_HEADER}\npe,PE-1,,2026-07-15,,OC,H,FUL,2,46.3,-63.2`,
        });
        expect(imported.json().accepted_count).toBe(1);
        const after = await get('/v1/summary', { 'if-none-match': etag });
        expect(after.statusCode).toBe(200);
        expect(after.headers.etag).not.toBe(etag);
        expect(after.json().items).toContainEqual({
          agency_code: 'pe',
          response_type: 'FUL',
          stage_of_control: 'OC',
          fire_count: 1,
          area_sum: 2,
        });
      });
    });
  },
  { now: clockAt('2026-07-15') },
);
