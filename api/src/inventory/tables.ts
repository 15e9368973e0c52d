/** The inventory's tables, merged into the one `Database` interface of `db/tables.ts`. */
export interface InventoryTable {
  /** Random id (text on both engines), sent to the site and back in inventory_to_remove. */
  id: string;
  agency_code: string;
  category_code: string;
  subcategory_code: string;
  /** field_item_short of the resource. */
  item_short: string;
  seasonal: number;
  exportable: number;
  /** ISO timestamp of the save that last changed the row. */
  last_update: string;
  updated_by: string;
}

/** One row per agency: its save counter and the lock flag the input screen honours. */
interface InventoryStateTable {
  agency_code: string;
  version_number: number;
  locked: number;
  last_update: string | null;
  updated_by: string | null;
  /** The editing session (one per tab) of the last save, and the version its run of saves started on. */
  edit_session: string | null;
  edit_session_base: number | null;
}

/** Every accepted save, kept: the agency's rows as JSON after that save. */
interface InventoryVersionsTable {
  agency_code: string;
  version_number: number;
  saved_at: string;
  saved_by: string;
  rows: string;
}

declare module '../db/tables.ts' {
  interface Database {
    inventory: InventoryTable;
    inventory_state: InventoryStateTable;
    inventory_versions: InventoryVersionsTable;
  }
}
