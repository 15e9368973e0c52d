import {
  AGENCIES,
  type Agency,
  type CatalogueCategory,
  RESOURCE_CATALOGUE,
  SHORTNAME_LIST_NAMES,
  SHORTNAME_LISTS,
} from '@ciffc/contracts';
import type { Kysely } from 'kysely';
import { DIP_FEED_AGENCIES } from '../agency-sitrep/dip-feed.ts';
import '../agency-sitrep/tables.ts';
import '../resources/tables.ts';
import type { Database } from './tables.ts';
import { bumpDataVersion } from './versions.ts';

/**
 * Reference data (docs/decisions.md, "Reference data applied, not migrated"): the agencies, one
 * report row per agency and the resource catalogue are written from `packages/contracts` by this
 * step, run after the migrations (`npm run migrate` and every start that migrates), so a renamed or
 * added agency reaches a database migrated long ago, not only a new one. The first migrations also
 * copied the lists; they stay as they ran, and nothing depends on them doing so any more.
 *
 * Rows the contracts no longer list are kept: fires, reports and inventory name them.
 */

/** An agency as the contracts describe it; any code, so a test can add one the contracts lack. */
export type ReferenceAgency = Omit<Agency, 'code'> & { code: string };

export interface ReferenceData {
  agencies: readonly ReferenceAgency[];
  /** Agencies whose report rows start fed from their fires data; an operator may change the flag later. */
  dipFeedAgencies: readonly string[];
  catalogue: readonly CatalogueCategory[];
  shortnameLists: Readonly<Record<string, readonly string[]>>;
}

export const CONTRACT_REFERENCE: ReferenceData = {
  agencies: AGENCIES,
  dipFeedAgencies: DIP_FEED_AGENCIES,
  catalogue: RESOURCE_CATALOGUE,
  shortnameLists: Object.fromEntries(SHORTNAME_LIST_NAMES.map((list) => [list, SHORTNAME_LISTS[list]])),
};

/** What one pass changed: the codes written, by table (empty when the database already agreed). */
export interface ReferenceChanges {
  agencies: string[];
  reportRows: string[];
  catalogue: string[];
  shortnames: string[];
}

type Db = Kysely<Database>;

/** Rows keyed by `key` whose stored values differ from the wanted ones (or are missing). */
function differing<Row extends Record<string, unknown>>(
  stored: readonly Row[],
  wanted: readonly Row[],
  key: keyof Row,
): Row[] {
  const byKey = new Map(stored.map((row) => [row[key], row]));
  return wanted.filter((row) => {
    const current = byKey.get(row[key]);
    return !current || Object.keys(row).some((column) => current[column] !== row[column]);
  });
}

async function applyAgencies(trx: Db, agencies: readonly ReferenceAgency[]): Promise<string[]> {
  const wanted = agencies.map((a, i) => ({
    code: a.code,
    name_en: a.name.en,
    name_fr: a.name.fr,
    website: a.website,
    website_priority_wildfires: a.website_priority_wildfires ?? null,
    has_sitrep: a.has_sitrep ? 1 : 0,
    time_zone: a.time_zone,
    sort_order: i,
  }));
  const changed = differing(await trx.selectFrom('agencies').selectAll().execute(), wanted, 'code');
  for (const row of changed) {
    const { code: _, ...values } = row;
    await trx
      .insertInto('agencies')
      .values(row)
      .onConflict((oc) => oc.column('code').doUpdateSet(values))
      .execute();
  }
  if (changed.length) await bumpDataVersion(trx, 'agencies');
  return changed.map((row) => row.code);
}

/** A report no one has opened (the column defaults of the agency sitrep's first migration). */
const NEW_REPORT = {
  status: 'N',
  version_number: 0,
  document: '{}',
  validation_errors: '{}',
  claimed_by: null,
  claimed_by_name: null,
  claim_expires_at: null,
  edited_by: null,
  last_edit: null,
  approved_version: null,
  approved_at: null,
  approved_by: null,
  published_version: null,
  published_at: null,
  history_seq: 0,
  edit_session: null,
  edit_session_base: null,
  submitted_version: null,
  rejected_version: null,
  rejected_reason: null,
} as const;

/** Every agency has its one continuous report from the start (status N, version 0). */
async function applyReportRows(trx: Db, reference: ReferenceData): Promise<string[]> {
  const stored = new Set(
    (await trx.selectFrom('agency_sitreps').select('agency').execute()).map((row) => row.agency),
  );
  const missing = reference.agencies.map((a) => a.code).filter((code) => !stored.has(code));
  for (const agency of missing)
    await trx
      .insertInto('agency_sitreps')
      .values({ ...NEW_REPORT, agency, has_dip_feed: reference.dipFeedAgencies.includes(agency) ? 1 : 0 })
      .onConflict((oc) => oc.column('agency').doNothing())
      .execute();
  return missing;
}

async function applyCatalogue(trx: Db, catalogue: readonly CatalogueCategory[]): Promise<string[]> {
  // One order across the three levels, as the catalogue lists them.
  let order = 0;
  const categories = [];
  const subcategories = [];
  const items = [];
  for (const category of catalogue) {
    const { code } = category;
    categories.push({ code, name_en: category.name.en, name_fr: category.name.fr, sort_order: order++ });
    for (const sub of category.subcategories) {
      subcategories.push({
        code: sub.code,
        category_code: code,
        name_en: sub.name.en,
        name_fr: sub.name.fr,
        sort_order: order++,
      });
      for (const item of sub.items)
        items.push({
          short: item.short,
          category_code: code,
          subcategory_code: sub.code,
          name_en: item.name.en,
          name_fr: item.name.fr,
          active: item.active === false ? 0 : 1,
          sort_order: order++,
        });
    }
  }
  const changed: string[] = [];
  // Parents first: a subcategory and an item reference the rows above them.
  for (const row of differing(
    await trx.selectFrom('resource_categories').selectAll().execute(),
    categories,
    'code',
  )) {
    const { code: _, ...values } = row;
    await trx
      .insertInto('resource_categories')
      .values(row)
      .onConflict((oc) => oc.column('code').doUpdateSet(values))
      .execute();
    changed.push(row.code);
  }
  const storedSubs = await trx.selectFrom('resource_subcategories').selectAll().execute();
  for (const row of differing(storedSubs, subcategories, 'code')) {
    const { code: _, ...values } = row;
    await trx
      .insertInto('resource_subcategories')
      .values(row)
      .onConflict((oc) => oc.column('code').doUpdateSet(values))
      .execute();
    changed.push(row.code);
  }
  for (const row of differing(await trx.selectFrom('resource_items').selectAll().execute(), items, 'short')) {
    const { short: _, ...values } = row;
    await trx
      .insertInto('resource_items')
      .values(row)
      .onConflict((oc) => oc.column('short').doUpdateSet(values))
      .execute();
    changed.push(row.short);
  }
  return changed;
}

/** The short-name lists are the contracts' exactly: a list is rewritten when it differs. */
async function applyShortnames(
  trx: Db,
  lists: Readonly<Record<string, readonly string[]>>,
): Promise<string[]> {
  const stored = await trx
    .selectFrom('resource_shortnames')
    .selectAll()
    .orderBy('list')
    .orderBy('sort_order')
    .execute();
  const changed: string[] = [];
  for (const [list, shorts] of Object.entries(lists)) {
    const current = stored.filter((row) => row.list === list).map((row) => row.short);
    if (current.join('\n') === shorts.join('\n')) continue;
    await trx.deleteFrom('resource_shortnames').where('list', '=', list).execute();
    if (shorts.length)
      await trx
        .insertInto('resource_shortnames')
        .values(shorts.map((short, i) => ({ list, short, sort_order: i })))
        // A second instance starting at the same moment may have written the same list.
        .onConflict((oc) =>
          oc.columns(['list', 'short']).doUpdateSet((eb) => ({ sort_order: eb.ref('excluded.sort_order') })),
        )
        .execute();
    changed.push(list);
  }
  return changed;
}

/**
 * Makes the database's reference rows agree with `reference` (the contracts by default), in one
 * transaction; idempotent, so a second pass, or a second instance starting beside the first,
 * changes nothing. Reads before it writes: an agreeing database is not written at all.
 */
export function applyReferenceData(
  db: Db,
  reference: ReferenceData = CONTRACT_REFERENCE,
): Promise<ReferenceChanges> {
  return db.transaction().execute(async (trx) => {
    const changes = {
      agencies: await applyAgencies(trx, reference.agencies),
      reportRows: await applyReportRows(trx, reference),
      catalogue: await applyCatalogue(trx, reference.catalogue),
      shortnames: await applyShortnames(trx, reference.shortnameLists),
    };
    // The catalogue's answers are cached by this version: a renamed item changes no count or order.
    if (changes.catalogue.length || changes.shortnames.length) await bumpDataVersion(trx, 'catalogue');
    return changes;
  });
}
