import { AGENCY_CODES } from '@ciffc/contracts';
import { expect, it } from 'vitest';
import { clockAt, forEachEngine } from '../../test/context.ts';
import { seedDemo } from '../fires/demo.ts';
import { regionAt } from '../fires/geo.ts';
import { levelOfWeek, seedNationalDemo } from './demo.ts';

interface Row {
  field_agency_fire_id: string;
  field_agency_code: string;
  field_situation_report_date: string;
  field_stage_of_control_status: string;
  field_system_fire_cause: string;
  field_response_type: string;
  field_fire_size: number;
  field_latitude: number;
  field_longitude: number;
}

const TODAY = '2026-07-15';
const LATEST = '2026-07-14';
const round1 = (v: number) => Math.round(v * 10) / 10;

/**
 * Every figure of the demo comes from one source, the seeded fires, so the published
 * report, the summary, the national list and the graphs agree, and priority fires are real fires.
 */
forEachEngine(
  'demo figures agree between endpoints',
  (ctx) => {
    const get = async (url: string) => (await ctx().app.inject({ method: 'GET', url })).json();

    it('agree between the latest report, the list, the summary and the daily graph', async () => {
      const now = new Date(`${TODAY}T17:00:00Z`);
      await seedDemo(ctx().app.db, { now });
      await seedNationalDemo(ctx().app.db, { now, days: 3 });
      const rows: Row[] = (await get('/v1/wildfires?export=true')).items;
      const report = await get(`/v1/sitrep?date=${LATEST}`);
      expect(report.field_date).toBe(LATEST);
      // The list's default view is the current picture's season, carry-over fires included.
      expect(rows.some((r) => r.field_situation_report_date < '2026-01-01')).toBe(true);
      const season = rows.filter((r) => r.field_situation_report_date <= LATEST);

      // New fires of the day: the report and the daily graph count the list's fires of that day.
      const newInList = rows.filter((r) => r.field_situation_report_date === LATEST).length;
      const daily = await get('/v1/dashboard/fires/daily?start_date=2026-07-01&end_date=2026-08-01');
      expect(daily.items.find((d: { date: string }) => d.date === LATEST).fires).toBe(newInList);
      let newInReport = 0;
      for (const code of AGENCY_CODES) {
        const s = report.agencies_sitereps[code].sitrep;
        newInReport += s.field_today_natural + s.field_today_human + s.field_today_other;
        const mine = season.filter((r) => r.field_agency_code === code);
        const full = (stage: string) =>
          mine.filter((r) => r.field_response_type === 'FUL' && r.field_stage_of_control_status === stage);
        expect(s.field_full_oc, code).toBe(full('OC').length);
        expect(s.field_full_bh, code).toBe(full('BH').length);
        expect(s.field_full_uc, code).toBe(full('UC').length);
        expect(s.field_full_out, code).toBe(full('OUT').length);
        const active = [...full('OC'), ...full('BH'), ...full('UC')];
        expect(s.field_full_active_area, code).toBeCloseTo(
          round1(active.reduce((sum, r) => sum + r.field_fire_size, 0)),
          0,
        );
        if (active.length === 0) expect(s.field_full_active_area, code).toBe(0);
      }
      expect(newInReport).toBe(newInList);

      // The level follows the week's new fires, not a random walk.
      const week = rows.filter(
        (r) => r.field_situation_report_date > '2026-07-07' && r.field_situation_report_date <= LATEST,
      ).length;
      expect(report.field_preparedness_level).toBe(String(levelOfWeek(week)));

      // The summary counts the list's fires: the same season.
      const summary = await get('/v1/summary');
      const summed = summary.items.reduce((n: number, i: { fire_count: number }) => n + i.fire_count, 0);
      expect(summed).toBe(rows.length);
    });

    it('lists priority fires that are fires of their agency, inside it, and the carry-over fires', async () => {
      const rows: Row[] = (await get('/v1/wildfires?export=true')).items;
      const byId = new Map(rows.map((r) => [`${r.field_agency_code}:${r.field_agency_fire_id}`, r]));
      const report = await get(`/v1/sitrep?date=${LATEST}`);
      let priority = 0;
      let carried = 0;
      for (const code of AGENCY_CODES) {
        const entry = report.agencies_sitereps[code];
        for (const p of entry.priority_fires) {
          priority += 1;
          const fire = byId.get(`${code}:${p.field_fire_id}`);
          expect(fire, `${code} ${p.field_fire_id}`).toBeDefined();
          expect(p.field_latitude).toBe(fire?.field_latitude);
          expect(p.field_longitude).toBe(fire?.field_longitude);
          if (code !== 'pc')
            expect(regionAt(p.field_longitude, p.field_latitude)?.code).toBe(code.toUpperCase());
        }
        for (const c of entry.carry_over_fires) {
          carried += 1;
          const fire = byId.get(`${code}:${c.field_fire_id}`);
          expect((fire?.field_situation_report_date ?? '9999') < '2026-01-01').toBe(true);
          expect(fire?.field_stage_of_control_status).not.toBe('OUT');
        }
      }
      expect(priority).toBeGreaterThan(0);
      expect(carried).toBeGreaterThan(0);
    });
  },
  { now: clockAt(TODAY), demo: false },
);
