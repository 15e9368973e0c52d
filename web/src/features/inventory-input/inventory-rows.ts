import {
  type InventoryForm,
  type InventoryRow,
  type ResourceChoice,
  type ResourceIndex,
  type ValidationErrors,
  validateInventoryRows,
} from '@ciffc/contracts';
import type { IntlShape } from 'react-intl';
import { ApiError } from '../../shared/api/http.ts';
import { fieldTexts } from '../../shared/editing/server-text.ts';

/** A row as the form holds it: counts as read (null when empty or refused: "This field is required."). */
export interface FormRow {
  key: string;
  id?: string | undefined;
  resources: ResourceChoice;
  seasonal: number | null;
  exportable: number | null;
  is_new: 0 | 1;
}

let nextKey = 1;
export const newKey = () => `row-${nextKey++}`;

export const fromServer = (r: InventoryRow): FormRow => ({
  key: newKey(),
  id: r.id,
  resources: r.resources,
  seasonal: r.seasonal,
  exportable: r.exportable,
  is_new: 0,
});

export type RowField =
  | 'seasonal'
  | 'exportable'
  | 'resources.category'
  | 'resources.subcategory'
  | 'resources.item';
export const PICKER_FIELDS = ['resources.category', 'resources.subcategory', 'resources.item'] as const;
export const touchKey = (row: FormRow, field: RowField) => `${row.key}:${field}`;

/** The picker field the user changed: the first that differs (its children were cleared by it). */
export function changedPickerField(before: ResourceChoice, after: ResourceChoice): RowField | undefined {
  const field = (['category', 'subcategory', 'item'] as const).find((f) => before[f] !== after[f]);
  return field ? `resources.${field}` : undefined;
}

/**
 * The client rule messages the user may see: docs/spec/data-entry.md 5.1 checks a field when it is left or
 * changed, so a new row's untouched fields stay quiet (Save still reads Blocked); saved rows were
 * already entered, so their messages always show. Server findings always show.
 */
function visibleClientErrors(
  clientErrors: Record<string, string>,
  rows: FormRow[],
  touched: ReadonlySet<string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(clientErrors)) {
    const [, index, ...rest] = key.split('.');
    const row = rows[Number(index)];
    if (!row || row.is_new === 0 || touched.has(touchKey(row, rest.join('.') as RowField)))
      out[key] = message;
  }
  return out;
}

export function bodyOf(
  error: unknown,
): { locked?: boolean; validationErrors?: ValidationErrors } | undefined {
  return error instanceof ApiError && error.body && typeof error.body === 'object'
    ? (error.body as { locked?: boolean; validationErrors?: ValidationErrors })
    : undefined;
}

export const hasAny = (errors: Record<string, unknown> | undefined) => Object.keys(errors ?? {}).length > 0;

export function toForm(rows: FormRow[], removed: FormRow[]): InventoryForm {
  const row = (r: FormRow) => ({
    ...(r.id ? { id: r.id } : {}),
    resources: r.resources,
    seasonal: r.seasonal as number,
    exportable: r.exportable as number,
    is_new: r.is_new,
    key: r.key,
  });
  return { inventory: rows.map(row), inventory_to_remove: removed.map(row) };
}

/**
 * The form to send and its errors: the rules, run here and by the server, answer codes, both shown
 * in the page's language; a count the number input refused keeps its own message. `errors` blocks
 * Save, `shownErrors` is what the page shows (untouched new fields stay quiet).
 */
export function inventoryView(input: {
  rows: FormRow[];
  removed: FormRow[];
  serverErrors: ValidationErrors;
  refused: Record<string, string>;
  touched: ReadonlySet<string>;
  index: ResourceIndex | undefined;
  intl: IntlShape;
}) {
  const { rows, intl } = input;
  const form = toForm(rows, input.removed);
  const clientErrors = fieldTexts(
    validateInventoryRows(
      form.inventory.map((r) => ({
        ...r,
        seasonal: r.seasonal as number,
        exportable: r.exportable as number,
      })),
      input.index,
    ),
    intl,
  );
  const localServerErrors = fieldTexts(input.serverErrors, intl);
  const refusedErrors: Record<string, string> = {};
  rows.forEach((r, i) => {
    for (const field of ['seasonal', 'exportable'] as const) {
      const message = input.refused[`${r.key}:${field}`];
      if (message) refusedErrors[`inventory.${i}.${field}`] = message;
    }
  });
  const errors = { ...localServerErrors, ...clientErrors, ...refusedErrors };
  const shownErrors = {
    ...localServerErrors,
    ...visibleClientErrors(clientErrors, rows, input.touched),
    ...refusedErrors,
  };
  return { form, errors, shownErrors, hasErrors: Object.keys(errors).length > 0 };
}
