import { describe, expect, it } from 'vitest';
import { bearer, clockAt, forEachEngine, type TestContext, tokenFor } from '../../../test/context.ts';
import { CWFIS_QUIRK_ROWS, cwfisCsv, cwfisGeojson } from './cwfis-sample.ts';

const post = async (ctx: TestContext, payload: string, contentType: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/v1/fires/import',
    headers: { 'content-type': contentType, ...bearer(await tokenFor(ctx, 'ciffc')) },
    payload,
  });

const REJECTED_BY_REASON = {
  'agency_code:us_agency': 3,
  'situation_report_date:missing': 1,
  'stage_of_control:unknown': 1,
};

forEachEngine(
  'POST /v1/fires/import with the CWFIS national active-fires file',
  (ctx) => {
    describe('CSV (comma and space, CRLF, no response_type)', () => {
      it('imports the Canadian rows and rejects the others by line with a reason', async () => {
        const res = await post(ctx(), cwfisCsv(CWFIS_QUIRK_ROWS, false), 'text/csv');
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body).toMatchObject({
          format: 'csv',
          total_rows: 16,
          accepted_count: 11,
          inserted: 11,
          rejected_count: 5,
          rejected_by_reason: REJECTED_BY_REASON,
        });
        const us = body.rejected.find((r: { agency_fire_id: string }) => r.agency_fire_id === '526042');
        expect(us).toMatchObject({
          row: 13,
          line: 14,
          agency_code: 'ak',
          reason_code: 'agency_code:us_agency',
        });
        expect(us.reason).toMatch(/US agency "ak"/);
        const fire = await ctx()
          .app.db.kysely.selectFrom('fires')
          .selectAll()
          .where('agency_fire_id', '=', 'HWF-101')
          .executeTakeFirstOrThrow();
        expect(fire).toMatchObject({
          agency_code: 'ab',
          agency_data_timezone: 'America/Edmonton',
          situation_report_date: '2026-07-13',
          // The file has no response column: not reported, not a made-up full response.
          response_type: null,
          fire_size: 7.5,
        });
        // The public "as of": each agency of the file is dated by this import; the US ones are not.
        const imported = await ctx()
          .app.db.kysely.selectFrom('fire_imports')
          .select('created_at')
          .where('id', '=', body.import_id)
          .executeTakeFirstOrThrow();
        const fresh = await ctx().app.inject({ method: 'GET', url: '/v1/dashboard/freshness' });
        expect(fresh.statusCode).toBe(200);
        expect(fresh.json().items).toEqual(
          ['ab', 'bc', 'mb', 'nl', 'ns', 'nt', 'on', 'pc', 'qc', 'sk'].map((agency_code) => ({
            agency_code,
            as_of: imported.created_at,
            feed_failing: false,
          })),
        );
      });
    });

    describe('GeoJSON features with the same properties', () => {
      it('imports again as unchanged when the values are the same', async () => {
        const res = await post(ctx(), cwfisGeojson(CWFIS_QUIRK_ROWS, true), 'application/geo+json');
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({
          format: 'geojson',
          accepted_count: 11,
          rejected_by_reason: REJECTED_BY_REASON,
        });
        // This file gives each fire's response, which the CSV without the column did not report.
        expect(res.json()).toMatchObject({ updated: 11, unchanged: 0 });
        expect(res.json().accepted.every((a: { action: string }) => a.action === 'updated')).toBe(true);
      });
    });
  },
  { now: clockAt('2026-07-15') },
);
