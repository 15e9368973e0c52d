import {
  availableCount,
  fieldError,
  INVENTORY_PAGE_SIZE,
  type InventoryForm,
  type InventoryInput,
  type InventoryRow,
  type InventorySummary,
  type InventorySummaryRow,
  type Locale,
  type NamedCode,
  type ValidationErrors,
  validateInventoryRows,
} from '@ciffc/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { HttpError } from '../http/errors.ts';
import { loadResourceIndex, loadResourceOptions } from '../resources/store.ts';
import { loadMobilized } from './mobilized.ts';
import {
  applyInventorySave,
  getInventoryState,
  type InventoryDbRow,
  listAgencyInventory,
  type RowWrite,
  type SummaryFilters,
  setInventoryLocked,
  summaryRows,
} from './store.ts';

const toFormRow = (r: InventoryDbRow): InventoryRow => ({
  id: r.id,
  resources: { category: r.category_code, subcategory: r.subcategory_code, item: r.item_short },
  seasonal: r.seasonal,
  exportable: r.exportable,
  is_new: 0,
  last_update: r.last_update,
});

/** GET /v1/inventory/input: the agency's rows, nothing to remove yet, the lock and the counter. */
export async function getInventoryInput(
  db: Kysely<Database>,
  agency: InventoryInput['agency'],
): Promise<InventoryInput> {
  const [rows, state] = await Promise.all([listAgencyInventory(db, agency), getInventoryState(db, agency)]);
  return {
    agency,
    inventory: rows.map(toFormRow),
    inventory_to_remove: [],
    locked: state.locked,
    version_number: state.version_number,
    last_update: state.last_update,
  };
}

export interface CheckedForm {
  locked: boolean;
  validationErrors: ValidationErrors;
  rows: RowWrite[];
  removeIds: string[];
}

/** The rules of validate and save: the shared row rules, plus row ids that must be the agency's own. */
export async function checkInventoryForm(
  db: Kysely<Database>,
  agency: string,
  form: InventoryForm,
): Promise<CheckedForm> {
  const [index, saved, state] = await Promise.all([
    loadResourceIndex(db),
    listAgencyInventory(db, agency),
    getInventoryState(db, agency),
  ]);
  const validationErrors = validateInventoryRows(form.inventory, index);
  const savedIds = new Set(saved.map((r) => r.id));
  const keptIds = new Set<string>();
  form.inventory.forEach((row, i) => {
    if (!row.id) return;
    if (!savedIds.has(row.id)) validationErrors[`inventory.${i}.id`] = fieldError('field.unknown_row');
    else keptIds.add(row.id);
  });
  // A removal of a row that is gone already, or that the form still lists, changes nothing.
  const removeIds = [
    ...new Set(
      form.inventory_to_remove.map((r) => r.id).filter((id): id is string => !!id && savedIds.has(id)),
    ),
  ].filter((id) => !keptIds.has(id));
  const rows: RowWrite[] = form.inventory.map((row) => ({
    id: row.id || undefined,
    category_code: row.resources.category,
    subcategory_code: row.resources.subcategory,
    item_short: row.resources.item,
    seasonal: row.seasonal,
    exportable: row.exportable,
  }));
  return { locked: state.locked, validationErrors, rows, removeIds };
}

/** 400 naming every offending field, with the lock the form met. */
export const invalidInventory = (locked: boolean, validationErrors: ValidationErrors) =>
  new HttpError(400, 'inventory.invalid', {
    params: { fields: Object.keys(validationErrors).join(', ') },
    validationErrors,
    fields: { locked },
  });

/** 409: the national centre locked the agency's inventory (before the check or inside the save). */
export const lockedInventory = (validationErrors: ValidationErrors) =>
  new HttpError(409, 'inventory.locked', { validationErrors, fields: { locked: true } });

/** Saves a checked form and answers its new version; 409 when locked meanwhile or stale. */
export async function saveInventory(
  db: Kysely<Database>,
  agency: string,
  checked: CheckedForm,
  username: string,
  now: Date,
  base: { version_number?: number | undefined; edit_session?: string | undefined } = {},
): Promise<number> {
  const change = { removeIds: checked.removeIds, rows: checked.rows };
  const outcome = await applyInventorySave(db, agency, change, username, now, base);
  if (outcome.saved) return outcome.version;
  // Locked between the form's check and the save: the save's transaction refused it.
  if (outcome.locked) throw lockedInventory(checked.validationErrors);
  // Saved meanwhile by another tab, device or user: nothing written over it.
  throw new HttpError(409, 'inventory.stale', {
    params: { current: outcome.current },
    fields: { locked: false, version_number: outcome.current },
    validationErrors: {},
  });
}

/** GET /v1/inventory/national: one page (or every row with export) and the filter choices. */
export async function inventorySummary(
  db: Kysely<Database>,
  query: SummaryFilters & { page?: number | undefined; export?: boolean | undefined },
  locale: Locale,
): Promise<InventorySummary> {
  const page = query.export ? 1 : (query.page ?? 1);
  const [result, options, mobilized] = await Promise.all([
    summaryRows(
      db,
      query,
      query.export ? null : { limit: INVENTORY_PAGE_SIZE, offset: (page - 1) * INVENTORY_PAGE_SIZE },
    ),
    loadResourceOptions(db, { locale }),
    loadMobilized(db),
  ]);
  const pick = (en: string, fr: string) => (locale === 'fr' ? fr : en);
  const rows: InventorySummaryRow[] = result.rows.map((r) => ({
    agency: r.agency_code,
    category: pick(r.category_en, r.category_fr),
    subcategory: pick(r.subcategory_en, r.subcategory_fr),
    item: pick(r.item_en, r.item_fr),
    seasonal: r.seasonal,
    exportable: r.exportable,
    available: availableCount(r.seasonal, mobilized.counts.get(`${r.agency_code}|${r.item_short}`) ?? 0),
    last_update: r.last_update,
    category_code: r.category_code,
    subcategory_code: r.subcategory_code,
    item_short: r.item_short,
  }));
  // Filter choices narrow with the parent choice, so a subcategory list never offers another category's.
  const subcategories: NamedCode[] = query.category
    ? (options.subcategories[query.category] ?? [])
    : Object.values(options.subcategories).flat();
  const items = Object.entries(options.resources)
    .filter(([category]) => !query.category || category === query.category)
    .flatMap(([, bySub]) => Object.entries(bySub))
    .filter(([sub]) => !query.subcategory || sub === query.subcategory)
    .flatMap(([, list]) => list)
    .map((i) => ({
      field_code: i.field_item_short,
      field_name: i.field_item,
      field_name_en: i.field_item_en,
      field_name_fr: i.field_item_fr,
    }));
  return {
    rows,
    meta: {
      filter_categories: options.categories,
      filter_subcategories: subcategories,
      filter_items: items,
      total_pages: query.export ? (result.total > 0 ? 1 : 0) : Math.ceil(result.total / INVENTORY_PAGE_SIZE),
      total_results: result.total,
      page,
      mobilized_source: mobilized.source,
    },
  };
}

/** Locks or unlocks an agency's inventory input (the national centre's switch, data-entry.md section 6). */
export async function lockInventory<Lock extends { agency: string; locked: boolean }>(
  db: Kysely<Database>,
  lock: Lock,
): Promise<Lock> {
  await setInventoryLocked(db, lock.agency, lock.locked);
  return lock;
}
