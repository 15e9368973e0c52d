import type { Kysely, Migration } from 'kysely';

export const migrations: Record<string, Migration> = {
  '0021_inventory': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('inventory')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('agency_code', 'text', (c) => c.notNull().references('agencies.code'))
        .addColumn('category_code', 'text', (c) => c.notNull())
        .addColumn('subcategory_code', 'text', (c) => c.notNull())
        .addColumn('item_short', 'text', (c) => c.notNull().references('resource_items.short'))
        .addColumn('seasonal', 'integer', (c) => c.notNull())
        .addColumn('exportable', 'integer', (c) => c.notNull())
        .addColumn('last_update', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .execute();
      // The input screen reads one agency; the summary filters by agency, category, subcategory, item.
      await db.schema
        .createIndex('inventory_agency_resource')
        .on('inventory')
        .columns(['agency_code', 'category_code', 'subcategory_code', 'item_short'])
        .execute();
      await db.schema
        .createIndex('inventory_resource')
        .on('inventory')
        .columns(['category_code', 'subcategory_code', 'item_short'])
        .execute();
      await db.schema
        .createTable('inventory_state')
        .addColumn('agency_code', 'text', (c) => c.primaryKey().references('agencies.code'))
        .addColumn('version_number', 'integer', (c) => c.notNull())
        .addColumn('locked', 'integer', (c) => c.notNull())
        .addColumn('last_update', 'text')
        .addColumn('updated_by', 'text')
        .execute();
      await db.schema
        .createTable('inventory_versions')
        .addColumn('agency_code', 'text', (c) => c.notNull().references('agencies.code'))
        .addColumn('version_number', 'integer', (c) => c.notNull())
        .addColumn('saved_at', 'text', (c) => c.notNull())
        .addColumn('saved_by', 'text', (c) => c.notNull())
        .addColumn('rows', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('inventory_versions_pk', ['agency_code', 'version_number'])
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ['inventory_versions', 'inventory_state', 'inventory'])
        await db.schema.dropTable(table).execute();
    },
  },
  // Expand only: the editing session of the last save (no overwrite across tabs).
  '0074_inventory_edit_sessions': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('inventory_state').addColumn('edit_session', 'text').execute();
      await db.schema.alterTable('inventory_state').addColumn('edit_session_base', 'integer').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('inventory_state').dropColumn('edit_session_base').execute();
      await db.schema.alterTable('inventory_state').dropColumn('edit_session').execute();
    },
  },
};
