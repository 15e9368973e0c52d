import { type Kysely, type Migration, sql } from 'kysely';
import { reportMigration } from '../db/migration-reports.ts';
import type { Database } from '../db/tables.ts';
import { correctZoneDays, misdatedPublications } from './import/zone-correction.ts';

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
  // The import history (docs/fires-import.md, "History"): numbered after every earlier migration
  // so that a database already at 0051 takes it in order.
  '0060_fire_history': {
    async up(db: Kysely<unknown>) {
      // PostgreSQL numbers parameters ($1), SQLite does not (?): the two need different column types.
      const postgres = sql`select ${1}`.compile(db).sql.includes('$1');
      await db.schema
        .createTable('fire_imports')
        .addColumn('id', 'integer', (c) =>
          postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
        )
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('username', 'text')
        .addColumn('agency_code', 'text')
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text')
        .addColumn('total_rows', 'integer', (c) => c.notNull())
        .addColumn('inserted', 'integer', (c) => c.notNull())
        .addColumn('updated', 'integer', (c) => c.notNull())
        .addColumn('unchanged', 'integer', (c) => c.notNull())
        .addColumn('rejected', 'integer', (c) => c.notNull())
        .addColumn('file_bytes', 'integer', (c) => c.notNull())
        // Binary: a file may hold a NUL (its row is rejected), which PostgreSQL text cannot store.
        .addColumn('file_gzip', postgres ? 'bytea' : 'blob', (c) => c.notNull())
        .execute();
      // An agency user's list, newest first (the national list walks the primary key).
      await db.schema
        .createIndex('fire_imports_agency')
        .on('fire_imports')
        .columns(['agency_code', 'id'])
        .execute();
      await db.schema
        .createTable('fire_versions')
        .addColumn('id', 'integer', (c) =>
          postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
        )
        .addColumn('import_id', 'integer', (c) => c.notNull().references('fire_imports.id'))
        .addColumn('action', 'text', (c) => c.notNull())
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
        .execute();
      // A fire's versions in order, and the import's "has this fire any version yet" check.
      await db.schema
        .createIndex('fire_versions_fire')
        .on('fire_versions')
        .columns(['agency_code', 'agency_fire_id', 'id'])
        .execute();
      // What one import wrote.
      await db.schema.createIndex('fire_versions_import').on('fire_versions').column('import_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('fire_versions').execute();
      await db.schema.dropTable('fire_imports').execute();
    },
  },
  // A fire's life (docs/fires-import.md, "Sources" and "Snapshots"): which source last reported its
  // values and on which day, and the day a complete list stopped listing it. Numbered after the
  // feeds' table, which it changes too.
  '0150_fire_life': {
    async up(db: Kysely<unknown>) {
      for (const table of ['fires', 'fire_versions']) {
        await db.schema
          .alterTable(table)
          .addColumn('report_source', 'text', (c) => c.notNull().defaultTo('import'))
          .execute();
        await db.schema.alterTable(table).addColumn('reported_on', 'text').execute();
        await db.schema.alterTable(table).addColumn('ended_on', 'text').execute();
        // Before this migration, a fire's values were last reported when they were written.
        await sql`update ${sql.table(table)} set reported_on = substr(updated_at, 1, 10)`.execute(db);
      }
      for (const column of ['ended', 'overruled']) {
        await db.schema
          .alterTable('fire_imports')
          .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      }
      await db.schema.alterTable('fire_imports').addColumn('snapshot_on', 'text').execute();
      // A feed may send complete lists (docs/fires-import.md, "Snapshots"); null: by the file's layout.
      await db.schema.alterTable('fire_feeds').addColumn('snapshot', 'integer').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['fires', 'fire_versions']) {
        for (const column of ['report_source', 'reported_on', 'ended_on']) {
          await db.schema.alterTable(table).dropColumn(column).execute();
        }
      }
      for (const column of ['ended', 'overruled', 'snapshot_on']) {
        await db.schema.alterTable('fire_imports').dropColumn(column).execute();
      }
      await db.schema.alterTable('fire_feeds').dropColumn('snapshot').execute();
    },
  },
  // A value the file did not give is stored as unknown (docs/fires-import.md, "Values not
  // reported"): the fire's cause and response may be null. SQLite cannot drop a NOT NULL, so its
  // two tables are rebuilt with the same columns, keys and indexes.
  '0151_fire_unknown_values': {
    async up(db: Kysely<unknown>) {
      const postgres = sql`select ${1}`.compile(db).sql.includes('$1');
      if (postgres) {
        for (const table of ['fires', 'fire_versions'])
          for (const column of ['fire_cause', 'response_type'])
            await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} drop not null`.execute(
              db,
            );
        return;
      }
      await rebuildSqlite(db, 'fires', FIRES_SQLITE, FIRES_INDEXES);
      await rebuildSqlite(db, 'fire_versions', VERSIONS_SQLITE, VERSIONS_INDEXES);
    },
  },
  // The 2026 Canadian clock changes (docs/time-zones.md): the days of fires stored with older zone
  // data are read again from their import's kept file; a data migration, run once.
  '0170_fire_days_2026_zones': {
    async up(db: Kysely<unknown>) {
      const typed = db as Kysely<Database>;
      const result = typed.isTransaction
        ? await correctZoneDays(typed)
        : await typed.transaction().execute((trx) => correctZoneDays(trx));
      const misdated = await misdatedPublications(typed);
      reportMigration('0170_fire_days_2026_zones', {
        ...result,
        misdatedPublications: misdated.length,
        ...(misdated.length ? { publications: misdated.join('; ') } : {}),
      });
    },
  },
};

const VALUE_COLUMNS_SQLITE = `
  agency_code text not null,
  agency_fire_id text not null,
  agency_data_timezone text not null,
  situation_report_date text not null,
  status_date text not null,
  stage_of_control text not null,
  fire_cause text,
  response_type text,
  fire_size double precision not null,
  latitude double precision not null,
  longitude double precision not null,
  updated_at text not null,
  report_source text not null default 'import',
  reported_on text,
  ended_on text`;
const FIRES_SQLITE = `(${VALUE_COLUMNS_SQLITE},
  constraint fires_pk primary key (agency_code, agency_fire_id))`;
const VERSIONS_SQLITE = `(
  id integer primary key autoincrement,
  import_id integer not null references fire_imports (id),
  action text not null,${VALUE_COLUMNS_SQLITE})`;
const FIRES_INDEXES = [
  'create index fires_report_date on fires (situation_report_date, agency_code, agency_fire_id)',
  'create index fires_agency_stage_date on fires (agency_code, stage_of_control, situation_report_date)',
  'create index fires_stage_response on fires (stage_of_control, response_type, situation_report_date)',
  'create index fires_response_stage on fires (response_type, stage_of_control, situation_report_date)',
];
const VERSIONS_INDEXES = [
  'create index fire_versions_fire on fire_versions (agency_code, agency_fire_id, id)',
  'create index fire_versions_import on fire_versions (import_id)',
];

/** SQLite's way to change a column's constraint: a new table, the rows copied, the old one replaced. */
async function rebuildSqlite(db: Kysely<unknown>, table: string, definition: string, indexes: string[]) {
  const columns = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
  const names = columns.rows.map((c) => `"${c.name}"`).join(', ');
  await sql.raw(`create table ${table}_rebuilt ${definition}`).execute(db);
  await sql.raw(`insert into ${table}_rebuilt (${names}) select ${names} from ${table}`).execute(db);
  await sql.raw(`drop table ${table}`).execute(db);
  await sql.raw(`alter table ${table}_rebuilt rename to ${table}`).execute(db);
  for (const index of indexes) await sql.raw(index).execute(db);
}
