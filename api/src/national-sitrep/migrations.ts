import type { Kysely, Migration } from 'kysely';

export const migrations: Record<string, Migration> = {
  '0050_national_sitrep': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('national_sitrep_draft')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('version_number', 'integer', (c) => c.notNull())
        .addColumn('claimed_by', 'integer')
        .addColumn('claimed_by_name', 'text')
        .addColumn('claim_expires', 'text')
        .addColumn('edited_by', 'integer')
        .addColumn('edited_by_name', 'text')
        .addColumn('last_edit', 'text')
        .execute();
      await db.schema
        .createTable('national_sitrep_versions')
        .addColumn('version_number', 'integer', (c) => c.primaryKey())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('edited_by', 'integer')
        .addColumn('edited_by_name', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('national_sitrep_publications')
        .addColumn('report_date', 'text', (c) => c.notNull())
        .addColumn('publication_number', 'integer', (c) => c.notNull())
        .addColumn('current', 'integer', (c) => c.notNull())
        .addColumn('draft_version', 'integer', (c) => c.notNull())
        .addColumn('preparedness_level', 'text', (c) => c.notNull())
        .addColumn('report', 'text', (c) => c.notNull())
        .addColumn('fields', 'text', (c) => c.notNull())
        .addColumn('published_at', 'text', (c) => c.notNull())
        .addColumn('published_by', 'text')
        .addPrimaryKeyConstraint('national_sitrep_publications_pk', ['report_date', 'publication_number'])
        .execute();
      // The public reads (one date, the latest, the archive) only look at current rows.
      await db.schema
        .createIndex('national_sitrep_publications_current')
        .on('national_sitrep_publications')
        .columns(['current', 'report_date'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('national_sitrep_publications').execute();
      await db.schema.dropTable('national_sitrep_versions').execute();
      await db.schema.dropTable('national_sitrep_draft').execute();
    },
  },
  // Expand only: the editing session of the current version (issue 9: no overwrite across tabs).
  '0073_national_sitrep_edit_sessions': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('national_sitrep_draft').addColumn('edit_session', 'text').execute();
      await db.schema.alterTable('national_sitrep_draft').addColumn('edit_session_base', 'integer').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('national_sitrep_draft').dropColumn('edit_session_base').execute();
      await db.schema.alterTable('national_sitrep_draft').dropColumn('edit_session').execute();
    },
  },
};
