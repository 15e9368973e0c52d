/**
 * The fire codes' names and the national list's constants: no zod here, since public pages load
 * these (their wire shapes are in `wildfires.ts`).
 */
import type { FIRE_CAUSES, ResponseType, StageOfControl } from './codes.ts';
import type { Locale } from './format.ts';

/** Labels of the fire codes (national fires list filters, chart legends), EN and FR. */
export const STAGE_OF_CONTROL_NAMES: Record<StageOfControl, Record<Locale, string>> = {
  OC: { en: 'Out of Control', fr: 'Hors de contrôle' },
  BH: { en: 'Being Held', fr: 'Contenu' },
  UC: { en: 'Under Control', fr: 'Maîtrisé' },
  OUT: { en: 'Out', fr: 'Éteint' },
};
export const RESPONSE_TYPE_NAMES: Record<ResponseType, Record<Locale, string>> = {
  FUL: { en: 'Full Response', fr: 'Intervention complète' },
  MOD: { en: 'Modified Response', fr: 'Intervention modifiée' },
  MON: { en: 'Monitored Response', fr: 'Surveillance' },
};
export const FIRE_CAUSE_NAMES: Record<(typeof FIRE_CAUSES)[number], Record<Locale, string>> = {
  H: { en: 'Human', fr: 'Humaine' },
  N: { en: 'Natural', fr: 'Naturelle' },
  U: { en: 'Undetermined', fr: 'Indéterminée' },
};

/** Rows per page of GET /v1/wildfires. */
export const WILDFIRES_PAGE_SIZE = 20;

/** Columns of the national fires list and of its CSV export, in the specification's order. */
export const NATIONAL_FIRES_COLUMNS = [
  'field_agency_fire_id',
  'field_agency_code',
  'field_agency_data_timezone',
  'field_situation_report_date',
  'field_status_date',
  'field_stage_of_control_status',
  'field_system_fire_cause',
  'field_response_type',
  'field_fire_size',
  'field_latitude',
  'field_longitude',
] as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date `YYYY-MM-DD` that exists (no 2025-02-30). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * Orders of the national list: a spec field name, `-` for descending. The first is the
 * default, newest report first. Ties fall back to agency and fire id so pages stay stable.
 */
export const WILDFIRES_SORTS = [
  '-field_situation_report_date',
  'field_situation_report_date',
  '-field_fire_size',
  'field_fire_size',
  'field_agency_fire_id',
  '-field_agency_fire_id',
] as const;
export type WildfiresSort = (typeof WILDFIRES_SORTS)[number];
export const WILDFIRES_SEARCH_MAX = 40;

/** The national list's seasons: the current picture's season (the default view), or every fire kept. */
export const WILDFIRES_SEASONS = ['current', 'all'] as const;
