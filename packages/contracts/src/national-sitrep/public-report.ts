import { z } from 'zod';
import {
  PUBLIC_EXPANDED_NUMBER_NAMES,
  PUBLIC_NUMBER_NAMES,
  type PublicExpandedName,
  type PublicReportNumbers,
} from '../agency-sitrep/fields.ts';
import {
  PUBLIC_EXPANDED_TEXT_NAMES,
  PUBLIC_TEXT_NAMES,
  type PublicExpandedTextName,
  type PublicTextsOf,
  publicTextNamesOf,
  type ReportTextSection,
} from '../agency-sitrep/text-fields.ts';
import { isReportDate } from './report-date.ts';

/* ---------- the public national situation report (docs/spec/public-site.md section 3) ---------- */

export const PublicMobilizationRow = z.object({
  field_to: z.string(),
  field_from: z.string(),
  field_en_resource: z.string(),
  field_fr_resource: z.string(),
  field_amount: z.number().nullable(),
});
export type PublicMobilizationRow = z.infer<typeof PublicMobilizationRow>;

export const PublicPriorityFire = z.object({
  field_fire_id: z.string(),
  field_latitude: z.number().nullable(),
  field_longitude: z.number().nullable(),
  field_stage_of_control: z.string(),
  field_size: z.number().nullable(),
  field_incident_type: z.number().nullable(),
  field_percent_contained: z.number().nullable(),
});
export type PublicPriorityFire = z.infer<typeof PublicPriorityFire>;

const CarryOverFire = z.object({
  field_fire_id: z.string(),
  field_stage_of_control: z.string(),
  field_size: z.number(),
  field_situation_report_date: z.string(),
});

const num = z.number().nullable();

/** The registry's numbers under their public names; the signed-in ones are absent for other readers. */
function publicNumbersShape() {
  const shape: Record<string, z.ZodNullable<z.ZodNumber> | z.ZodOptional<z.ZodNullable<z.ZodNumber>>> = {};
  for (const name of PUBLIC_NUMBER_NAMES)
    shape[name] = (PUBLIC_EXPANDED_NUMBER_NAMES as string[]).includes(name) ? num.optional() : num;
  return shape as { [K in Exclude<keyof PublicReportNumbers, PublicExpandedName>]: typeof num } & {
    [K in PublicExpandedName]: z.ZodOptional<typeof num>;
  };
}

/** The registry's texts of these sections under their public names; the signed-in ones are absent for other readers. */
function publicTextsShape<S extends ReportTextSection>(...sections: S[]) {
  const shape: Record<string, z.ZodString | z.ZodOptional<z.ZodString>> = {};
  for (const name of publicTextNamesOf(...sections))
    shape[name] = (PUBLIC_EXPANDED_TEXT_NAMES as string[]).includes(name)
      ? z.string().optional()
      : z.string();
  type Names = keyof PublicTextsOf<S>;
  return shape as { [K in Exclude<Names, PublicExpandedTextName>]: z.ZodString } & {
    [K in Extract<Names, PublicExpandedTextName>]: z.ZodOptional<z.ZodString>;
  };
}

const PublicAgencySitrepFields = z.object({
  field_agency_code: z.string(),
  ...publicTextsShape('opsSummary'),
  ...publicNumbersShape(),
  field_preparedness: num,
  ...publicTextsShape('preparedness', 'porr'),
  field_version: z.number().int(),
});
type PublicAgencySitrepFields = z.infer<typeof PublicAgencySitrepFields>;

/** Fields of an agency entry that only signed-in readers receive (docs/spec/public-site.md section 2). */
const EXPANDED_AGENCY_FIELDS = [...PUBLIC_EXPANDED_NUMBER_NAMES, ...PUBLIC_EXPANDED_TEXT_NAMES] as const;

export const PublicAgencySitrep = z.object({
  mobilizations: z.array(PublicMobilizationRow),
  demobilizations: z.array(PublicMobilizationRow),
  priority_fires: z.array(PublicPriorityFire),
  carry_over_fires: z.array(CarryOverFire),
  sitrep: PublicAgencySitrepFields.nullable().describe('null: no approved report for this agency'),
});
export type PublicAgencySitrep = z.infer<typeof PublicAgencySitrep>;

const FiresArea = z.object({ fires: z.number(), area: z.number() });

export const HistoricalEntry = z.object({
  field_agency_code: z.string(),
  last_year: FiresArea,
  current_year: FiresArea.describe('Fires this year to the report date, carry-over fires included'),
  carry_over: FiresArea.optional().describe(
    'The carry-over fires (earlier years, not out) counted in current_year: the asterisk of the table',
  ),
});
export type HistoricalEntry = z.infer<typeof HistoricalEntry>;

export const HistoricalAverageEntry = z.object({
  field_agency_code: z.string(),
  years5: FiresArea,
  years10: FiresArea,
  years15: FiresArea,
  years20: FiresArea,
  years25: FiresArea,
});
export type HistoricalAverageEntry = z.infer<typeof HistoricalAverageEntry>;

export const NationalMobTableRow = z.object({
  field_resource: z.string(),
  field_en_resource: z.string(),
  field_fr_resource: z.string(),
  counts: z.record(z.string(), z.number().nullable()),
  total: z.number(),
});
export type NationalMobTableRow = z.infer<typeof NationalMobTableRow>;

const PublicResource = z.object({
  field_item_short: z.string(),
  field_item_en: z.string(),
  field_item_fr: z.string(),
  field_category: z.string(),
  field_subcategory: z.string(),
});

export const PublicNationalSitrep = z.object({
  field_date: z.string().describe('Report date, YYYY-MM-DD (America/Winnipeg)'),
  field_preparedness_level: z.string(),
  field_en_summary_comments: z.string(),
  field_fr_summary_comments: z.string(),
  field_duty_officer: z.string(),
  field_us_preparedness_level: z.number().nullable(),
  field_us_fires: z.number().nullable(),
  field_us_acres: z.number().nullable(),
  field_us_ytd_fires: z.number().nullable(),
  field_us_ytd_acres: z.number().nullable(),
  system_edit_timestamp: z.string().describe('When this report was published (ISO timestamp)'),
  field_version: z
    .number()
    .int()
    .describe('Publication number of this date (1 first, 2 after a republish, ...)'),
  expanded_data: z.boolean().describe('true when the signed-in sections are included'),
  agencies: z.array(
    z.object({ field_code: z.string(), field_name_en: z.string(), field_name_fr: z.string() }),
  ),
  resources: z.record(z.string(), PublicResource),
  recent_mobilizations: z.array(PublicMobilizationRow),
  recent_demobilizations: z.array(PublicMobilizationRow),
  national_mobilizations_to: z.array(NationalMobTableRow),
  national_mobilizations_from: z.array(NationalMobTableRow),
  national_availability: z
    .array(
      z.object({
        field_agency_code: z.string(),
        field_available: z.number(),
        field_en_resource: z.string(),
        field_fr_resource: z.string(),
      }),
    )
    .describe('Resource availability report: signed-in readers only (empty otherwise)'),
  resource_requirements: z
    .array(
      z.object({ field_for: z.string(), field_en_resources: z.string(), field_fr_resources: z.string() }),
    )
    .describe('Possibility of resource requirements: signed-in readers only (empty otherwise)'),
  historical: z.array(HistoricalEntry),
  historical_averages: z.array(HistoricalAverageEntry),
  agencies_sitereps: z.record(z.string(), PublicAgencySitrep),
});
export type PublicNationalSitrep = z.infer<typeof PublicNationalSitrep>;

/** GET /v1/sitrep/latest. */
export const PublicNationalSitrepBasic = z.object({
  field_preparedness_level: z.string(),
  field_date: z.string(),
  field_en_summary_comments: z.string(),
  field_fr_summary_comments: z.string(),
});
export type PublicNationalSitrepBasic = z.infer<typeof PublicNationalSitrepBasic>;

/** GET /v1/sitrep/archive: years → months → days. */
export const SitrepArchive = z.object({
  latest: PublicNationalSitrepBasic.nullable(),
  years: z.array(
    z.object({
      year: z.number().int(),
      months: z.array(
        z.object({
          month: z.number().int().describe('1 to 12'),
          days: z.array(
            z.object({
              day: z.number().int(),
              date: z.string(),
              data: z.object({ field_preparedness_level: z.string() }),
            }),
          ),
        }),
      ),
    }),
  ),
});
export type SitrepArchive = z.infer<typeof SitrepArchive>;

/** Strips the signed-in sections from a stored report (docs/spec/public-site.md section 2). */
export function withoutExpandedData(report: PublicNationalSitrep): PublicNationalSitrep {
  const agencies: Record<string, PublicAgencySitrep> = {};
  for (const [code, entry] of Object.entries(report.agencies_sitereps)) {
    if (!entry.sitrep) {
      agencies[code] = entry;
      continue;
    }
    const sitrep = { ...entry.sitrep } as Record<string, unknown>;
    for (const field of EXPANDED_AGENCY_FIELDS) delete sitrep[field];
    agencies[code] = { ...entry, sitrep: sitrep as PublicAgencySitrepFields };
  }
  return {
    ...report,
    expanded_data: false,
    national_availability: [],
    resource_requirements: [],
    agencies_sitereps: agencies,
  };
}

/**
 * A published report as stored (whole, with the expanded data): a number added to the registry
 * after it was published reads null, a text '', so every report has every field of today's schema.
 */
export function withReportNumberDefaults(report: PublicNationalSitrep): PublicNationalSitrep {
  const agencies: Record<string, PublicAgencySitrep> = {};
  for (const [code, entry] of Object.entries(report.agencies_sitereps)) {
    const absent = (n: string) => !!entry.sitrep && !(n in entry.sitrep);
    const missing = [
      ...PUBLIC_NUMBER_NAMES.filter(absent).map((n) => [n, null] as const),
      ...PUBLIC_TEXT_NAMES.filter(absent).map((n) => [n, ''] as const),
    ];
    agencies[code] =
      entry.sitrep && missing.length
        ? { ...entry, sitrep: { ...Object.fromEntries(missing), ...entry.sitrep } }
        : entry;
  }
  return { ...report, agencies_sitereps: agencies };
}

/** `?date=` of the public report; the latest without it. */
export const PublicSitrepQuery = z.object({
  date: z
    .string()
    .refine(isReportDate, { message: 'expected a date as YYYY-MM-DD' })
    .optional()
    .describe('Report date, YYYY-MM-DD; the latest report without it'),
});
