import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { bearer, clockAt, forEachEngine, type TestContext, tokenFor } from '../../test/context.ts';
import { fire, square } from '../../test/fixtures.ts';
import { upsertFires } from '../fires/store.ts';

const collection = (...features: { properties: Record<string, unknown>; ring: number[][] }[]) =>
  JSON.stringify({
    type: 'FeatureCollection',
    features: features.map((f) => ({
      type: 'Feature',
      properties: f.properties,
      geometry: { type: 'Polygon', coordinates: [f.ring] },
    })),
  });

const dir = mkdtempSync(path.join(tmpdir(), 'ciffc-perimeter-mapping-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Alberta's perimeters as its GIS unit exports them with GDAL: a KML whose attributes are
 * `SimpleData` of a schema, named as its own system names them (none of the names the import
 * knows), dates written with slashes.
 */
function albertaKml(): Buffer {
  const source = path.join(dir, 'ab.geojson');
  writeFileSync(
    source,
    collection(
      {
        properties: { FIRE_NO: 'HWF031', CAPTURE_DT: '2026/07/12', HECTARES: 1520.5, DISTRICT: 'High Level' },
        ring: square(-118.5, 57.2, 0.05),
      },
      {
        properties: { FIRE_NO: 'HWF099', CAPTURE_DT: '2026/07/12', HECTARES: 12, DISTRICT: 'High Level' },
        ring: square(-118, 57.5, 0.01),
      },
    ),
  );
  const out = path.join(dir, 'ab.kml');
  rmSync(out, { force: true });
  execFileSync('ogr2ogr', ['-f', 'KML', out, source], { stdio: 'ignore' });
  return readFileSync(out);
}

/**
 * The US interagency (NIFC WFIGS) current perimeters as published, for fires on the border that
 * Canadian agencies also report: no agency, the fire's id in `attr_UniqueFireIdentifier`.
 */
const NIFC_FILE = collection(
  {
    properties: {
      poly_IncidentName: 'Border Ridge',
      attr_UniqueFireIdentifier: 'K50123',
      attr_FireDiscoveryDateTime: Date.parse('2026-07-01T12:00:00Z'),
      poly_DateCurrent: Date.parse('2026-07-15T00:00:00Z'),
      poly_GISAcres: 250,
    },
    ring: square(-119.5, 49.05, 0.02),
  },
  {
    properties: {
      poly_IncidentName: 'Kettle',
      attr_UniqueFireIdentifier: 'K59998',
      poly_DateCurrent: Date.parse('2026-07-15T00:00:00Z'),
      poly_GISAcres: 40,
    },
    ring: square(-118.6, 49.05, 0.01),
  },
);

const send = async (ctx: TestContext, body: string | Buffer, user: string, query: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/v1/perimeters/import?${query}`,
    headers: { 'content-type': 'application/octet-stream', ...bearer(await tokenFor(ctx, user)) },
    payload: body,
  });

const storedCount = async (ctx: TestContext) =>
  (await ctx.app.db.kysely.selectFrom('perimeters').select('id').execute()).length;

forEachEngine(
  'perimeter field mapping',
  (ctx) => {
    it('inspects a file: its attributes with samples and the mapping proposed, nothing stored', async () => {
      const before = await storedCount(ctx());
      const res = await send(ctx(), albertaKml(), 'ab', 'inspect=true');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ format: 'kml', total_features: 2, saved: [], proposed_from: null });
      const names = body.attributes.map((a: { name: string }) => a.name);
      expect(names).toEqual(expect.arrayContaining(['FIRE_NO', 'CAPTURE_DT', 'HECTARES', 'DISTRICT']));
      expect(body.attributes.find((a: { name: string }) => a.name === 'FIRE_NO').samples).toEqual([
        'HWF031',
        'HWF099',
      ]);
      // None of Alberta's names is one the import knows: nothing is proposed for them.
      expect(body.detected).toEqual({ fire_id: null, captured_at: null, agency: null, area_ha: null });
      expect(await storedCount(ctx())).toBe(before);

      // A BC file's names are detected as the import reads them.
      const bc = collection({
        properties: { FIRE_NUMBER: 'K50123', TRACK_DATE: '2026-07-10', FIRE_SIZE_HECTARES: 80 },
        ring: square(-120.4, 50.6, 0.01),
      });
      expect((await send(ctx(), bc, 'ciffc', 'inspect=true')).json().detected).toEqual({
        fire_id: 'FIRE_NUMBER',
        captured_at: 'TRACK_DATE',
        agency: null,
        area_ha: 'FIRE_SIZE_HECTARES',
      });
    });

    it("imports with the agency's mapping, remembers it for that agency only, and proposes it next time", async () => {
      await upsertFires(ctx().app.db.kysely, [
        fire({ agency_code: 'ab', agency_fire_id: 'HWF031', situation_report_date: '2026-07-10' }),
      ]);
      const file = albertaKml();
      // Unmapped, Alberta's fire numbers are not read: each perimeter says why it matches no fire.
      const unmapped = (await send(ctx(), file, 'ab', 'dry_run=true')).json();
      expect(unmapped.unmatched.map((u: { code: string }) => u.code)).toEqual([
        'perimeters.unmatched_no_fire_id',
        'perimeters.unmatched_no_fire_id',
      ]);

      const mapping = 'fire_id_field=FIRE_NO&captured_at_field=CAPTURE_DT&area_ha_field=HECTARES';
      const res = await send(ctx(), file, 'ab', `${mapping}&file_name=ab.kml`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ inserted: 2, refused_count: 0, unmatched_count: 1 });
      expect(body.accepted[0]).toMatchObject({
        agency_code: 'ab',
        agency_fire_id: 'HWF031',
        captured_at: '2026-07-12T00:00:00.000Z',
        agency_area_ha: 1520.5,
        matched: true,
      });
      expect(body.accepted[0].code).toBeUndefined();
      expect(body.unmatched).toEqual([
        expect.objectContaining({
          feature: 2,
          agency_fire_id: 'HWF099',
          code: 'perimeters.unmatched_no_fire',
          params: { fire: 'HWF099', agency: 'AB' },
          reason: 'no fire HWF099 reported by AB',
        }),
      ]);

      // Offered to Alberta next time, with who chose it; not to another agency.
      const next = (await send(ctx(), file, 'ab', 'inspect=true')).json();
      expect(next).toMatchObject({
        proposed_from: 'ab',
        proposed: { fire_id: 'FIRE_NO', captured_at: 'CAPTURE_DT', agency: null, area_ha: 'HECTARES' },
        saved: [
          {
            agency_code: 'ab',
            fire_id: 'FIRE_NO',
            updated_by: 'ab',
            updated_at: expect.stringMatching(/^2026-07-20T/),
          },
        ],
      });
      expect((await send(ctx(), file, 'sk', 'inspect=true')).json()).toMatchObject({
        saved: [],
        proposed_from: null,
      });
      // The national centre sees every agency's, and is proposed Alberta's for Alberta's file.
      const national = (await send(ctx(), file, 'ciffc', 'inspect=true&agency=ab')).json();
      expect(national).toMatchObject({ proposed_from: 'ab', proposed: { fire_id: 'FIRE_NO' } });

      // A later choice replaces the one before (a setting, not a history).
      await send(ctx(), file, 'ab', 'fire_id_field=fire_no&dry_run=false');
      const rows = await ctx()
        .app.db.kysely.selectFrom('perimeter_field_mappings')
        .selectAll()
        .where('agency_code', '=', 'ab')
        .execute();
      expect(rows).toEqual([expect.objectContaining({ fire_id_field: 'fire_no', captured_at_field: null })]);
    });

    it('answers 400 naming the parameter for an attribute not in the file, or an agency not the user’s', async () => {
      const before = await storedCount(ctx());
      const file = albertaKml();
      const missing = await send(ctx(), file, 'ab', 'fire_id_field=FIRE_NUMBER&captured_at_field=CAPTURE_DT');
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({
        code: 'perimeters.mapping_unknown_attribute',
        params: { attribute: 'FIRE_NUMBER' },
        validationErrors: { fire_id_field: { code: 'perimeters.mapping_unknown_attribute' } },
      });
      const unknownAgency = await send(ctx(), file, 'ciffc', 'agency=zz');
      expect(unknownAgency.statusCode).toBe(400);
      expect(Object.keys(unknownAgency.json().validationErrors)).toEqual(['agency']);
      const foreign = await send(ctx(), file, 'ab', 'agency=bc');
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json()).toMatchObject({
        code: 'perimeters.mapping_foreign_agency',
        validationErrors: { agency: { params: { own: 'ab' } } },
      });
      const tooLong = await send(ctx(), file, 'ab', `fire_id_field=${'x'.repeat(101)}`);
      expect(tooLong.statusCode).toBe(400);
      expect(Object.keys(tooLong.json().validationErrors)).toEqual(['fire_id_field']);
      expect(await storedCount(ctx())).toBe(before);
    });

    it('explains per feature that a NIFC file imported by the national centre names no agency; with one chosen, it matches', async () => {
      await upsertFires(ctx().app.db.kysely, [
        fire({ agency_code: 'bc', agency_fire_id: 'K50123', situation_report_date: '2026-07-02' }),
      ]);
      const without = (await send(ctx(), NIFC_FILE, 'ciffc', 'dry_run=true')).json();
      expect(without).toMatchObject({
        accepted_count: 2,
        unmatched_count: 2,
        unmatched_reasons: { 'perimeters.unmatched_no_agency': 2 },
      });
      expect(without.unmatched).toEqual([
        expect.objectContaining({
          feature: 1,
          agency_code: null,
          agency_fire_id: 'K50123',
          code: 'perimeters.unmatched_no_agency',
          reason: expect.stringContaining(
            'choose the attribute that holds the agency, or one agency for the whole file',
          ),
        }),
        expect.objectContaining({ feature: 2, code: 'perimeters.unmatched_no_agency' }),
      ]);

      const chosen = (await send(ctx(), NIFC_FILE, 'ciffc', 'dry_run=true&agency=bc')).json();
      expect(
        chosen.accepted.map((a: { agency_code: string; matched: boolean }) => [a.agency_code, a.matched]),
      ).toEqual([
        ['bc', true],
        ['bc', false],
      ]);
      expect(chosen.unmatched).toEqual([
        expect.objectContaining({
          feature: 2,
          code: 'perimeters.unmatched_no_fire',
          params: { fire: 'K59998', agency: 'BC' },
        }),
      ]);

      // A fire of the same number in another season: the answer says which year each is.
      const lastSeason = collection({
        properties: { FIRE_NUMBER: 'K50123', FIRE_YEAR: 2025, TRACK_DATE: '2025-08-01' },
        ring: square(-120.4, 50.6, 0.01),
      });
      expect((await send(ctx(), lastSeason, 'ciffc', 'dry_run=true')).json().unmatched).toEqual([
        expect.objectContaining({
          code: 'perimeters.unmatched_other_year',
          params: { fire: 'K50123', agency: 'BC', fire_year: 2026, year: 2025 },
        }),
      ]);

      // Mapping an attribute instead: the agency read from it, per feature.
      const withAgency = NIFC_FILE.replaceAll('"poly_IncidentName"', '"POO_Agency":"bc","poly_IncidentName"');
      const mapped = (await send(ctx(), withAgency, 'ciffc', 'dry_run=true&agency_field=POO_Agency')).json();
      expect(mapped.accepted.map((a: { matched: boolean }) => a.matched)).toEqual([true, false]);
    });

    it('refuses a file over the import limit by its declared length, in megabytes, with its code', async () => {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/v1/perimeters/import?inspect=true',
        headers: {
          'content-type': 'application/zip',
          'content-length': String(64 * 1024 * 1024 + 1),
          ...bearer(await tokenFor(ctx(), 'ciffc')),
        },
        payload: Buffer.from('PK'),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({
        code: 'request.too_large_mb',
        params: { max: 64 },
        message: 'File too large: at most 64 MB',
      });
    });
  },
  { now: clockAt('2026-07-20') },
);
