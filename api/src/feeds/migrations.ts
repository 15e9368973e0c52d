import type { Kysely, Migration } from 'kysely';

export const migrations: Record<string, Migration> = {
  // Agency feeds polled on a schedule (docs/fires-import.md, "Agency feeds").
  '0130_fire_feeds': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('fire_feeds')
        .addColumn('agency_code', 'text', (c) => c.primaryKey())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('interval_minutes', 'integer', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('etag', 'text')
        .addColumn('last_modified', 'text')
        .addColumn('next_run_at', 'text', (c) => c.notNull())
        .addColumn('last_run_at', 'text')
        .addColumn('last_success_at', 'text')
        .addColumn('last_error_at', 'text')
        .addColumn('last_error', 'text')
        .addColumn('last_outcome', 'text')
        .addColumn('last_total_rows', 'integer')
        .addColumn('last_accepted', 'integer')
        .addColumn('last_rejected', 'integer')
        .addColumn('last_import_id', 'integer')
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', 'text')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('fire_feeds').execute();
    },
  },
  // Perimeter feeds (docs/perimeters.md, "A scheduled feed"): the same columns as the fires' feeds,
  // so one poller serves both kinds; a table apart, since an agency may have one of each.
  '0162_perimeter_feeds': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('perimeter_feeds')
        .addColumn('agency_code', 'text', (c) => c.primaryKey())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('interval_minutes', 'integer', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('etag', 'text')
        .addColumn('last_modified', 'text')
        .addColumn('next_run_at', 'text', (c) => c.notNull())
        .addColumn('last_run_at', 'text')
        .addColumn('last_success_at', 'text')
        .addColumn('last_error_at', 'text')
        .addColumn('last_error', 'text')
        .addColumn('last_outcome', 'text')
        .addColumn('last_total_rows', 'integer')
        .addColumn('last_accepted', 'integer')
        .addColumn('last_rejected', 'integer')
        .addColumn('last_import_id', 'integer')
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('snapshot', 'integer')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('perimeter_feeds').execute();
    },
  },
};
