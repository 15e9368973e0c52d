import { z } from 'zod';
import type { Locale } from './format.ts';
import { type FieldError, fieldError } from './messages/index.ts';
import { LangQuery } from './query.ts';
import {
  type CatalogueCategory,
  type LocalName,
  RESOURCE_CATALOGUE,
  SHORTNAME_LIST_NAMES,
  SHORTNAME_LISTS,
} from './resource-catalogue.ts';

// The catalogue's data lives in resource-catalogue.ts; the package exports it from here.
export {
  type CatalogueCategory,
  RESOURCE_CATALOGUE,
  SHORTNAME_LIST_NAMES,
  SHORTNAME_LISTS,
} from './resource-catalogue.ts';
/* ---------- wire shapes of /v1/resource/options ---------- */

/** ?lang= of every /v1/resource/options route. */
export const ResourceOptionsQuery = z.object({
  lang: LangQuery.optional().describe('Language of field_name and field_item; else Accept-Language'),
});

export const NamedCode = z.object({
  field_code: z.string(),
  field_name: z.string().describe('In the language of the request'),
  field_name_en: z.string(),
  field_name_fr: z.string(),
});
export type NamedCode = z.infer<typeof NamedCode>;

export const ResourceItem = z.object({
  field_item: z.string().describe('Name in the language of the request'),
  field_item_en: z.string(),
  field_item_fr: z.string(),
  field_item_short: z.string(),
  field_category: z.string().describe('Category code'),
  field_subcategory: z.string().describe('Subcategory code'),
  field_active: z.boolean(),
});
export type ResourceItem = z.infer<typeof ResourceItem>;

const Shortnames = z.object({
  default: z.array(z.string()),
  expanded: z.array(z.string()),
  short: z.array(z.string()),
});

export const ResourceOptions = z.object({
  categories: z.array(NamedCode),
  subcategories: z.record(z.string(), z.array(NamedCode)).describe('Keyed by category code'),
  resources: z
    .record(z.string(), z.record(z.string(), z.array(ResourceItem)))
    .describe('Keyed by category code, then subcategory code'),
  shortnames: Shortnames,
});
export type ResourceOptions = z.infer<typeof ResourceOptions>;

/** POST /v1/resource/options[/active] body: short names to expand (a flat list or the named lists). */
export const ShortnamesRequest = z.object({
  shortnames: z.union([
    z.array(z.string().min(1).max(40)).max(500),
    z.object({
      default: z.array(z.string().min(1).max(40)).max(500).optional(),
      expanded: z.array(z.string().min(1).max(40)).max(500).optional(),
      short: z.array(z.string().min(1).max(40)).max(500).optional(),
    }),
  ]),
});
export type ShortnamesRequest = z.infer<typeof ShortnamesRequest>;

/** The expanded set: the options narrowed to the named items, the items in request order, the unknown. */
export const ExpandedShortnames = ResourceOptions.extend({
  items: z.array(ResourceItem),
  unknown: z.array(z.string()).describe('Short names not in the catalogue (or not active on /active)'),
});
export type ExpandedShortnames = z.infer<typeof ExpandedShortnames>;

/* ---------- a resource choice (inventory rows, availability rows, mobilizations) ---------- */

export const ResourceChoice = z.object({
  category: z.string().min(1, 'This field is required.'),
  subcategory: z.string().min(1, 'This field is required.'),
  item: z.string().min(1, 'This field is required.').describe('field_item_short'),
});
export type ResourceChoice = z.infer<typeof ResourceChoice>;

export const EMPTY_RESOURCE_CHOICE: ResourceChoice = { category: '', subcategory: '', item: '' };

/** A lookup over an options set, for pickers and validation. */
export interface ResourceIndex {
  byShort: Map<string, ResourceItem>;
  categories: NamedCode[];
  subcategoriesOf(category: string): NamedCode[];
  itemsOf(category: string, subcategory: string): ResourceItem[];
}

export function indexResourceOptions(options: ResourceOptions): ResourceIndex {
  const byShort = new Map<string, ResourceItem>();
  for (const bySub of Object.values(options.resources)) {
    for (const items of Object.values(bySub)) for (const i of items) byShort.set(i.field_item_short, i);
  }
  return {
    byShort,
    categories: options.categories,
    subcategoriesOf: (category) => options.subcategories[category] ?? [],
    itemsOf: (category, subcategory) => options.resources[category]?.[subcategory] ?? [],
  };
}

/**
 * Which parts of a choice are still valid against the options: a subcategory outside its
 * category, or an item outside its subcategory, is cleared (docs/spec/data-entry.md 5.2).
 */
export function reconcileResourceChoice(choice: ResourceChoice, index: ResourceIndex): ResourceChoice {
  const category = index.categories.some((c) => c.field_code === choice.category) ? choice.category : '';
  const subcategory =
    category && index.subcategoriesOf(category).some((s) => s.field_code === choice.subcategory)
      ? choice.subcategory
      : '';
  const item =
    subcategory && index.itemsOf(category, subcategory).some((i) => i.field_item_short === choice.item)
      ? choice.item
      : '';
  return { category, subcategory, item };
}

/** Field errors of a choice: `category`, `subcategory`, `item` → its error; empty when valid. */
export function resourceChoiceErrors(
  choice: Partial<ResourceChoice>,
  index: ResourceIndex,
): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  const required = fieldError('field.required');
  const c = choice.category ?? '';
  const s = choice.subcategory ?? '';
  const i = choice.item ?? '';
  if (!c) errors.category = required;
  else if (!index.categories.some((x) => x.field_code === c))
    errors.category = fieldError('field.unknown_category');
  if (!s) errors.subcategory = required;
  else if (c && !errors.category && !index.subcategoriesOf(c).some((x) => x.field_code === s))
    errors.subcategory = fieldError('field.not_subcategory');
  if (!i) errors.item = required;
  else if (
    !errors.category &&
    !errors.subcategory &&
    !index.itemsOf(c, s).some((x) => x.field_item_short === i)
  )
    errors.item = fieldError('field.not_item');
  return errors;
}

/** Builds the options wire shape straight from the catalogue (tests, and the seed's self-check). */
export function catalogueOptions(
  locale: Locale = 'en',
  options: { activeOnly?: boolean; catalogue?: readonly CatalogueCategory[] } = {},
): ResourceOptions {
  const catalogue = options.catalogue ?? RESOURCE_CATALOGUE;
  const out: ResourceOptions = {
    categories: [],
    subcategories: {},
    resources: {},
    shortnames: {
      default: [...SHORTNAME_LISTS.default],
      expanded: [...SHORTNAME_LISTS.expanded],
      short: [...SHORTNAME_LISTS.short],
    },
  };
  const named = (code: string, name: LocalName): NamedCode => ({
    field_code: code,
    field_name: name[locale],
    field_name_en: name.en,
    field_name_fr: name.fr,
  });
  for (const category of catalogue) {
    const subs: NamedCode[] = [];
    const resources: Record<string, ResourceItem[]> = {};
    for (const sub of category.subcategories) {
      const items = sub.items
        .filter((i) => !options.activeOnly || i.active !== false)
        .map((i) => ({
          field_item: i.name[locale],
          field_item_en: i.name.en,
          field_item_fr: i.name.fr,
          field_item_short: i.short,
          field_category: category.code,
          field_subcategory: sub.code,
          field_active: i.active !== false,
        }));
      if (items.length === 0) continue;
      subs.push(named(sub.code, sub.name));
      resources[sub.code] = items;
    }
    if (subs.length === 0) continue;
    out.categories.push(named(category.code, category.name));
    out.subcategories[category.code] = subs;
    out.resources[category.code] = resources;
  }
  if (options.activeOnly) {
    const active = new Set(Object.values(out.resources).flatMap((s) => Object.values(s).flat()));
    const shorts = new Set([...active].map((i) => i.field_item_short));
    for (const list of SHORTNAME_LIST_NAMES)
      out.shortnames[list] = out.shortnames[list].filter((s) => shorts.has(s));
  }
  return out;
}

/** The short names of a POST body, flattened in order, without duplicates. */
export function requestedShortnames(body: ShortnamesRequest['shortnames']): string[] {
  const lists = Array.isArray(body) ? [body] : SHORTNAME_LIST_NAMES.map((n) => body[n] ?? []);
  return [...new Set(lists.flat())];
}

/** The options narrowed to the named short names (the "expanded set" of docs/spec/data-entry.md section 7). */
export function expandShortnames(
  options: ResourceOptions,
  shortnames: readonly string[],
): ExpandedShortnames {
  const index = indexResourceOptions(options);
  const items: ResourceItem[] = [];
  const unknown: string[] = [];
  for (const s of shortnames) {
    const found = index.byShort.get(s);
    if (found) items.push(found);
    else unknown.push(s);
  }
  const wanted = new Set(items.map((i) => i.field_item_short));
  const narrowed: ExpandedShortnames = {
    categories: [],
    subcategories: {},
    resources: {},
    shortnames: options.shortnames,
    items,
    unknown,
  };
  for (const category of options.categories) {
    const subs: NamedCode[] = [];
    for (const sub of options.subcategories[category.field_code] ?? []) {
      const list = (options.resources[category.field_code]?.[sub.field_code] ?? []).filter((i) =>
        wanted.has(i.field_item_short),
      );
      if (list.length === 0) continue;
      subs.push(sub);
      narrowed.resources[category.field_code] ??= {};
      (narrowed.resources[category.field_code] as Record<string, ResourceItem[]>)[sub.field_code] = list;
    }
    if (subs.length === 0) continue;
    narrowed.categories.push(category);
    narrowed.subcategories[category.field_code] = subs;
  }
  return narrowed;
}
