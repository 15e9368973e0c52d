/**
 * Reports and exports (docs/spec/data-entry.md 2.5, 7): one year of published national sitreps or
 * approved agency sitreps, as JSON rows for the site (which writes the file) or as the CSV itself.
 */
import { z } from 'zod';
import { FIRST_EXPORT_YEAR } from './codes.ts';
import type { NATIONAL_FIRES_COLUMNS } from './fires.ts';
import type { Locale } from './format.ts';
import { PRODUCT } from './product.ts';
import { WildfiresListQuery } from './wildfires.ts';

/** ?export=&year=&format= of GET /v1/sitrep/{national,agency}/export; the year is bounded by today's. */
export const sitrepExportQuery = (currentYear: () => number) =>
  z.object({
    export: z.enum(['true', '1']).optional().describe('true (the site always sends it)'),
    year: z.coerce
      .number()
      .int()
      .min(FIRST_EXPORT_YEAR)
      .refine((y) => y <= currentYear(), { message: 'must not be after the current year' })
      .describe(`${FIRST_EXPORT_YEAR} to the current year`),
    format: z.enum(['json', 'csv']).optional().describe('csv: the file itself'),
  });

/** One exported report: its columns, in the export's order, with their values. */
const SitrepExportRow = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type SitrepExportRow = z.infer<typeof SitrepExportRow>;

export const SitrepExportRows = z.array(SitrepExportRow);

/**
 * The national fires list's downloads (GET /v1/wildfires/download): the current view of the list in
 * the format a person or a GIS tool opens (docs/open-data.md).
 * - `csv`: headers and code labels in the request's language, for a spreadsheet reader;
 * - `csv-codes`: the machine-readable variant, the specification's field names and raw codes (the
 *   same columns as `/v1/wildfires?export=true&format=csv`);
 * - `geojson`: a FeatureCollection in CRS84 (longitude, latitude);
 * - `kml`: KML 2.2, a Placemark per fire.
 */
export const WILDFIRES_DOWNLOAD_FORMATS = ['csv', 'csv-codes', 'geojson', 'kml'] as const;
export type WildfiresDownloadFormat = (typeof WILDFIRES_DOWNLOAD_FORMATS)[number];

/** File name and media type of each download; the name says the product and the list. */
export const WILDFIRES_DOWNLOAD_FILES: Record<WildfiresDownloadFormat, { file: string; mediaType: string }> =
  {
    csv: { file: `${PRODUCT}-fires.csv`, mediaType: 'text/csv; charset=utf-8' },
    'csv-codes': { file: `${PRODUCT}-fires-codes.csv`, mediaType: 'text/csv; charset=utf-8' },
    geojson: { file: `${PRODUCT}-fires.geojson`, mediaType: 'application/geo+json' },
    kml: { file: `${PRODUCT}-fires.kml`, mediaType: 'application/vnd.google-earth.kml+xml; charset=utf-8' },
  };

/** ?format= and the national list's filters and order: the download is the view the page shows. */
export const WildfiresDownloadQuery = WildfiresListQuery.omit({
  export: true,
  format: true,
  page: true,
}).extend({
  format: z
    .enum(WILDFIRES_DOWNLOAD_FORMATS, { message: `expected one of ${WILDFIRES_DOWNLOAD_FORMATS.join(', ')}` })
    .describe(
      'csv: headers and labels in the language of lang (or Accept-Language); csv-codes: field names and codes; geojson: CRS84; kml',
    ),
});

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
