import { beforeAll, describe, expect, it } from 'vitest';
import { expectCachedPublicGet } from '../../test/caching.ts';
import { clockAt, forEachEngine } from '../../test/context.ts';
import { fire } from '../../test/fixtures.ts';
import { bumpDataVersion } from '../db/versions.ts';
import { importFires } from '../fires/import/import.ts';
import { upsertFires } from '../fires/store.ts';
import { insertPerimeters, markCurrent, type NewPerimeter } from '../perimeters/store.ts';
import { parseCsv } from './parse-csv.ts';

/** A capture of fire ab A1 (a square near its point) of this area. */
const capture = (captured_at: string, area_ha: number): NewPerimeter => ({
  import_id: null,
  source: 'api',
  agency_code: 'ab',
  agency_fire_id: 'A1',
  fire_name: null,
  captured_at,
  area_ha,
  agency_area_ha: null,
  vertex_count: 5,
  geometry: JSON.stringify({
    type: 'Polygon',
    coordinates: [
      [
        [-115.3, 55],
        [-115.1, 55],
        [-115.1, 55.2],
        [-115.3, 55.2],
        [-115.3, 55],
      ],
    ],
  }),
  min_lon: -115.3,
  min_lat: 55,
  max_lon: -115.1,
  max_lat: 55.2,
  created_at: '2026-07-15T12:00:00.000Z',
});

const FIXTURE = [
  fire({ agency_fire_id: 'A1', stage_of_control: 'OC', fire_cause: 'H', fire_size: 120.5 }),
  fire({
    agency_code: 'bc',
    agency_fire_id: 'K<7>&"x"',
    situation_report_date: '2026-07-14',
    stage_of_control: 'BH',
    fire_cause: null,
    response_type: null,
    fire_size: 3,
    latitude: 50.6,
    longitude: -120.3,
  }),
  fire({ agency_code: 'bc', agency_fire_id: 'B2', stage_of_control: 'OUT', response_type: 'MON' }),
  // Two seasons ago, never declared out: only with season=all.
  fire({ agency_code: 'qc', agency_fire_id: 'Q0', situation_report_date: '2024-06-01' }),
];

const OGL = 'https://open.canada.ca/en/open-government-licence-canada';

forEachEngine(
  'national fires downloads',
  (ctx) => {
    beforeAll(async () => {
      const db = ctx().app.db.kysely;
      await upsertFires(db, FIXTURE);
      // A1 has two captures: the CSVs give the current one's area; the other fires have none.
      await insertPerimeters(db, [
        capture('2026-07-13T18:00:00.000Z', 300),
        capture('2026-07-14T18:00:00.000Z', 812.345678),
      ]);
      await markCurrent(db, [{ agency_code: 'ab', agency_fire_id: 'A1' }]);
    });
    const get = (url: string, headers: Record<string, string> = {}) =>
      ctx().app.inject({ method: 'GET', url, headers });

    describe('CSV', () => {
      it('names the columns and the codes in French with lang=fr', async () => {
        const res = await get('/v1/wildfires/download?format=csv&lang=fr&agency=ab');
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
        expect(res.headers['content-disposition']).toBe('attachment; filename="CIFFC-fires.csv"');
        const { bom, rows } = parseCsv(res.body);
        expect(bom).toBe(true);
        expect(rows[0]?.slice(0, 3)).toEqual([
          'Identifiant du feu (agence)',
          'Agence',
          'Fuseau horaire des données de l’agence',
        ]);
        expect(rows[0]?.[5]).toBe('Stade de maîtrise');
        expect(rows[1]).toEqual([
          'A1',
          'Alberta',
          'America/Edmonton',
          '2026-07-15',
          '2026-07-15',
          'Hors de contrôle',
          'Humaine',
          'Intervention complète',
          '120.5',
          '55.1',
          '-115.2',
          '812.35',
        ]);
        expect(rows[0]?.[11]).toBe('Superficie du périmètre (ha)');
      });

      it("adds the current perimeter's area in hectares, empty for a fire without one", async () => {
        const { rows } = parseCsv(
          (await get('/v1/wildfires/download?format=csv&sort=field_agency_fire_id')).body,
        );
        expect(rows[0]?.[11]).toBe('Perimeter Area (ha)');
        expect(rows.slice(1).map((r) => [r[0], r[11]])).toEqual([
          ['A1', '812.35'],
          ['B2', ''],
          ['K<7>&"x"', ''],
        ]);
      });

      it('names them in English by default, a missing response as Full Response, in the list order', async () => {
        const res = await get('/v1/wildfires/download?format=csv&agency=bc&sort=field_agency_fire_id');
        const { rows } = parseCsv(res.body);
        expect(rows[0]?.[0]).toBe('Agency Fire ID');
        expect(rows.slice(1).map((r) => [r[0], r[1], r[5], r[6], r[7]])).toEqual([
          ['B2', 'British Columbia', 'Out', 'Natural', 'Monitored Response'],
          ['K<7>&"x"', 'British Columbia', 'Being Held', '', 'Full Response'],
        ]);
      });

      it('gives French Excel its file: semicolons, decimal commas, a BOM, and the fire import reads it back', async () => {
        const res = await get('/v1/wildfires/download?format=csv-excel-fr&sort=field_agency_fire_id');
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
        expect(res.headers['content-disposition']).toBe('attachment; filename="CIFFC-feux-excel.csv"');
        expect(res.headers.link).toMatch(/rel="license"/);
        expect(res.body.startsWith('\uFEFF')).toBe(true);
        const lines = res.body.slice(1).split('\r\n');
        expect(lines[0]).toBe(
          'field_agency_fire_id;field_agency_code;field_agency_data_timezone;field_situation_report_date;field_status_date;field_stage_of_control_status;field_system_fire_cause;field_response_type;field_fire_size;field_latitude;field_longitude;perimeter_area_ha',
        );
        // Numbers plain with a decimal comma; quotes only where a cell needs them.
        expect(lines[1]).toBe(
          'A1;ab;America/Edmonton;2026-07-15;2026-07-15;OC;H;FUL;120,5;55,1;-115,2;812,35',
        );
        expect(lines).toContain(
          '"K<7>&""x""";bc;America/Edmonton;2026-07-14;2026-07-15;BH;;FUL;3;50,6;-120,3;',
        );
        // The fire import reads it back: every fire accepted, and unchanged (the same values, decimals included).
        const rows = lines.length - 2;
        const back = await importFires(ctx().app.db, res.body, {
          today: '2026-07-15',
          dryRun: true,
          actor: { source: 'api', userId: null, username: 'ciffc' },
        });
        // A1's decimals (120,5; 55,1; -115,2) read back as stored: unchanged. K<7> is "updated" only
        // because the file says FUL where the response was not reported (it counts as full).
        expect(back, JSON.stringify(back)).toMatchObject({ accepted_count: rows, rejected_count: 0 });
        expect(back.accepted).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ agency_fire_id: 'A1', action: 'unchanged' }),
            expect.objectContaining({ agency_fire_id: 'B2', action: 'unchanged' }),
          ]),
        );
      });

      it('gives the machine-readable variant: the columns and codes of /v1/wildfires, then the perimeter area', async () => {
        const res = await get('/v1/wildfires/download?format=csv-codes&stage=OC&lang=fr');
        expect(res.headers['content-disposition']).toBe('attachment; filename="CIFFC-fires-codes.csv"');
        const { rows } = parseCsv(res.body);
        const legacy = parseCsv((await get('/v1/wildfires?export=true&format=csv&stage=OC')).body).rows;
        expect(rows.map((r) => r.slice(0, 11))).toEqual(legacy);
        expect(rows.map((r) => r[11])).toEqual([
          'perimeter_area_ha',
          ...legacy.slice(1).map((r) => (r[0] === 'A1' ? '812.35' : '')),
        ]);
        expect(rows[1]?.slice(0, 2)).toEqual(['A1', 'ab']);
        expect(rows[1]?.[5]).toBe('OC');
      });

      it('carries the licence in a Link header, the title encoded for the header', async () => {
        const res = await get('/v1/wildfires/download?format=csv');
        const link = String(res.headers.link);
        expect(link).toMatch(new RegExp(`^<${OGL}>; rel="license"`));
        const title = /title\*=UTF-8''([^;]+)/.exec(link)?.[1] ?? '';
        expect(decodeURIComponent(title)).toBe('Open Government Licence – Canada');
        const attribution = decodeURIComponent(/attribution\*=UTF-8''([^;]+)/.exec(link)?.[1] ?? '');
        expect(attribution).toContain(
          'Contains information licensed under the Open Government Licence – Canada',
        );
        expect(attribution).toContain('CIFFC');
        expect(res.headers['access-control-allow-origin']).toBe('*');
      });

      it('gives a new answer once a new capture changes the area', async () => {
        const url = '/v1/wildfires/download?format=csv-codes&agency=ab';
        const before = await get(url);
        await insertPerimeters(ctx().app.db.kysely, [capture('2026-07-15T06:00:00.000Z', 1500)]);
        await markCurrent(ctx().app.db.kysely, [{ agency_code: 'ab', agency_fire_id: 'A1' }]);
        await bumpDataVersion(ctx().app.db.kysely, 'perimeters');
        const after = await get(url);
        expect(after.headers.etag).not.toBe(before.headers.etag);
        expect(parseCsv(after.body).rows[1]?.[11]).toBe('1500');
      });
    });

    describe('GeoJSON', () => {
      it('is a FeatureCollection in CRS84 with the licence, the codes and their names', async () => {
        const res = await get('/v1/wildfires/download?format=geojson&agency=ab', {
          'accept-language': 'fr-CA',
        });
        expect(res.headers['content-type']).toBe('application/geo+json');
        expect(res.headers['content-crs']).toBe('<http://www.opengis.net/def/crs/OGC/1.3/CRS84>');
        const doc = res.json();
        expect(doc.type).toBe('FeatureCollection');
        expect(doc.crs.properties.name).toBe('urn:ogc:def:crs:OGC:1.3:CRS84');
        expect(doc.license).toBe('https://ouvert.canada.ca/fr/licence-du-gouvernement-ouvert-canada');
        expect(doc.metadata.attribution).toContain('Licence du gouvernement ouvert – Canada');
        expect(doc.features).toEqual([
          {
            type: 'Feature',
            id: 'ab-A1',
            geometry: { type: 'Point', coordinates: [-115.2, 55.1] },
            properties: expect.objectContaining({
              agency_fire_id: 'A1',
              stage_of_control: 'OC',
              stage_of_control_name: 'Hors de contrôle',
              fire_size: 120.5,
            }),
          },
        ]);
      });

      it('lists last seasons too with season=all, as the list does', async () => {
        const current = (await get('/v1/wildfires/download?format=geojson')).json();
        const all = (await get('/v1/wildfires/download?format=geojson&season=all')).json();
        expect(current.features.map((f: { id: string }) => f.id)).not.toContain('qc-Q0');
        expect(all.features.map((f: { id: string }) => f.id)).toContain('qc-Q0');
        expect(all.features).toHaveLength(current.features.length + 1);
      });
    });

    describe('KML', () => {
      it('is KML 2.2 with a Placemark per fire, values escaped, the licence in the description', async () => {
        const res = await get('/v1/wildfires/download?format=kml&agency=bc');
        expect(res.headers['content-type']).toBe('application/vnd.google-earth.kml+xml; charset=utf-8');
        expect(res.headers['content-disposition']).toBe('attachment; filename="CIFFC-fires.kml"');
        const body = res.body;
        expect(body).toMatch(
          /^<\?xml version="1.0" encoding="UTF-8"\?>\n<kml xmlns="http:\/\/www.opengis.net\/kml\/2.2">/,
        );
        expect(body).toContain(
          '<description>Contains information licensed under the Open Government Licence – Canada.',
        );
        expect(body).toContain(OGL);
        expect(body.match(/<Placemark /g)).toHaveLength(2);
        expect(body).toContain('<name>bc-K&lt;7&gt;&amp;&quot;x&quot;</name>');
        expect(body).toContain('<coordinates>-120.3,50.6</coordinates>');
        expect(body).toContain('<Data name="stage_of_control_name"><value>Being Held</value></Data>');
        expect(body).not.toMatch(/<[^>]*K<7/);
      });
    });

    describe('a filter with no result', () => {
      it('answers a valid empty file in every format, not an error', async () => {
        const url = (format: string) => `/v1/wildfires/download?format=${format}&agency=pe`;
        const csv = await get(url('csv'));
        expect(csv.statusCode).toBe(200);
        expect(parseCsv(csv.body).rows).toHaveLength(1);
        expect(parseCsv((await get(url('csv-codes'))).body).rows).toEqual([
          expect.arrayContaining(['field_agency_fire_id']),
        ]);
        const geo = await get(url('geojson'));
        expect(geo.statusCode).toBe(200);
        expect(geo.json()).toMatchObject({ type: 'FeatureCollection', features: [] });
        const kml = await get(url('kml'));
        expect(kml.statusCode).toBe(200);
        expect(kml.body).toContain('<Document>');
        expect(kml.body).not.toContain('<Placemark');
      });
    });

    it('refuses an unknown format with 400 naming the field', async () => {
      const res = await get('/v1/wildfires/download?format=shp');
      expect(res.statusCode).toBe(400);
      expect(res.json().validationErrors).toHaveProperty('format');
    });

    it('is cached like every public read, per language', async () => {
      await expectCachedPublicGet(ctx().app, '/v1/wildfires/download?format=kml&lang=fr');
      const en = await get('/v1/wildfires/download?format=csv&lang=en');
      const fr = await get('/v1/wildfires/download?format=csv&lang=fr');
      expect(en.headers.etag).not.toBe(fr.headers.etag);
    });
  },
  { now: clockAt('2026-07-15') },
);
