import { AGENCY_CODES } from '@ciffc/contracts';
import type { Kysely, Migration } from 'kysely';
import { DIP_FEED_AGENCIES } from './dip-feed.ts';

export const migrations: Record<string, Migration> = {
  '0040_agency_sitrep': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('agency_sitreps')
        .addColumn('agency', 'text', (c) => c.primaryKey())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('N'))
        .addColumn('version_number', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('document', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('validation_errors', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('claimed_by', 'integer')
        .addColumn('claimed_by_name', 'text')
        .addColumn('claim_expires_at', 'text')
        .addColumn('edited_by', 'text')
        .addColumn('last_edit', 'text')
        .addColumn('approved_version', 'integer')
        .addColumn('approved_at', 'text')
        .addColumn('approved_by', 'text')
        .addColumn('published_version', 'integer')
        .addColumn('published_at', 'text')
        .addColumn('has_dip_feed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('history_seq', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('agency_sitrep_versions')
        .addColumn('agency', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('username', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('document', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('agency_sitrep_versions_pk', ['agency', 'seq'])
        .execute();
      // The approved and published copies are looked up by version; the yearly export by time.
      await db.schema
        .createIndex('agency_sitrep_versions_version')
        .on('agency_sitrep_versions')
        .columns(['agency', 'version', 'kind'])
        .execute();
      await db.schema
        .createIndex('agency_sitrep_versions_kind_time')
        .on('agency_sitrep_versions')
        .columns(['kind', 'created_at'])
        .execute();
      // Every agency has its one continuous document from the start (status N, version 0).
      await db
        .insertInto('agency_sitreps')
        .values(
          AGENCY_CODES.map((agency) => ({
            agency,
            has_dip_feed: (DIP_FEED_AGENCIES as readonly string[]).includes(agency) ? 1 : 0,
          })),
        )
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('agency_sitrep_versions').execute();
      await db.schema.dropTable('agency_sitreps').execute();
    },
  },
  // Expand only (old code keeps working): the editing session of each save, the submitted version,
  // and the Not Approved reason kept with the refused version.
  '0072_agency_sitrep_edit_sessions': {
    async up(db: Kysely<any>) {
      for (const [column, type] of [
        ['edit_session', 'text'],
        ['edit_session_base', 'integer'],
        ['submitted_version', 'integer'],
        ['rejected_version', 'integer'],
        ['rejected_reason', 'text'],
      ] as const)
        await db.schema.alterTable('agency_sitreps').addColumn(column, type).execute();
      for (const column of ['edit_session', 'reason'])
        await db.schema.alterTable('agency_sitrep_versions').addColumn(column, 'text').execute();
    },
    async down(db: Kysely<any>) {
      for (const column of [
        'edit_session',
        'edit_session_base',
        'submitted_version',
        'rejected_version',
        'rejected_reason',
      ])
        await db.schema.alterTable('agency_sitreps').dropColumn(column).execute();
      for (const column of ['edit_session', 'reason'])
        await db.schema.alterTable('agency_sitrep_versions').dropColumn(column).execute();
    },
  },
};
