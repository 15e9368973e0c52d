/**
 * The wire shapes of the national fires list and its figures (docs/spec/public-site.md section 3):
 * GET /v1/wildfires, /v1/wildfire/stats, /v1/summary and /v1/fire-count. Kept apart from `fires.ts`,
 * whose constants the public pages load: a zod schema there would pull zod into their download.
 */
import { z } from 'zod';
import { AGENCY_CODES } from './agencies.ts';
import { RESPONSE_TYPES, STAGES_OF_CONTROL } from './codes.ts';
import { isIsoDate, WILDFIRES_SEARCH_MAX, WILDFIRES_SEASONS, WILDFIRES_SORTS } from './fires.ts';
import { PRODUCT_EXPORT_FILE } from './product.ts';
import { BooleanQuery, LangQuery } from './query.ts';

export const IsoDate = z.string().refine(isIsoDate, { params: { code: 'field.date' } });

/** One fire of the national list (docs/spec/public-site.md section 3), as GET /v1/wildfires answers it. */
export const NationalFireRow = z.object({
  field_agency_fire_id: z.string(),
  field_agency_code: z.enum(AGENCY_CODES),
  field_agency_data_timezone: z.string(),
  field_situation_report_date: z.string(),
  field_status_date: z.string(),
  field_stage_of_control_status: z.enum(STAGES_OF_CONTROL),
  field_system_fire_cause: z.string().nullable().describe('H, N or U; null: not reported'),
  field_response_type: z.enum(RESPONSE_TYPES).nullable().describe('null: not reported (counted as FUL)'),
  field_fire_size: z.number(),
  field_latitude: z.number(),
  field_longitude: z.number(),
});
export type NationalFireRow = z.infer<typeof NationalFireRow>;

/** Query values of the national fires list. */
const WildfiresQuery = z.object({
  sort: z.enum(WILDFIRES_SORTS).optional(),
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
    .pipe(z.enum(AGENCY_CODES))
    .optional(),
  stage: z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(STAGES_OF_CONTROL))
    .optional(),
  response: z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(RESPONSE_TYPES))
    .optional(),
  season: z
    .enum(WILDFIRES_SEASONS)
    .optional()
    .describe(
      "current (default): this season's fires, carry-overs included (docs/glossary.md, Current picture); all: every fire kept",
    ),
});

/** GET /v1/wildfires: the national list's query, with its export (`export=true`, `format=csv`). */
export const WildfiresListQuery = WildfiresQuery.extend({
  export: BooleanQuery.optional().describe('All matching rows, no paging'),
  format: z.enum(['json', 'csv']).optional().describe(`With export=true: csv sends ${PRODUCT_EXPORT_FILE}`),
  lang: LangQuery.optional(),
});

/** A filter's choice: its code and its name in the language of the request. */
const CodeName = z.object({ field_code: z.string(), field_name: z.string() });

/** GET /v1/wildfires: one page of the national list (all rows with export=true) and its filters. */
export const WildfiresResponse = z.object({
  items: z.array(NationalFireRow),
  meta: z.object({
    page: z.number().nullable().describe('null with export=true'),
    page_size: z.number(),
    total_pages: z.number(),
    total_results: z.number(),
    valid_as: z
      .string()
      .nullable()
      .describe(
        'When the fire data last changed (ISO timestamp), as GET /v1/summary says it; null before any',
      ),
    filter_agencies: z.array(CodeName),
    filter_stages: z.array(CodeName),
    filter_responses: z.array(CodeName),
  }),
});
export type WildfiresResponse = z.infer<typeof WildfiresResponse>;

/** GET /v1/wildfire/stats: per agency, fires this year and fires reported today. */
export const WildfireStats = z.object({
  date: z.string(),
  items: z.array(z.object({ agency_code: z.string(), ytd_fires: z.number(), fires_today: z.number() })),
});
export type WildfireStats = z.infer<typeof WildfireStats>;

/** Summary record of GET /v1/summary (docs/spec/public-site.md section 3). */
const SummaryRecord = z.object({
  agency_code: z.string(),
  response_type: z.enum(RESPONSE_TYPES),
  stage_of_control: z.enum(STAGES_OF_CONTROL),
  fire_count: z.number(),
  area_sum: z.number(),
});
export type SummaryRecord = z.infer<typeof SummaryRecord>;

/** GET /v1/summary: the current year's fires and hectares per agency, response type and stage. */
export const SummaryResponse = z.object({
  valid_as: z.string().nullable().describe('When the fire data last changed (ISO timestamp)'),
  from_date: z.string(),
  to_date: z.string(),
  items: z.array(SummaryRecord),
});
export type SummaryResponse = z.infer<typeof SummaryResponse>;

/** ?date= of GET /v1/fire-count. */
export const FireCountQuery = z.object({
  date: IsoDate.optional().describe(
    'YYYY-MM-DD, exclusive end: counts fires reported the day before; default tomorrow',
  ),
});

/** Fire count record of GET /v1/fire-count. */
const FireCountRecord = z.object({ agency_code: z.string(), fire_cause: z.string(), fire_count: z.number() });
export type FireCountRecord = z.infer<typeof FireCountRecord>;

/** GET /v1/fire-count: new fires per agency and cause on the report date (the day before `date`). */
export const FireCountResponse = z.object({
  date: z.string(),
  report_date: z.string(),
  items: z.array(FireCountRecord),
});
export type FireCountResponse = z.infer<typeof FireCountResponse>;
