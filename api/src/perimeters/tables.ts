import type { ColumnType, Generated, Selectable } from 'kysely';

/** One import of perimeters that was written (not a dry run): who, when, what it counted. */
interface PerimeterImportsTable {
  id: Generated<number>;
  created_at: string;
  /** 'api' (POST /v1/perimeters/import), 'cli' or 'feed'. */
  source: string;
  user_id: number | null;
  username: string | null;
  /** An agency user's import: the only agency it could hold; null: any agency. */
  agency_code: string | null;
  format: string;
  file_name: string | null;
  file_bytes: number;
  total_features: number;
  inserted: number;
  replaced: number;
  unchanged: number;
  refused: number;
  unmatched: number;
}

/**
 * One capture of a fire's burned area. Append-only but for a capture of the same fire and time
 * sent again with another polygon (replaced in place). `is_current` marks the newest capture of
 * each fire, and every capture without a fire id (each stands alone).
 */
export interface PerimetersTable {
  id: Generated<number>;
  import_id: number | null;
  source: string;
  /** As the file named them; null when it did not (CWFIS estimated perimeters have no fire id). */
  agency_code: string | null;
  agency_fire_id: string | null;
  fire_name: string | null;
  /**
   * The fire's season (`fireYearOf`), as the file gave it or as the matched fire's; null when
   * neither said: the capture then belongs to whichever fire holds the id (docs/perimeters.md).
   */
  fire_year: ColumnType<number | null, number | null | undefined, number | null>;
  /** ISO 8601: a timestamp, or a day for sources that give only the day. */
  captured_at: string;
  /** Geodesic area of the stored polygon. */
  area_ha: number;
  /** The agency's own figure, when the file gave one (US acres converted to hectares). */
  agency_area_ha: number | null;
  vertex_count: number;
  /** The (Multi)Polygon as GeoJSON geometry text in CRS84. */
  geometry: string;
  min_lon: number;
  min_lat: number;
  max_lon: number;
  max_lat: number;
  is_current: number;
  created_at: string;
  /**
   * The polygon simplified for each zoom band (`PERIMETER_ZOOM_BANDS`, named by its `maxZoom`), as
   * GeoJSON text; null when it collapses at that band. Computed once when the capture is stored, so
   * the map's read sends stored text (docs/perimeters.md, "The map").
   */
  shape_z4: Shape;
  shape_z6: Shape;
  shape_z8: Shape;
  shape_z10: Shape;
  shape_z24: Shape;
  /**
   * The (Multi)Polygon as published (`publishedArea`: CRS84, coordinates rounded as the OGC items
   * give them), as GeoJSON text, computed once when the capture is stored: a page of the OGC items
   * in CRS84 sends this text instead of parsing, rounding and serialising every vertex again.
   * Null only for a capture stored before the column, until the migration fills it.
   */
  published_geometry: Shape;
}

type Shape = ColumnType<string | null, string | null | undefined, string | null>;

/**
 * The field mapping last used for an agency's perimeter files (docs/perimeters.md, "Field
 * mapping"): which attribute holds each field, null for none. A setting, replaced by the next.
 */
interface PerimeterFieldMappingsTable {
  /** The agency whose files it maps, or `ciffc`: the national centre's files of several agencies. */
  agency_code: string;
  fire_id_field: string | null;
  captured_at_field: string | null;
  agency_field: string | null;
  area_ha_field: string | null;
  updated_by: string | null;
  updated_at: string;
}

declare module '../db/tables.ts' {
  interface Database {
    perimeter_field_mappings: PerimeterFieldMappingsTable;
    perimeter_imports: PerimeterImportsTable;
    perimeters: PerimetersTable;
  }
}

/** What a published capture shows (downloads, the OGC collection): its columns and its row. */
export const PUBLISHED_PERIMETER_COLUMNS = [
  'id',
  'agency_code',
  'agency_fire_id',
  'fire_name',
  'captured_at',
  'area_ha',
  'agency_area_ha',
  'source',
  'is_current',
  'geometry',
] as const;
export type PublishedPerimeter = Pick<
  Selectable<PerimetersTable>,
  (typeof PUBLISHED_PERIMETER_COLUMNS)[number]
>;

/** The same columns but the geometry: the reads that join the stored published geometry instead. */
export const PUBLISHED_PROPERTY_COLUMNS = PUBLISHED_PERIMETER_COLUMNS.filter(
  (c): c is Exclude<(typeof PUBLISHED_PERIMETER_COLUMNS)[number], 'geometry'> => c !== 'geometry',
);

/** A published capture's properties, under the names the OGC collection and the downloads share. */
export const publishedProperties = (r: Omit<PublishedPerimeter, 'geometry'>) => ({
  agency_code: r.agency_code,
  agency_fire_id: r.agency_fire_id,
  fire_name: r.fire_name,
  captured_at: r.captured_at,
  area_ha: r.area_ha,
  agency_area_ha: r.agency_area_ha,
  source: r.source,
  current: r.is_current === 1,
});
