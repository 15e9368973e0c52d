import {
  REPORT_EXPORT_COLUMNS,
  REPORT_TEXT_EXPORT_COLUMNS,
  SitrepExportRows,
  sitrepExportQuery,
} from '@ciffc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type ApprovedAgencySitrepRow, listApprovedAgencySitreps } from '../agency-sitrep/service.ts';
import { centreToday, yearOf } from '../http/time.ts';
import { listPublishedNationalSitreps, type PublishedNationalSitrepRow } from '../national-sitrep/service.ts';
import { requireNational } from '../plugins/identity.ts';
import { type CsvCell, recordsToCsv, sendCsv } from './csv.ts';
import { wildfiresDownloadRoutes } from './wildfires-download-route.ts';

/** Every key of a row type, in file order; a key added to the row type and not here fails to compile. */
function columns<T>() {
  return <const K extends readonly (keyof T & string)[]>(
    keys: K & ([keyof T] extends [K[number]] ? unknown : 'missing a column'),
  ) => keys;
}

const NATIONAL_EXPORT_COLUMNS = columns<PublishedNationalSitrepRow>()([
  'date',
  'national_preparedness_level',
  'published_at',
  'publication_number',
  'agencies_reporting',
  'new_fires',
  'active_fires',
  'active_hectares',
  'ytd_fires',
  'ytd_hectares',
  'national_mobilizations',
  'us_preparedness_level',
  'duty_officer',
]);

const AGENCY_EXPORT_COLUMNS = columns<ApprovedAgencySitrepRow>()([
  'agency',
  'report_date',
  'version',
  'approved_at',
  'approved_by',
  'preparedness_level',
  'suggested_preparedness_level',
  'prep_level_override',
  'a_total',
  'full_response_active',
  'full_response_total_fires',
  'full_response_total_area',
  'overall_fires',
  'overall_area',
  ...REPORT_EXPORT_COLUMNS,
  'priority_fires',
  ...REPORT_TEXT_EXPORT_COLUMNS,
]);

const exportFileName = (kind: 'national' | 'agency', year: number) => `${kind}-sitreps-${year}-export.csv`;

/**
 * Reports and exports (docs/spec/data-entry.md 2.5, 7): one year of published national sitreps and one year
 * of approved agency sitreps, national centre only. JSON rows for the site (which writes the file),
 * or `format=csv` for the file itself with its name in Content-Disposition.
 */
export async function exportRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const currentYear = () => yearOf(centreToday(app.config.now()));
  const Query = sitrepExportQuery(currentYear);
  await app.register(wildfiresDownloadRoutes);

  const kinds = [
    {
      kind: 'national' as const,
      url: '/v1/sitrep/national/export',
      summary:
        'One year of published national sitreps (one row per report date, with the national preparedness level)',
      load: (year: number) => listPublishedNationalSitreps(app.db.kysely, year),
      columns: NATIONAL_EXPORT_COLUMNS as readonly string[],
    },
    {
      kind: 'agency' as const,
      url: '/v1/sitrep/agency/export',
      summary:
        'One year of approved agency sitreps (one row per approval, with the agency preparedness level)',
      load: (year: number) => listApprovedAgencySitreps(app.db.kysely, year),
      columns: AGENCY_EXPORT_COLUMNS as readonly string[],
    },
  ];

  for (const k of kinds) {
    app.get(
      k.url,
      {
        schema: {
          summary: k.summary,
          tags: ['exports'],
          security: [{ bearer: [] }],
          querystring: Query,
          response: { 200: SitrepExportRows },
        },
      },
      async (request, reply) => {
        requireNational(request);
        const rows = (await k.load(request.query.year)) as unknown as Record<string, CsvCell>[];
        reply.header('cache-control', 'private, no-store');
        if (request.query.format === 'csv')
          return sendCsv(reply, exportFileName(k.kind, request.query.year), recordsToCsv(k.columns, rows));
        return rows.map((r) => Object.fromEntries(k.columns.map((c) => [c, r[c] ?? null])));
      },
    );
  }
}
