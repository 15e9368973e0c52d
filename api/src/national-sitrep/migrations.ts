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
  // Expand only: the editing session of the current version (no overwrite across tabs).
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
  // One name for the lease's end on every leased table (db/lease.ts), as agency_sitreps has it.
  // Expand only (deploy/README.md, "Migrations"): the new column is added and the live lease copied
  // into it; the old `claim_expires` stays for the release still running during the rolling
  // restart and is dropped by a later release. While both releases run, each sees only the leases
  // it wrote, for those seconds; saves still carry their base version, so nothing is lost (a 409).
  '0140_national_sitrep_claim_expires_at': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('national_sitrep_draft').addColumn('claim_expires_at', 'text').execute();
      await db
        .updateTable('national_sitrep_draft')
        .set((eb) => ({ claim_expires_at: eb.ref('claim_expires') }))
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('national_sitrep_draft').dropColumn('claim_expires_at').execute();
    },
  },
};
