import { type ColumnDefinitionBuilder, type Kysely, type Migration, sql } from 'kysely';
import type { Database } from '../db/tables.ts';
import { publishedGeometryOf, shapesOf } from './store.ts';

export const migrations: Record<string, Migration> = {
  // Fire perimeters (docs/perimeters.md): every capture is a row, the newest of a fire is current.
  // The polygon is GeoJSON text with its box in four indexed columns, the same on both engines
  // (docs/decisions.md, "Perimeters without PostGIS").
  '0160_perimeters': {
    async up(db: Kysely<unknown>) {
      // PostgreSQL numbers parameters ($1), SQLite does not (?): the two need different id columns.
      const postgres = sql`select ${1}`.compile(db).sql.includes('$1');
      const id = (c: ColumnDefinitionBuilder) =>
        postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
      await db.schema
        .createTable('perimeter_imports')
        .addColumn('id', 'integer', id)
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('username', 'text')
        .addColumn('agency_code', 'text')
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text')
        .addColumn('file_bytes', 'integer', (c) => c.notNull())
        .addColumn('total_features', 'integer', (c) => c.notNull())
        .addColumn('inserted', 'integer', (c) => c.notNull())
        .addColumn('replaced', 'integer', (c) => c.notNull())
        .addColumn('unchanged', 'integer', (c) => c.notNull())
        .addColumn('refused', 'integer', (c) => c.notNull())
        .addColumn('unmatched', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('perimeter_imports_agency')
        .on('perimeter_imports')
        .columns(['agency_code', 'id'])
        .execute();
      await db.schema
        .createTable('perimeters')
        .addColumn('id', 'integer', id)
        .addColumn('import_id', 'integer', (c) => c.references('perimeter_imports.id'))
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('agency_code', 'text')
        .addColumn('agency_fire_id', 'text')
        .addColumn('fire_name', 'text')
        .addColumn('captured_at', 'text', (c) => c.notNull())
        .addColumn('area_ha', 'double precision', (c) => c.notNull())
        .addColumn('agency_area_ha', 'double precision')
        .addColumn('vertex_count', 'integer', (c) => c.notNull())
        .addColumn('geometry', 'text', (c) => c.notNull())
        .addColumn('min_lon', 'double precision', (c) => c.notNull())
        .addColumn('min_lat', 'double precision', (c) => c.notNull())
        .addColumn('max_lon', 'double precision', (c) => c.notNull())
        .addColumn('max_lat', 'double precision', (c) => c.notNull())
        .addColumn('is_current', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      // A fire's captures in order (its growth, and which one is current).
      await db.schema
        .createIndex('perimeters_fire')
        .on('perimeters')
        .columns(['agency_code', 'agency_fire_id', 'captured_at'])
        .execute();
      // The map's read: current perimeters whose box meets the view.
      await db.schema
        .createIndex('perimeters_box')
        .on('perimeters')
        .columns(['is_current', 'min_lon', 'max_lon', 'min_lat', 'max_lat'])
        .execute();
      await db.schema.createIndex('perimeters_import').on('perimeters').column('import_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('perimeters').execute();
      await db.schema.dropTable('perimeter_imports').execute();
    },
  },
  // A fire id recurs across seasons: a capture names the season of its fire (docs/perimeters.md,
  // "Matching"). Null for the captures kept before, which match the fire holding the id as they did.
  '0161_perimeters_fire_year': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('perimeters').addColumn('fire_year', 'integer').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('perimeters').dropColumn('fire_year').execute();
    },
  },
  // The map's shapes per zoom band, stored with each capture (docs/perimeters.md, "The map"): the
  // read then sends stored text instead of parsing and simplifying every polygon. One column per
  // band of PERIMETER_ZOOM_BANDS as it stands; the captures kept so far get theirs here.
  '0163_perimeters_shapes': {
    async up(db: Kysely<unknown>) {
      for (const column of SHAPE_COLUMNS)
        await db.schema.alterTable('perimeters').addColumn(column, 'text').execute();
      const kysely = db as unknown as Kysely<Database>;
      for (let last = 0; ; ) {
        const rows = await kysely
          .selectFrom('perimeters')
          .select(['id', 'geometry'])
          .where('id', '>', last)
          .orderBy('id')
          .limit(200)
          .execute();
        if (!rows.length) break;
        for (const r of rows)
          await kysely.updateTable('perimeters').set(shapesOf(r.geometry)).where('id', '=', r.id).execute();
        last = rows[rows.length - 1]?.id ?? last;
      }
    },
    async down(db: Kysely<unknown>) {
      for (const column of SHAPE_COLUMNS)
        await db.schema.alterTable('perimeters').dropColumn(column).execute();
    },
  },
  // The field mapping remembered per agency (docs/perimeters.md, "Field mapping").
  '0180_perimeter_field_mappings': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('perimeter_field_mappings')
        .addColumn('agency_code', 'text', (c) => c.primaryKey())
        .addColumn('fire_id_field', 'text')
        .addColumn('captured_at_field', 'text')
        .addColumn('agency_field', 'text')
        .addColumn('area_ha_field', 'text')
        .addColumn('updated_by', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('perimeter_field_mappings').execute();
    },
  },
  // The geometry as published (tables.ts, `published_geometry`), stored with each capture so the
  // OGC items send stored text; the captures kept so far get theirs here.
  '0181_perimeters_published_geometry': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('perimeters').addColumn('published_geometry', 'text').execute();
      const kysely = db as unknown as Kysely<Database>;
      for (let last = 0; ; ) {
        const rows = await kysely
          .selectFrom('perimeters')
          .select(['id', 'geometry'])
          .where('id', '>', last)
          .orderBy('id')
          .limit(200)
          .execute();
        if (!rows.length) break;
        for (const r of rows)
          await kysely
            .updateTable('perimeters')
            .set({ published_geometry: publishedGeometryOf(r.geometry) })
            .where('id', '=', r.id)
            .execute();
        last = rows[rows.length - 1]?.id ?? last;
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('perimeters').dropColumn('published_geometry').execute();
    },
  },
};

const SHAPE_COLUMNS = ['shape_z4', 'shape_z6', 'shape_z8', 'shape_z10', 'shape_z24'] as const;
