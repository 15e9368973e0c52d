import { z } from 'zod';
import { STAGES_OF_CONTROL } from './codes.ts';
import { PRODUCT_FIELD_PREFIX } from './product.ts';
import { FIELD_MESSAGES, fieldText } from './server-messages.ts';

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

export const SITREP_COUNT_FIELDS = [
  'a_ltg',
  'a_hum',
  'a_oth',
  'b_oc',
  'b_bh',
  'b_uc',
  'b_total_out',
  'c_act',
  'c_out',
  'c2_act',
  'c2_out',
  'e_act',
  'e_out',
  'fop_ltg',
  'fop_nat',
  'chh_light',
  'chh_int',
  'chh_med',
  'chh_heavy',
] as const;

export const SITREP_HECTARE_FIELDS = [
  'b_active_hectares',
  'b_out_hectares',
  'c_total_hectares',
  'c2_total_hectares',
  'e_total_hectares',
] as const;

const SITREP_PREPAREDNESS_FIELDS = [
  'current_fire_hazard',
  'current_fire_load',
  'expected_fire_load',
  'agency_resource_levels',
  RESPONSE_CAPACITY_FIELD,
] as const;

/** The fire statistics groups that an agency with an automatic feed (`has_dip_feed`) does not type. */
export const SITREP_DIP_FEED_FIELDS = [
  'a_ltg',
  'a_hum',
  'a_oth',
  'b_oc',
  'b_bh',
  'b_uc',
  'b_active_hectares',
  'b_total_out',
  'b_out_hectares',
  'c_act',
  'c_out',
  'c_total_hectares',
  'c2_act',
  'c2_out',
  'c2_total_hectares',
  'fire_statistics_as_of',
] as const;

const SITREP_MAX_TEXT = 20_000;
const SITREP_MAX_SHORT_TEXT = 200;
const SITREP_MAX_LIST_ROWS = 500;

/* ---------- messages of the server rules (the site shows them next to the field) ---------- */
// From the catalogue of server-messages.ts, so the site can show each one in French.
const REQUIRED = FIELD_MESSAGES.required.en;
const atLeast = (n: number) => fieldText('at_least', { n });
const between = (lo: number, hi: number) => fieldText('between', { lo, hi });
const WHOLE = FIELD_MESSAGES.whole.en;

type Mode = 'shape' | 'form';

function build(mode: Mode) {
  const form = mode === 'form';
  const num = () => z.number().finite();
  const count = () => (form ? num().int(WHOLE).min(0, atLeast(0)) : num());
  const hectares = () => (form ? num().min(0, atLeast(0)) : num());
  const scale = (lo: number, hi: number) =>
    form ? num().int(WHOLE).min(lo, between(lo, hi)).max(hi, between(lo, hi)) : num();
  const opt = <T extends z.ZodType>(t: T) => t.nullable().optional();
  const text = (max = SITREP_MAX_TEXT) => z.string().max(max);
  const required = (max = SITREP_MAX_SHORT_TEXT) =>
    form ? z.string().trim().min(1, REQUIRED).max(max) : z.string().max(max);
  const choice = () => (form ? z.string().min(1, REQUIRED).max(40) : z.string().max(40));
  const list = <T extends z.ZodType>(row: T) => z.array(row).max(SITREP_MAX_LIST_ROWS);

  const resources = z.object({ category: choice(), subcategory: choice(), item: choice() });
  const mobResources = resources.extend({ amount: form ? num().int(WHOLE).min(1, atLeast(1)) : num() });

  const PriorityFire = z.object({
    key: z.string().max(60).optional(),
    fires: required(),
    latitude: opt(form ? num().min(-90, between(-90, 90)).max(90, between(-90, 90)) : num()),
    longitude: opt(form ? num().min(-180, between(-180, 180)).max(180, between(-180, 180)) : num()),
    stage_of_control: opt(
      form
        ? z.enum(STAGES_OF_CONTROL, { message: fieldText('one_of', { list: STAGES_OF_CONTROL.join(', ') }) })
        : z.string().max(10),
    ),
    size: opt(hectares()),
    incident_type: opt(scale(1, 5)),
    percent_contained: opt(form ? num().min(0, between(0, 100)).max(100, between(0, 100)) : num()),
    comments_en: opt(text(4_000)),
    comments_fr: opt(text(4_000)),
  });

  const Mobilization = z.object({
    key: z.string().max(60).optional(),
    /** Rows of one group share it; later rows take `to` and `from` from the group's first row. */
    group: z.string().max(60).optional(),
    to: required(40),
    from: required(40),
    resources: mobResources,
    label: opt(text(200)),
  });

  const Demobilization = z.object({
    key: z.string().max(60).optional(),
    to: required(40),
    from: required(40),
    resources: mobResources,
  });

  const ResourceAvailability = z.object({
    key: z.string().max(60).optional(),
    available: form ? num().int(WHOLE).min(1, atLeast(1)) : num(),
    resources,
  });

  return {
    PriorityFire,
    Mobilization,
    Demobilization,
    ResourceAvailability,
    Sitrep: z.object({
      en_ops_summary: opt(text()),
      fr_ops_summary: opt(text()),
      a_ltg: opt(count()),
      a_hum: opt(count()),
      a_oth: opt(count()),
      b_oc: opt(count()),
      b_bh: opt(count()),
      b_uc: opt(count()),
      b_active_hectares: opt(hectares()),
      b_total_out: opt(count()),
      b_out_hectares: opt(hectares()),
      c_act: opt(count()),
      c_out: opt(count()),
      c_total_hectares: opt(hectares()),
      c2_act: opt(count()),
      c2_out: opt(count()),
      c2_total_hectares: opt(hectares()),
      e_act: opt(count()),
      e_out: opt(count()),
      e_total_hectares: opt(hectares()),
      priority_fires: list(PriorityFire).optional(),
      fop_ltg: opt(count()),
      fop_nat: opt(count()),
      current_fire_hazard: opt(scale(1, 5)),
      current_fire_load: opt(scale(1, 5)),
      expected_fire_load: opt(scale(1, 5)),
      agency_resource_levels: opt(scale(1, 5)),
      ciffc_response_capacity: opt(scale(1, 5)),
      prep_level_override: opt(scale(0, 5)),
      en_prep_comment: opt(text()),
      fr_prep_comment: opt(text()),
      en_porr_text: opt(text()),
      fr_porr_text: opt(text()),
      chh_light: opt(count()),
      chh_int: opt(count()),
      chh_med: opt(count()),
      chh_heavy: opt(count()),
      mobs_grouped: list(Mobilization).optional(),
      mobs: list(Mobilization).optional(),
      demobs: list(Demobilization).optional(),
      rars: list(ResourceAvailability).optional(),
      duty_officer: opt(text(SITREP_MAX_SHORT_TEXT)),
      duty_officer_24_hour_cell: opt(text(60)),
      fire_statistics_as_of: opt(
        form
          ? z
              .string()
              .regex(
                /^$|^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/,
                'Invalid format',
              )
          : text(40),
      ),
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

/* ---------- statuses (docs/spec/data-entry.md 4.1) ---------- */

const AGENCY_SITREP_STATUSES = ['N', 'E', 'S', 'R', 'A'] as const;
export type AgencySitrepStatus = (typeof AGENCY_SITREP_STATUSES)[number];

/** An empty or unknown status counts as N (not started). */
export function normaliseStatus(status: string | null | undefined): AgencySitrepStatus {
  return (AGENCY_SITREP_STATUSES as readonly string[]).includes(status ?? '')
    ? (status as AgencySitrepStatus)
    : 'N';
}

export const canApprove = (status: string | null | undefined) => normaliseStatus(status) !== 'A';
export const canReject = (status: string | null | undefined) => normaliseStatus(status) !== 'R';

/* ---------- sections and their validation slots ---------- */

export interface SitrepSection {
  /** Stable id, also the i18n suffix of its title. */
  id: string;
  /** Validation message slot of the section (docs/spec/data-entry.md 5.4). */
  slot: `form_${number}`;
  fields: readonly string[];
  /** Counted in the overview's `n / 13`. */
  counted: boolean;
}

/**
 * The sections of 2.1 in order. Thirteen hold data (the overview's `n / 13`); the overall totals
 * are computed only. Twelve slots: the duty officer shares form_11 with the mobilization lists,
 * and fire_statistics_as_of (the date of the fire statistics) shares form_1 with new fires.
 */
export const SITREP_SECTIONS: readonly SitrepSection[] = [
  { id: 'opsSummary', slot: 'form_0', fields: ['en_ops_summary', 'fr_ops_summary'], counted: true },
  {
    id: 'newFires',
    slot: 'form_1',
    fields: ['a_ltg', 'a_hum', 'a_oth', 'fire_statistics_as_of'],
    counted: true,
  },
  {
    id: 'fullResponse',
    slot: 'form_2',
    fields: ['b_oc', 'b_bh', 'b_uc', 'b_active_hectares', 'b_total_out', 'b_out_hectares'],
    counted: true,
  },
  { id: 'modifiedResponse', slot: 'form_3', fields: ['c_act', 'c_out', 'c_total_hectares'], counted: true },
  {
    id: 'monitoredResponse',
    slot: 'form_4',
    fields: ['c2_act', 'c2_out', 'c2_total_hectares'],
    counted: true,
  },
  { id: 'prescribedFires', slot: 'form_5', fields: ['e_act', 'e_out', 'e_total_hectares'], counted: true },
  { id: 'priorityFires', slot: 'form_6', fields: ['priority_fires'], counted: true },
  { id: 'fop', slot: 'form_7', fields: ['fop_ltg', 'fop_nat'], counted: true },
  {
    id: 'preparedness',
    slot: 'form_8',
    fields: [...SITREP_PREPAREDNESS_FIELDS, 'prep_level_override', 'en_prep_comment', 'fr_prep_comment'],
    counted: true,
  },
  { id: 'porr', slot: 'form_9', fields: ['en_porr_text', 'fr_porr_text'], counted: true },
  { id: 'chh', slot: 'form_10', fields: ['chh_light', 'chh_int', 'chh_med', 'chh_heavy'], counted: true },
  { id: 'mobilizations', slot: 'form_11', fields: ['mobs_grouped', 'mobs', 'demobs', 'rars'], counted: true },
  {
    id: 'dutyOfficer',
    slot: 'form_11',
    fields: ['duty_officer', 'duty_officer_24_hour_cell'],
    counted: true,
  },
];

export const SITREP_FORM_SLOTS = Array.from({ length: 12 }, (_, i) => `form_${i}` as const);

/** The slot of a field or of an indexed key (`priority_fires.2.size` → form_6). */
export function slotOfField(key: string): `form_${number}` | undefined {
  const top = key.split('.')[0] ?? key;
  return SITREP_SECTIONS.find((s) => s.fields.includes(top))?.slot;
}

const hasValue = (v: unknown): boolean => {
  if (v == null) return false;
  if (typeof v === 'string') return v.trim() !== '';
  if (Array.isArray(v)) return v.length > 0;
  return true;
};

/** How many of the 13 sections hold data (the overview's `n / 13`). */
export function sectionsWithData(doc: Partial<AgencySitrepData> | null | undefined): number {
  if (!doc) return 0;
  const record = doc as Record<string, unknown>;
  return SITREP_SECTIONS.filter(
    (s) => s.counted && s.fields.some((f) => f !== 'fire_statistics_as_of' && hasValue(record[f])),
  ).length;
}

/* ---------- validation errors ---------- */

export type SitrepValidationErrors = Record<string, string>;

/** zod issues → `validationErrors` keyed by field path (`priority_fires.2.percent_contained`), first message each. */
export function issuesToValidationErrors(
  issues: readonly z.core.$ZodIssue[],
  prefix = '',
): SitrepValidationErrors {
  const out: SitrepValidationErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    const key = prefix && path ? `${prefix}.${path}` : prefix || path || 'form_0';
    out[key] ??= issue.message;
  }
  return out;
}

/** Adds the section slots: each section with a field error gets a message in its form_N key. */
export function withSectionSlots(errors: SitrepValidationErrors): SitrepValidationErrors {
  const counts = new Map<string, number>();
  for (const key of Object.keys(errors)) {
    if (key.startsWith('form_')) continue;
    const slot = slotOfField(key);
    if (slot) counts.set(slot, (counts.get(slot) ?? 0) + 1);
  }
  const out = { ...errors };
  for (const [slot, n] of counts)
    out[slot] ??= n === 1 ? FIELD_MESSAGES.section_error.en : fieldText('section_errors', { n });
  return out;
}

/** Every bound and required choice of the document, as `validationErrors` (empty when valid). */
export function validateAgencySitrep(doc: unknown): SitrepValidationErrors {
  const result = AgencySitrepForm.safeParse(doc);
  if (result.success) return {};
  return withSectionSlots(issuesToValidationErrors(result.error.issues));
}

/** Later rows of a group take `to` and `from` from the group's first row (docs/spec/data-entry.md 4.6). */
export function normaliseMobilizationGroups<
  T extends { group?: string | undefined; to: string; from: string },
>(rows: readonly T[]): T[] {
  const first = new Map<string, T>();
  return rows.map((row) => {
    if (!row.group) return row;
    const head = first.get(row.group);
    if (!head) {
      first.set(row.group, row);
      return row;
    }
    return row.to === head.to && row.from === head.from ? row : { ...row, to: head.to, from: head.from };
  });
}

/* ---------- live totals (docs/spec/data-entry.md 2.1) ---------- */

const n = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

export interface SitrepTotals {
  a_total: number;
  b_active: number;
  b_total_fires: number;
  b_total_area: number;
  c_total_fires: number;
  c2_total_fires: number;
  overall_fires: number;
  overall_area: number;
}

export function sitrepTotals(doc: Partial<AgencySitrepData>): SitrepTotals {
  const a_total = n(doc.a_ltg) + n(doc.a_hum) + n(doc.a_oth);
  const b_active = n(doc.b_oc) + n(doc.b_bh) + n(doc.b_uc);
  const b_total_fires = b_active + n(doc.b_total_out);
  const b_total_area = n(doc.b_active_hectares) + n(doc.b_out_hectares);
  const c_total_fires = n(doc.c_act) + n(doc.c_out);
  const c2_total_fires = n(doc.c2_act) + n(doc.c2_out);
  return {
    a_total,
    b_active,
    b_total_fires,
    b_total_area,
    c_total_fires,
    c2_total_fires,
    overall_fires: b_total_fires + c_total_fires + c2_total_fires,
    // Rounded to 0.1 ha so that sums of decimals do not show 12.300000000000001.
    overall_area: Math.round((b_total_area + n(doc.c_total_hectares) + n(doc.c2_total_hectares)) * 10) / 10,
  };
}

/* ---------- the wire shapes of section 7 ---------- */

export const SitrepFireOption = z.object({
  fires: z.string().describe('Agency fire id (the priority fire name)'),
  latitude: z.number(),
  longitude: z.number(),
  stage_of_control: z.string(),
  size: z.number(),
  incident_type: z.number().nullable(),
  percent_contained: z.number().nullable(),
});
export type SitrepFireOption = z.infer<typeof SitrepFireOption>;

export const SitrepStatusFields = z.object({
  agency: z.string(),
  status: z.enum(AGENCY_SITREP_STATUSES),
  version_number: z.number().int(),
  locked: z.boolean().describe('Another user holds a live claim (or the copy is read-only)'),
  edited_by: z.string().nullable(),
  claimed_by: z
    .number()
    .int()
    .nullable()
    .describe('User id of the claim holder; positive means Being Edited'),
  claimed_by_name: z.string().nullable(),
  claim_expires_at: z.string().nullable(),
  last_edit: z.string().nullable(),
  approved_version: z.number().int().nullable(),
  published_version: z.number().int().nullable(),
  has_dip_feed: z.boolean(),
  submitted_version: z.number().int().nullable().describe('The version last submitted'),
  changed_since_submitted: z
    .boolean()
    .describe('Saved again since it was submitted (and not decided since): submit again'),
  rejected_version: z.number().int().nullable().describe('The version last marked Not Approved'),
  rejected_reason: z.string().nullable().describe('The reason given with Not Approved, if any'),
  validationErrors: z.record(z.string(), z.string()),
});
export type SitrepStatusFields = z.infer<typeof SitrepStatusFields>;

export const AgencySitrepResponse = AgencySitrepShape.extend(SitrepStatusFields.shape).extend({
  variant: z.enum(['draft', 'approved', 'published']),
  fire_options: z
    .record(z.string(), SitrepFireOption)
    .describe('Known fires of the agency, keyed by fire name'),
  previous: AgencySitrepShape.nullable().describe('The last approved report, for bring forward'),
});
export type AgencySitrepResponse = z.infer<typeof AgencySitrepResponse>;

export const AgencySitrepStatsItem = z.object({
  agency: z.string(),
  status: z.enum(AGENCY_SITREP_STATUSES),
  version_number: z.number().int(),
  claimed_by: z.number().int().nullable(),
  claimed_by_name: z.string().nullable(),
  edited_by: z.string().nullable(),
  last_edit: z.string().nullable(),
  approved_version: z.number().int().nullable(),
  published_version: z.number().int().nullable(),
  rejected_reason: z.string().nullable().optional().describe('The Not Approved reason, if any'),
  changed_since_submitted: z.boolean().optional(),
  sections_with_data: z.number().int().describe('How many of the 13 sections hold data'),
  section_count: z.number().int(),
});
export type AgencySitrepStatsItem = z.infer<typeof AgencySitrepStatsItem>;
