import { z } from 'zod';
import { AGENCY_CODES, type AgencyCode } from './agencies.ts';
import { PRODUCT_FIELD_PREFIX } from './product.ts';
import { type ResourceIndex, resourceChoiceErrors } from './resources.ts';

/**
 * The national sitrep (docs/spec/data-entry.md 2.2, 3.2, 4.4-4.6, 5.2, 5.4) and the public national
 * situation report (docs/spec/public-site.md section 3): the draft's schema with its bounds, the national
 * mobilization tables' rules (Total, To/From mirror, bring forward) and the validationErrors keys.
 */

/* ---------- national mobilization tables (docs/spec/data-entry.md 2.2, 4.6) ---------- */

/** The numeric columns of a national mobilization row: the 13 agencies (no Nunavut), CIFFC, Fed, Intl. */
const PRODUCT_COLUMN = PRODUCT_FIELD_PREFIX as 'ciffc';
export const NATIONAL_MOB_COLUMNS = [...AGENCY_CODES, PRODUCT_COLUMN, 'fed', 'intl'] as const;
export type NationalMobColumn = (typeof NATIONAL_MOB_COLUMNS)[number];

const count = z.number().int('Invalid value.').min(0, 'Invalid value.');
const looseNumber = z.number();

/** One row of national_to_mobs / national_from_mobs: the resource short name and a count per column. */
type NationalMobRow = { resources: string } & { [K in NationalMobColumn]?: number | null };
export type NationalMobTable = Record<string, NationalMobRow>;

function mobRowSchema(strict: boolean) {
  const value = (strict ? count : looseNumber).nullable().optional();
  const shape: Record<string, z.ZodType> = { resources: z.string().max(40) };
  for (const column of NATIONAL_MOB_COLUMNS) shape[column] = value;
  return z.object(shape) as unknown as z.ZodType<NationalMobRow>;
}

/** Sum of every column of the row, blanks (null, missing, non-numbers) counted as 0. */
export function nationalMobRowTotal(row: Partial<Record<string, unknown>>): number {
  let total = 0;
  for (const column of NATIONAL_MOB_COLUMNS) {
    const v = row[column];
    if (typeof v === 'number' && Number.isFinite(v)) total += v;
  }
  return total;
}

/** Column totals of a table (for a totals line), blanks 0. */
export function nationalMobColumnTotals(
  table: NationalMobTable,
): Record<NationalMobColumn | 'total', number> {
  const totals = { total: 0 } as Record<NationalMobColumn | 'total', number>;
  for (const column of NATIONAL_MOB_COLUMNS) totals[column] = 0;
  for (const row of Object.values(table)) {
    for (const column of NATIONAL_MOB_COLUMNS) {
      const v = row[column];
      if (typeof v === 'number' && Number.isFinite(v)) totals[column] = (totals[column] ?? 0) + v;
    }
    totals.total = (totals.total ?? 0) + nationalMobRowTotal(row);
  }
  return totals;
}

const emptyNationalMobRow = (short: string): NationalMobRow => ({ resources: short });

export interface NationalMobTables {
  national_to_mobs: NationalMobTable;
  national_from_mobs: NationalMobTable;
}

/** Adding a To row adds the same resource to From (and the reverse); an existing row is kept. */
export function addNationalMobRow<T extends NationalMobTables>(tables: T, short: string): T {
  if (!short) return tables;
  return {
    ...tables,
    national_to_mobs:
      short in tables.national_to_mobs
        ? tables.national_to_mobs
        : { ...tables.national_to_mobs, [short]: emptyNationalMobRow(short) },
    national_from_mobs:
      short in tables.national_from_mobs
        ? tables.national_from_mobs
        : { ...tables.national_from_mobs, [short]: emptyNationalMobRow(short) },
  };
}

/** Removing a row removes the resource from both tables. */
export function removeNationalMobRow<T extends NationalMobTables>(tables: T, short: string): T {
  const { [short]: _to, ...to } = tables.national_to_mobs;
  const { [short]: _from, ...from } = tables.national_from_mobs;
  return { ...tables, national_to_mobs: to, national_from_mobs: from };
}

/** Whether there is anything to bring forward (docs/spec/data-entry.md 4.5: else "There is no data to bring forward."). */
export function hasNationalMobsToBringForward(
  previous: Partial<NationalMobTables> | null | undefined,
): boolean {
  if (!previous) return false;
  return (
    Object.keys(previous.national_to_mobs ?? {}).length > 0 ||
    Object.keys(previous.national_from_mobs ?? {}).length > 0
  );
}

/**
 * Bring forward (4.5): the previous day's tables replace the current ones; a resource key present on
 * one side only is added as an empty row on the other, so the two tables always list the same rows.
 */
export function bringForwardNationalMobs(previous: Partial<NationalMobTables>): NationalMobTables {
  const to: NationalMobTable = {};
  const from: NationalMobTable = {};
  const prevTo = previous.national_to_mobs ?? {};
  const prevFrom = previous.national_from_mobs ?? {};
  const keys = [...new Set([...Object.keys(prevTo), ...Object.keys(prevFrom)])];
  for (const key of keys) {
    to[key] = { ...(prevTo[key] ?? emptyNationalMobRow(key)), resources: key };
    from[key] = { ...(prevFrom[key] ?? emptyNationalMobRow(key)), resources: key };
  }
  return { national_to_mobs: to, national_from_mobs: from };
}

/* ---------- the draft (docs/spec/data-entry.md 3.2) ---------- */

/** A resource with its amount, as a mobilization or demobilization row carries it. */
interface ResourceAmount {
  amount: number | null;
  category: string;
  subcategory: string;
  /** field_item_short */
  item: string;
}

function resourceAmountSchema(strict: boolean) {
  const required = z
    .string()
    .min(strict ? 1 : 0, 'This field is required.')
    .max(60);
  return z.object({
    amount: strict
      ? z.number('This field is required.').int('Invalid value.').min(1, 'Invalid value.')
      : z.number().nullable(),
    category: required,
    subcategory: required,
    item: required,
  }) as unknown as z.ZodType<ResourceAmount>;
}

/** A mobilization or demobilization row: to, resources, from, and its series key. */
export interface MobRow {
  /** Client-side series key; rows with the same group share to and from (4.6). */
  key: string;
  group: string;
  to: string;
  from: string;
  resources: ResourceAmount;
  /** Free label shown beside the resource (e.g. a crew name). */
  label?: string;
}

function mobRowListSchema(strict: boolean) {
  const place = z
    .string()
    .min(strict ? 1 : 0, 'This field is required.')
    .max(60);
  return z
    .array(
      z.object({
        key: z.string().max(60),
        group: z.string().max(60),
        to: place,
        from: place,
        resources: resourceAmountSchema(strict),
        label: z.string().max(200).optional(),
      }),
    )
    .max(500) as unknown as z.ZodType<MobRow[]>;
}

export interface NationalSitrepFields {
  en_summary_comments: string;
  fr_summary_comments: string;
  /** '0' (none) to '5'. */
  preparedness_level: string;
  duty_officer_name: string;
  outstanding_resource_requests: string;
  mobs_grouped: MobRow[];
  demobs: MobRow[];
  national_to_mobs: NationalMobTable;
  national_from_mobs: NationalMobTable;
  us_preparedness_level: number | null;
  us_fires: number | null;
  us_acres: number | null;
  us_ytd_fires: number | null;
  us_ytd_acres: number | null;
}

function draftSchema(strict: boolean) {
  const text = z.string().max(20_000);
  const usCount = (strict ? count : looseNumber).nullable();
  const usArea = (strict ? z.number().min(0, 'Invalid value.') : looseNumber).nullable();
  return z.object({
    en_summary_comments: text,
    fr_summary_comments: text,
    preparedness_level: strict ? z.enum(['0', '1', '2', '3', '4', '5'], 'Invalid value.') : z.string().max(2),
    duty_officer_name: z.string().max(200),
    outstanding_resource_requests: text,
    mobs_grouped: mobRowListSchema(strict),
    demobs: mobRowListSchema(strict),
    national_to_mobs: z.record(z.string().max(40), mobRowSchema(strict)),
    national_from_mobs: z.record(z.string().max(40), mobRowSchema(strict)),
    us_preparedness_level: (strict
      ? z.number().int('Invalid value.').min(1, 'Invalid value.').max(5, 'Invalid value.')
      : looseNumber
    ).nullable(),
    us_fires: usCount,
    us_acres: usArea,
    us_ytd_fires: usCount,
    us_ytd_acres: usArea,
    /** The version the client's form was based on (a stale one from another user answers 409). */
    version_number: z.number().int().min(0).max(2_147_483_647).optional(),
    /** The editing session (one per tab): a save over a newer version is accepted only from the session that saved it. */
    edit_session: z
      .string()
      .min(8)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/)
      .optional(),
  });
}

/** The body of POST /v1/sitrep/national[/publish]: the shape, with types but without the bounds; any field may be left out. */
export const NationalSitrepDraftBody = draftSchema(false).partial();
export type NationalSitrepDraftBody = z.infer<typeof NationalSitrepDraftBody>;
/** The bounds of 5.2 on top of the shape: what a draft must satisfy to sync cleanly and to publish. */
const NationalSitrepDraft = draftSchema(true);

export function emptyNationalDraft(): NationalSitrepFields {
  return {
    en_summary_comments: '',
    fr_summary_comments: '',
    preparedness_level: '0',
    duty_officer_name: '',
    outstanding_resource_requests: '',
    mobs_grouped: [],
    demobs: [],
    national_to_mobs: {},
    national_from_mobs: {},
    us_preparedness_level: null,
    us_fires: null,
    us_acres: null,
    us_ytd_fires: null,
    us_ytd_acres: null,
  };
}

/** The draft's own fields, without meta (version_number and the like). */
export function nationalDraftFields(draft: Partial<NationalSitrepFields>): NationalSitrepFields {
  const empty = emptyNationalDraft();
  const out = { ...empty } as Record<string, unknown>;
  for (const key of Object.keys(empty) as (keyof NationalSitrepFields)[]) {
    if (draft[key] !== undefined) out[key] = draft[key];
  }
  return out as unknown as NationalSitrepFields;
}

/* ---------- validationErrors (docs/spec/data-entry.md 5.4) ---------- */

/**
 * Message slots per section: form_0..form_8 the general ones (form_0 summary, form_1 preparedness
 * level, form_2 duty officer, form_8 mobilizations), form_9 national mobilizations, form_10
 * demobilizations, form_11 US fire activity.
 */
export const NATIONAL_FORM_SLOTS = {
  summary: 'form_0',
  preparedness: 'form_1',
  dutyOfficer: 'form_2',
  outstanding: 'form_3',
  mobilizations: 'form_8',
  nationalMobilizations: 'form_9',
  demobilizations: 'form_10',
  usFireActivity: 'form_11',
} as const;

const SECTION_ERROR_MESSAGE = 'This section has one or more errors.';

function slotOf(key: string): string | undefined {
  const head = key.split('.')[0] ?? '';
  if (head === 'en_summary_comments' || head === 'fr_summary_comments') return NATIONAL_FORM_SLOTS.summary;
  if (head === 'preparedness_level') return NATIONAL_FORM_SLOTS.preparedness;
  if (head === 'duty_officer_name') return NATIONAL_FORM_SLOTS.dutyOfficer;
  if (head === 'outstanding_resource_requests') return NATIONAL_FORM_SLOTS.outstanding;
  if (head === 'mobs_grouped') return NATIONAL_FORM_SLOTS.mobilizations;
  if (head === 'national_to_mobs' || head === 'national_from_mobs')
    return NATIONAL_FORM_SLOTS.nationalMobilizations;
  if (head === 'demobs') return NATIONAL_FORM_SLOTS.demobilizations;
  if (head.startsWith('us_')) return NATIONAL_FORM_SLOTS.usFireActivity;
  return undefined;
}

/**
 * The key of 5.4 for a zod issue path: `mobs_grouped.N.to|resources|from`, `demobs.N.…`,
 * `national_to_mobs.<resource>.<field>`, `us_*`; a resource's parts collapse to `…resources`.
 */
export function validationKey(path: readonly PropertyKey[]): string {
  const parts = path.map(String);
  if ((parts[0] === 'mobs_grouped' || parts[0] === 'demobs') && parts[2] === 'resources')
    return parts.slice(0, 3).join('.');
  return parts.join('.');
}

function withSlots(errors: Record<string, string>): Record<string, string> {
  const out = { ...errors };
  for (const key of Object.keys(errors)) {
    const slot = slotOf(key);
    if (slot && !(slot in out)) out[slot] = SECTION_ERROR_MESSAGE;
  }
  return out;
}

/**
 * 5.2 against the resource catalogue, as the agency sitrep checks it: a (de)mobilization's resource
 * is a category, one of its subcategories and one of its items (error under `…N.resources`, as the
 * form shows one message per resource); a national mobilization row is keyed by a catalogue item.
 */
function nationalResourceErrors(
  draft: Pick<NationalSitrepFields, 'mobs_grouped' | 'demobs' | 'national_to_mobs' | 'national_from_mobs'>,
  index: ResourceIndex,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const list of ['mobs_grouped', 'demobs'] as const) {
    draft[list].forEach((row, i) => {
      const [message] = Object.values(resourceChoiceErrors(row.resources, index));
      if (message) errors[`${list}.${i}.resources`] = message;
    });
  }
  for (const table of ['national_to_mobs', 'national_from_mobs'] as const) {
    for (const key of Object.keys(draft[table]))
      if (!index.byShort.has(key))
        errors[`${table}.${key}.resources`] = 'Not an item of the resource catalogue.';
  }
  return errors;
}

const DraftShape = draftSchema(false);

/**
 * Field errors of a draft against the bounds (empty when it may sync); section slots included.
 * With the catalogue (`index`, the data API has it) the resources are checked against it too.
 */
export function nationalDraftErrors(draft: unknown, index?: ResourceIndex): Record<string, string> {
  const result = NationalSitrepDraft.safeParse(draft);
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  const shape = index ? DraftShape.safeParse(draft) : undefined;
  if (index && shape?.success) {
    for (const [key, message] of Object.entries(nationalResourceErrors(shape.data, index)))
      errors[key] = message;
  }
  if (!result.success) {
    // The bound's message (e.g. "This field is required.") wins over the catalogue's.
    for (const issue of result.error.issues) {
      const key = validationKey(issue.path);
      if (!seen.has(key)) errors[key] = issue.message;
      seen.add(key);
    }
  } else {
    const d = result.data;
    // 4.6: the To and From tables list the same resources.
    for (const key of Object.keys(d.national_to_mobs)) {
      if (!(key in d.national_from_mobs)) errors[`national_from_mobs.${key}`] = 'Missing in the From table.';
    }
    for (const key of Object.keys(d.national_from_mobs)) {
      if (!(key in d.national_to_mobs)) errors[`national_to_mobs.${key}`] = 'Missing in the To table.';
    }
    for (const [table, rows] of [
      ['national_to_mobs', d.national_to_mobs],
      ['national_from_mobs', d.national_from_mobs],
    ] as const) {
      for (const [key, row] of Object.entries(rows)) {
        if (row.resources !== key) errors[`${table}.${key}.resources`] = 'Does not match the row key.';
      }
    }
  }
  return withSlots(errors);
}

/** Publishing needs, besides a clean draft, a national preparedness level (1 to 5). */
export function nationalPublishErrors(draft: unknown, index?: ResourceIndex): Record<string, string> {
  const errors = nationalDraftErrors(draft, index);
  const level = (draft as { preparedness_level?: unknown } | null)?.preparedness_level;
  if (!errors.preparedness_level && !['1', '2', '3', '4', '5'].includes(String(level ?? ''))) {
    errors.preparedness_level = 'This field is required.';
  }
  return withSlots(errors);
}

/* ---------- status (docs/spec/data-entry.md 4.4) ---------- */

/**
 * 4.4, applied in its order so the last rule wins: the server status; UNPUBLISHED without one (a
 * draft never edited is not published either); PUBLISHED whenever is_published, even while claimed.
 */
export function displayNationalStatus(meta: {
  status?: string | null;
  last_edit?: string | null;
  is_published?: boolean | null;
}): string {
  if (meta.is_published) return 'PUBLISHED';
  return meta.status || 'UNPUBLISHED';
}

/** What autosave and publish answer (docs/spec/data-entry.md section 7). */
export const NationalSaveResult = z.object({
  status: z.string(),
  last_edit: z.string().nullable(),
  version_number: z.number().int(),
  requires_manual_sync: z.boolean(),
  is_published: z.boolean(),
  claimed_by: z.number().int().nullable(),
  validationErrors: z.record(z.string(), z.string()),
});
export type NationalSaveResult = z.infer<typeof NationalSaveResult>;

export const NationalSitrepStats = z.object({
  version: z.number().int(),
  version_number: z.number().int(),
  claimed_by: z.number().int().nullable(),
  claimed_by_name: z.string().nullable(),
  is_published: z.boolean(),
  published_version: z.number().int().nullable(),
  status: z.string(),
  last_edit: z.string().nullable(),
  field_date: z.string().nullable().describe('Date of the latest published report'),
});
export type NationalSitrepStats = z.infer<typeof NationalSitrepStats>;

/* ---------- what the national form shows of the approved agency reports ---------- */

interface PriorityFireSummary {
  fires: string;
  latitude: number | null;
  longitude: number | null;
  stage_of_control: string;
  size: number | null;
  incident_type: number | null;
  percent_contained: number | null;
  comments_en?: string;
  comments_fr?: string;
}

interface RarsSummary {
  available: number;
  resources: { category: string; subcategory: string; item: string };
}

/** One agency's approved report as the national form and the public report read it. */
export interface AgencySitrepSummary {
  agency: AgencyCode;
  version_number: number;
  en_ops_summary: string;
  fr_ops_summary: string;
  a_ltg: number;
  a_hum: number;
  a_oth: number;
  b_oc: number;
  b_bh: number;
  b_uc: number;
  b_active_hectares: number;
  b_total_out: number;
  b_out_hectares: number;
  c_act: number;
  c_out: number;
  c_total_hectares: number;
  c2_act: number;
  c2_out: number;
  c2_total_hectares: number;
  e_act: number;
  e_out: number;
  e_total_hectares: number;
  fop_ltg: number | null;
  fop_nat: number | null;
  preparedness_level: number | null;
  en_prep_comment: string;
  fr_prep_comment: string;
  en_porr_text: string;
  fr_porr_text: string;
  chh_light: number | null;
  chh_int: number | null;
  chh_med: number | null;
  chh_heavy: number | null;
  priority_fires: PriorityFireSummary[];
  mobs: MobRow[];
  compact_mobs: MobRow[];
  demobs: MobRow[];
  rars: RarsSummary[];
  duty_officer: string;
  fire_statistics_as_of: string | null;
}

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

const PublicAgencySitrepFields = z.object({
  field_agency_code: z.string(),
  field_en_operations_summary: z.string(),
  field_fr_operations_summary: z.string(),
  field_today_natural: num,
  field_today_human: num,
  field_today_other: num,
  field_full_oc: num,
  field_full_bh: num,
  field_full_uc: num,
  field_full_out: num,
  field_full_active_area: num,
  field_full_out_area: num,
  field_mod_active: num,
  field_mod_out: num,
  field_mod_area: num,
  field_mon_active: num,
  field_mon_out: num,
  field_mon_area: num,
  field_prescribed_active: num,
  field_prescribed_out: num,
  field_prescribed_area: num,
  field_preparedness: num,
  field_en_preparedness_comment: z.string(),
  field_fr_preparedness_comment: z.string(),
  /** Expanded data (signed-in readers only). */
  field_occurrence_prediction_lightning: num.optional(),
  field_occurrence_prediction_human: num.optional(),
  field_en_possibility_of_resources: z.string().optional(),
  field_fr_possibility_of_resources: z.string().optional(),
  field_casual_helicopter_light: num.optional(),
  field_casual_helicopter_intermediate: num.optional(),
  field_casual_helicopter_medium: num.optional(),
  field_casual_helicopter_heavy: num.optional(),
  field_version: z.number().int(),
});
type PublicAgencySitrepFields = z.infer<typeof PublicAgencySitrepFields>;

/** Fields of an agency entry that only signed-in readers receive (docs/spec/public-site.md section 2). */
const EXPANDED_AGENCY_FIELDS = [
  'field_occurrence_prediction_lightning',
  'field_occurrence_prediction_human',
  'field_en_possibility_of_resources',
  'field_fr_possibility_of_resources',
  'field_casual_helicopter_light',
  'field_casual_helicopter_intermediate',
  'field_casual_helicopter_medium',
  'field_casual_helicopter_heavy',
] as const;

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

/** YYYY-MM-DD that is a real calendar date. */
export function isReportDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}
