import {
  AGENCIES,
  AGENCY_CODES,
  NATIONAL_FIRES_COLUMNS,
  type NationalFireRow,
  PRODUCT_EXPORT_FILE,
  RESPONSE_TYPE_NAMES,
  RESPONSE_TYPES,
  STAGE_OF_CONTROL_NAMES,
  STAGES_OF_CONTROL,
  WILDFIRES_PAGE_SIZE,
  WildfiresQuery,
} from '@ciffc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { lastUpdated } from '../db/versions.ts';
import { recordsToCsv } from '../exports/csv.ts';
import { sendCached } from '../http/cache.ts';
import { badRequest } from '../http/errors.ts';
import { requestLang } from '../http/lang.ts';
import { booleanQuery, dateQuery, ErrorResponse, readVersion } from '../http/query.ts';
import { addDays, centreToday, yearOf, yearStart } from '../http/time.ts';
import { countFires, type FireRow, groupedTotals, listFires } from './store.ts';

const NationalFireRowSchema = z.object({
  field_agency_fire_id: z.string(),
  field_agency_code: z.string(),
  field_agency_data_timezone: z.string(),
  field_situation_report_date: z.string(),
  field_status_date: z.string(),
  field_stage_of_control_status: z.enum(STAGES_OF_CONTROL),
  field_system_fire_cause: z.string(),
  field_response_type: z.enum(RESPONSE_TYPES),
  field_fire_size: z.number(),
  field_latitude: z.number(),
  field_longitude: z.number(),
});
const CodeName = z.object({ field_code: z.string(), field_name: z.string() });

function toNationalRow(f: FireRow): NationalFireRow {
  return {
    field_agency_fire_id: f.agency_fire_id,
    field_agency_code: f.agency_code as NationalFireRow['field_agency_code'],
    field_agency_data_timezone: f.agency_data_timezone,
    field_situation_report_date: f.situation_report_date,
    field_status_date: f.status_date,
    field_stage_of_control_status: f.stage_of_control as NationalFireRow['field_stage_of_control_status'],
    field_system_fire_cause: f.fire_cause,
    field_response_type: f.response_type as NationalFireRow['field_response_type'],
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
        querystring: WildfiresQuery.extend({
          export: booleanQuery.optional().describe('All matching rows, no paging'),
          format: z
            .enum(['json', 'csv'])
            .optional()
            .describe(`With export=true: csv sends ${PRODUCT_EXPORT_FILE}`),
          lang: z.enum(['en', 'fr']).optional(),
        }),
        response: {
          200: z.object({
            items: z.array(NationalFireRowSchema),
            meta: z.object({
              page: z.number().nullable(),
              page_size: z.number(),
              total_pages: z.number(),
              total_results: z.number(),
              filter_agencies: z.array(CodeName),
              filter_stages: z.array(CodeName),
              filter_responses: z.array(CodeName),
            }),
          }),
          400: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const lang = requestLang(request);
      const filters = { agency: q.agency, stage: q.stage, response: q.response, q: q.q };
      const csv = q.export === true && q.format === 'csv';
      if (csv) reply.header('content-disposition', `attachment; filename="${PRODUCT_EXPORT_FILE}"`);
      return sendCached(request, reply, app.responseCache, {
        version: await readVersion(app, request, ['fires'], { lang: true }),
        vary: 'Accept-Language',
        ...(csv ? { contentType: 'text/csv; charset=utf-8' } : {}),
        compute: async () => {
          const total = await countFires(app.db.kysely, filters);
          const totalPages = Math.ceil(total / WILDFIRES_PAGE_SIZE);
          const page = q.page ?? 1;
          if (!q.export && page > Math.max(totalPages, 1)) {
            throw badRequest('page', `page ${page} is beyond the last page (${totalPages})`);
          }
          const rows = await listFires(
            app.db.kysely,
            filters,
            q.export ? undefined : { limit: WILDFIRES_PAGE_SIZE, offset: (page - 1) * WILDFIRES_PAGE_SIZE },
            q.sort,
          );
          const items = rows.map(toNationalRow);
          // The one CSV writer of the product: BOM, quoted cells, formulas neutralised.
          if (csv) return recordsToCsv([...NATIONAL_FIRES_COLUMNS], items);
          return {
            items,
            meta: {
              page: q.export ? null : page,
              page_size: q.export ? total : WILDFIRES_PAGE_SIZE,
              total_pages: q.export ? (total ? 1 : 0) : totalPages,
              total_results: total,
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
        response: {
          200: z.object({
            date: z.string(),
            items: z.array(
              z.object({ agency_code: z.string(), ytd_fires: z.number(), fires_today: z.number() }),
            ),
          }),
        },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, app.responseCache, {
        version: await readVersion(app, request, ['fires']),
        compute: async () => {
          const today = centreToday(app.config.now());
          const range = { from: yearStart(yearOf(today)), to: today };
          const [ytd, todays] = await Promise.all([
            groupedTotals(app.db.kysely, ['agency_code'], range),
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
        response: {
          200: z.object({
            valid_as: z.string().nullable().describe('When the fire data last changed (ISO timestamp)'),
            from_date: z.string(),
            to_date: z.string(),
            items: z.array(
              z.object({
                agency_code: z.string(),
                response_type: z.string(),
                stage_of_control: z.string(),
                fire_count: z.number(),
                area_sum: z.number(),
              }),
            ),
          }),
        },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, app.responseCache, {
        version: await readVersion(app, request, ['fires']),
        compute: async () => {
          const today = centreToday(app.config.now());
          const range = { from: yearStart(yearOf(today)), to: today };
          const items = await groupedTotals(
            app.db.kysely,
            ['agency_code', 'response_type', 'stage_of_control'],
            range,
          );
          return {
            valid_as: await lastUpdated(app.db.kysely, 'fires'),
            from_date: range.from,
            to_date: range.to,
            items: items.map((i) => ({ ...i, area_sum: Math.round(i.area_sum * 10) / 10 })),
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
        querystring: z.object({
          date: dateQuery
            .optional()
            .describe('YYYY-MM-DD, exclusive end: counts fires reported the day before; default tomorrow'),
        }),
        response: {
          200: z.object({
            date: z.string(),
            report_date: z.string(),
            items: z.array(
              z.object({ agency_code: z.string(), fire_cause: z.string(), fire_count: z.number() }),
            ),
          }),
          400: ErrorResponse,
        },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, app.responseCache, {
        version: await readVersion(app, request, ['fires']),
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
