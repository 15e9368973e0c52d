import type { Kysely, Migration } from 'kysely';

export const migrations: Record<string, Migration> = {
  '0051_duty_officers': {
    async up(db: Kysely<any>) {
      // Names offered as suggestions on the national form; a published duty officer is added or refreshed.
      await db.schema
        .createTable('duty_officers')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('phone', 'text')
        .addColumn('last_on_duty', 'text')
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('duty_officers').execute();
    },
  },
};
