import { NearFiresResponse, PlacesResponse } from '@ciffc/contracts';
import { SaxesParser } from 'saxes';
import { expect, it } from 'vitest';
import { clockAt, forEachEngine, type TestContext } from '../../test/context.ts';
import { fire } from '../../test/fixtures.ts';
import { upsertFires } from '../fires/store.ts';
import { insertPerimeters, markCurrent } from '../perimeters/store.ts';

/** "Fires near me": the community search, the nearest active fires, the feed of an area. */
const TODAY = '2026-07-20';
const KELOWNA = { id: '5990579', latitude: 49.88307, longitude: -119.48568 };
/** Degrees of longitude in 10 km at Kelowna's latitude (71.8 km a degree). */
const LON_10KM = 10 / 71.8;

const bc = (
  id: string,
  latitude: number,
  longitude: number,
  more: Parameters<typeof fire>[0] | object = {},
) =>
  fire({
    agency_fire_id: id,
    agency_code: 'bc',
    agency_data_timezone: 'America/Vancouver',
    situation_report_date: '2026-07-18',
    status_date: '2026-07-19',
    latitude,
    longitude,
    ...more,
  });

const FIRES = [
  // 30 km east, being held, with a perimeter; 10 km north, out of control; 50 km south-west.
  bc('K30E', KELOWNA.latitude, KELOWNA.longitude + 3 * LON_10KM, {
    stage_of_control: 'BH',
    fire_size: 1250.5,
  }),
  bc('K10N', KELOWNA.latitude + 0.09, KELOWNA.longitude, {
    fire_size: 4,
    updated_at: '2026-07-19T08:00:00.000Z',
  }),
  bc('K50SW', KELOWNA.latitude - 0.318, KELOWNA.longitude - 0.493, { stage_of_control: 'UC' }),
  // Out 5 km away: not in the list, in the feed (a fire of the area that changed).
  bc('KOUT', KELOWNA.latitude, KELOWNA.longitude - 0.5 * LON_10KM, {
    stage_of_control: 'OUT',
    updated_at: '2026-07-20T09:00:00.000Z',
  }),
  // Still "burning" by its last report, but of 2024: history, not the current picture.
  bc('KOLD', KELOWNA.latitude, KELOWNA.longitude + 0.1, { situation_report_date: '2024-08-01' }),
  // 300 km north: outside 100 km.
  bc('FAR', KELOWNA.latitude + 2.7, KELOWNA.longitude),
];

async function seed(ctx: TestContext) {
  const db = ctx.app.db.kysely;
  await upsertFires(db, FIRES);
  const lon = KELOWNA.longitude + 3 * LON_10KM;
  const lat = KELOWNA.latitude;
  await insertPerimeters(db, [
    {
      import_id: null,
      source: 'demo',
      agency_code: 'bc',
      agency_fire_id: 'K30E',
      fire_name: null,
      captured_at: '2026-07-19T00:00:00.000Z',
      area_ha: 1180.4,
      agency_area_ha: null,
      vertex_count: 5,
      geometry: JSON.stringify({
        type: 'Polygon',
        coordinates: [
          [
            [lon, lat],
            [lon + 0.02, lat],
            [lon + 0.02, lat + 0.02],
            [lon, lat + 0.02],
            [lon, lat],
          ],
        ],
      }),
      min_lon: lon,
      min_lat: lat,
      max_lon: lon + 0.02,
      max_lat: lat + 0.02,
      created_at: '2026-07-19T12:00:00.000Z',
    },
  ]);
  await markCurrent(db, [{ agency_code: 'bc', agency_fire_id: 'K30E' }]);
}

const get = (ctx: TestContext, url: string) => ctx.app.inject({ method: 'GET', url });

async function places(ctx: TestContext, query: string) {
  const res = await get(ctx, `/v1/places?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return PlacesResponse.parse(res.json()).items;
}

async function near(ctx: TestContext, query: string) {
  const res = await get(ctx, `/v1/fires/near?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return NearFiresResponse.parse(res.json());
}

/** A strict XML parse (well-formed, namespaces checked): the entries' ids, titles and the feed's title. */
function readAtom(xml: string) {
  const parser = new SaxesParser({ xmlns: true });
  const path: string[] = [];
  const texts: { path: string; text: string }[] = [];
  let root = '';
  parser.on('opentag', (tag) => {
    if (path.length === 0) root = `{${tag.uri}}${tag.local}`;
    path.push(tag.local ?? tag.name);
  });
  parser.on('text', (text) => texts.push({ path: path.join('/'), text }));
  parser.on('closetag', () => path.pop());
  parser.on('error', (error) => {
    throw error;
  });
  parser.write(xml).close();
  const at = (p: string) => texts.filter((t) => t.path === p).map((t) => t.text);
  return {
    root,
    title: at('feed/title')[0],
    updated: at('feed/updated')[0],
    ids: at('feed/entry/id'),
    titles: at('feed/entry/title'),
    entryUpdated: at('feed/entry/updated'),
  };
}

forEachEngine(
  'fires near me',
  (ctx) => {
    it('finds communities by the start of their name or of a word, accents and case aside, most people first', async () => {
      const montreal = await places(ctx(), 'q=montreal');
      expect(montreal[0]).toMatchObject({ name: 'Montréal', province_code: 'qc', province_name: 'Quebec' });
      expect((await places(ctx(), 'q=MONTRÉ&lang=fr'))[0]).toMatchObject({
        name: 'Montréal',
        province_name: 'Québec',
      });
      expect((await places(ctx(), 'q=val%20d%27o'))[0]?.name).toBe("Val-d'Or");
      expect((await places(ctx(), 'q=val-d'))[0]?.name).toBe("Val-d'Or");
      expect((await places(ctx(), 'q=rivieres')).map((p) => p.name)).toContain('Trois-Rivières');
      const kel = await places(ctx(), 'q=kel&lang=fr');
      expect(kel[0]).toMatchObject({
        id: KELOWNA.id,
        name: 'Kelowna',
        province_name: 'Colombie-Britannique',
      });
      // Ranked by population among names that start alike.
      const saint = await places(ctx(), 'q=saint&limit=20');
      const populations = saint
        .filter((p) => p.name.toLowerCase().startsWith('saint'))
        .map((p) => p.population);
      expect(populations).toEqual([...populations].sort((a, b) => b - a));
      expect(saint.length).toBe(20);
    });

    it('names Québec in each language: Quebec City in English, Québec in French, found by either', async () => {
      expect((await places(ctx(), 'q=quebec&lang=en'))[0]).toMatchObject({
        name: 'Quebec City',
        province_code: 'qc',
      });
      expect((await places(ctx(), 'q=quebec%20city&lang=fr'))[0]).toMatchObject({ name: 'Québec' });
      expect((await places(ctx(), 'q=yellowk'))[0]).toMatchObject({
        name: 'Yellowknife',
        province_name: 'Northwest Territories',
      });
    });

    it('refuses an empty or long search and a limit above 20, naming the field', async () => {
      for (const [query, field] of [
        ['q=', 'q'],
        [`q=${'a'.repeat(81)}`, 'q'],
        ['q=a&limit=21', 'limit'],
        ['', 'q'],
      ] as const) {
        const res = await get(ctx(), `/v1/places?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(Object.keys(res.json().validationErrors), query).toEqual([field]);
      }
    });

    it('lists the active fires within the radius nearest first, with distance, direction, stage, size, perimeter and agency page', async () => {
      await seed(ctx());
      const answer = await near(ctx(), `near=${KELOWNA.id}`);
      expect(answer.origin.place).toMatchObject({ id: KELOWNA.id, name: 'Kelowna', province_code: 'bc' });
      expect(answer.radius_km).toBe(100);
      expect(answer.total).toBe(3);
      expect(answer.items.map((f) => [f.field_agency_fire_id, f.direction, f.stage_name])).toEqual([
        ['K10N', 'N', 'Out of Control'],
        ['K30E', 'E', 'Being Held'],
        ['K50SW', 'SW', 'Under Control'],
      ]);
      const [north, east, southWest] = answer.items;
      expect(north?.distance_km).toBeCloseTo(10, 0);
      expect(east?.distance_km).toBeCloseTo(30, 0);
      expect(southWest?.distance_km).toBeGreaterThan(45);
      expect(southWest?.distance_km).toBeLessThan(55);
      expect(east).toMatchObject({
        field_fire_size: 1250.5,
        perimeter_area_ha: 1180.4,
        agency_name: 'British Columbia',
        agency_fire_page: 'https://wildfiresituation.nrs.gov.bc.ca/',
      });
      expect(east?.bearing_deg).toBeGreaterThan(85);
      expect(east?.bearing_deg).toBeLessThan(95);
      expect(north?.perimeter_area_ha).toBeNull();
    });

    it('measures from a point, in French, within the radius and the limit asked', async () => {
      const answer = await near(
        ctx(),
        `near=${KELOWNA.latitude},${KELOWNA.longitude}&radius_km=40&limit=1&lang=fr`,
      );
      expect(answer.origin).toMatchObject({ place: null, latitude: KELOWNA.latitude });
      expect(answer.total).toBe(2);
      expect(answer.items).toHaveLength(1);
      expect(answer.items[0]).toMatchObject({
        field_agency_fire_id: 'K10N',
        stage_name: 'Hors de contrôle',
        agency_name: 'Colombie-Britannique',
      });
      const wide = await near(ctx(), `near=${KELOWNA.id}&radius_km=500&limit=50`);
      expect(wide.items.map((f) => f.field_agency_fire_id)).toContain('FAR');
      expect(wide.items.map((f) => f.field_agency_fire_id)).not.toContain('KOLD');
    });

    it('serves the area as a valid Atom feed: the season’s fires within the radius, newest change first', async () => {
      const res = await get(ctx(), `/v1/fires/near.atom?near=${KELOWNA.id}&radius_km=60`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
      const feed = readAtom(res.body);
      expect(feed.root).toBe('{http://www.w3.org/2005/Atom}feed');
      expect(feed.title).toBe('CIFFC: wildfires within 60 km of Kelowna (British Columbia)');
      // Out today, changed yesterday, then the two unchanged since July 15 (by fire id); not FAR, not KOLD.
      expect(feed.ids).toEqual(['KOUT', 'K10N', 'K30E', 'K50SW'].map((id) => `urn:ciffc:fire:bc:${id}:2026`));
      expect(feed.titles[0]).toBe('British Columbia fire KOUT: Out, 10.0 ha, 5.0 km W');
      expect(feed.updated).toBe('2026-07-20T09:00:00.000Z');
      for (const t of feed.entryUpdated) expect(t).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
      const fr = readAtom((await get(ctx(), `/v1/fires/near.atom?near=${KELOWNA.id}&lang=fr`)).body);
      expect(fr.title).toBe('CIFFC : feux de forêt à moins de 100 km de Kelowna (Colombie-Britannique)');
      expect(fr.titles).toContain('Feu K30E (Colombie-Britannique) : Contenu, 1\u00a0250,5 ha, 30,0 km E');
      expect(fr.titles.at(-1)).toMatch(/Maîtrisé, 10,0 ha, 50,\d km SO$/);
    });

    it('refuses a near that is neither a place nor a point, an unknown place and a radius out of bounds, naming the field', async () => {
      for (const [url, field, code] of [
        ['/v1/fires/near?near=kelowna', 'near', 'field.format'],
        ['/v1/fires/near?near=91,10', 'near', 'field.format'],
        ['/v1/fires/near', 'near', undefined],
        ['/v1/fires/near?near=999999999', 'near', 'query.unknown_place'],
        [`/v1/fires/near?near=${KELOWNA.id}&radius_km=501`, 'radius_km', 'field.max'],
        [`/v1/fires/near?near=${KELOWNA.id}&limit=0`, 'limit', 'field.min'],
        ['/v1/fires/near.atom?near=abc', 'near', 'field.format'],
        ['/v1/fires/near.atom?near=999999999', 'near', 'query.unknown_place'],
        [`/v1/fires/near.atom?near=${KELOWNA.id}&radius_km=2`, 'radius_km', 'field.min'],
        [`/v1/fires/near.atom?near=${KELOWNA.id}&limit=2`, 'limit', 'query.unknown_parameter'],
      ] as const) {
        const res = await get(ctx(), url);
        expect(res.statusCode, url).toBe(400);
        const errors = res.json().validationErrors;
        expect(Object.keys(errors), url).toEqual([field]);
        if (code) expect(errors[field].code, url).toBe(code);
      }
    });
  },
  { now: clockAt(TODAY) },
);
