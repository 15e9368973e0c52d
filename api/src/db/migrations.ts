import type { Kysely, Migration } from 'kysely';

/**
 * Migrations of the shared infrastructure. Each domain exports its own `migrations` record; names
 * start with a sortable number so the union runs in one order on every engine.
 */
export const migrations: Record<string, Migration> = {
  '0001_data_versions': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('data_versions')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('data_versions').execute();
    },
  },
};
