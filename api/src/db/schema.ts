import type { Generated } from 'kysely';

/**
 * The typed shape of every table. Dates are ISO text (`YYYY-MM-DD`, timestamps
 * `YYYY-MM-DDTHH:mm:ss.sssZ`) on both engines so that one query (and one comparison) serves both.
 */
export interface Database {
  data_versions: DataVersionsTable;
  agencies: AgenciesTable;
  fires: FiresTable;
  historical_yearly: HistoricalYearlyTable;
  historical_weekly: HistoricalWeeklyTable;
}

/** A counter per data set, bumped by every write; public reads use it to build ETags and caches. */
export interface DataVersionsTable {
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
  fire_cause: string;
  response_type: string;
  fire_size: number;
  latitude: number;
  longitude: number;
  updated_at: string;
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

export type { Generated };
