/**
 * Reports and exports (docs/spec/data-entry.md 2.5, 7): one year of published national sitreps or
 * approved agency sitreps, as JSON rows for the site (which writes the file) or as the CSV itself.
 */
import { z } from 'zod';
import { FIRST_EXPORT_YEAR } from './codes.ts';
import { WILDFIRES_DOWNLOAD_FORMATS } from './fires-downloads.ts';
import { WildfiresListQuery } from './wildfires.ts';

/** ?export=&year=&format= of GET /v1/sitrep/{national,agency}/export; the year is bounded by today's. */
export const sitrepExportQuery = (currentYear: () => number) =>
  z.object({
    export: z.enum(['true', '1']).optional().describe('true (the site always sends it)'),
    year: z.coerce
      .number()
      .int()
      .min(FIRST_EXPORT_YEAR)
      .refine((y) => y <= currentYear(), { params: { code: 'field.year_in_future' } })
      .describe(`${FIRST_EXPORT_YEAR} to the current year`),
    format: z.enum(['json', 'csv']).optional().describe('csv: the file itself'),
  });

/** One exported report: its columns, in the export's order, with their values. */
const SitrepExportRow = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type SitrepExportRow = z.infer<typeof SitrepExportRow>;

export const SitrepExportRows = z.array(SitrepExportRow);

/** ?format= and the national list's filters and order: the download is the view the page shows. */
export const WildfiresDownloadQuery = WildfiresListQuery.omit({
  export: true,
  format: true,
  page: true,
}).extend({
  format: z
    .enum(WILDFIRES_DOWNLOAD_FORMATS)
    .describe(
      'csv: headers and labels in the language of lang (or Accept-Language); csv-codes: field names and codes; csv-excel-fr: the same for French Excel (semicolons, decimal commas); geojson: CRS84; kml; gpkg',
    ),
});
