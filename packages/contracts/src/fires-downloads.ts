/**
 * The national fires list's downloads, without zod: the list page loads these (the query's schema
 * is in `exports.ts`).
 */
import type { NATIONAL_FIRES_COLUMNS } from './fires.ts';
import type { Locale } from './format.ts';
import { PRODUCT } from './product.ts';
/**
 * The national fires list's downloads (GET /v1/wildfires/download): the current view of the list in
 * the format a person or a GIS tool opens (docs/open-data.md).
 * - `csv`: headers and code labels in the request's language, for a spreadsheet reader;
 * - `csv-codes`: the machine-readable variant, the specification's field names and raw codes (the
 *   same columns as `/v1/wildfires?export=true&format=csv`);
 * - `csv-excel-fr`: the machine-readable columns as French Excel opens them in columns (semicolons,
 *   decimal commas, UTF-8 with a BOM), which is also the fire import's semicolon format;
 * - `geojson`: a FeatureCollection in CRS84 (longitude, latitude);
 * - `kml`: KML 2.2, a Placemark per fire;
 * - `gpkg`: GeoPackage 1.3, a `fires` point layer in WGS 84 (EPSG:4326) with the GeoJSON's values.
 */
export const WILDFIRES_DOWNLOAD_FORMATS = [
  'csv',
  'csv-codes',
  'csv-excel-fr',
  'geojson',
  'kml',
  'gpkg',
] as const;
export type WildfiresDownloadFormat = (typeof WILDFIRES_DOWNLOAD_FORMATS)[number];

/** File name and media type of each download; the name says the product and the list. */
export const WILDFIRES_DOWNLOAD_FILES: Record<WildfiresDownloadFormat, { file: string; mediaType: string }> =
  {
    csv: { file: `${PRODUCT}-fires.csv`, mediaType: 'text/csv; charset=utf-8' },
    'csv-codes': { file: `${PRODUCT}-fires-codes.csv`, mediaType: 'text/csv; charset=utf-8' },
    'csv-excel-fr': { file: `${PRODUCT}-feux-excel.csv`, mediaType: 'text/csv; charset=utf-8' },
    geojson: { file: `${PRODUCT}-fires.geojson`, mediaType: 'application/geo+json' },
    kml: { file: `${PRODUCT}-fires.kml`, mediaType: 'application/vnd.google-earth.kml+xml; charset=utf-8' },
    // The media type the GeoPackage standard registers with IANA (spec Annex M).
    gpkg: { file: `${PRODUCT}-fires.gpkg`, mediaType: 'application/geopackage+sqlite3' },
  };

/** Headers of the labelled CSV, in the order of NATIONAL_FIRES_COLUMNS (the list's column names). */
export const NATIONAL_FIRES_COLUMN_NAMES: Record<
  (typeof NATIONAL_FIRES_COLUMNS)[number],
  Record<Locale, string>
> = {
  field_agency_fire_id: { en: 'Agency Fire ID', fr: 'Identifiant du feu (agence)' },
  field_agency_code: { en: 'Agency', fr: 'Agence' },
  field_agency_data_timezone: { en: 'Agency Data Timezone', fr: 'Fuseau horaire des données de l’agence' },
  field_situation_report_date: { en: 'Situation Report Date', fr: 'Date du rapport de situation' },
  field_status_date: { en: 'Status Date', fr: 'Date du statut' },
  field_stage_of_control_status: { en: 'Stage of Control Status', fr: 'Stade de maîtrise' },
  field_system_fire_cause: { en: 'National Fire Cause', fr: 'Cause nationale du feu' },
  field_response_type: { en: 'Response Type', fr: 'Type d’intervention' },
  field_fire_size: { en: 'Fire Size (ha)', fr: 'Superficie du feu (ha)' },
  field_latitude: { en: 'Latitude', fr: 'Latitude' },
  field_longitude: { en: 'Longitude', fr: 'Longitude' },
};

/**
 * The column both CSVs add after the list's: the mapped area of the fire's current perimeter
 * (docs/perimeters.md), empty when the fire has none. Its code name has no `field_` prefix: it is
 * not a field of the specification's export.
 */
export const PERIMETER_AREA_COLUMN = {
  code: 'perimeter_area_ha',
  name: { en: 'Perimeter Area (ha)', fr: 'Superficie du périmètre (ha)' },
} as const satisfies { code: string; name: Record<Locale, string> };
