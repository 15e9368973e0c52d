import type { Season, WildfiresSort } from '@ciffc/contracts';
import type { Insertable, Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Database, FiresTable } from '../db/tables.ts';
import { bumpDataVersion } from '../db/versions.ts';
import { activeInSeason, counted, type FireScope, inScope, ofSeason } from './picture.ts';

export type FireRow = Selectable<FiresTable>;
export type NewFire = Insertable<FiresTable>;

/** A fire's values beside its key (agency_code, agency_fire_id); `updated_at` is not a value. */
export const FIRE_VALUE_COLUMNS = [
  'agency_data_timezone',
  'situation_report_date',
  'status_date',
  'stage_of_control',
  'fire_cause',
  'response_type',
  'fire_size',
  'latitude',
  'longitude',
] as const;

export interface FireFilters {
  agency?: string | undefined;
  stage?: string | undefined;
  response?: string | undefined;
  /** Part of the agency fire id, upper case (WildfiresQuery). */
  q?: string | undefined;
  /** Only the fires of this season (the current picture); undefined: every season. */
  season?: Season | undefined;
}

/** `%`, `_` and `\` in a search are literal characters, not LIKE wildcards. */
const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const num = sql<number>;

/**
 * Upserts by (agency_code, agency_fire_id) in one transaction and bumps the fires data version.
 * Outside the import history (docs/fires-import.md): the demo seed, the benchmark and tests.
 */
export async function upsertFires(db: Kysely<Database>, fires: readonly NewFire[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await writeFires(trx, fires);
    await bumpDataVersion(trx, 'fires');
  });
}

/** The upsert itself; call inside the caller's transaction. */
export async function writeFires(db: Kysely<Database>, fires: readonly NewFire[]): Promise<void> {
  // 15 columns a row: 400 rows stay under SQLite's and PostgreSQL's bound-parameter limits.
  for (let i = 0; i < fires.length; i += 400) {
    await db
      .insertInto('fires')
      .values(fires.slice(i, i + 400))
      .onConflict((oc) =>
        oc.columns(['agency_code', 'agency_fire_id']).doUpdateSet((eb) => ({
          agency_data_timezone: eb.ref('excluded.agency_data_timezone'),
          situation_report_date: eb.ref('excluded.situation_report_date'),
          status_date: eb.ref('excluded.status_date'),
          stage_of_control: eb.ref('excluded.stage_of_control'),
          fire_cause: eb.ref('excluded.fire_cause'),
          response_type: eb.ref('excluded.response_type'),
          fire_size: eb.ref('excluded.fire_size'),
          latitude: eb.ref('excluded.latitude'),
          longitude: eb.ref('excluded.longitude'),
          updated_at: eb.ref('excluded.updated_at'),
          report_source: eb.ref('excluded.report_source'),
          reported_on: eb.ref('excluded.reported_on'),
          ended_on: eb.ref('excluded.ended_on'),
        })),
      )
      .execute();
  }
}

function filtered(db: Kysely<Database>, filters: FireFilters) {
  let query = db.selectFrom('fires');
  if (filters.agency) query = query.where('agency_code', '=', filters.agency);
  if (filters.stage) query = query.where('stage_of_control', '=', filters.stage);
  // A response not reported counts as full (NOT_REPORTED_COUNTS_AS), here as in the summary.
  if (filters.response) query = query.where(counted('response_type'), '=', filters.response);
  if (filters.season) query = query.where(ofSeason(filters.season));
  // upper() on both sides: LIKE is case-blind in SQLite but not in PostgreSQL.
  if (filters.q)
    query = query.where(sql<boolean>`upper(agency_fire_id) like ${likeContains(filters.q)} escape '\\'`);
  return query;
}

export async function countFires(db: Kysely<Database>, filters: FireFilters): Promise<number> {
  const row = await filtered(db, filters).select(num`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

const SORT_COLUMNS = {
  field_situation_report_date: 'situation_report_date',
  field_fire_size: 'fire_size',
  field_agency_fire_id: 'agency_fire_id',
} as const;

/** The national list in the order asked (newest report first by default), then agency and fire id, so pages are stable. */
export function listFires(
  db: Kysely<Database>,
  filters: FireFilters,
  page?: { limit: number; offset: number },
  sort: WildfiresSort = '-field_situation_report_date',
): Promise<FireRow[]> {
  const descending = sort.startsWith('-');
  const column = SORT_COLUMNS[sort.replace(/^-/, '') as keyof typeof SORT_COLUMNS];
  let query = filtered(db, filters)
    .selectAll()
    .orderBy(column, descending ? 'desc' : 'asc')
    .orderBy('agency_code')
    .orderBy('agency_fire_id');
  if (page) query = query.limit(page.limit).offset(page.offset);
  return query.execute();
}

/** The active fires of the season (the map), optionally only those reported within [from, to]. */
export function activeFires(
  db: Kysely<Database>,
  season: Season,
  range: { from?: string | undefined; to?: string | undefined },
) {
  let query = db
    .selectFrom('fires')
    .select([
      'agency_fire_id',
      'agency_code',
      'fire_size',
      'stage_of_control',
      'response_type',
      'status_date',
      'situation_report_date',
      'latitude',
      'longitude',
      'fire_cause',
    ])
    .where(activeInSeason(season));
  if (range.from) query = query.where('situation_report_date', '>=', range.from);
  if (range.to) query = query.where('situation_report_date', '<=', range.to);
  return query.orderBy('agency_code').orderBy('agency_fire_id').execute();
}

/** Fires and hectares grouped by the given columns, over the fires of the scope. */
export async function groupedTotals<
  K extends 'agency_code' | 'stage_of_control' | 'response_type' | 'fire_cause',
>(
  db: Kysely<Database>,
  columns: readonly K[],
  scope: FireScope,
): Promise<(Record<K, string> & { fire_count: number; area_sum: number })[]> {
  const rows = await db
    .selectFrom('fires')
    .where(inScope(scope))
    .select(columns.map((c) => counted(c).as(c)))
    .select([num`count(*)`.as('fire_count'), num`coalesce(sum(fire_size), 0)`.as('area_sum')])
    .groupBy(columns.map((c) => counted(c)))
    .$call((q) => columns.reduce((acc, c) => acc.orderBy(counted(c)), q))
    .execute();
  return rows.map((r) => ({ ...r, fire_count: Number(r.fire_count), area_sum: Number(r.area_sum) })) as never;
}

/**
 * The day a scope's figures are as of: the newest status or report date among its fires
 * (YYYY-MM-DD), null when it has none. A status may be newer than its report, or the reverse.
 */
export async function newestDay(db: Kysely<Database>, scope: FireScope): Promise<string | null> {
  const row = await db
    .selectFrom('fires')
    .where(inScope(scope))
    .select([
      sql<string | null>`max(status_date)`.as('status'),
      sql<string | null>`max(situation_report_date)`.as('report'),
    ])
    .executeTakeFirst();
  const days = [row?.status, row?.report].filter((d): d is string => !!d).map((d) => String(d).slice(0, 10));
  return days.sort().at(-1) ?? null;
}

/** Fires and hectares per report date within [from, to]. */
export async function dailyTotals(
  db: Kysely<Database>,
  range: { from: string; to: string },
  agency?: string,
): Promise<{ date: string; fires: number; hectares: number }[]> {
  let query = db.selectFrom('fires');
  if (agency) query = query.where('agency_code', '=', agency);
  const rows = await query
    .select([
      'situation_report_date as date',
      num`count(*)`.as('fires'),
      num`coalesce(sum(fire_size), 0)`.as('hectares'),
    ])
    .where('situation_report_date', '>=', range.from)
    .where('situation_report_date', '<=', range.to)
    .groupBy('situation_report_date')
    .orderBy('situation_report_date')
    .execute();
  return rows.map((r) => ({ date: r.date, fires: Number(r.fires), hectares: Number(r.hectares) }));
}

// The current picture's conditions, for the other domains that count fires (their one door here).
export { activeInSeason, carriedOver, counted, currentSeason, inScope, ofSeason } from './picture.ts';
