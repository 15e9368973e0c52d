import type { Kysely, Migration } from 'kysely';

export const migrations: Record<string, Migration> = {
  '0003_fires': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('fires')
        .addColumn('agency_code', 'text', (c) => c.notNull())
        .addColumn('agency_fire_id', 'text', (c) => c.notNull())
        .addColumn('agency_data_timezone', 'text', (c) => c.notNull())
        .addColumn('situation_report_date', 'text', (c) => c.notNull())
        .addColumn('status_date', 'text', (c) => c.notNull())
        .addColumn('stage_of_control', 'text', (c) => c.notNull())
        .addColumn('fire_cause', 'text', (c) => c.notNull())
        .addColumn('response_type', 'text', (c) => c.notNull())
        .addColumn('fire_size', 'double precision', (c) => c.notNull())
        .addColumn('latitude', 'double precision', (c) => c.notNull())
        .addColumn('longitude', 'double precision', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        // The import's upsert key.
        .addPrimaryKeyConstraint('fires_pk', ['agency_code', 'agency_fire_id'])
        .execute();
      // Season ranges, daily and weekly counts, fire-count, and the list's default order.
      await db.schema
        .createIndex('fires_report_date')
        .on('fires')
        .columns(['situation_report_date', 'agency_code', 'agency_fire_id'])
        .execute();
      // The national list filtered by agency (and stage), newest first.
      await db.schema
        .createIndex('fires_agency_stage_date')
        .on('fires')
        .columns(['agency_code', 'stage_of_control', 'situation_report_date'])
        .execute();
      // Filters by stage or response alone, and the map (stage <> OUT).
      await db.schema
        .createIndex('fires_stage_response')
        .on('fires')
        .columns(['stage_of_control', 'response_type', 'situation_report_date'])
        .execute();
      await db.schema
        .createIndex('fires_response_stage')
        .on('fires')
        .columns(['response_type', 'stage_of_control', 'situation_report_date'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('fires').execute();
    },
  },
};
