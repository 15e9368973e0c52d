/**
 * The resource catalogue's tables, merged into the one `Database` interface of `db/tables.ts`
 * (declaration merging keeps each domain's tables beside its own SQL).
 */
interface ResourceCategoriesTable {
  code: string;
  name_en: string;
  name_fr: string;
  sort_order: number;
}

interface ResourceSubcategoriesTable {
  code: string;
  category_code: string;
  name_en: string;
  name_fr: string;
  sort_order: number;
}

interface ResourceItemsTable {
  /** field_item_short */
  short: string;
  category_code: string;
  subcategory_code: string;
  name_en: string;
  name_fr: string;
  /** 1 active, 0 retired (kept for old reports). */
  active: number;
  sort_order: number;
}

interface ResourceShortnamesTable {
  /** default | expanded | short */
  list: string;
  short: string;
  sort_order: number;
}

declare module '../db/tables.ts' {
  interface Database {
    resource_categories: ResourceCategoriesTable;
    resource_subcategories: ResourceSubcategoriesTable;
    resource_items: ResourceItemsTable;
    resource_shortnames: ResourceShortnamesTable;
  }
}

export {};
