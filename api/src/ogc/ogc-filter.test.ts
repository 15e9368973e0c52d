import { spawnSync } from 'node:child_process';
import { beforeAll, expect, it } from 'vitest';
import { forEachEngine, type TestContext } from '../../test/context.ts';
import { fire } from '../../test/fixtures.ts';
import { upsertFires } from '../fires/store.ts';
import { project } from './crs.ts';

/** GDAL's projection of a CRS84 point: the reference our formulas are held to. */
function gdalProject(epsg: string, lon: number, lat: number): [number, number] {
  const out = spawnSync('gdaltransform', ['-s_srs', 'OGC:CRS84', '-t_srs', epsg, '-output_xy'], {
    input: `${lon} ${lat}\n`,
  });
  const [x, y] = out.stdout.toString().trim().split(/\s+/).map(Number);
  return [x as number, y as number];
}

/**
 * Nine fires with distinct values: three agencies, every stage, cause and response (one unknown of
 * each), sizes 1 to 5000, two report days; Kamloops, Yellowknife and Halifax far apart.
 */
const FIRES = [
  fire({
    agency_code: 'bc',
    agency_fire_id: 'K1',
    latitude: 50.67,
    longitude: -120.33,
    stage_of_control: 'OC',
    fire_cause: 'H',
    response_type: 'FUL',
    fire_size: 5000,
    situation_report_date: '2026-07-01',
  }),
  fire({
    agency_code: 'bc',
    agency_fire_id: 'K2',
    latitude: 50.7,
    longitude: -120.4,
    stage_of_control: 'BH',
    fire_cause: 'N',
    response_type: 'MOD',
    fire_size: 120,
    situation_report_date: '2026-07-01',
  }),
  fire({
    agency_code: 'bc',
    agency_fire_id: 'K3',
    latitude: 50.6,
    longitude: -120.2,
    stage_of_control: 'UC',
    fire_cause: null,
    response_type: null,
    fire_size: 1,
    situation_report_date: '2026-07-10',
  }),
  fire({
    agency_code: 'nt',
    agency_fire_id: 'Y1',
    latitude: 62.45,
    longitude: -114.37,
    stage_of_control: 'OC',
    fire_cause: 'N',
    response_type: 'MON',
    fire_size: 800,
    situation_report_date: '2026-07-10',
  }),
  fire({
    agency_code: 'nt',
    agency_fire_id: 'Y2',
    latitude: 62.5,
    longitude: -114.3,
    stage_of_control: 'OUT',
    fire_cause: 'H',
    response_type: 'FUL',
    fire_size: 3,
    situation_report_date: '2026-07-10',
  }),
  fire({
    agency_code: 'ns',
    agency_fire_id: 'H1',
    latitude: 44.65,
    longitude: -63.57,
    stage_of_control: 'OC',
    fire_cause: 'U',
    response_type: 'FUL',
    fire_size: 40,
    situation_report_date: '2026-07-10',
  }),
  fire({
    agency_code: 'ns',
    agency_fire_id: 'H2',
    latitude: 44.7,
    longitude: -63.6,
    stage_of_control: 'UC',
    fire_cause: 'H',
    response_type: 'MOD',
    fire_size: 2,
    situation_report_date: '2026-07-01',
  }),
  fire({
    agency_code: 'ns',
    agency_fire_id: 'H3',
    latitude: 44.6,
    longitude: -63.5,
    stage_of_control: 'BH',
    fire_cause: 'N',
    response_type: 'FUL',
    fire_size: 100,
    situation_report_date: '2026-07-10',
  }),
  fire({
    agency_code: 'ns',
    agency_fire_id: 'H4',
    latitude: 44.62,
    longitude: -63.52,
    stage_of_control: 'OC',
    fire_cause: 'H',
    response_type: 'FUL',
    fire_size: 100.5,
    situation_report_date: '2026-07-10',
  }),
];

const ITEMS = '/v1/ogc/collections/fires/items';
const get = (ctx: TestContext, url: string) => ctx.app.inject({ method: 'GET', url });
const ids = async (ctx: TestContext, query: string) => {
  const res = await get(ctx, `${ITEMS}?${query}`);
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return (res.json().features as { id: string }[]).map((f) => f.id).sort();
};
const cql = (text: string) => `filter=${encodeURIComponent(text)}&filter-lang=cql2-text`;

forEachEngine('OGC API – Features filtering and CRS', (ctx) => {
  beforeAll(async () => {
    await upsertFires(ctx().app.db.kysely, FIRES);
  });

  it('describes the queryables as a JSON Schema linked from the collection', async () => {
    const collection = (await get(ctx(), '/v1/ogc/collections/fires')).json();
    const link = collection.links.find((l: { rel: string }) => l.rel.endsWith('/queryables'));
    expect(link).toMatchObject({
      rel: 'http://www.opengis.net/def/rel/ogc/1.0/queryables',
      type: 'application/schema+json',
    });
    const res = await get(ctx(), new URL(link.href).pathname);
    expect(res.headers['content-type']).toMatch(/^application\/schema\+json/);
    const schema = res.json();
    expect(schema).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: link.href,
      type: 'object',
      properties: {
        geometry: { format: 'geometry-point' },
        agency_code: { type: 'string', enum: expect.arrayContaining(['bc', 'nt']) },
        stage_of_control: { type: 'string', enum: ['OC', 'BH', 'UC', 'OUT'] },
        fire_cause: { type: 'string' },
        response_type: { type: 'string' },
        fire_size: { type: 'number' },
        situation_report_date: { type: 'string', format: 'date' },
      },
    });
    expect((await get(ctx(), '/v1/ogc/collections/other/queryables')).statusCode).toBe(404);
  });

  it('filters by each queryable given as a query parameter, on the server', async () => {
    expect(await ids(ctx(), 'agency_code=BC')).toEqual(['bc-K1', 'bc-K2', 'bc-K3']);
    expect(await ids(ctx(), 'stage_of_control=oc&agency_code=ns')).toEqual(['ns-H1', 'ns-H4']);
    expect(await ids(ctx(), 'fire_cause=N')).toEqual(['bc-K2', 'ns-H3', 'nt-Y1']);
    expect(await ids(ctx(), 'response_type=MON')).toEqual(['nt-Y1']);
    expect(await ids(ctx(), 'fire_size=100.5')).toEqual(['ns-H4']);
    expect(await ids(ctx(), 'situation_report_date=2026-07-01')).toEqual(['bc-K1', 'bc-K2', 'ns-H2']);
    const bad = await get(ctx(), `${ITEMS}?stage_of_control=burning`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().validationErrors.stage_of_control).toMatchObject({
      code: 'field.one_of',
      params: { list: 'OC, BH, UC, OUT' },
    });
  });

  it('evaluates CQL2 text comparisons, AND, OR, NOT and IS NULL in the database', async () => {
    expect(await ids(ctx(), cql("stage_of_control = 'OC' AND fire_size >= 100"))).toEqual([
      'bc-K1',
      'ns-H4',
      'nt-Y1',
    ]);
    expect(await ids(ctx(), cql("agency_code <> 'ns' AND fire_size < 100"))).toEqual(['bc-K3', 'nt-Y2']);
    expect(await ids(ctx(), cql('fire_size > 100 and fire_size <= 800'))).toEqual([
      'bc-K2',
      'ns-H4',
      'nt-Y1',
    ]);
    expect(
      await ids(ctx(), cql("situation_report_date < DATE('2026-07-05') AND agency_code = 'NS'")),
    ).toEqual(['ns-H2']);
    expect(
      await ids(ctx(), cql("(fire_cause = 'H' OR response_type = 'MON') AND NOT agency_code = 'ns'")),
    ).toEqual(['bc-K1', 'nt-Y1', 'nt-Y2']);
    expect(await ids(ctx(), cql('fire_cause IS NULL'))).toEqual(['bc-K3']);
    expect(await ids(ctx(), cql('100 < fire_size'))).toEqual(['bc-K1', 'bc-K2', 'ns-H4', 'nt-Y1']);
    // GDAL 3.6 names the same language cql-text.
    expect(
      await ids(ctx(), `filter=${encodeURIComponent("agency_fire_id = 'Y1'")}&filter-lang=cql-text`),
    ).toEqual(['nt-Y1']);
  });

  it('evaluates CQL2 IN and NOT IN lists in the database', async () => {
    expect(await ids(ctx(), cql("agency_code IN ('bc', 'NT')"))).toEqual([
      'bc-K1',
      'bc-K2',
      'bc-K3',
      'nt-Y1',
      'nt-Y2',
    ]);
    expect(await ids(ctx(), cql("stage_of_control NOT IN ('OC', 'bh') AND agency_code IN ('ns')"))).toEqual([
      'ns-H2',
    ]);
    expect(await ids(ctx(), cql('fire_size IN (1, 3, 100.5)'))).toEqual(['bc-K3', 'ns-H4', 'nt-Y2']);
    const bad = await get(ctx(), `${ITEMS}?${cql("fire_size IN (1, 'big')")}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/fire_size is a number/);
  });

  it('offers updated_at for what changed since an instant, in CQL2 and as a query parameter', async () => {
    const schema = (await get(ctx(), '/v1/ogc/collections/fires/queryables')).json();
    expect(schema.properties.updated_at).toMatchObject({ type: 'string', format: 'date-time' });
    const changed = FIRES.map((f) =>
      f.agency_fire_id === 'K1'
        ? { ...f, updated_at: '2026-07-18T09:30:00.000Z' }
        : f.agency_fire_id === 'Y1'
          ? { ...f, updated_at: '2026-07-19T00:00:00.000Z' }
          : f,
    );
    await upsertFires(ctx().app.db.kysely, changed);
    expect(await ids(ctx(), cql("updated_at > TIMESTAMP('2026-07-18T00:00:00Z')"))).toEqual([
      'bc-K1',
      'nt-Y1',
    ]);
    // GDAL writes the instant as a quoted text without milliseconds: the same instant, not a later text.
    expect(await ids(ctx(), cql("updated_at >= '2026-07-18T09:30:00Z'"))).toEqual(['bc-K1', 'nt-Y1']);
    expect(await ids(ctx(), cql("updated_at > TIMESTAMP('2026-07-18T11:30:00+02:00')"))).toEqual(['nt-Y1']);
    expect(await ids(ctx(), cql("updated_at < DATE('2026-07-16')"))).toHaveLength(FIRES.length - 2);
    expect(await ids(ctx(), 'updated_at=2026-07-19T00:00:00Z')).toEqual(['nt-Y1']);
    const bad = await get(ctx(), `${ITEMS}?${cql("updated_at > 'yesterday'")}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/updated_at is an instant/);
    expect((await get(ctx(), `${ITEMS}?updated_at=yesterday`)).statusCode).toBe(400);
  });

  it('evaluates S_INTERSECTS with a BBOX or a POINT', async () => {
    expect(await ids(ctx(), cql('S_INTERSECTS(geometry, BBOX(-121, 50, -120, 51))'))).toEqual([
      'bc-K1',
      'bc-K2',
      'bc-K3',
    ]);
    expect(
      await ids(ctx(), cql("S_INTERSECTS(geometry, BBOX(-121, 44, -60, 51)) AND stage_of_control = 'OC'")),
    ).toEqual(['bc-K1', 'ns-H1', 'ns-H4']);
    expect(await ids(ctx(), cql('S_INTERSECTS(geometry, POINT(-114.37 62.45))'))).toEqual(['nt-Y1']);
  });

  it.each([
    ["stage_of_control = 'OC' AND", /end of the filter/],
    ["stage_of_control == 'OC'", /character 19/],
    ["stage_of_control = 'OC", /not closed/],
    ["name = 'x'", /name is not a queryable/],
    ["fire_size > 'big'", /fire_size is a number/],
    ["situation_report_date > 'July'", /is not YYYY-MM-DD/],
    ["agency_fire_id LIKE 'K%'", /LIKE is not offered/],
    ["agency_code IN ('bc'", /"\)"/],
    ['S_INTERSECTS(fire_size, BBOX(0,0,1,1))', /not a geometry/],
  ])('refuses the filter %s with 400 saying why', async (text, why) => {
    const res = await get(ctx(), `${ITEMS}?${cql(text)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'ogc.filter_invalid' });
    expect(res.json().message).toMatch(why);
  });

  it('answers in EPSG:3978 and EPSG:3857 with Content-Crs, as GDAL projects them', async () => {
    const url = `${ITEMS}?agency_fire_id=K1&crs=${encodeURIComponent('http://www.opengis.net/def/crs/EPSG/0/3978')}`;
    const res = await get(ctx(), url);
    expect(res.headers['content-crs']).toBe('<http://www.opengis.net/def/crs/EPSG/0/3978>');
    const [x, y] = res.json().features[0].geometry.coordinates;
    // GDAL's own projection of the same point (PROJ, EPSG's definitions), to half a metre.
    const [gx, gy] = gdalProject('EPSG:3978', -120.33, 50.67);
    expect(Math.abs(x - gx)).toBeLessThan(0.5);
    expect(Math.abs(y - gy)).toBeLessThan(0.5);
    const mercator = await get(ctx(), `${ITEMS}?agency_fire_id=K1&crs=EPSG:3857`);
    expect(mercator.headers['content-crs']).toBe('<http://www.opengis.net/def/crs/EPSG/0/3857>');
    const [mx, my] = mercator.json().features[0].geometry.coordinates;
    const [gmx, gmy] = gdalProject('EPSG:3857', -120.33, 50.67);
    expect(Math.abs(mx - gmx)).toBeLessThan(0.5);
    expect(Math.abs(my - gmy)).toBeLessThan(0.5);
    const plain = await get(ctx(), `${ITEMS}?agency_fire_id=K1`);
    expect(plain.headers['content-crs']).toBe('<http://www.opengis.net/def/crs/OGC/1.3/CRS84>');
    const one = await get(ctx(), '/v1/ogc/collections/fires/items/bc-K1?crs=EPSG:3978');
    expect(one.headers['content-crs']).toBe('<http://www.opengis.net/def/crs/EPSG/0/3978>');
    expect(one.json().geometry.coordinates).toEqual([x, y]);
  });

  it('reads a bbox in metres of bbox-crs and finds the fires inside it, evaluated in SQL', async () => {
    const [kx, ky] = project('http://www.opengis.net/def/crs/EPSG/0/3978', -120.33, 50.67);
    const box = [kx - 20_000, ky - 20_000, kx + 20_000, ky + 20_000].join(',');
    expect(await ids(ctx(), `bbox=${box}&bbox-crs=EPSG:3978`)).toEqual(['bc-K1', 'bc-K2', 'bc-K3']);
    const [hx, hy] = project('http://www.opengis.net/def/crs/EPSG/0/3857', -63.57, 44.65);
    expect(
      await ids(ctx(), `bbox=${[hx - 1000, hy - 1000, hx + 1000, hy + 1000].join(',')}&bbox-crs=EPSG:3857`),
    ).toEqual(['ns-H1']);
    // In degrees the same numbers are far outside the world: nothing, never a wrong answer.
    expect(await ids(ctx(), `bbox=${box}`)).toEqual([]);
    const inFilter = `${cql(`S_INTERSECTS(geometry, BBOX(${box}))`)}&filter-crs=EPSG:3978`;
    expect(await ids(ctx(), inFilter)).toEqual(['bc-K1', 'bc-K2', 'bc-K3']);
  });

  it('lists its CRS and storage CRS, and refuses an unsupported one with 400', async () => {
    const collection = (await get(ctx(), '/v1/ogc/collections/fires')).json();
    expect(collection.crs).toEqual(
      expect.arrayContaining([
        'http://www.opengis.net/def/crs/EPSG/0/3978',
        'http://www.opengis.net/def/crs/EPSG/0/3857',
      ]),
    );
    expect(collection.storageCrs).toBe('http://www.opengis.net/def/crs/OGC/1.3/CRS84');
    for (const query of ['crs=EPSG:2154', 'bbox-crs=EPSG:32633&bbox=1,2,3,4', 'crs=metres']) {
      const res = await get(ctx(), `${ITEMS}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('ogc.crs_unsupported');
    }
  });
});
