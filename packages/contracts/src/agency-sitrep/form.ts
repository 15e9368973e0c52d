import { z } from 'zod';
import { STAGES_OF_CONTROL } from '../codes.ts';
import { inRange } from '../messages/zod-issues.ts';
import { PRODUCT_FIELD_PREFIX } from '../product.ts';
import {
  REPORT_COUNT_CODES,
  REPORT_DIP_FEED_CODES,
  REPORT_FIELD_BOUNDS,
  REPORT_FIELD_CODES,
  REPORT_FIELDS,
  REPORT_HECTARE_CODES,
  type ReportFieldCode,
  type ReportFieldSpec,
  type ReportNumberSection,
} from './fields.ts';
import { REPORT_ROW_FIELDS, type RowNumberSpec } from './row-fields.ts';
import {
  REPORT_TEXT_CODES,
  REPORT_TEXT_DIP_FEED_CODES,
  REPORT_TEXT_FIELDS,
  type ReportTextCode,
  type ReportTextSection,
  type ReportTextSpec,
  SITREP_MAX_SHORT_TEXT,
  SITREP_MAX_TEXT,
} from './text-fields.ts';

/**
 * The agency situation report (docs/spec/data-entry.md 3.1) with the bounds of 5.2, the live totals of 2.1,
 * the section slots form_0..form_11 and the zod-issues → `validationErrors` mapping. The site and
 * the data API both validate with these schemas.
 *
 * Two schemas of one shape: `AgencySitrepShape` checks types only (a body that fails it is not a
 * sitrep and gets 400); `AgencySitrepForm` adds every bound (a draft that fails it is still kept
 * and answered with `validationErrors`; submit and approve refuse it).
 */

const RESPONSE_CAPACITY_FIELD = `${PRODUCT_FIELD_PREFIX}_response_capacity` as 'ciffc_response_capacity';

/** The whole numbers (fires and resources) and the decimals (hectares), from the field registry. */
export const SITREP_COUNT_FIELDS = REPORT_COUNT_CODES;
export const SITREP_HECTARE_FIELDS = REPORT_HECTARE_CODES;

export const SITREP_PREPAREDNESS_FIELDS = [
  'current_fire_hazard',
  'current_fire_load',
  'expected_fire_load',
  'agency_resource_levels',
  RESPONSE_CAPACITY_FIELD,
] as const;

/** The fire statistics groups that an agency with an automatic feed (`has_dip_feed`) does not type. */
export const SITREP_DIP_FEED_FIELDS = [...REPORT_DIP_FEED_CODES, ...REPORT_TEXT_DIP_FEED_CODES] as const;

const SITREP_MAX_LIST_ROWS = 500;

type Mode = 'shape' | 'form';

function build(mode: Mode) {
  const form = mode === 'form';
  const num = () => z.number().finite();
  // Every number has its range (bounds.ts); a value outside it is answered with that range.
  const ranged = inRange;
  /** A number of the field registry, within its kind's bounds. */
  const reportNumber = (kind: ReportFieldSpec['kind']) => {
    const b = REPORT_FIELD_BOUNDS[kind];
    return form ? ranged(b.integer ? num().int() : num(), b.min, b.max) : num();
  };
  const scale = (lo: number, hi: number) => (form ? ranged(num().int(), lo, hi) : num());
  const opt = <T extends z.ZodType>(t: T) => t.nullable().optional();
  const text = (max = SITREP_MAX_TEXT) => z.string().max(max);
  const required = (max = SITREP_MAX_SHORT_TEXT) =>
    form ? z.string().trim().min(1).max(max) : z.string().max(max);
  const choice = () => (form ? z.string().min(1).max(40) : z.string().max(40));
  const list = <T extends z.ZodType>(row: T) => z.array(row).max(SITREP_MAX_LIST_ROWS);
  /** The registry's numbers of these sections, each optional and nullable, keyed by code. */
  const numbers = <S extends ReportNumberSection>(...sections: S[]) => {
    const shape: Record<string, z.ZodOptional<z.ZodNullable<z.ZodNumber>>> = {};
    for (const code of REPORT_FIELD_CODES) {
      const f: ReportFieldSpec = REPORT_FIELDS[code];
      if ((sections as ReportNumberSection[]).includes(f.section)) shape[code] = opt(reportNumber(f.kind));
    }
    return shape as {
      [K in ReportFieldCode as (typeof REPORT_FIELDS)[K]['section'] extends S ? K : never]: z.ZodOptional<
        z.ZodNullable<z.ZodNumber>
      >;
    };
  };
  /** A text of the registry: at most its `maxLength`; a day (YYYY-MM-DD, or a feed's time) in the form. */
  const reportText = (f: ReportTextSpec) =>
    form && f.kind === 'date'
      ? z.string().regex(/^$|^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/)
      : text(f.maxLength);
  /** The registry's texts of these sections, each optional and nullable, keyed by code. */
  const texts = <S extends ReportTextSection>(...sections: S[]) => {
    const shape: Record<string, z.ZodOptional<z.ZodNullable<z.ZodString>>> = {};
    for (const code of REPORT_TEXT_CODES) {
      const f: ReportTextSpec = REPORT_TEXT_FIELDS[code];
      if ((sections as ReportTextSection[]).includes(f.section)) shape[code] = opt(reportText(f));
    }
    return shape as {
      [K in ReportTextCode as (typeof REPORT_TEXT_FIELDS)[K]['section'] extends S ? K : never]: z.ZodOptional<
        z.ZodNullable<z.ZodString>
      >;
    };
  };

  // The list rows' bounds are the row registry's (row-fields.ts); their shapes are here.
  const rowNumber = (f: RowNumberSpec) =>
    form ? ranged(f.integer ? num().int() : num(), f.min, f.max) : num();
  const P = REPORT_ROW_FIELDS.priorityFire;
  const M = REPORT_ROW_FIELDS.mobilization;
  const D = REPORT_ROW_FIELDS.demobilization;

  const resources = z.object({ category: choice(), subcategory: choice(), item: choice() });
  const mobResources = resources.extend({ amount: rowNumber(M['resources.amount']) });

  const PriorityFire = z.object({
    key: z.string().max(60).optional(),
    fires: required(P.fires.maxLength),
    latitude: opt(rowNumber(P.latitude)),
    longitude: opt(rowNumber(P.longitude)),
    stage_of_control: opt(form ? z.enum(STAGES_OF_CONTROL) : z.string().max(10)),
    size: opt(rowNumber(P.size)),
    incident_type: opt(rowNumber(P.incident_type)),
    percent_contained: opt(rowNumber(P.percent_contained)),
    comments_en: opt(text(P.comments_en.maxLength)),
    comments_fr: opt(text(P.comments_fr.maxLength)),
  });

  const Mobilization = z.object({
    key: z.string().max(60).optional(),
    /** Rows of one group share it; later rows take `to` and `from` from the group's first row. */
    group: z.string().max(60).optional(),
    to: required(M.to.maxLength),
    from: required(M.from.maxLength),
    resources: mobResources,
    label: opt(text(M.label.maxLength)),
  });

  const Demobilization = z.object({
    key: z.string().max(60).optional(),
    to: required(D.to.maxLength),
    from: required(D.from.maxLength),
    resources: resources.extend({ amount: rowNumber(D['resources.amount']) }),
  });

  const ResourceAvailability = z.object({
    key: z.string().max(60).optional(),
    available: rowNumber(REPORT_ROW_FIELDS.availability.available),
    resources,
  });

  return {
    PriorityFire,
    Mobilization,
    Demobilization,
    ResourceAvailability,
    Sitrep: z.object({
      ...texts('opsSummary'),
      ...numbers('newFires', 'fullResponse', 'modifiedResponse', 'monitoredResponse', 'prescribedFires'),
      priority_fires: list(PriorityFire).optional(),
      ...numbers('fop'),
      current_fire_hazard: opt(scale(1, 5)),
      current_fire_load: opt(scale(1, 5)),
      expected_fire_load: opt(scale(1, 5)),
      agency_resource_levels: opt(scale(1, 5)),
      ciffc_response_capacity: opt(scale(1, 5)),
      prep_level_override: opt(scale(0, 5)),
      ...texts('preparedness', 'porr'),
      ...numbers('chh'),
      mobs_grouped: list(Mobilization).optional(),
      mobs: list(Mobilization).optional(),
      demobs: list(Demobilization).optional(),
      rars: list(ResourceAvailability).optional(),
      ...texts('dutyOfficer', 'fireStatistics'),
    }),
  };
}

const shape = build('shape');
const form = build('form');

/** Types only: what a save body must be to be stored at all. */
export const AgencySitrepShape = shape.Sitrep;
/** Every bound of docs/spec/data-entry.md 5.2. */
export const AgencySitrepForm = form.Sitrep;

export type AgencySitrepData = z.infer<typeof AgencySitrepShape>;
export type PriorityFireRow = z.infer<typeof shape.PriorityFire>;
export type MobilizationRow = z.infer<typeof shape.Mobilization>;
export type ResourceAvailabilityRow = z.infer<typeof shape.ResourceAvailability>;

export const SITREP_FIELD_NAMES = Object.keys(AgencySitrepShape.shape) as (keyof AgencySitrepData)[];
