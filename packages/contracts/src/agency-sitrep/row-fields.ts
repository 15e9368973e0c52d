import { HECTARES_MAX, RESOURCE_COUNT_MAX } from '../bounds.ts';
import { REPORT_FIELD_BOUNDS, reportField } from './fields.ts';
import { reportTextField, SITREP_MAX_SHORT_TEXT } from './text-fields.ts';

/**
 * The typed fields of the report's list rows (data-entry.md 3.1: priority fires, mobilizations,
 * demobilizations, resources available), each once with its bounds (5.2) and its label: the row
 * schemas (form.ts) and the form's inputs (their `min`, `max`, `maxLength`) take them from here,
 * so a bound is written once. The resource choice (category, subcategory, item) and the stage are
 * choices from lists, not typed, and stay with their pickers.
 *
 * Plain data, no zod: the site's shell reads it, and zod must stay out of its first download.
 */

export interface RowNumberSpec {
  kind: 'number';
  min: number;
  max: number;
  integer: boolean;
  /** Message id of the form's label, under `agencySitrep.`. */
  label: `field.${string}`;
}

interface RowTextSpec {
  kind: 'text';
  maxLength: number;
  /** Needed for the row to be kept (the form's schema refuses it blank). */
  required?: true;
  /** Absent: the agency's form has no input for it (the national form names a row with it). */
  label?: `field.${string}`;
}

export type RowFieldSpec = RowNumberSpec | RowTextSpec;

const place = { kind: 'text', maxLength: 40, required: true } as const;
const amount = {
  kind: 'number',
  min: 1,
  max: RESOURCE_COUNT_MAX,
  integer: true,
  label: 'field.amount',
} as const;

/** Each kind of row's typed fields, by their path in the row. */
export const REPORT_ROW_FIELDS = {
  priorityFire: {
    fires: { kind: 'text', maxLength: SITREP_MAX_SHORT_TEXT, required: true, label: 'field.fires' },
    latitude: { kind: 'number', min: -90, max: 90, integer: false, label: 'field.latitude' },
    longitude: { kind: 'number', min: -180, max: 180, integer: false, label: 'field.longitude' },
    size: { kind: 'number', min: 0, max: HECTARES_MAX, integer: false, label: 'field.size' },
    incident_type: { kind: 'number', min: 1, max: 5, integer: true, label: 'field.incident_type' },
    percent_contained: { kind: 'number', min: 0, max: 100, integer: false, label: 'field.percent_contained' },
    comments_en: { kind: 'text', maxLength: 4_000, label: 'field.comments_en' },
    comments_fr: { kind: 'text', maxLength: 4_000, label: 'field.comments_fr' },
  },
  mobilization: {
    to: { ...place, label: 'field.to' },
    from: { ...place, label: 'field.from' },
    'resources.amount': amount,
    label: { kind: 'text', maxLength: 200 },
  },
  demobilization: {
    to: { ...place, label: 'field.to' },
    from: { ...place, label: 'field.from' },
    'resources.amount': amount,
  },
  availability: {
    available: { kind: 'number', min: 1, max: RESOURCE_COUNT_MAX, integer: true, label: 'field.available' },
  },
} as const satisfies Record<string, Record<string, RowFieldSpec>>;

export type ReportRowKind = keyof typeof REPORT_ROW_FIELDS;

/** The kind of row each list of the report holds. */
export const REPORT_LISTS = {
  priority_fires: 'priorityFire',
  mobs_grouped: 'mobilization',
  mobs: 'mobilization',
  demobs: 'demobilization',
  rars: 'availability',
} as const satisfies Record<string, ReportRowKind>;

/** The spec of a row's field from its path in the report (`priority_fires.2.latitude`); undefined for any other. */
function rowField(name: string): RowFieldSpec | undefined {
  const match = /^(\w+)\.\d+\.(.+)$/.exec(name);
  if (!match || !Object.hasOwn(REPORT_LISTS, match[1] as string)) return undefined;
  const fields: Record<string, RowFieldSpec> =
    REPORT_ROW_FIELDS[REPORT_LISTS[match[1] as keyof typeof REPORT_LISTS]];
  return Object.hasOwn(fields, match[2] as string) ? fields[match[2] as string] : undefined;
}

/**
 * The bounds the form's input of a field takes, from its registry entry: a number of the report,
 * a text of it, or a row's field. Undefined for a field no registry holds.
 */
export function inputLimits(
  name: string,
): { min: number; max: number; integer: boolean } | { maxLength: number } | undefined {
  const number = reportField(name);
  if (number) return REPORT_FIELD_BOUNDS[number.kind];
  const text = reportTextField(name);
  if (text) return { maxLength: text.maxLength };
  const row = rowField(name);
  if (!row) return undefined;
  return row.kind === 'number'
    ? { min: row.min, max: row.max, integer: row.integer }
    : { maxLength: row.maxLength };
}
