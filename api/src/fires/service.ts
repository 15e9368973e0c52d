import {
  AGENCIES,
  AGENCY_CODES,
  type AgencyCode,
  type FireCountResponse,
  type Locale,
  type NationalFireRow,
  RESPONSE_TYPE_NAMES,
  RESPONSE_TYPES,
  type ResponseType,
  STAGE_OF_CONTROL_NAMES,
  STAGES_OF_CONTROL,
  type StageOfControl,
  type SummaryResponse,
  WILDFIRES_PAGE_SIZE,
  type WildfireStats,
  type WildfiresSort,
} from '@ciffc/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { lastUpdated } from '../db/versions.ts';
import { badRequest } from '../http/errors.ts';
import { addDays, centreToday } from '../http/time.ts';
import { currentSeason, seasonScope } from './picture.ts';
import { countFires, type FireFilters, type FireRow, groupedTotals, listFires } from './store.ts';

type Db = Kysely<Database>;

/** The national list's filters as asked: the current picture's season unless `season=all`. */
export interface ListAsked {
  agency?: string | undefined;
  stage?: string | undefined;
  response?: string | undefined;
  q?: string | undefined;
  season?: 'current' | 'all' | undefined;
}

export function listFilters(asked: ListAsked, now: Date): FireFilters {
  return {
    agency: asked.agency,
    stage: asked.stage,
    response: asked.response,
    q: asked.q,
    // The default view is the current picture's season; `season=all` lists every fire kept.
    season: asked.season === 'all' ? undefined : currentSeason(now),
  };
}

/** The day the fires data was last written: the list's and the downloads' "valid as". */
export const firesValidAs = (db: Db): Promise<string | null> => lastUpdated(db, 'fires');

function toNationalRow(f: FireRow): NationalFireRow {
  return {
    field_agency_fire_id: f.agency_fire_id,
    field_agency_code: f.agency_code as AgencyCode,
    field_agency_data_timezone: f.agency_data_timezone,
    field_situation_report_date: f.situation_report_date,
    field_status_date: f.status_date,
    field_stage_of_control_status: f.stage_of_control as StageOfControl,
    field_system_fire_cause: f.fire_cause,
    field_response_type: f.response_type as ResponseType | null,
    field_fire_size: f.fire_size,
    field_latitude: f.latitude,
    field_longitude: f.longitude,
  };
}

/**
 * GET /v1/wildfires: the page asked for (every row with `all`) and how many rows match in all; a
 * page beyond the last is refused naming the last (docs/spec/public-site.md, national list).
 */
export async function wildfiresPage(
  db: Db,
  filters: FireFilters,
  asked: { page?: number | undefined; all: boolean; sort?: WildfiresSort | undefined },
) {
  const total = await countFires(db, filters);
  const totalPages = Math.ceil(total / WILDFIRES_PAGE_SIZE);
  const page = asked.page ?? 1;
  if (!asked.all && page > Math.max(totalPages, 1))
    throw badRequest('page', 'query.page_beyond_last', { page, last: totalPages });
  const rows = await listFires(
    db,
    filters,
    asked.all ? undefined : { limit: WILDFIRES_PAGE_SIZE, offset: (page - 1) * WILDFIRES_PAGE_SIZE },
    asked.sort,
  );
  return { items: rows.map(toNationalRow), total, totalPages, page };
}

/** The list's filter choices, named in the language of the request. */
export function listChoices(lang: Locale) {
  return {
    filter_agencies: AGENCIES.map((a) => ({ field_code: a.code, field_name: a.name[lang] })),
    filter_stages: STAGES_OF_CONTROL.map((s) => ({
      field_code: s,
      field_name: STAGE_OF_CONTROL_NAMES[s][lang],
    })),
    filter_responses: RESPONSE_TYPES.map((r) => ({
      field_code: r,
      field_name: RESPONSE_TYPE_NAMES[r][lang],
    })),
  };
}

/** GET /v1/wildfire/stats: per agency, fires of the season and fires reported today. */
export async function wildfireStats(db: Db, now: Date): Promise<WildfireStats> {
  const season = currentSeason(now);
  const today = season.today;
  const [ytd, todays] = await Promise.all([
    groupedTotals(db, ['agency_code'], seasonScope(season)),
    groupedTotals(db, ['agency_code'], { from: today, to: today }),
  ]);
  const count = (rows: { agency_code: string; fire_count: number }[], code: string) =>
    rows.find((r) => r.agency_code === code)?.fire_count ?? 0;
  return {
    date: today,
    items: AGENCY_CODES.map((code) => ({
      agency_code: code,
      ytd_fires: count(ytd, code),
      fires_today: count(todays, code),
    })),
  };
}

/** GET /v1/summary: the season's fires and hectares per agency, response type and stage. */
export async function seasonSummary(db: Db, now: Date): Promise<SummaryResponse> {
  const season = currentSeason(now);
  const [items, validAs] = await Promise.all([
    groupedTotals(db, ['agency_code', 'response_type', 'stage_of_control'], seasonScope(season)),
    firesValidAs(db),
  ]);
  return {
    valid_as: validAs,
    from_date: season.start,
    to_date: season.today,
    // The table holds the codes the import accepted; the schema checks them outside production.
    items: items.map((i) => ({
      ...i,
      response_type: i.response_type as ResponseType,
      stage_of_control: i.stage_of_control as StageOfControl,
      area_sum: Math.round(i.area_sum * 10) / 10,
    })),
  };
}

/** GET /v1/fire-count: new fires per agency and cause reported on the day before `date` (default tomorrow). */
export async function fireCount(db: Db, date: string | undefined, now: Date): Promise<FireCountResponse> {
  const asOf = date ?? addDays(centreToday(now), 1);
  const reportDate = addDays(asOf, -1);
  const rows = await groupedTotals(db, ['agency_code', 'fire_cause'], { from: reportDate, to: reportDate });
  return {
    date: asOf,
    report_date: reportDate,
    items: rows.map((r) => ({
      agency_code: r.agency_code,
      fire_cause: r.fire_cause,
      fire_count: r.fire_count,
    })),
  };
}
