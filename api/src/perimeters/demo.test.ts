import { expect, it } from 'vitest';
import { forEachEngine } from '../../test/context.ts';
import { seedDemo } from '../fires/demo.ts';
import { seedPerimeterDemo } from './demo.ts';

const now = new Date('2026-08-20T17:00:00Z');

forEachEngine('demo perimeters', (ctx) => {
  it('grows two or three captures around each large active fire, the current one of its reported size, once', async () => {
    const { db } = ctx().app;
    await seedDemo(db, { now });
    const seeded = await seedPerimeterDemo(db, { now });
    expect(seeded).toBeGreaterThan(100);
    expect(await seedPerimeterDemo(db, { now })).toBe(0);
    const current = await db.kysely
      .selectFrom('perimeters as p')
      .innerJoin('fires as f', (j) =>
        j.onRef('f.agency_code', '=', 'p.agency_code').onRef('f.agency_fire_id', '=', 'p.agency_fire_id'),
      )
      .select([
        'p.area_ha',
        'f.fire_size',
        'f.latitude',
        'f.longitude',
        'p.min_lon',
        'p.max_lon',
        'p.min_lat',
        'p.max_lat',
      ])
      .where('p.is_current', '=', 1)
      .execute();
    expect(current.length).toBeGreaterThan(40);
    for (const p of current) {
      expect(Math.abs(p.area_ha / p.fire_size - 1)).toBeLessThan(0.05);
      expect(p.longitude).toBeGreaterThan(p.min_lon);
      expect(p.longitude).toBeLessThan(p.max_lon);
      expect(p.latitude).toBeGreaterThan(p.min_lat);
      expect(p.latitude).toBeLessThan(p.max_lat);
    }
    const perFire = await db.kysely
      .selectFrom('perimeters')
      .select(['agency_fire_id', db.kysely.fn.countAll<number>().as('n')])
      .groupBy(['agency_code', 'agency_fire_id'])
      .execute();
    expect(new Set(perFire.map((r) => Number(r.n))).size).toBeGreaterThan(1);
    expect(perFire.every((r) => Number(r.n) >= 1 && Number(r.n) <= 3)).toBe(true);
  });

  it('keeps perimeters of no reported fire, current, and the map serves them with no stage or reported size', async () => {
    const { db } = ctx().app;
    const unmatched = await db.kysely
      .selectFrom('perimeters as p')
      .leftJoin('fires as f', (j) =>
        j.onRef('f.agency_code', '=', 'p.agency_code').onRef('f.agency_fire_id', '=', 'p.agency_fire_id'),
      )
      .select(['p.id', 'p.agency_code', 'p.agency_fire_id', 'p.area_ha', 'p.is_current'])
      .where('f.agency_fire_id', 'is', null)
      .execute();
    expect(unmatched.length).toBeGreaterThan(0);
    for (const p of unmatched) {
      expect(p.agency_code).toBeTruthy();
      expect(p.agency_fire_id).toBeTruthy();
      expect(p.is_current).toBe(1);
    }
    const features = (await ctx().app.inject({ method: 'GET', url: '/v1/perimeters?zoom=12' })).json()
      .features;
    for (const p of unmatched) {
      const served = features.find((f: { id: number }) => f.id === p.id);
      expect(served?.properties).toMatchObject({
        agency_code: p.agency_code,
        agency_fire_id: p.agency_fire_id,
        stage_of_control: null,
        fire_size: null,
        captures: 1,
      });
      // Large enough to be among the largest perimeters of the national view, where the map lists them.
      expect(features.findIndex((f: { id: number }) => f.id === p.id)).toBeLessThan(20);
    }
  });

  it('serves them on the map: coarser at a low zoom, only the box asked, with ETag and 304', async () => {
    const { app } = ctx();
    const all = await app.inject({ method: 'GET', url: '/v1/perimeters?zoom=3' });
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toContain('application/geo+json');
    const features = all.json().features;
    // At a low zoom the smallest perimeters are under a pixel: their fires' points show them.
    const deep = (await app.inject({ method: 'GET', url: '/v1/perimeters?zoom=12' })).json().features;
    expect(deep.length).toBeGreaterThan(40);
    expect(features.length).toBeGreaterThan(5);
    expect(features.length).toBeLessThan(deep.length);
    expect(features[0].properties).toMatchObject({
      stage_of_control: expect.stringMatching(/^(OC|BH|UC)$/),
      fire_size: expect.any(Number),
      captures: expect.any(Number),
    });
    const largest = features[0];
    const [lon, lat] = largest.geometry.coordinates.flat(2) as number[];
    const box = [
      Math.floor(lon as number),
      Math.floor(lat as number),
      Math.ceil(lon as number),
      Math.ceil(lat as number),
    ];
    const near = await app.inject({ method: 'GET', url: `/v1/perimeters?zoom=9&bbox=${box.join(',')}` });
    const nearFeatures = near.json().features;
    expect(nearFeatures.length).toBeLessThan(features.length);
    const vertices = (f: { geometry: { coordinates: unknown[] } }) => f.geometry.coordinates.flat(3).length;
    const same = nearFeatures.find((f: { id: number }) => f.id === largest.id);
    expect(vertices(same)).toBeGreaterThan(vertices(largest));
    const again = await app.inject({
      method: 'GET',
      url: '/v1/perimeters?zoom=3',
      headers: { 'if-none-match': all.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    const refused = await app.inject({ method: 'GET', url: '/v1/perimeters?bbox=10,60,0,50' });
    expect(refused.statusCode).toBe(400);
  });
});
