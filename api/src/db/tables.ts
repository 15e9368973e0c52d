import type { ColumnType, Generated } from 'kysely';

/**
 * The typed shape of every table. Dates are ISO text (`YYYY-MM-DD`, timestamps
 * `YYYY-MM-DDTHH:mm:ss.sssZ`) on both engines so that one query (and one comparison) serves both.
 */
export interface Database {
  data_versions: DataVersionsTable;
  agencies: AgenciesTable;
  fires: FiresTable;
  fire_imports: FireImportsTable;
  fire_versions: FireVersionsTable;
  historical_yearly: HistoricalYearlyTable;
  historical_weekly: HistoricalWeeklyTable;
}

/** A counter per data set, bumped by every write; public reads use it to build ETags and caches. */
interface DataVersionsTable {
  name: string;
  version: number;
  updated_at: string;
}

export interface AgenciesTable {
  code: string;
  name_en: string;
  name_fr: string;
  website: string;
  website_priority_wildfires: string | null;
  has_sitrep: number;
  time_zone: string;
  sort_order: number;
}

export interface FiresTable {
  agency_code: string;
  agency_fire_id: string;
  agency_data_timezone: string;
  /** The day the fire was first reported (YYYY-MM-DD): it dates new fires, daily and weekly counts. */
  situation_report_date: string;
  /** The day of the last change of stage of control (YYYY-MM-DD). */
  status_date: string;
  stage_of_control: string;
  /** H, N or U; null when the file did not say (shown as "Not reported"). */
  fire_cause: string | null;
  /** FUL, MOD or MON; null when the file did not say (counted as FUL: docs/glossary.md). */
  response_type: string | null;
  fire_size: number;
  latitude: number;
  longitude: number;
  updated_at: string;
  /** Who last reported these values: feed, national, import or demo (docs/fires-import.md, "Sources"). */
  report_source: ColumnType<string, string | undefined, string>;
  /** The day the values were reported (YYYY-MM-DD): a snapshot's own day, else the day of the import. */
  reported_on: string | null;
  /** The day a snapshot no longer listed the fire (it is then OUT); null while it is listed. */
  ended_on: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One row per import that was written (not a dry run, not a malformed file): who, when, what. */
export interface FireImportsTable {
  id: Generated<number>;
  created_at: string;
  /** 'api' (POST /v1/fires/import) or 'cli' (npm run import). */
  source: string;
  /** The importing user; null for the command line. */
  user_id: number | null;
  username: string | null;
  /** The only agency the file could hold (an agency user's import); null: any agency. */
  agency_code: string | null;
  format: string;
  file_name: string | null;
  total_rows: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: number;
  /** Fires a snapshot ended, and rows that lost to a newer or stronger report (docs/fires-import.md). */
  ended: ColumnType<number, number | undefined, number>;
  overruled: ColumnType<number, number | undefined, number>;
  /** The day a snapshot speaks for; null when the import was not a snapshot. */
  snapshot_on: ColumnType<string | null, string | null | undefined, string | null>;
  /** UTF-8 length of the file's text. */
  file_bytes: number;
  /** The file's text, gzip-compressed (bytea / blob): kept for audit and replay. */
  file_gzip: Uint8Array;
}

/**
 * Append-only: a fire's full values after each import that inserted or changed it ('inserted',
 * 'updated'), and once its values before the first recorded change when it had no version yet
 * ('baseline': loaded by the demo seed or before the history existed).
 */
export interface FireVersionsTable extends FiresTable {
  id: Generated<number>;
  import_id: number;
  action: string;
}

export interface HistoricalYearlyTable {
  agency_code: string;
  year: number;
  fires: number;
  hectares: number;
}

export interface HistoricalWeeklyTable {
  agency_code: string;
  year: number;
  /** 1..52; days 358 and later of a year count in week 52. */
  week: number;
  fires: number;
  hectares: number;
}
