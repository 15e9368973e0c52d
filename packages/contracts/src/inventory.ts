import { z } from 'zod';
import { AGENCY_CODES } from './agencies.ts';
import { INVENTORY_COUNT_MAX } from './bounds.ts';
import { ApiErrorBody } from './error-body.ts';
import { type FieldError, fieldError, ValidationErrors } from './messages/index.ts';
import { NamedCode, type ResourceChoice, type ResourceIndex, resourceChoiceErrors } from './resources.ts';

/** Inventory input and summary (docs/spec/data-entry.md 2.3, 2.4, 3.3, 3.4, 4.7, 5.2). */

/** Rows per page of GET /v1/inventory/national. */
export const INVENTORY_PAGE_SIZE = 20;

/**
 * One row of the inventory form. `id` names a saved row (absent or empty on a new one);
 * `is_new` is 1 for rows added in this visit; `key` is the client's own row key, ignored here.
 */
export const InventoryRow = z.object({
  id: z.string().max(64).optional(),
  resources: z.object({
    category: z.string().max(64),
    subcategory: z.string().max(64),
    item: z.string().max(64),
  }),
  seasonal: z.number().describe('At least 0, whole number; default 0'),
  exportable: z.number().describe('At least 0, whole number, at most seasonal; default 0'),
  is_new: z.union([z.literal(0), z.literal(1)]).optional(),
  key: z.string().max(64).optional(),
  last_update: z.string().nullable().optional(),
});
export type InventoryRow = z.infer<typeof InventoryRow>;

/** The form: rows kept or added, and saved rows the user removed (docs/spec/data-entry.md 3.3). */
export const InventoryForm = z.object({
  inventory: z.array(InventoryRow).max(2000),
  inventory_to_remove: z
    .array(InventoryRow.partial({ resources: true, seasonal: true, exportable: true }))
    .max(2000),
  /** The version the form was loaded at: a save over a newer version of another tab or user answers 409. */
  version_number: z.number().int().min(0).max(2_147_483_647).optional(),
  /** The editing session (one per tab): its own newer versions do not refuse its next save. */
  edit_session: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
});
export type InventoryForm = z.infer<typeof InventoryForm>;

export const InventoryInput = z.object({
  agency: z.enum(AGENCY_CODES),
  inventory: z.array(InventoryRow),
  inventory_to_remove: z.array(InventoryRow),
  locked: z.boolean(),
  version_number: z.number().int().describe('Counts accepted saves; 0 before the first'),
  last_update: z.string().nullable(),
});
export type InventoryInput = z.infer<typeof InventoryInput>;

/** Answer of validate and save; `validationErrors` keyed `inventory.<row index>.<field>`. */
export const InventoryResult = z.object({
  locked: z.boolean(),
  validationErrors: ValidationErrors,
  version_number: z.number().int().optional(),
});
export type InventoryResult = z.infer<typeof InventoryResult>;

/** A refused validate or save: the one error shape with the lock and, when stale, the current version. */
export const InventoryErrorBody = ApiErrorBody.extend({
  // Absent when the request is refused before the route runs (a NUL in the body, say): the one
  // error shape of the API's handler has no lock to report then.
  locked: z.boolean().optional(),
  version_number: z.number().int().optional().describe('The current version (409 stale)'),
});

/** POST /v1/inventory/lock (national centre): lock or unlock an agency's input; the answer repeats it. */
export const InventoryLock = z.object({ agency: InventoryInput.shape.agency, locked: z.boolean() });
export type InventoryLock = z.infer<typeof InventoryLock>;

const isCount = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= INVENTORY_COUNT_MAX;
/** A whole number outside the range is answered with the range; anything else is not a count. */
const countError = (v: unknown): FieldError =>
  typeof v === 'number' && Number.isInteger(v)
    ? fieldError('field.between', { min: 0, max: INVENTORY_COUNT_MAX })
    : fieldError('field.invalid');

/**
 * The inventory rules, run by the site on blur and change and by the data API on validate and
 * save: a complete resource choice from the catalogue, whole counts of at least 0, exportable not
 * above seasonal, each resource once. Keys are `inventory.<index>.<field>`, the picker's fields as
 * `inventory.<index>.resources.<category|subcategory|item>`.
 */
export function validateInventoryRows(
  rows: readonly Pick<InventoryRow, 'resources' | 'seasonal' | 'exportable'>[],
  index: ResourceIndex | undefined,
): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  const seen = new Map<string, number>();
  rows.forEach((row, i) => {
    const choice: Partial<ResourceChoice> = row.resources ?? {};
    if (index) {
      for (const [field, error] of Object.entries(resourceChoiceErrors(choice, index)))
        errors[`inventory.${i}.resources.${field}`] = error;
    } else {
      for (const field of ['category', 'subcategory', 'item'] as const)
        if (!choice[field]) errors[`inventory.${i}.resources.${field}`] = fieldError('field.required');
    }
    for (const field of ['seasonal', 'exportable'] as const) {
      const value = row[field] as unknown;
      if (value === null || value === undefined || value === '')
        errors[`inventory.${i}.${field}`] = fieldError('field.required');
      else if (!isCount(value)) errors[`inventory.${i}.${field}`] = countError(value);
    }
    if (isCount(row.seasonal) && isCount(row.exportable) && row.exportable > row.seasonal)
      errors[`inventory.${i}.exportable`] = fieldError('field.exportable_above_seasonal');
    if (choice.item) {
      if (seen.has(choice.item))
        errors[`inventory.${i}.resources.item`] ??= fieldError('field.duplicate_resource');
      else seen.set(choice.item, i);
    }
  });
  return errors;
}

/** The errors of one row, without the `inventory.<index>.` prefix. */
export function rowErrors<T>(errors: Record<string, T>, rowIndex: number): Record<string, T> {
  const prefix = `inventory.${rowIndex}.`;
  const out: Record<string, T> = {};
  for (const [key, error] of Object.entries(errors))
    if (key.startsWith(prefix)) out[key.slice(prefix.length)] = error;
  return out;
}

/* ---------- summary (GET /v1/inventory/national) ---------- */

export const InventorySummaryQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().describe('1-based; 20 rows per page'),
  agency: z
    .string()
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(AGENCY_CODES))
    .optional(),
  category: z.string().max(64).optional(),
  subcategory: z.string().max(64).optional(),
  item: z.string().max(64).optional().describe('field_item_short'),
  export: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional()
    .describe('true: every matching row, no paging'),
  format: z.enum(['json', 'csv']).optional().describe('With export=true: csv sends CIFFC.csv'),
  lang: z.enum(['en', 'fr']).optional(),
});
export type InventorySummaryQuery = z.infer<typeof InventorySummaryQuery>;

export const InventorySummaryRow = z.object({
  agency: z.string(),
  category: z.string(),
  subcategory: z.string(),
  item: z.string(),
  seasonal: z.number(),
  exportable: z.number(),
  available: z.number().describe('seasonal minus what is mobilized from the agency (docs/decisions.md)'),
  last_update: z.string(),
  category_code: z.string(),
  subcategory_code: z.string(),
  item_short: z.string(),
});
export type InventorySummaryRow = z.infer<typeof InventorySummaryRow>;

export const InventorySummary = z.object({
  rows: z.array(InventorySummaryRow),
  meta: z.object({
    filter_categories: z.array(NamedCode),
    filter_subcategories: z.array(NamedCode),
    filter_items: z.array(NamedCode),
    total_pages: z.number().int(),
    total_results: z.number().int(),
    page: z.number().int(),
    mobilized_source: z.string().describe('What "mobilized" was read from'),
  }),
});
export type InventorySummary = z.infer<typeof InventorySummary>;

/** Columns of the summary table and of CIFFC.csv, in the specification's order (3.4). */
export const INVENTORY_SUMMARY_COLUMNS = [
  'agency',
  'category',
  'subcategory',
  'item',
  'seasonal',
  'exportable',
  'available',
  'last_update',
] as const;

/** available = seasonal minus what is mobilized, never below 0. */
export function availableCount(seasonal: number, mobilized: number): number {
  return Math.max(0, seasonal - Math.max(0, mobilized));
}
