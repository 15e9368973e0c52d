import {
  FireCountQuery,
  FireCountResponse,
  NATIONAL_FIRES_COLUMNS,
  PRODUCT_EXPORT_FILE,
  SummaryResponse,
  WILDFIRES_PAGE_SIZE,
  WildfireStats,
  WildfiresListQuery,
  WildfiresResponse,
} from '@ciffc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordsToCsv } from '../exports/csv.ts';
import { sendCached } from '../http/cache.ts';
import { requestLang } from '../http/lang.ts';
import { ErrorResponse, readVersion } from '../http/query.ts';
import {
  fireCount,
  firesValidAs,
  listChoices,
  listFilters,
  seasonSummary,
  wildfireStats,
  wildfiresPage,
} from './service.ts';

export async function wildfireRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/wildfires',
    {
      schema: {
        summary:
          'National fires list: 20 rows a page, newest report first unless `sort` says otherwise, `q` searches the fire id; export=true gives every row',
        tags: ['fires'],
        querystring: WildfiresListQuery,
        response: { 200: WildfiresResponse, 400: ErrorResponse },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const lang = requestLang(request);
      const filters = listFilters(q, app.config.now());
      const version = await readVersion(app, request, ['fires'], { lang: true });
      const rowsAsked = () =>
        wildfiresPage(app.db.kysely, filters, { page: q.page, all: q.export === true, sort: q.sort });
      if (q.export === true && q.format === 'csv') {
        reply.header('content-disposition', `attachment; filename="${PRODUCT_EXPORT_FILE}"`);
        return sendCached(request, reply, app.responseCache, {
          version,
          vary: 'Accept-Language',
          contentType: 'text/csv; charset=utf-8',
          // The one CSV writer of the product: BOM, quoted cells, formulas neutralised.
          compute: async () => recordsToCsv([...NATIONAL_FIRES_COLUMNS], (await rowsAsked()).items),
        });
      }
      return sendCached(request, reply, app.responseCache, {
        version,
        vary: 'Accept-Language',
        schema: WildfiresResponse,
        compute: async () => {
          const { items, total, totalPages, page } = await rowsAsked();
          return {
            items,
            meta: {
              page: q.export ? null : page,
              page_size: q.export ? total : WILDFIRES_PAGE_SIZE,
              total_pages: q.export ? (total ? 1 : 0) : totalPages,
              total_results: total,
              valid_as: await firesValidAs(app.db.kysely),
              ...listChoices(lang),
            },
          };
        },
      });
    },
  );

  app.get(
    '/v1/wildfire/stats',
    {
      schema: {
        summary: 'Per agency: fires this year (ytd_fires) and fires reported today (fires_today)',
        tags: ['fires'],
        response: { 200: WildfireStats },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, app.responseCache, {
        version: await readVersion(app, request, ['fires']),
        schema: WildfireStats,
        compute: () => wildfireStats(app.db.kysely, app.config.now()),
      }),
  );

  app.get(
    '/v1/summary',
    {
      schema: {
        summary:
          'Fires and hectares of the current year (from January 1) per agency, response type and stage',
        tags: ['fires'],
        response: { 200: SummaryResponse },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, app.responseCache, {
        version: await readVersion(app, request, ['fires']),
        schema: SummaryResponse,
        compute: () => seasonSummary(app.db.kysely, app.config.now()),
      }),
  );

  app.get(
    '/v1/fire-count',
    {
      schema: {
        summary:
          'New fires per agency and cause, reported on the day before `date` (the site sends tomorrow)',
        tags: ['fires'],
        querystring: FireCountQuery,
        response: { 200: FireCountResponse, 400: ErrorResponse },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, app.responseCache, {
        version: await readVersion(app, request, ['fires']),
        schema: FireCountResponse,
        compute: () => fireCount(app.db.kysely, request.query.date, app.config.now()),
      }),
  );
}
