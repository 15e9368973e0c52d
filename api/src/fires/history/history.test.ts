import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bearer, clockAt, forEachEngine, type TestContext, tokenFor } from '../../../test/context.ts';
import { CSV_HEADER, fire } from '../../../test/fixtures.ts';
import { upsertFires } from '../store.ts';

const post = async (ctx: TestContext, payload: string, user = 'ciffc', query = '', type = 'text/csv') =>
  ctx.app.inject({
    method: 'POST',
    url: `/v1/fires/import${query}`,
    headers: { 'content-type': type, ...bearer(await tokenFor(ctx, user)) },
    payload,
  });

const get = async (ctx: TestContext, url: string, user?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: user ? bearer(await tokenFor(ctx, user)) : {} });

const rowsOf = async (ctx: TestContext, table: 'fire_imports' | 'fire_versions') =>
  Number(
    (
      await ctx.app.db.kysely
        .selectFrom(table)
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const versionsOf = (ctx: TestContext, importId: number) =>
  ctx.app.db.kysely
    .selectFrom('fire_versions')
    .select(['action', 'agency_code', 'agency_fire_id', 'fire_size', 'stage_of_control'])
    .where('import_id', '=', importId)
    .orderBy('id')
    .execute();

const csv = (...rows: string[]) => [CSV_HEADER, ...rows].join('\n');
const H1 = 'mb,HIST-1,,2026-07-01,,OC,N,FUL,10,55.1,-98.2';
const H2 = 'mb,HIST-2,,2026-07-02,,BH,H,MOD,3,54.1,-99.2';
const H3 = 'sk,HIST-3,,2026-07-03,,UC,U,MON,7,54.1,-106.4';

forEachEngine(
  'fire import history',
  (ctx) => {
    let first = 0;

    it('records one import and a version of each inserted fire, and answers its id', async () => {
      const res = await post(ctx(), csv(H1, H2, H3), 'ciffc', '?file_name=july.csv');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ inserted: 3, updated: 0, unchanged: 0, import_id: expect.any(Number) });
      first = body.import_id;
      const row = await ctx()
        .app.db.kysely.selectFrom('fire_imports')
        .selectAll()
        .where('id', '=', first)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        source: 'api',
        username: 'ciffc',
        agency_code: null,
        format: 'csv',
        file_name: 'july.csv',
        total_rows: 3,
        inserted: 3,
        updated: 0,
        unchanged: 0,
        rejected: 0,
      });
      expect(typeof row.user_id).toBe('number');
      // The file is kept as sent.
      expect(gunzipSync(row.file_gzip).toString('utf8')).toBe(csv(H1, H2, H3));
      expect(row.file_bytes).toBe(Buffer.byteLength(csv(H1, H2, H3)));
      expect((await versionsOf(ctx(), first)).map((v) => `${v.action} ${v.agency_fire_id}`)).toEqual([
        'inserted HIST-1',
        'inserted HIST-2',
        'inserted HIST-3',
      ]);
    });

    it('a second import changing one fire versions that fire only, and both versions are kept', async () => {
      const changed = 'mb,HIST-1,,2026-07-01,,BH,N,FUL,25.5,55.1,-98.2';
      const res = await post(ctx(), csv(changed, H2, H3));
      const body = res.json();
      expect(body).toMatchObject({ inserted: 0, updated: 1, unchanged: 2 });
      expect(body.accepted.map((a: { action: string }) => a.action)).toEqual([
        'updated',
        'unchanged',
        'unchanged',
      ]);
      expect(await versionsOf(ctx(), body.import_id)).toEqual([
        {
          action: 'updated',
          agency_code: 'mb',
          agency_fire_id: 'HIST-1',
          fire_size: 25.5,
          stage_of_control: 'BH',
        },
      ]);
      const history = await get(ctx(), '/v1/fires/mb/HIST-1/versions', 'ciffc');
      expect(history.statusCode).toBe(200);
      expect(
        history
          .json()
          .items.map((v: { import_id: number; action: string; fire: { fire_size: number } }) => [
            v.import_id,
            v.action,
            v.fire.fire_size,
          ]),
      ).toEqual([
        [body.import_id, 'updated', 25.5],
        [first, 'inserted', 10],
      ]);
      expect(history.json().items[0]).toMatchObject({ source: 'api', username: 'ciffc' });
      // The current row is the newest version.
      const current = await ctx()
        .app.db.kysely.selectFrom('fires')
        .select(['fire_size', 'updated_at'])
        .where('agency_fire_id', '=', 'HIST-1')
        .executeTakeFirstOrThrow();
      expect(current).toEqual({ fire_size: 25.5, updated_at: history.json().items[0].fire.updated_at });
    });

    it('a partly bad file records only its accepted rows', async () => {
      const before = await rowsOf(ctx(), 'fire_versions');
      const res = await post(
        ctx(),
        csv('mb,HIST-4,,2026-07-04,,OC,N,FUL,1,55.1,-98.2', 'zz,HIST-5,,2026-07-04,,OC,N,FUL,1,55.1,-98.2'),
      );
      const body = res.json();
      expect(body).toMatchObject({ accepted_count: 1, rejected_count: 1 });
      expect(await versionsOf(ctx(), body.import_id)).toEqual([
        expect.objectContaining({ action: 'inserted', agency_fire_id: 'HIST-4' }),
      ]);
      expect(await rowsOf(ctx(), 'fire_versions')).toBe(before + 1);
      const row = await ctx()
        .app.db.kysely.selectFrom('fire_imports')
        .select(['inserted', 'rejected', 'total_rows'])
        .where('id', '=', body.import_id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ inserted: 1, rejected: 1, total_rows: 2 });
    });

    it('a malformed file, a dry run and a refused agency file record nothing', async () => {
      const imports = await rowsOf(ctx(), 'fire_imports');
      const versions = await rowsOf(ctx(), 'fire_versions');
      expect((await post(ctx(), `${CSV_HEADER}\nmb,"HIST-6,,2026-07-01`)).statusCode).toBe(400);
      expect((await post(ctx(), '{"type":"Feature"}', 'ciffc', '', 'application/json')).statusCode).toBe(400);
      const dry = await post(
        ctx(),
        csv('mb,HIST-7,,2026-07-04,,OC,N,FUL,1,55.1,-98.2'),
        'ciffc',
        '?dry_run=true',
      );
      expect(dry.json()).toMatchObject({ dry_run: true, inserted: 1, import_id: null });
      expect((await post(ctx(), csv(H3), 'ab')).statusCode).toBe(403);
      expect(await rowsOf(ctx(), 'fire_imports')).toBe(imports);
      expect(await rowsOf(ctx(), 'fire_versions')).toBe(versions);
    });

    it('keeps the values a fire had before its first recorded change when it had no version (seeded)', async () => {
      await upsertFires(ctx().app.db.kysely, [
        fire({
          agency_code: 'mb',
          agency_fire_id: 'SEEDED-1',
          fire_size: 4,
          latitude: 55.1,
          longitude: -98.2,
        }),
      ]);
      const res = await post(ctx(), csv('mb,SEEDED-1,,2026-07-05,,OC,N,FUL,9,55.1,-98.2'));
      expect(res.json()).toMatchObject({ updated: 1 });
      expect((await versionsOf(ctx(), res.json().import_id)).map((v) => [v.action, v.fire_size])).toEqual([
        ['baseline', 4],
        ['updated', 9],
      ]);
      // The next change of the fire needs no baseline.
      const again = await post(ctx(), csv('mb,SEEDED-1,,2026-07-05,,OUT,N,FUL,9,55.1,-98.2'));
      expect((await versionsOf(ctx(), again.json().import_id)).map((v) => v.action)).toEqual(['updated']);
    });

    it("keeps a GeoJSON file as sent and an agency user's import under its agency", async () => {
      const geojson = JSON.stringify({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [-115.2, 55.1] },
            properties: {
              agency_code: 'ab',
              agency_fire_id: 'AB-HIST-1',
              situation_report_date: '2026-07-06',
              stage_of_control: 'OC',
              response_type: 'FUL',
              fire_size: 2,
            },
          },
        ],
      });
      const res = await post(ctx(), geojson, 'ab', '', 'application/json');
      expect(res.statusCode).toBe(200);
      const id = res.json().import_id;
      const file = await get(ctx(), `/v1/fires/imports/${id}/file`, 'ab');
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toMatch(/^application\/geo\+json/);
      expect(file.body).toBe(geojson);
      const row = await ctx()
        .app.db.kysely.selectFrom('fire_imports')
        .select(['username', 'agency_code', 'format'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ username: 'ab', agency_code: 'ab', format: 'geojson' });
    });

    it('two imports at once both keep their version, and the fire holds the newest', async () => {
      const [a, b] = await Promise.all([
        post(ctx(), csv('mb,HIST-1,,2026-07-01,,BH,N,FUL,31,55.1,-98.2')),
        post(ctx(), csv('mb,HIST-1,,2026-07-01,,BH,N,FUL,32,55.1,-98.2')),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      const items = (await get(ctx(), '/v1/fires/mb/HIST-1/versions', 'ciffc')).json().items;
      const newest = items[0];
      expect(
        items
          .slice(0, 2)
          .map((v: { fire: { fire_size: number } }) => v.fire.fire_size)
          .sort(),
      ).toEqual([31, 32]);
      expect(items.slice(0, 2).every((v: { action: string }) => v.action === 'updated')).toBe(true);
      const current = await ctx()
        .app.db.kysely.selectFrom('fires')
        .select('fire_size')
        .where('agency_fire_id', '=', 'HIST-1')
        .executeTakeFirstOrThrow();
      expect(current.fire_size).toBe(newest.fire.fire_size);
    });

    describe('GET /v1/fires/imports', () => {
      it('lists the imports newest first for the national centre, without the file', async () => {
        const res = await get(ctx(), '/v1/fires/imports', 'ciffc');
        expect(res.statusCode).toBe(200);
        const { items, meta } = res.json();
        const total = await rowsOf(ctx(), 'fire_imports');
        expect(meta).toEqual({ page: 1, page_size: 50, total_pages: 1, total_results: total });
        expect(items).toHaveLength(total);
        const ids = items.map((i: { id: number }) => i.id);
        expect(ids).toEqual([...ids].sort((a, b) => b - a));
        expect(items.at(-1)).toMatchObject({ id: first, file_name: 'july.csv', inserted: 3, source: 'api' });
        expect(items[0]).not.toHaveProperty('file_gzip');
        expect(res.body).not.toContain('HIST-1');
      });

      it("shows an agency user only its own agency's imports", async () => {
        const res = await get(ctx(), '/v1/fires/imports', 'ab');
        expect(res.statusCode).toBe(200);
        expect(res.json().items.map((i: { agency_code: string }) => i.agency_code)).toEqual(['ab']);
        expect((await get(ctx(), `/v1/fires/imports/${first}/file`, 'ab')).statusCode).toBe(404);
        expect((await get(ctx(), `/v1/fires/imports/${first}/file`, 'ciffc')).body).toBe(csv(H1, H2, H3));
      });

      it('answers 401 without a token, 400 for page 0 and an empty page past the end', async () => {
        expect((await get(ctx(), '/v1/fires/imports')).statusCode).toBe(401);
        expect((await get(ctx(), `/v1/fires/imports/${first}/file`)).statusCode).toBe(401);
        expect((await get(ctx(), '/v1/fires/imports?page=0', 'ciffc')).statusCode).toBe(400);
        const past = await get(ctx(), '/v1/fires/imports?page=9', 'ciffc');
        expect(past.json().items).toEqual([]);
      });
    });

    describe('GET /v1/fires/{agency}/{agency_fire_id}/versions', () => {
      it('lets an agency user read its own fires only', async () => {
        expect((await get(ctx(), '/v1/fires/ab/AB-HIST-1/versions', 'ab')).statusCode).toBe(200);
        expect((await get(ctx(), '/v1/fires/mb/HIST-1/versions', 'ab')).statusCode).toBe(403);
        expect((await get(ctx(), '/v1/fires/mb/HIST-1/versions')).statusCode).toBe(401);
      });

      it('answers 404 for a fire without a version', async () => {
        expect((await get(ctx(), '/v1/fires/mb/NO-SUCH/versions', 'ciffc')).statusCode).toBe(404);
      });

      it('is in the OpenAPI document with the list of imports', async () => {
        const doc = (await ctx().app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
        expect(Object.keys(doc.paths)).toEqual(
          expect.arrayContaining([
            '/v1/fires/imports',
            '/v1/fires/imports/{id}/file',
            '/v1/fires/{agency}/{agency_fire_id}/versions',
          ]),
        );
      });
    });
  },
  { now: clockAt('2026-07-15') },
);
