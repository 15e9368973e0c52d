import {
  DashboardDaily,
  DashboardDailyQuery,
  DashboardFiresQuery,
  DashboardFiresResponse,
  DashboardFreshness,
  DashboardSinceYesterday,
} from '@ciffc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendCached } from '../../http/cache.ts';
import { badRequest } from '../../http/errors.ts';
import { requestLang } from '../../http/lang.ts';
import { ErrorResponse, readVersion } from '../../http/query.ts';
import { centreToday, daysBetween } from '../../http/time.ts';
import * as nationalSitrep from '../../national-sitrep/service.ts';
import { agencyFreshness, feedsStamp } from './freshness.ts';
import { dailyFigures, dashboardFigures, dashboardRange, mapFires } from './service.ts';
import { sinceYesterday } from './since-yesterday.ts';

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
      const today = centreToday(app.config.now());
      const range = dashboardRange(q, today);
      // A default end may fall before an asked start (from_date in the future): refused by name.
      if (!q.map && range.to < range.from)
        throw badRequest('to_date', 'query.dates_reversed', { to: range.to, from: range.from });
      return sendCached(request, reply, app.responseCache, {
        version: await readVersion(app, request, ['fires'], { lang: !q.map }),
        ...(q.map ? { contentType: 'application/geo+json; charset=utf-8' } : { vary: 'Accept-Language' }),
        schema: DashboardFiresResponse,
        compute: () =>
          q.map
            ? mapFires(app.db.kysely, app.config.now(), q)
            : dashboardFigures(app.db.kysely, range, today, lang),
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
        compute: () => dailyFigures(app.db.kysely, start, end),
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
