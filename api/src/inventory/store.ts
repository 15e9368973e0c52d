import { randomUUID } from 'node:crypto';
import { type Kysely, type Selectable, type SqlBool, sql, type Transaction } from 'kysely';
import type { Database } from '../db/tables.ts';
import '../resources/tables.ts';
import type { InventoryTable } from './tables.ts';
import './tables.ts';

export type InventoryDbRow = Selectable<InventoryTable>;

export interface InventoryState {
  version_number: number;
  locked: boolean;
  last_update: string | null;
}

/** An agency's rows in catalogue order. */
export function listAgencyInventory(db: Kysely<Database>, agency: string): Promise<InventoryDbRow[]> {
  return db
    .selectFrom('inventory')
    .innerJoin('resource_items', 'resource_items.short', 'inventory.item_short')
    .selectAll('inventory')
    .where('inventory.agency_code', '=', agency)
    .orderBy('resource_items.sort_order')
    .orderBy('inventory.id')
    .execute();
}

export async function getInventoryState(db: Kysely<Database>, agency: string): Promise<InventoryState> {
  const row = await db
    .selectFrom('inventory_state')
    .selectAll()
    .where('agency_code', '=', agency)
    .executeTakeFirst();
  return {
    version_number: row?.version_number ?? 0,
    locked: row?.locked === 1,
    last_update: row?.last_update ?? null,
  };
}

export async function setInventoryLocked(
  db: Kysely<Database>,
  agency: string,
  locked: boolean,
): Promise<void> {
  await db
    .insertInto('inventory_state')
    .values({
      agency_code: agency,
      version_number: 0,
      locked: locked ? 1 : 0,
      last_update: null,
      updated_by: null,
    })
    .onConflict((oc) => oc.column('agency_code').doUpdateSet({ locked: locked ? 1 : 0 }))
    .execute();
}

/**
 * A save the counter refused: the agency is locked (checked again inside the save's transaction),
 * or the save was based on a version another tab, device or user has since replaced.
 */
export type InventorySaveOutcome =
  | { saved: true; version: number }
  | { saved: false; locked: boolean; current: number };

export interface RowWrite {
  id?: string | undefined;
  category_code: string;
  subcategory_code: string;
  item_short: string;
  seasonal: number;
  exportable: number;
}

/**
 * One accepted save, atomically: removals, updates (the row's last_update moves only when its
 * values change), inserts, the agency's counter, and a version row holding the rows after the save.
 */
export async function applyInventorySave(
  db: Kysely<Database>,
  agency: string,
  change: { removeIds: string[]; rows: RowWrite[] },
  username: string,
  at: Date,
  base: { version_number?: number | undefined; edit_session?: string | undefined } = {},
): Promise<InventorySaveOutcome> {
  const now = at.toISOString();
  return db.transaction().execute(async (trx: Transaction<Database>) => {
    // The counter first: the UPDATE takes the agency's row lock (PostgreSQL), so concurrent saves of
    // one agency queue here and each gets its own version; a locked agency matches no row.
    await trx
      .insertInto('inventory_state')
      .values({ agency_code: agency, version_number: 0, locked: 0, last_update: null, updated_by: null })
      .onConflict((oc) => oc.column('agency_code').doNothing())
      .execute();
    const session = base.edit_session ?? null;
    const counted = await trx
      .updateTable('inventory_state')
      .set((eb) => ({
        version_number: eb('version_number', '+', 1),
        last_update: now,
        updated_by: username,
        edit_session: session,
        // A session's run starts at the version it first saved over (old values on the right of SET).
        edit_session_base:
          session === null
            ? null
            : sql<number>`case when edit_session = ${session} then edit_session_base else version_number end`,
      }))
      .where('agency_code', '=', agency)
      .where('locked', '=', 0)
      .where((eb) => {
        const basedOn = base.version_number;
        if (basedOn === undefined) return sql<SqlBool>`1 = 1`;
        const current = eb('version_number', '=', basedOn);
        if (session === null) return current;
        return eb.or([
          current,
          eb.and([
            eb('edit_session', '=', session),
            eb('edit_session_base', '<=', basedOn),
            eb('version_number', '>', basedOn),
          ]),
        ]);
      })
      .returning('version_number')
      .executeTakeFirst();
    if (!counted) {
      const state = await trx
        .selectFrom('inventory_state')
        .select(['locked', 'version_number'])
        .where('agency_code', '=', agency)
        .executeTakeFirstOrThrow();
      return { saved: false, locked: state.locked === 1, current: state.version_number };
    }
    const version = counted.version_number;
    if (change.removeIds.length > 0) {
      await trx
        .deleteFrom('inventory')
        .where('agency_code', '=', agency)
        .where('id', 'in', change.removeIds)
        .execute();
    }
    const existing = new Map((await listAgencyInventory(trx, agency)).map((r) => [r.id, r]));
    for (const row of change.rows) {
      const values = {
        category_code: row.category_code,
        subcategory_code: row.subcategory_code,
        item_short: row.item_short,
        seasonal: row.seasonal,
        exportable: row.exportable,
      };
      const before = row.id ? existing.get(row.id) : undefined;
      if (before) {
        const changed = (Object.keys(values) as (keyof typeof values)[]).some((k) => before[k] !== values[k]);
        if (!changed) continue;
        await trx
          .updateTable('inventory')
          .set({ ...values, last_update: now, updated_by: username })
          .where('id', '=', before.id)
          .where('agency_code', '=', agency)
          .execute();
      } else {
        await trx
          .insertInto('inventory')
          .values({
            id: randomUUID(),
            agency_code: agency,
            ...values,
            last_update: now,
            updated_by: username,
          })
          .execute();
      }
    }
    const after = await listAgencyInventory(trx, agency);
    await trx
      .insertInto('inventory_versions')
      .values({
        agency_code: agency,
        version_number: version,
        saved_at: now,
        saved_by: username,
        rows: JSON.stringify(after.map(({ updated_by: _u, agency_code: _a, ...r }) => r)),
      })
      .execute();
    return { saved: true, version };
  });
}

export function listInventoryVersions(db: Kysely<Database>, agency: string) {
  return db
    .selectFrom('inventory_versions')
    .selectAll()
    .where('agency_code', '=', agency)
    .orderBy('version_number')
    .execute();
}

export interface SummaryFilters {
  agency?: string | undefined;
  category?: string | undefined;
  subcategory?: string | undefined;
  item?: string | undefined;
}

export interface SummaryDbRow {
  agency_code: string;
  category_code: string;
  subcategory_code: string;
  item_short: string;
  category_en: string;
  category_fr: string;
  subcategory_en: string;
  subcategory_fr: string;
  item_en: string;
  item_fr: string;
  seasonal: number;
  exportable: number;
  last_update: string;
}

function summaryBase(db: Kysely<Database>, f: SummaryFilters) {
  let q = db
    .selectFrom('inventory')
    .innerJoin('agencies', 'agencies.code', 'inventory.agency_code')
    .innerJoin('resource_items', 'resource_items.short', 'inventory.item_short')
    .innerJoin('resource_categories', 'resource_categories.code', 'inventory.category_code')
    .innerJoin('resource_subcategories', 'resource_subcategories.code', 'inventory.subcategory_code');
  if (f.agency) q = q.where('inventory.agency_code', '=', f.agency);
  if (f.category) q = q.where('inventory.category_code', '=', f.category);
  if (f.subcategory) q = q.where('inventory.subcategory_code', '=', f.subcategory);
  if (f.item) q = q.where('inventory.item_short', '=', f.item);
  return q;
}

/** The national summary: matching rows in agency then catalogue order, one page or all. */
export async function summaryRows(
  db: Kysely<Database>,
  filters: SummaryFilters,
  page: { limit: number; offset: number } | null,
): Promise<{ rows: SummaryDbRow[]; total: number }> {
  const countRow = await summaryBase(db, filters)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  let q = summaryBase(db, filters)
    .select([
      'inventory.agency_code',
      'inventory.category_code',
      'inventory.subcategory_code',
      'inventory.item_short',
      'resource_categories.name_en as category_en',
      'resource_categories.name_fr as category_fr',
      'resource_subcategories.name_en as subcategory_en',
      'resource_subcategories.name_fr as subcategory_fr',
      'resource_items.name_en as item_en',
      'resource_items.name_fr as item_fr',
      'inventory.seasonal',
      'inventory.exportable',
      'inventory.last_update',
    ])
    .orderBy('agencies.sort_order')
    .orderBy('resource_items.sort_order')
    .orderBy('inventory.id');
  if (page) q = q.limit(page.limit).offset(page.offset);
  return { rows: await q.execute(), total: Number(countRow?.n ?? 0) };
}
