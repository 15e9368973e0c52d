import { RESOURCE_CATALOGUE, SHORTNAME_LIST_NAMES, SHORTNAME_LISTS } from '@ciffc/contracts';
import type { Kysely, Migration } from 'kysely';

export const migrations: Record<string, Migration> = {
  '0020_resources': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('resource_categories')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('name_en', 'text', (c) => c.notNull())
        .addColumn('name_fr', 'text', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('resource_subcategories')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('category_code', 'text', (c) => c.notNull().references('resource_categories.code'))
        .addColumn('name_en', 'text', (c) => c.notNull())
        .addColumn('name_fr', 'text', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('resource_items')
        .addColumn('short', 'text', (c) => c.primaryKey())
        .addColumn('category_code', 'text', (c) => c.notNull().references('resource_categories.code'))
        .addColumn('subcategory_code', 'text', (c) => c.notNull().references('resource_subcategories.code'))
        .addColumn('name_en', 'text', (c) => c.notNull())
        .addColumn('name_fr', 'text', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('resource_shortnames')
        .addColumn('list', 'text', (c) => c.notNull())
        .addColumn('short', 'text', (c) => c.notNull().references('resource_items.short'))
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('resource_shortnames_pk', ['list', 'short'])
        .execute();

      // Seeded from the catalogue of packages/contracts; later changes are new migrations.
      let order = 0;
      for (const category of RESOURCE_CATALOGUE) {
        await db
          .insertInto('resource_categories')
          .values({
            code: category.code,
            name_en: category.name.en,
            name_fr: category.name.fr,
            sort_order: order++,
          })
          .execute();
        for (const sub of category.subcategories) {
          await db
            .insertInto('resource_subcategories')
            .values({
              code: sub.code,
              category_code: category.code,
              name_en: sub.name.en,
              name_fr: sub.name.fr,
              sort_order: order++,
            })
            .execute();
          await db
            .insertInto('resource_items')
            .values(
              sub.items.map((i) => ({
                short: i.short,
                category_code: category.code,
                subcategory_code: sub.code,
                name_en: i.name.en,
                name_fr: i.name.fr,
                active: i.active === false ? 0 : 1,
                sort_order: order++,
              })),
            )
            .execute();
        }
      }
      for (const list of SHORTNAME_LIST_NAMES) {
        await db
          .insertInto('resource_shortnames')
          .values(SHORTNAME_LISTS[list].map((short, i) => ({ list, short, sort_order: i })))
          .execute();
      }
    },
    async down(db: Kysely<any>) {
      for (const table of [
        'resource_shortnames',
        'resource_items',
        'resource_subcategories',
        'resource_categories',
      ])
        await db.schema.dropTable(table).execute();
    },
  },
};
