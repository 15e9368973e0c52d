import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bearer, clockAt, forEachEngine, type TestContext, tokenFor } from '../../../test/context.ts';
import { CSV_HEADER } from '../../../test/fixtures.ts';

const GOOD_CSV = [
  CSV_HEADER,
  'bc,G70001,America/Vancouver,2026-07-10,2026-07-12,OC,N,FUL,1250.5,50.67,-120.33',
  'BC,G70002,,2026-07-11,,bh,h,mod,3.2,49.9,-119.5',
  'on,SUD-001,America/Toronto,2026-07-14,2026-07-14,UC,U,MON,0.1,48.5,-81.3',
].join('\n');

const count = async (ctx: TestContext) =>
  Number(
    (
      await ctx.app.db.kysely
        .selectFrom('fires')
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const post = async (
  ctx: TestContext,
  payload: string,
  contentType = 'text/csv',
  user = 'ciffc',
  query = '',
) =>
  ctx.app.inject({
    method: 'POST',
    url: `/v1/fires/import${query}`,
    headers: { 'content-type': contentType, ...bearer(await tokenFor(ctx, user)) },
    payload,
  });

forEachEngine(
  'POST /v1/fires/import',
  (ctx) => {
    it('answers 401 without a token', async () => {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/v1/fires/import',
        headers: { 'content-type': 'text/csv' },
        payload: GOOD_CSV,
      });
      expect(res.statusCode).toBe(401);
    });

    it('imports a good CSV file for the national centre and lists every accepted row', async () => {
      const res = await post(ctx(), GOOD_CSV);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        format: 'csv',
        total_rows: 3,
        accepted_count: 3,
        rejected_count: 0,
        inserted: 3,
        updated: 0,
      });
      expect(body.accepted[1]).toEqual({
        row: 2,
        line: 3,
        agency_code: 'bc',
        agency_fire_id: 'G70002',
        action: 'inserted',
      });
      const g2 = await ctx()
        .app.db.kysely.selectFrom('fires')
        .selectAll()
        .where('agency_fire_id', '=', 'G70002')
        .executeTakeFirstOrThrow();
      // Codes are normalised, the time zone defaults to the agency's, the status date to the report date.
      expect(g2).toMatchObject({
        agency_code: 'bc',
        agency_data_timezone: 'America/Vancouver',
        status_date: '2026-07-11',
        stage_of_control: 'BH',
        fire_cause: 'H',
        response_type: 'MOD',
        fire_size: 3.2,
      });
    });

    it('upserts by agency code and agency fire id', async () => {
      const before = await count(ctx());
      const res = await post(
        ctx(),
        [CSV_HEADER, 'bc,G70001,,2026-07-10,2026-07-15,BH,N,FUL,1800,50.67,-120.33'].join('\n'),
      );
      expect(res.json()).toMatchObject({ accepted_count: 1, inserted: 0, updated: 1 });
      expect(await count(ctx())).toBe(before);
      const row = await ctx()
        .app.db.kysely.selectFrom('fires')
        .select(['stage_of_control', 'fire_size'])
        .where('agency_fire_id', '=', 'G70001')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ stage_of_control: 'BH', fire_size: 1800 });
    });

    it('accepts the good rows of a partly bad file and rejects each bad row with its number and reason', async () => {
      const before = await count(ctx());
      const rows = [
        'ab,OK-1,,2026-07-01,,OC,N,FUL,5,55.1,-115.2',
        'zz,BAD-AGENCY,,2026-07-01,,OC,N,FUL,5,55.1,-115.2',
        'ab,BAD-STAGE,,2026-07-01,,XX,N,FUL,5,55.1,-115.2',
        'ab,BAD-CAUSE,,2026-07-01,,OC,Q,FUL,5,55.1,-115.2',
        'ab,BAD-RESPONSE,,2026-07-01,,OC,N,ALL,5,55.1,-115.2',
        'ab,OUTSIDE,,2026-07-01,,OC,N,FUL,5,47.6,-122.3',
        'ab,NEGATIVE,,2026-07-01,,OC,N,FUL,-2,55.1,-115.2',
        'ab,BAD-DATE,,2026-13-45,,OC,N,FUL,5,55.1,-115.2',
        'ab,OK-1,,2026-07-02,,OC,N,FUL,5,55.1,-115.2',
        'ab,FUTURE,,2026-08-30,,OC,N,FUL,5,55.1,-115.2',
      ];
      const res = await post(ctx(), [CSV_HEADER, ...rows].join('\n'));
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ total_rows: 10, accepted_count: 1, rejected_count: 9 });
      const reasons = Object.fromEntries(
        body.rejected.map((r: { row: number; reason: string }) => [r.row, r.reason]),
      ) as Record<number, string>;
      expect(reasons[2]).toMatch(/unknown agency code "zz"/);
      expect(reasons[3]).toMatch(/unknown stage of control code "XX"/);
      expect(reasons[4]).toMatch(/unknown cause code "Q"/);
      expect(reasons[5]).toMatch(/unknown response type code "ALL"/);
      expect(reasons[6]).toMatch(/coordinates outside Canada/);
      expect(reasons[7]).toMatch(/negative size -2/);
      expect(reasons[8]).toMatch(/date does not parse: "2026-13-45"/);
      expect(reasons[9]).toMatch(/duplicate of row 1/);
      expect(reasons[10]).toMatch(/in the future/);
      expect(body.rejected[0]).toMatchObject({ row: 2, line: 3, agency_fire_id: 'BAD-AGENCY' });
      expect(body.rejected[0].errors).toHaveProperty('agency_code');
      // Each reason travels as a code of the site's catalogue too, for French users.
      expect(body.rejected[0]).toMatchObject({ code: 'import.unknown_agency', params: { agency: 'zz' } });
      expect(body.rejected[7]).toMatchObject({ code: 'import.duplicate_row', params: { row: 1 } });
      expect(await count(ctx())).toBe(before + 1);
    });

    it('changes nothing for a malformed CSV file and says why', async () => {
      const before = await count(ctx());
      const unclosed = await post(
        ctx(),
        `${CSV_HEADER}\nab,Q1,,2026-07-01,,OC,N,FUL,5,55.1,-115.2\nab,"Q2,,2026-07-01`,
      );
      expect(unclosed.statusCode).toBe(400);
      expect(unclosed.json().message).toMatch(/^Malformed file: CSV could not be read/);
      const missing = await post(ctx(), 'agency_code,agency_fire_id\nab,Q3');
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toMatch(/missing column\(s\) situation_report_date/);
      expect(missing.json()).toMatchObject({
        code: 'import.missing_columns',
        params: { columns: expect.stringContaining('situation_report_date') },
      });
      const ragged = await post(ctx(), `${CSV_HEADER}\nab,Q4,,2026-07-01,,OC,N,FUL,5,55.1`);
      expect(ragged.statusCode).toBe(400);
      const empty = await post(ctx(), '');
      expect(empty.statusCode).toBe(400);
      expect(await count(ctx())).toBe(before);
    });

    it('rejects a row whose text fields hold a control character (NUL, tab), CSV and GeoJSON', async () => {
      const before = await count(ctx());
      const rows = [
        'ab,CTRL-OK,,2026-07-01,,OC,N,FUL,5,55.1,-115.2',
        'ab,NUL\u0000ID,,2026-07-01,,OC,N,FUL,5,55.1,-115.2',
        'ab,TAB\tID,,2026-07-01,,OC,N,FUL,5,55.1,-115.2',
        'ab,CTRL-STAGE,,2026-07-01,,OC\u0000,N,FUL,5,55.1,-115.2',
      ];
      const res = await post(ctx(), [CSV_HEADER, ...rows].join('\n'));
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ accepted_count: 1, rejected_count: 3 });
      const byRow = Object.fromEntries(
        body.rejected.map((r: { row: number; errors: Record<string, string> }) => [r.row, r.errors]),
      ) as Record<number, Record<string, string>>;
      expect(byRow[2]?.agency_fire_id).toMatch(/control character/);
      expect(byRow[3]?.agency_fire_id).toMatch(/control character/);
      expect(byRow[4]?.stage_of_control).toMatch(/control character/);
      expect(await count(ctx())).toBe(before + 1);

      const geojson = {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [-106.4, 54.1] },
            properties: {
              field_agency_fire_id: 'SK-NUL\u0000',
              field_agency_code: 'sk',
              field_situation_report_date: '2026-07-13',
              field_stage_of_control_status: 'OC',
              field_system_fire_cause: 'N',
              field_response_type: 'FUL',
              field_fire_size: 2,
            },
          },
        ],
      };
      const geo = await post(ctx(), JSON.stringify(geojson), 'application/geo+json');
      expect(geo.statusCode).toBe(200);
      expect(geo.json()).toMatchObject({ accepted_count: 0, rejected_count: 1 });
      expect(geo.json().rejected[0].errors.agency_fire_id).toMatch(/control character/);
      expect(await count(ctx())).toBe(before + 1);
    });

    it('imports GeoJSON points with the field_ names of the map feature', async () => {
      const geojson = {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [-106.4, 54.1] },
            properties: {
              field_agency_fire_id: 'SK-GEO-1',
              field_agency_code: 'sk',
              field_situation_report_date: '2026-07-13T09:30:00-06:00',
              field_status_date: '2026-07-14',
              field_stage_of_control_status: 'OC',
              field_system_fire_cause: 'N',
              field_response_type: 'FUL',
              field_fire_size: 250,
            },
          },
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [-106.4, 54.1] },
            properties: { field_agency_fire_id: 'SK-GEO-2', field_agency_code: 'sk' },
          },
        ],
      };
      const res = await post(ctx(), JSON.stringify(geojson), 'application/geo+json');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ format: 'geojson', accepted_count: 1, rejected_count: 1 });
      expect(body.rejected[0].row).toBe(2);
      expect(Object.keys(body.rejected[0].errors)).toEqual(
        expect.arrayContaining(['situation_report_date', 'stage_of_control', 'response_type', 'fire_size']),
      );
      const asJson = await post(ctx(), JSON.stringify(geojson), 'application/json');
      // The same values again: accepted, neither rewritten nor versioned.
      expect(asJson.json()).toMatchObject({ accepted_count: 1, updated: 0, unchanged: 1 });
      expect(asJson.json().accepted[0].action).toBe('unchanged');
    });

    it('changes nothing for malformed GeoJSON', async () => {
      const before = await count(ctx());
      const broken = await post(ctx(), '{"type":"FeatureCollection","features":[', 'application/geo+json');
      expect(broken.statusCode).toBe(400);
      expect(broken.json().message).toMatch(/not valid JSON/);
      const notCollection = await post(ctx(), '{"type":"Feature"}', 'application/json');
      expect(notCollection.statusCode).toBe(400);
      expect(notCollection.json().message).toMatch(/FeatureCollection/);
      expect(await count(ctx())).toBe(before);
    });

    it('checks a file without writing with dry_run=true', async () => {
      const before = await count(ctx());
      const res = await post(
        ctx(),
        [CSV_HEADER, 'nt,DRY-1,,2026-07-01,,OC,N,MON,5,61.5,-117.5'].join('\n'),
        'text/csv',
        'ciffc',
        '?dry_run=true',
      );
      expect(res.json()).toMatchObject({ dry_run: true, accepted_count: 1, inserted: 1 });
      expect(await count(ctx())).toBe(before);
    });

    it('stores a Windows-1252 file as written and reads a semicolon file with decimal commas', async () => {
      const text = `${CSV_HEADER.replaceAll(',', ';')}\r\nqc;LAC-ÉTÉ-1;America/Toronto;2026-07-12;2026-07-12;OC;N;FUL;12,5;48,5;-72,25\r\n`;
      // Windows-1252 keeps É as the byte 0xC9 (Latin-1 and Windows-1252 agree on it).
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/v1/fires/import',
        headers: { 'content-type': 'text/csv', ...bearer(await tokenFor(ctx(), 'ciffc')) },
        payload: Buffer.from(text, 'latin1'),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ accepted_count: 1, rejected_count: 0 });
      const stored = await ctx()
        .app.db.kysely.selectFrom('fires')
        .select(['agency_fire_id', 'fire_size', 'latitude', 'longitude'])
        .where('agency_code', '=', 'qc')
        .execute();
      expect(stored).toContainEqual({
        agency_fire_id: 'LAC-ÉTÉ-1',
        fire_size: 12.5,
        latitude: 48.5,
        longitude: -72.25,
      });
      const unknown = await post(ctx(), 'agency_code|agency_fire_id\nqc|X');
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ code: 'import.unknown_separator' });
    });

    describe('agency users', () => {
      it('lets an agency user import its own agency', async () => {
        const res = await post(
          ctx(),
          [CSV_HEADER, 'ab,AB-OWN-1,,2026-07-01,,OC,N,FUL,5,55.1,-115.2'].join('\n'),
          'text/csv',
          'ab',
        );
        expect(res.statusCode).toBe(200);
        expect(res.json().accepted_count).toBe(1);
      });

      it("answers 403 and changes nothing when an agency user's file holds another agency", async () => {
        const before = await count(ctx());
        const res = await post(
          ctx(),
          [
            CSV_HEADER,
            'ab,AB-OWN-2,,2026-07-01,,OC,N,FUL,5,55.1,-115.2',
            'bc,BC-NOT-MINE,,2026-07-01,,OC,N,FUL,5,50.6,-120.3',
          ].join('\n'),
          'text/csv',
          'ab',
        );
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toMatch(/only ab fires; row 2 is bc/);
        expect(res.json()).toMatchObject({
          code: 'import.foreign_agency',
          params: { agency: 'ab', row: 2, other: 'bc' },
        });
        expect(await count(ctx())).toBe(before);
      });
    });
  },
  { now: clockAt('2026-07-15') },
);
