/**
 * The dashboard's figures (docs/spec/public-site.md, the home page): the map's fires, the totals of a
 * range of report days and the days of a month. The rules only: the routes cache and send them, the
 * fires' store reads them.
 */
import {
  ACTIVE_STAGES,
  type DashboardDaily,
  type DashboardFigures,
  type DashboardFiresResponse,
  type Locale,
  STAGE_OF_CONTROL_NAMES,
  STAGES_OF_CONTROL,
  seasonOf,
} from '@ciffc/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { addDays, daysBetween, yearOf, yearStart } from '../../http/time.ts';
import type { FireScope } from '../picture.ts';
import { activeFires, currentSeason, dailyTotals, groupedTotals, newestDay } from '../store.ts';

const round1 = (n: number) => Math.round(n * 10) / 10;

/** A range of report days as asked: both ends given, one, or none (the last 7 days, `week`). */
export function dashboardRange(q: { from_date?: string; to_date?: string }, today: string) {
  const week = q.from_date === undefined && q.to_date === undefined;
  const from = q.from_date ?? (week ? addDays(today, -6) : yearStart(yearOf(q.to_date ?? today)));
  return { from, to: q.to_date ?? today, week };
}

/**
 * The fires of a range of report days. A range that starts the season of its last day counts that
 * season's carry-over fires too (docs/glossary.md, "Current picture"), and one that reaches today
 * has no upper bound (a report may be dated tomorrow), so that the season asked from January 1 to
 * today is the current picture's season, as the map and the summary count it.
 */
function rangeScope(from: string, to: string, today: string): FireScope {
  const season = seasonOf(to);
  return {
    from,
    to: to >= today ? undefined : to,
    carryOver: from <= season.start ? season : undefined,
  };
}

/** The map's fires: the season's active fires (within the asked days) as GeoJSON points. */
export async function mapFires(
  db: Kysely<Database>,
  now: Date,
  q: { from_date?: string; to_date?: string },
): Promise<DashboardFiresResponse> {
  const fires = await activeFires(db, currentSeason(now), { from: q.from_date, to: q.to_date });
  return {
    type: 'FeatureCollection',
    features: fires.map((f) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [f.longitude, f.latitude] },
      properties: {
        field_agency_fire_id: f.agency_fire_id,
        field_fire_size: f.fire_size,
        field_stage_of_control_status: f.stage_of_control,
        field_response_type: f.response_type,
        field_status_date: f.status_date,
        field_agency_code: f.agency_code,
        field_situation_report_date: f.situation_report_date,
        field_system_fire_cause: f.fire_cause,
      },
    })),
  };
}

/** Totals of a range by stage, agency and response; "active" counts the stages of the one rule. */
export async function dashboardFigures(
  db: Kysely<Database>,
  range: ReturnType<typeof dashboardRange>,
  today: string,
  lang: Locale,
): Promise<DashboardFigures> {
  const scope = rangeScope(range.from, range.to, today);
  const [byStage, byAgency, byResponse, asOf] = await Promise.all([
    groupedTotals(db, ['stage_of_control'], scope),
    groupedTotals(db, ['agency_code'], scope),
    groupedTotals(db, ['response_type'], scope),
    newestDay(db, scope),
  ]);
  const active = new Set<string>(ACTIVE_STAGES);
  return {
    period: range.week ? 'week' : 'range',
    from_date: range.from,
    to_date: range.to,
    fires: byAgency.reduce((s, r) => s + r.fire_count, 0),
    hectares: round1(byAgency.reduce((s, r) => s + r.area_sum, 0)),
    active_fires: byStage.filter((r) => active.has(r.stage_of_control)).reduce((s, r) => s + r.fire_count, 0),
    as_of: asOf,
    by_stage: STAGES_OF_CONTROL.map((stage) => {
      const row = byStage.find((r) => r.stage_of_control === stage);
      return {
        stage_of_control: stage,
        field_name: STAGE_OF_CONTROL_NAMES[stage][lang],
        fire_count: row?.fire_count ?? 0,
        area_sum: round1(row?.area_sum ?? 0),
      };
    }),
    by_agency: byAgency.map((r) => ({ ...r, area_sum: round1(r.area_sum) })),
    by_response: byResponse.map((r) => ({ ...r, area_sum: round1(r.area_sum) })),
  };
}

/** Each day from `start` (inclusive) to `end` (exclusive), a day without fires as zeros. */
export async function dailyFigures(
  db: Kysely<Database>,
  start: string,
  end: string,
): Promise<DashboardDaily> {
  const days = daysBetween(start, end);
  const rows = days > 0 ? await dailyTotals(db, { from: start, to: addDays(end, -1) }) : [];
  const byDate = new Map(rows.map((r) => [r.date, r]));
  return {
    start_date: start,
    end_date: end,
    items: Array.from({ length: days }, (_, i) => {
      const date = addDays(start, i);
      const row = byDate.get(date);
      return {
        date,
        day: Number(date.slice(8)),
        fires: row?.fires ?? 0,
        hectares: round1(row?.hectares ?? 0),
      };
    }),
  };
}
