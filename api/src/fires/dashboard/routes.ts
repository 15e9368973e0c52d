import {
  DashboardDaily,
  DashboardDailyQuery,
  DashboardFiresQuery,
  DashboardFiresResponse,
  DashboardFreshness,
  DashboardSinceYesterday,
  STAGE_OF_CONTROL_NAMES,
  STAGES_OF_CONTROL,
  type StageOfControl,
  seasonOf,
} from '@ciffc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendCached } from '../../http/cache.ts';
import { badRequest } from '../../http/errors.ts';
import { requestLang } from '../../http/lang.ts';
import { ErrorResponse, readVersion } from '../../http/query.ts';
import { addDays, centreToday, daysBetween, yearOf, yearStart } from '../../http/time.ts';
import * as nationalSitrep from '../../national-sitrep/store.ts';
import { currentSeason, type FireScope } from '../picture.ts';
import { activeFires, dailyTotals, groupedTotals, newestDay } from '../store.ts';
import { agencyFreshness, feedsStamp } from './freshness.ts';
import { sinceYesterday } from './since-yesterday.ts';

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The fires of a range of report days. A range that starts the season of its last day counts that
 * season's carry-over fires too (docs/glossary.md, "Current picture"), and one that reaches today
 * has no upper bound (a report may be dated tomorrow), so that the season asked from January 1 to
 * today is the current picture's season, as the map and the summary count it.
 */
function rangeScope(from: string, to: string, today: string): FireScope {
  const season = seasonOf(to);
  return {
    from,
    to: to >= today ? undefined : to,
    carryOver: from <= season.start ? season : undefined,
  };
}
const MAX_DAILY_SPAN = 366;

export async function dashboardRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/dashboard/fires',
    {
      schema: {
        summary:
          'Dashboard figures for reports within from_date..to_date (both inclusive); with map=true the active ' +
          'fires as GeoJSON; with no query the last 7 days',
        tags: ['dashboard'],
        querystring: DashboardFiresQuery,
        response: { 200: DashboardFiresResponse, 400: ErrorResponse },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const lang = requestLang(request);
      return sendCached(request, reply, app.responseCache, {
        version: await readVersion(app, request, ['fires'], { lang: !q.map }),
        ...(q.map ? { contentType: 'application/geo+json; charset=utf-8' } : { vary: 'Accept-Language' }),
        schema: DashboardFiresResponse,
        compute: async (): Promise<DashboardFiresResponse> => {
          const today = centreToday(app.config.now());
          if (q.map) {
            const fires = await activeFires(app.db.kysely, currentSeason(app.config.now()), {
              from: q.from_date,
              to: q.to_date,
            });
            return {
              type: 'FeatureCollection',
              features: fires.map((f) => ({
                type: 'Feature',
                geometry: { type: 'Point', coordinates: [f.longitude, f.latitude] },
                properties: {
                  field_agency_fire_id: f.agency_fire_id,
                  field_fire_size: f.fire_size,
                  field_stage_of_control_status: f.stage_of_control,
                  field_response_type: f.response_type,
                  field_status_date: f.status_date,
                  field_agency_code: f.agency_code,
                  field_situation_report_date: f.situation_report_date,
                  field_system_fire_cause: f.fire_cause,
                },
              })),
            };
          }
          const week = q.from_date === undefined && q.to_date === undefined;
          const from = q.from_date ?? (week ? addDays(today, -6) : yearStart(yearOf(q.to_date ?? today)));
          const to = q.to_date ?? today;
          if (to < from) throw badRequest('to_date', 'query.dates_reversed', { to, from });
          const range = rangeScope(from, to, today);
          const [byStage, byAgency, byResponse, asOf] = await Promise.all([
            groupedTotals(app.db.kysely, ['stage_of_control'], range),
            groupedTotals(app.db.kysely, ['agency_code'], range),
            groupedTotals(app.db.kysely, ['response_type'], range),
            newestDay(app.db.kysely, range),
          ]);
          const fires = byAgency.reduce((s, r) => s + r.fire_count, 0);
          const hectares = byAgency.reduce((s, r) => s + r.area_sum, 0);
          return {
            period: week ? 'week' : 'range',
            from_date: from,
            to_date: to,
            fires,
            hectares: round1(hectares),
            active_fires: byStage
              .filter((r) => r.stage_of_control !== 'OUT')
              .reduce((s, r) => s + r.fire_count, 0),
            as_of: asOf,
            by_stage: STAGES_OF_CONTROL.map((stage: StageOfControl) => {
              const row = byStage.find((r) => r.stage_of_control === stage);
              return {
                stage_of_control: stage,
                field_name: STAGE_OF_CONTROL_NAMES[stage][lang],
                fire_count: row?.fire_count ?? 0,
                area_sum: round1(row?.area_sum ?? 0),
              };
            }),
            by_agency: byAgency.map((r) => ({ ...r, area_sum: round1(r.area_sum) })),
            by_response: byResponse.map((r) => ({ ...r, area_sum: round1(r.area_sum) })),
          };
        },
      });
    },
  );

  app.get(
    '/v1/dashboard/fires/daily',
    {
      schema: {
        summary:
          'Fires and hectares per day from start_date (inclusive) to end_date (exclusive): the site sends the ' +
          'first of this month and the first of next month',
        tags: ['dashboard'],
        querystring: DashboardDailyQuery,
        response: { 200: DashboardDaily, 400: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { start_date: start, end_date: end } = request.query;
      if (daysBetween(start, end) > MAX_DAILY_SPAN) {
        throw badRequest('end_date', 'query.span_too_long', { max: MAX_DAILY_SPAN });
      }
      return sendCached(request, reply, app.responseCache, {
        version: await readVersion(app, request, ['fires']),
        schema: DashboardDaily,
        compute: async () => {
          const days = daysBetween(start, end);
          const rows =
            days > 0 ? await dailyTotals(app.db.kysely, { from: start, to: addDays(end, -1) }) : [];
          const byDate = new Map(rows.map((r) => [r.date, r]));
          return {
            start_date: start,
            end_date: end,
            items: Array.from({ length: days }, (_, i) => {
              const date = addDays(start, i);
              const row = byDate.get(date);
              return {
                date,
                day: Number(date.slice(8)),
                fires: row?.fires ?? 0,
                hectares: round1(row?.hectares ?? 0),
              };
            }),
          };
        },
      });
    },
  );

  app.get(
    '/v1/dashboard/freshness',
    {
      schema: {
        summary:
          "How old each agency's fire data is: the latest import or feed run that confirmed or changed it " +
          '(docs/fires-import.md, "As of"); agencies with no import or feed run are not listed',
        tags: ['dashboard'],
        response: { 200: DashboardFreshness },
      },
    },
    async (request, reply) => {
      // A feed run that finds nothing new changes no fire, so the feeds' last run is in the key too.
      const [version, feeds] = await Promise.all([
        readVersion(app, request, ['fires']),
        feedsStamp(app.db.kysely),
      ]);
      return sendCached(request, reply, app.responseCache, {
        version: `${version}|${feeds}`,
        schema: DashboardFreshness,
        compute: async () => ({ items: await agencyFreshness(app.db.kysely) }),
      });
    },
  );

  app.get(
    '/v1/dashboard/since-yesterday',
    {
      schema: {
        summary:
          'What changed since the day before: fires first reported today and yesterday, fires out today, and ' +
          'the national preparedness level against the report published before the latest',
        tags: ['dashboard'],
        response: { 200: DashboardSinceYesterday },
      },
    },
    async (request, reply) => {
      // The fires' version carries today's date; a publication changes the level.
      const [version, publications] = await Promise.all([
        readVersion(app, request, ['fires']),
        nationalSitrep.publicationsVersion(app.db),
      ]);
      return sendCached(request, reply, app.responseCache, {
        version: `${version}|${publications}`,
        schema: DashboardSinceYesterday,
        compute: () => sinceYesterday(app.db.kysely, centreToday(app.config.now())),
      });
    },
  );
}
