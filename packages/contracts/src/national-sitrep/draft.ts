import { z } from 'zod';
import { RESOURCE_COUNT_MAX, US_ACRES_MAX, US_FIRE_COUNT_MAX } from '../bounds.ts';
import { type FieldError, fieldError } from '../messages/index.ts';
import { inRange, issueError } from '../messages/zod-issues.ts';
import { type ResourceIndex, resourceChoiceErrors } from '../resources.ts';
import { NATIONAL_MOB_COLUMNS, type NationalMobTable } from './mob-tables.ts';

/* ---------- the draft (docs/spec/data-entry.md 3.2) ---------- */

/** A whole count within the bounds (bounds.ts); a value outside is answered with the range. */
const count = inRange(z.number().int(), 0, RESOURCE_COUNT_MAX);
const looseNumber = z.number();

function mobRowSchema(strict: boolean) {
  const value = (strict ? count : looseNumber).nullable().optional();
  const shape: Record<string, z.ZodType> = { resources: z.string().max(40) };
  for (const column of NATIONAL_MOB_COLUMNS) shape[column] = value;
  return z.object(shape) as unknown as z.ZodType<NationalMobTable[string]>;
}

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
    .min(strict ? 1 : 0)
    .max(60);
  return z.object({
    amount: strict ? inRange(z.number().int(), 1, RESOURCE_COUNT_MAX) : z.number().nullable(),
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
    .min(strict ? 1 : 0)
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
  const usCount = (strict ? inRange(z.number().int(), 0, US_FIRE_COUNT_MAX) : looseNumber).nullable();
  const usArea = (strict ? inRange(z.number(), 0, US_ACRES_MAX) : looseNumber).nullable();
  return z.object({
    en_summary_comments: text,
    fr_summary_comments: text,
    preparedness_level: strict ? z.enum(['0', '1', '2', '3', '4', '5']) : z.string().max(2),
    duty_officer_name: z.string().max(200),
    outstanding_resource_requests: text,
    mobs_grouped: mobRowListSchema(strict),
    demobs: mobRowListSchema(strict),
    national_to_mobs: z.record(z.string().max(40), mobRowSchema(strict)),
    national_from_mobs: z.record(z.string().max(40), mobRowSchema(strict)),
    us_preparedness_level: (strict ? inRange(z.number().int(), 1, 5) : looseNumber).nullable(),
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

/** The national draft's `validationErrors`. */
export type NationalValidationErrors = Record<string, FieldError>;

function withSlots(errors: NationalValidationErrors): NationalValidationErrors {
  const out = { ...errors };
  for (const key of Object.keys(errors)) {
    const slot = slotOf(key);
    if (slot && !(slot in out)) out[slot] = fieldError('field.section_has_errors');
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
): NationalValidationErrors {
  const errors: NationalValidationErrors = {};
  for (const list of ['mobs_grouped', 'demobs'] as const) {
    draft[list].forEach((row, i) => {
      const [error] = Object.values(resourceChoiceErrors(row.resources, index));
      if (error) errors[`${list}.${i}.resources`] = error;
    });
  }
  for (const table of ['national_to_mobs', 'national_from_mobs'] as const) {
    for (const key of Object.keys(draft[table]))
      if (!index.byShort.has(key))
        errors[`${table}.${key}.resources`] = fieldError('field.not_catalogue_item');
  }
  return errors;
}

const DraftShape = draftSchema(false);

/**
 * Field errors of a draft against the bounds (empty when it may sync); section slots included.
 * With the catalogue (`index`, the data API has it) the resources are checked against it too.
 */
export function nationalDraftErrors(draft: unknown, index?: ResourceIndex): NationalValidationErrors {
  const result = NationalSitrepDraft.safeParse(draft, { reportInput: true });
  const errors: NationalValidationErrors = {};
  const seen = new Set<string>();
  const shape = index ? DraftShape.safeParse(draft) : undefined;
  if (index && shape?.success) {
    for (const [key, error] of Object.entries(nationalResourceErrors(shape.data, index))) errors[key] = error;
  }
  if (!result.success) {
    // The bound's error (e.g. `field.required`) wins over the catalogue's.
    for (const issue of result.error.issues) {
      const key = validationKey(issue.path);
      if (!seen.has(key)) errors[key] = issueError(issue);
      seen.add(key);
    }
  } else {
    const d = result.data;
    // 4.6: the To and From tables list the same resources.
    for (const key of Object.keys(d.national_to_mobs)) {
      if (!(key in d.national_from_mobs))
        errors[`national_from_mobs.${key}`] = fieldError('field.missing_from');
    }
    for (const key of Object.keys(d.national_from_mobs)) {
      if (!(key in d.national_to_mobs)) errors[`national_to_mobs.${key}`] = fieldError('field.missing_to');
    }
    for (const [table, rows] of [
      ['national_to_mobs', d.national_to_mobs],
      ['national_from_mobs', d.national_from_mobs],
    ] as const) {
      for (const [key, row] of Object.entries(rows)) {
        if (row.resources !== key) errors[`${table}.${key}.resources`] = fieldError('field.row_key_mismatch');
      }
    }
  }
  return withSlots(errors);
}

/** Publishing needs, besides a clean draft, a national preparedness level (1 to 5). */
export function nationalPublishErrors(draft: unknown, index?: ResourceIndex): NationalValidationErrors {
  const errors = nationalDraftErrors(draft, index);
  const level = (draft as { preparedness_level?: unknown } | null)?.preparedness_level;
  if (!errors.preparedness_level && !['1', '2', '3', '4', '5'].includes(String(level ?? ''))) {
    errors.preparedness_level = fieldError('field.required');
  }
  return withSlots(errors);
}
