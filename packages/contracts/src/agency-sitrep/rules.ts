import type { z } from 'zod';
import { type FieldError, fieldError } from '../messages/index.ts';
import { issueError } from '../messages/zod-issues.ts';
import { reportFieldsOf } from './fields.ts';
import { type AgencySitrepData, AgencySitrepForm, SITREP_PREPAREDNESS_FIELDS } from './form.ts';
import { reportTextsOf } from './text-fields.ts';

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
  { id: 'opsSummary', slot: 'form_0', fields: reportTextsOf('opsSummary'), counted: true },
  {
    id: 'newFires',
    slot: 'form_1',
    fields: [...reportFieldsOf('newFires'), ...reportTextsOf('fireStatistics')],
    counted: true,
  },
  { id: 'fullResponse', slot: 'form_2', fields: reportFieldsOf('fullResponse'), counted: true },
  { id: 'modifiedResponse', slot: 'form_3', fields: reportFieldsOf('modifiedResponse'), counted: true },
  { id: 'monitoredResponse', slot: 'form_4', fields: reportFieldsOf('monitoredResponse'), counted: true },
  { id: 'prescribedFires', slot: 'form_5', fields: reportFieldsOf('prescribedFires'), counted: true },
  { id: 'priorityFires', slot: 'form_6', fields: ['priority_fires'], counted: true },
  { id: 'fop', slot: 'form_7', fields: reportFieldsOf('fop'), counted: true },
  {
    id: 'preparedness',
    slot: 'form_8',
    fields: [...SITREP_PREPAREDNESS_FIELDS, 'prep_level_override', ...reportTextsOf('preparedness')],
    counted: true,
  },
  { id: 'porr', slot: 'form_9', fields: reportTextsOf('porr'), counted: true },
  { id: 'chh', slot: 'form_10', fields: reportFieldsOf('chh'), counted: true },
  { id: 'mobilizations', slot: 'form_11', fields: ['mobs_grouped', 'mobs', 'demobs', 'rars'], counted: true },
  { id: 'dutyOfficer', slot: 'form_11', fields: reportTextsOf('dutyOfficer'), counted: true },
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

export type SitrepValidationErrors = Record<string, FieldError>;

/** zod issues → `validationErrors` keyed by field path (`priority_fires.2.percent_contained`), the first issue each. */
export function issuesToValidationErrors(
  issues: readonly z.core.$ZodIssue[],
  prefix = '',
): SitrepValidationErrors {
  const out: SitrepValidationErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    const key = prefix && path ? `${prefix}.${path}` : prefix || path || 'form_0';
    out[key] ??= issueError(issue);
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
    out[slot] ??=
      n === 1 ? fieldError('field.section_error') : fieldError('field.section_errors', { count: n });
  return out;
}

/** Every bound and required choice of the document, as `validationErrors` (empty when valid). */
export function validateAgencySitrep(doc: unknown): SitrepValidationErrors {
  const result = AgencySitrepForm.safeParse(doc, { reportInput: true });
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
