import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCachedPublicGet } from '../../test/caching.ts';
import { clockAt, forEachEngine } from '../../test/context.ts';
import { fire } from '../../test/fixtures.ts';
import { upsertFires } from '../fires/store.ts';
import { pointBlob } from './geopackage.ts';

const run = promisify(execFile);

/** GDAL's own GeoPackage validator (python3-gdal): every requirement it knows, warnings as errors. */
const VALIDATE_GPKG = '/usr/lib/python3/dist-packages/osgeo_utils/samples/validate_gpkg.py';

/** 60 fires in Alberta and British Columbia, one with a name that needs escaping and no cause. */
const FIXTURE = [
  ...Array.from({ length: 60 }, (_, i) =>
    fire({
      agency_code: i % 2 ? 'bc' : 'ab',
      agency_fire_id: `F${String(i).padStart(3, '0')}`,
      stage_of_control: i % 3 ? 'OC' : 'BH',
      fire_size: i * 10.25,
      latitude: 49 + i / 10,
      longitude: -125 + i / 7,
      status_date: `2026-07-${String(1 + (i % 14)).padStart(2, '0')}`,
    }),
  ),
  fire({ agency_code: 'bc', agency_fire_id: 'K<7>&"x"', fire_cause: null, response_type: null }),
  // Two seasons ago: in the file only with season=all, as in the list.
  fire({ agency_code: 'qc', agency_fire_id: 'Q0', situation_report_date: '2024-06-01' }),
];

const OGL_FR = 'https://ouvert.canada.ca/fr/licence-du-gouvernement-ouvert-canada';

interface GeoJsonFeature {
  geometry: { coordinates: number[] };
  properties: Record<string, unknown>;
}

forEachEngine(
  'the national list as a GeoPackage',
  (ctx) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ciffc-gpkg-test-'));
    let files = 0;
    beforeAll(async () => {
      await upsertFires(ctx().app.db.kysely, FIXTURE);
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    const get = (url: string) => ctx().app.inject({ method: 'GET', url });

    /** The download saved as a file, as the browser saves it. */
    async function download(query: string): Promise<string> {
      const res = await get(`/v1/wildfires/download?format=gpkg${query}`);
      expect(res.statusCode).toBe(200);
      const file = path.join(dir, `${ctx().engine}-${files++}.gpkg`);
      writeFileSync(file, res.rawPayload);
      return file;
    }

    const ogrinfo = async (...args: string[]) => (await run('ogrinfo', ['-ro', ...args])).stdout;
    const featureCount = async (file: string) =>
      Number(/^Feature Count: (\d+)$/m.exec(await ogrinfo('-so', file, 'fires'))?.[1]);
    /** The file as GDAL reads it, written out as GeoJSON by ogr2ogr. */
    const throughGdal = async (file: string): Promise<GeoJsonFeature[]> =>
      JSON.parse((await run('ogr2ogr', ['-f', 'GeoJSON', '/vsistdout/', file, 'fires'])).stdout).features;
    const listTotal = async (query: string) =>
      (await get(`/v1/wildfires?${query}`)).json().meta.total_results as number;

    it('is a GeoPackage file by its headers, bytes and the validator, named for the product', async () => {
      const res = await get('/v1/wildfires/download?format=gpkg');
      expect(res.headers['content-type']).toBe('application/geopackage+sqlite3');
      expect(res.headers['content-disposition']).toBe('attachment; filename="CIFFC-fires.gpkg"');
      expect(res.headers['content-crs']).toBe('<http://www.opengis.net/def/crs/OGC/1.3/CRS84>');
      expect(res.headers.link).toMatch(/rel="license"/);
      const bytes = res.rawPayload;
      expect(bytes.subarray(0, 16).toString('latin1')).toBe('SQLite format 3\u0000');
      // The SQLite header's application_id (offset 68) and user_version (offset 60): "GPKG", 1.3.0.
      expect(bytes.subarray(68, 72).toString('ascii')).toBe('GPKG');
      expect(bytes.readUInt32BE(60)).toBe(10300);
      const file = await download('');
      const { stdout, stderr } = await run('python3', [VALIDATE_GPKG, '--extra', '--warning-as-error', file]);
      expect(`${stdout}${stderr}`).toBe('');
    });

    it('holds as many fires as the JSON list, this season only unless season=all', async () => {
      expect(await featureCount(await download(''))).toBe(await listTotal(''));
      expect(await listTotal('')).toBe(61);
      expect(await featureCount(await download('&season=all'))).toBe(await listTotal('season=all'));
      expect(await listTotal('season=all')).toBe(62);
    });

    it('keeps every value of the GeoJSON download, dates as dates, in the list order', async () => {
      const query = '&agency=bc&stage=OC&sort=-field_fire_size&lang=fr';
      const features = await throughGdal(await download(query));
      const geojson = (await get(`/v1/wildfires/download?format=geojson${query}`)).json();
      expect(features).toHaveLength(await listTotal('agency=bc&stage=OC'));
      expect(features.length).toBeGreaterThan(10);
      expect(features.map((f) => f.properties)).toEqual(
        geojson.features.map((f: GeoJsonFeature) => f.properties),
      );
      expect(features.map((f) => f.geometry.coordinates)).toEqual(
        geojson.features.map((f: GeoJsonFeature) => f.geometry.coordinates),
      );
      expect(features[0]?.properties).toMatchObject({ stage_of_control_name: 'Hors de contrôle' });
      const info = await ogrinfo('-so', await download(query), 'fires');
      expect(info).toMatch(/^status_date: Date/m);
      expect(info).toMatch(/^fire_size: Real/m);
      expect(info).toMatch(/ID\["EPSG",4326\]/);
    });

    it('keeps a fire id with markup characters and a fire with no cause', async () => {
      const [odd] = await throughGdal(await download('&agency=bc&q=K'));
      expect(odd?.properties).toMatchObject({
        agency_fire_id: 'K<7>&"x"',
        fire_cause: null,
        response_type: 'FUL',
        response_type_name: 'Full Response',
      });
    });

    it('carries the licence and attribution as the layer metadata GDAL and QGIS show', async () => {
      const info = await ogrinfo('-so', await download('&lang=fr'), 'fires');
      expect(info).toContain(`LICENSE=${OGL_FR}`);
      expect(info).toContain('LICENSE_TITLE=Licence du gouvernement ouvert – Canada');
      expect(info).toMatch(/ATTRIBUTION=Contient des informations visées par la Licence/);
    });

    it('answers a valid empty GeoPackage when nothing matches', async () => {
      const file = await download('&agency=pe');
      expect(await featureCount(file)).toBe(0);
      expect(await listTotal('agency=pe')).toBe(0);
      const { stdout, stderr } = await run('python3', [VALIDATE_GPKG, '--warning-as-error', file]);
      expect(`${stdout}${stderr}`).toBe('');
    });

    it('is cached like every public read', async () => {
      await expectCachedPublicGet(ctx().app, '/v1/wildfires/download?format=gpkg&agency=ab');
    });
  },
  { now: clockAt('2026-07-15') },
);

describe('GeoPackage point geometry', () => {
  it('is the standard binary header then little-endian WKB', () => {
    const blob = pointBlob(-115.25, 55.5);
    expect(blob.subarray(0, 2).toString('ascii')).toBe('GP');
    expect([blob[2], blob[3]]).toEqual([0, 1]);
    expect(blob.readInt32LE(4)).toBe(4326);
    expect([blob[8], blob.readUInt32LE(9)]).toEqual([1, 1]);
    expect([blob.readDoubleLE(13), blob.readDoubleLE(21)]).toEqual([-115.25, 55.5]);
    expect(blob).toHaveLength(29);
  });
});
