import type { Kysely, Migration } from 'kysely';

export const migrations: Record<string, Migration> = {
  '0004_historical': {
    async up(db: Kysely<unknown>) {
      // Past seasons per agency (1980 to last year); the current season is counted from `fires`.
      await db.schema
        .createTable('historical_yearly')
        .addColumn('agency_code', 'text', (c) => c.notNull())
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('fires', 'integer', (c) => c.notNull())
        .addColumn('hectares', 'double precision', (c) => c.notNull())
        .addPrimaryKeyConstraint('historical_yearly_pk', ['agency_code', 'year'])
        .execute();
      await db.schema.createIndex('historical_yearly_year').on('historical_yearly').column('year').execute();
      await db.schema
        .createTable('historical_weekly')
        .addColumn('agency_code', 'text', (c) => c.notNull())
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('week', 'integer', (c) => c.notNull())
        .addColumn('fires', 'integer', (c) => c.notNull())
        .addColumn('hectares', 'double precision', (c) => c.notNull())
        .addPrimaryKeyConstraint('historical_weekly_pk', ['agency_code', 'year', 'week'])
        .execute();
      await db.schema
        .createIndex('historical_weekly_year_week')
        .on('historical_weekly')
        .columns(['year', 'week'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('historical_weekly').execute();
      await db.schema.dropTable('historical_yearly').execute();
    },
  },
};
