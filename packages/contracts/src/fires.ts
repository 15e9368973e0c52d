import { z } from 'zod';
import { AGENCY_CODES, type AgencyCode } from './agencies.ts';
import {
  type FIRE_CAUSES,
  RESPONSE_TYPES,
  type ResponseType,
  STAGES_OF_CONTROL,
  type StageOfControl,
} from './codes.ts';
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

export interface NationalFireRow {
  field_agency_fire_id: string;
  field_agency_code: AgencyCode;
  field_agency_data_timezone: string;
  field_situation_report_date: string;
  field_status_date: string;
  field_stage_of_control_status: StageOfControl;
  field_system_fire_cause: string;
  field_response_type: ResponseType;
  field_fire_size: number;
  field_latitude: number;
  field_longitude: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date `YYYY-MM-DD` that exists (no 2025-02-30). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

export const IsoDate = z.string().refine(isIsoDate, { message: 'expected a date as YYYY-MM-DD' });

/**
 * Orders of the national list (issue 14): a spec field name, `-` for descending. The first is the
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

/** Query values shared by the national fires list and its export. */
export const WildfiresQuery = z.object({
  sort: z.enum(WILDFIRES_SORTS, { message: `expected one of ${WILDFIRES_SORTS.join(', ')}` }).optional(),
  /** Part of an agency fire id, any case; upper-cased so `g7` and `G7` share one cache entry. */
  q: z
    .string()
    .trim()
    .max(WILDFIRES_SEARCH_MAX)
    .regex(/^[\p{L}\p{N} ._\-/#]*$/u, { message: 'expected letters, digits, spaces or . _ - / #' })
    .transform((v) => v.toUpperCase() || undefined)
    .optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  agency: z
    .string()
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(AGENCY_CODES, { message: `expected one of ${AGENCY_CODES.join(', ')}` }))
    .optional(),
  stage: z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(STAGES_OF_CONTROL, { message: `expected one of ${STAGES_OF_CONTROL.join(', ')}` }))
    .optional(),
  response: z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(RESPONSE_TYPES, { message: `expected one of ${RESPONSE_TYPES.join(', ')}` }))
    .optional(),
});

/** Summary record of GET /v1/summary (docs/spec/public-site.md section 3). */
export interface SummaryRecord {
  agency_code: string;
  response_type: ResponseType;
  stage_of_control: StageOfControl;
  fire_count: number;
  area_sum: number;
}
/** Fire count record of GET /v1/fire-count. */
export interface FireCountRecord {
  agency_code: string;
  fire_cause: string;
  fire_count: number;
}
