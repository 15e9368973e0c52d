import {
  AGENCY_CODES,
  DashboardDaily,
  DashboardFiresResponse,
  DashboardFreshness,
  FireCountResponse,
  HistoricalAverages,
  HistoricalRunning,
  HistoricalWeekly,
  HistoricalYearly,
  OgcFeatureCollection,
  SummaryResponse,
  WildfireStats,
  WildfiresResponse,
} from '@ciffc/contracts';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import type { z } from 'zod';
import { forEachEngine } from '../../test/context.ts';
import { generateFires, seedDemo } from './demo.ts';
import { isInCanada, regionAt } from './geo.ts';

forEachEngine('demo data', (ctx) => {
  it('seeds at least 5,000 fires over the 13 agencies and the history, once', async () => {
    const now = new Date('2026-08-20T17:00:00Z');
    const first = await seedDemo(ctx().app.db, { now });
    expect(first.fires).toBeGreaterThanOrEqual(5_000);
    expect(first.historical).toBe(13 * (2025 - 1980 + 1));
    const again = await seedDemo(ctx().app.db, { now });
    expect(again).toEqual({ fires: 0, historical: 0 });
    const perAgency = await ctx()
      .app.db.kysely.selectFrom('fires')
      .select(['agency_code', sql<number>`count(*)`.as('n')])
      .groupBy('agency_code')
      .execute();
    expect(perAgency.map((r) => r.agency_code).sort()).toEqual([...AGENCY_CODES].sort());
    const stats = (await ctx().app.inject({ method: 'GET', url: '/v1/wildfire/stats' })).json();
    expect(stats.items.every((i: { ytd_fires: number }) => i.ytd_fires > 0)).toBe(true);
  });

  it('answers every public read of the demo data in its declared shape (the cache checks it too)', async () => {
    // The demo of the first test is in place: 5,000 fires, the history, the historical series.
    const reads: [string, z.ZodType][] = [
      ['/v1/wildfires', WildfiresResponse],
      ['/v1/wildfires?page=3&sort=-field_fire_size&agency=BC', WildfiresResponse],
      ['/v1/wildfires?export=true&lang=fr', WildfiresResponse],
      ['/v1/wildfire/stats', WildfireStats],
      ['/v1/summary', SummaryResponse],
      ['/v1/fire-count?date=2026-08-20', FireCountResponse],
      ['/v1/dashboard/fires', DashboardFiresResponse],
      ['/v1/dashboard/fires?from_date=2026-01-01&to_date=2026-08-20&lang=fr', DashboardFiresResponse],
      ['/v1/dashboard/fires?map=true', DashboardFiresResponse],
      ['/v1/dashboard/fires/daily?start_date=2026-08-01&end_date=2026-09-01', DashboardDaily],
      ['/v1/dashboard/freshness', DashboardFreshness],
      ['/v1/historical/weekly?years=10', HistoricalWeekly],
      ['/v1/historical/running', HistoricalRunning],
      ['/v1/historical/yearly', HistoricalYearly],
      ['/v1/historical/averages', HistoricalAverages],
      ['/v1/ogc/collections/fires/items?limit=10000', OgcFeatureCollection],
    ];
    for (const [url, schema] of reads) {
      const res = await ctx().app.inject({ method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
      const parsed = schema.safeParse(res.json());
      expect(parsed.error?.message, url).toBeUndefined();
    }
    const csv = await ctx().app.inject({ method: 'GET', url: '/v1/wildfires?export=true&format=csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
  });
});

it('makes the same fires from the same seed, each inside its province or territory', () => {
  const a = generateFires({ seed: 42, count: 2_000, today: '2026-08-20' });
  const b = generateFires({ seed: 42, count: 2_000, today: '2026-08-20' });
  expect(a).toEqual(b);
  for (const f of a) {
    if (f.agency_code === 'pc') expect(isInCanada(f.longitude, f.latitude)).toBe(true);
    else expect(regionAt(f.longitude, f.latitude)?.code).toBe(f.agency_code.toUpperCase());
    expect(f.situation_report_date >= '2026-01-01' && f.situation_report_date <= '2026-08-20').toBe(true);
    expect(f.status_date >= f.situation_report_date).toBe(true);
  }
  const sizes = a.map((f) => f.fire_size).sort((x, y) => x - y);
  expect(sizes[1_000]).toBeLessThan(5);
  expect(sizes.filter((s) => s > 1_000).length).toBeGreaterThan(5);
  const stages = new Set(a.map((f) => f.stage_of_control));
  expect([...stages].sort()).toEqual(['BH', 'OC', 'OUT', 'UC']);
});
