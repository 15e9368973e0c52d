import { AGENCY_CODES } from '@ciffc/contracts';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
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
