import {
  indexResourceOptions,
  type Locale,
  type NamedCode,
  type ResourceIndex,
  type ResourceItem,
  type ResourceOptions,
  SHORTNAME_LIST_NAMES,
} from '@ciffc/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import './tables.ts';

/** The options set of GET /v1/resource/options (all items) or /active (active items only). */
export async function loadResourceOptions(
  db: Kysely<Database>,
  options: { locale: Locale; activeOnly?: boolean },
): Promise<ResourceOptions> {
  const { locale, activeOnly = false } = options;
  const [categories, subcategories, items, shortnames] = await Promise.all([
    db.selectFrom('resource_categories').selectAll().orderBy('sort_order').execute(),
    db.selectFrom('resource_subcategories').selectAll().orderBy('sort_order').execute(),
    (activeOnly ? db.selectFrom('resource_items').where('active', '=', 1) : db.selectFrom('resource_items'))
      .selectAll()
      .orderBy('sort_order')
      .execute(),
    db.selectFrom('resource_shortnames').selectAll().orderBy('list').orderBy('sort_order').execute(),
  ]);
  const named = (r: { code: string; name_en: string; name_fr: string }): NamedCode => ({
    field_code: r.code,
    field_name: locale === 'fr' ? r.name_fr : r.name_en,
    field_name_en: r.name_en,
    field_name_fr: r.name_fr,
  });
  const resources: Record<string, Record<string, ResourceItem[]>> = {};
  for (const i of items) {
    const bySub = resources[i.category_code] ?? {};
    resources[i.category_code] = bySub;
    const list = bySub[i.subcategory_code] ?? [];
    bySub[i.subcategory_code] = list;
    list.push({
      field_item: locale === 'fr' ? i.name_fr : i.name_en,
      field_item_en: i.name_en,
      field_item_fr: i.name_fr,
      field_item_short: i.short,
      field_category: i.category_code,
      field_subcategory: i.subcategory_code,
      field_active: i.active === 1,
    });
  }
  const out: ResourceOptions = {
    categories: [],
    subcategories: {},
    resources: {},
    shortnames: { default: [], expanded: [], short: [] },
  };
  // A category or subcategory with no item in the set is left out, so every choice leads to an item.
  for (const c of categories) {
    const subs = subcategories.filter(
      (s) => s.category_code === c.code && resources[c.code]?.[s.code]?.length,
    );
    if (subs.length === 0) continue;
    out.categories.push(named(c));
    out.subcategories[c.code] = subs.map(named);
    out.resources[c.code] = resources[c.code] ?? {};
  }
  const present = new Set(items.map((i) => i.short));
  for (const s of shortnames) {
    if (!(SHORTNAME_LIST_NAMES as readonly string[]).includes(s.list) || !present.has(s.short)) continue;
    out.shortnames[s.list as keyof ResourceOptions['shortnames']].push(s.short);
  }
  return out;
}

/** The full catalogue as a lookup, for validating resource choices. */
export async function loadResourceIndex(db: Kysely<Database>, activeOnly = false): Promise<ResourceIndex> {
  return indexResourceOptions(await loadResourceOptions(db, { locale: 'en', activeOnly }));
}
