import { AGENCIES } from '@ciffc/contracts';
import type { Kysely, Migration } from 'kysely';
import type { Database } from '../db/tables.ts';

export const migrations: Record<string, Migration> = {
  '0002_agencies': {
    async up(db: Kysely<Pick<Database, 'agencies'>>) {
      await db.schema
        .createTable('agencies')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('name_en', 'text', (c) => c.notNull())
        .addColumn('name_fr', 'text', (c) => c.notNull())
        .addColumn('website', 'text', (c) => c.notNull())
        .addColumn('website_priority_wildfires', 'text')
        .addColumn('has_sitrep', 'integer', (c) => c.notNull())
        .addColumn('time_zone', 'text', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .execute();
      // The 13 agencies are fixed by the specification; the table exists so that SQL can join on them.
      await db
        .insertInto('agencies')
        .values(
          AGENCIES.map((a, i) => ({
            code: a.code,
            name_en: a.name.en,
            name_fr: a.name.fr,
            website: a.website,
            website_priority_wildfires: a.website_priority_wildfires ?? null,
            has_sitrep: a.has_sitrep ? 1 : 0,
            time_zone: a.time_zone,
            sort_order: i,
          })),
        )
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('agencies').execute();
    },
  },
};
