import {
  AGENCIES,
  AGENCY_CODES,
  type AgencyCode,
  FireCountQuery,
  FireCountResponse,
  NATIONAL_FIRES_COLUMNS,
  type NationalFireRow,
  PRODUCT_EXPORT_FILE,
  RESPONSE_TYPE_NAMES,
  RESPONSE_TYPES,
  type ResponseType,
  STAGE_OF_CONTROL_NAMES,
  STAGES_OF_CONTROL,
  type StageOfControl,
  SummaryResponse,
  WILDFIRES_PAGE_SIZE,
  WildfireStats,
  WildfiresListQuery,
  WildfiresResponse,
} from '@ciffc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { lastUpdated } from '../db/versions.ts';
import { recordsToCsv } from '../exports/csv.ts';
import { sendCached } from '../http/cache.ts';
import { badRequest } from '../http/errors.ts';
import { requestLang } from '../http/lang.ts';
import { ErrorResponse, readVersion } from '../http/query.ts';
import { addDays, centreToday } from '../http/time.ts';
import { currentSeason, seasonScope } from './picture.ts';
import { countFires, type FireRow, groupedTotals, listFires } from './store.ts';

function toNationalRow(f: FireRow): NationalFireRow {
  return {
    field_agency_fire_id: f.agency_fire_id,
    field_agency_code: f.agency_code as AgencyCode,
    field_agency_data_timezone: f.agency_data_timezone,
    field_situation_report_date: f.situation_report_date,
    field_status_date: f.status_date,
    field_stage_of_control_status: f.stage_of_control as StageOfControl,
    field_system_fire_cause: f.fire_cause,
    field_response_type: f.response_type as ResponseType | null,
    field_fire_size: f.fire_size,
    field_latitude: f.latitude,
    field_longitude: f.longitude,
  };
}

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
      const filters = {
        agency: q.agency,
        stage: q.stage,
        response: q.response,
        q: q.q,
        // The default view is the current picture's season; `season=all` lists every fire kept.
        season: q.season === 'all' ? undefined : currentSeason(app.config.now()),
      };
      const version = await readVersion(app, request, ['fires'], { lang: true });
      /** The page asked for (every row with export=true) and how many rows match in all. */
      const rowsAsked = async () => {
        const total = await countFires(app.db.kysely, filters);
        const totalPages = Math.ceil(total / WILDFIRES_PAGE_SIZE);
        const page = q.page ?? 1;
        if (!q.export && page > Math.max(totalPages, 1)) {
          throw badRequest('page', 'query.page_beyond_last', { page, last: totalPages });
        }
        const rows = await listFires(
          app.db.kysely,
          filters,
          q.export ? undefined : { limit: WILDFIRES_PAGE_SIZE, offset: (page - 1) * WILDFIRES_PAGE_SIZE },
          q.sort,
        );
        return { items: rows.map(toNationalRow), total, totalPages, page };
      };
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
              valid_as: await lastUpdated(app.db.kysely, 'fires'),
              filter_agencies: AGENCIES.map((a) => ({ field_code: a.code, field_name: a.name[lang] })),
              filter_stages: STAGES_OF_CONTROL.map((s) => ({
                field_code: s,
                field_name: STAGE_OF_CONTROL_NAMES[s][lang],
              })),
              filter_responses: RESPONSE_TYPES.map((r) => ({
                field_code: r,
                field_name: RESPONSE_TYPE_NAMES[r][lang],
              })),
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
        compute: async () => {
          const season = currentSeason(app.config.now());
          const today = season.today;
          const [ytd, todays] = await Promise.all([
            groupedTotals(app.db.kysely, ['agency_code'], seasonScope(season)),
            groupedTotals(app.db.kysely, ['agency_code'], { from: today, to: today }),
          ]);
          const count = (rows: { agency_code: string; fire_count: number }[], code: string) =>
            rows.find((r) => r.agency_code === code)?.fire_count ?? 0;
          return {
            date: today,
            items: AGENCY_CODES.map((code) => ({
              agency_code: code,
              ytd_fires: count(ytd, code),
              fires_today: count(todays, code),
            })),
          };
        },
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
        compute: async () => {
          const season = currentSeason(app.config.now());
          const items = await groupedTotals(
            app.db.kysely,
            ['agency_code', 'response_type', 'stage_of_control'],
            seasonScope(season),
          );
          return {
            valid_as: await lastUpdated(app.db.kysely, 'fires'),
            from_date: season.start,
            to_date: season.today,
            // The table holds the codes the import accepted; the schema checks them outside production.
            items: items.map((i) => ({
              ...i,
              response_type: i.response_type as ResponseType,
              stage_of_control: i.stage_of_control as StageOfControl,
              area_sum: Math.round(i.area_sum * 10) / 10,
            })),
          };
        },
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
        compute: async () => {
          const date = request.query.date ?? addDays(centreToday(app.config.now()), 1);
          const reportDate = addDays(date, -1);
          const rows = await groupedTotals(app.db.kysely, ['agency_code', 'fire_cause'], {
            from: reportDate,
            to: reportDate,
          });
          return {
            date,
            report_date: reportDate,
            items: rows.map((r) => ({
              agency_code: r.agency_code,
              fire_cause: r.fire_cause,
              fire_count: r.fire_count,
            })),
          };
        },
      }),
  );
}
