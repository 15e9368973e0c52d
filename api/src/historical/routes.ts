import {
  HistoricalAgencyQuery,
  HistoricalAverages,
  HistoricalRunning,
  HistoricalWeekly,
  HistoricalWeeklyQuery,
  HistoricalYearly,
} from '@ciffc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendCached } from '../http/cache.ts';
import { ErrorResponse, readVersion } from '../http/query.ts';
import { averagesAsOf, runningTotals, weeklyAverages, yearlyFigures } from './service.ts';

export async function historicalRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/historical/weekly',
    {
      schema: {
        summary:
          'Average fires and hectares per week (1-52) over the last `years` full years (years=1: last year)',
        tags: ['historical'],
        querystring: HistoricalWeeklyQuery,
        response: {
          200: HistoricalWeekly,
          400: ErrorResponse,
        },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, app.responseCache, {
        schema: HistoricalWeekly,
        version: await readVersion(app, request, ['historical']),
        compute: () => weeklyAverages(app.db.kysely, request.query, app.config.now()),
      }),
  );

  app.get(
    '/v1/historical/running',
    {
      schema: {
        summary:
          'The current year week by week to this week: fires and hectares, and running (cumulative) totals, beside ' +
          'last year and the 10-year average, also cumulative',
        tags: ['historical'],
        querystring: HistoricalAgencyQuery,
        response: {
          200: HistoricalRunning,
          400: ErrorResponse,
        },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, app.responseCache, {
        schema: HistoricalRunning,
        version: await readVersion(app, request, ['fires', 'historical']),
        compute: () => runningTotals(app.db.kysely, request.query.agency, app.config.now()),
      }),
  );

  app.get(
    '/v1/historical/yearly',
    {
      schema: {
        summary:
          'Fires and hectares per year from 1980 to the current year (to date); avg_* is the average of the 10 ' +
          'years before (null before 10 years of history)',
        tags: ['historical'],
        querystring: HistoricalAgencyQuery,
        response: {
          200: HistoricalYearly,
          400: ErrorResponse,
        },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, app.responseCache, {
        schema: HistoricalYearly,
        version: await readVersion(app, request, ['fires', 'historical']),
        compute: () => yearlyFigures(app.db.kysely, request.query.agency, app.config.now()),
      }),
  );

  app.get(
    '/v1/historical/averages',
    {
      schema: {
        summary:
          'Per agency: current year to date, last year, and 5/10/15/20/25-year averages of fires and area (national sitrep)',
        tags: ['historical'],
        response: {
          200: HistoricalAverages,
        },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, app.responseCache, {
        schema: HistoricalAverages,
        version: await readVersion(app, request, ['fires', 'historical']),
        compute: () => averagesAsOf(app.db.kysely, app.config.now()),
      }),
  );
}
