import {
  FIRST_HISTORY_YEAR,
  HistoricalAgencyQuery,
  HistoricalAverages,
  HistoricalRunning,
  HistoricalWeekly,
  HistoricalWeeklyQuery,
  HistoricalYearly,
} from '@ciffc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { dailyTotals, groupedTotals } from '../fires/store.ts';
import { sendCached } from '../http/cache.ts';
import { ErrorResponse, readVersion } from '../http/query.ts';
import { centreToday, weekOfYear, weekStart, yearOf, yearStart } from '../http/time.ts';
import { historicalAverages } from './averages.ts';
import { weeklySums, yearlyTotals } from './store.ts';

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The current season per week (from the fires table), weeks 1..52 of the graphs. */
async function currentWeeks(db: Kysely<Database>, today: string, agency?: string) {
  const year = yearOf(today);
  const days = await dailyTotals(db, { from: yearStart(year), to: today }, agency);
  const weeks = Array.from({ length: 52 }, () => ({ fires: 0, hectares: 0 }));
  for (const d of days) {
    const w = weeks[weekOfYear(d.date) - 1] as { fires: number; hectares: number };
    w.fires += d.fires;
    w.hectares += d.hectares;
  }
  return weeks;
}

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
        compute: async () => {
          const { years, agency } = request.query;
          const year = yearOf(centreToday(app.config.now()));
          const range = { fromYear: year - years, toYear: year - 1, agency };
          const sums = await weeklySums(app.db.kysely, range);
          return {
            years,
            from_year: range.fromYear,
            to_year: range.toYear,
            items: Array.from({ length: 52 }, (_, i) => {
              const s = sums.get(i + 1);
              return {
                week: i + 1,
                date: weekStart(year, i + 1),
                avg_fires: round1((s?.fires ?? 0) / years),
                avg_hectares: round1((s?.hectares ?? 0) / years),
              };
            }),
          };
        },
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
        compute: async () => {
          const today = centreToday(app.config.now());
          const year = yearOf(today);
          const agency = request.query.agency;
          const thisWeek = weekOfYear(today);
          const [weeks, lastYear, tenYears] = await Promise.all([
            currentWeeks(app.db.kysely, today, agency),
            weeklySums(app.db.kysely, { fromYear: year - 1, toYear: year - 1, agency }),
            weeklySums(app.db.kysely, { fromYear: year - 10, toYear: year - 1, agency }),
          ]);
          let fires = 0;
          let hectares = 0;
          let last = 0;
          let avg = 0;
          const items = weeks.slice(0, thisWeek).map((w, i) => {
            fires += w.fires;
            hectares += w.hectares;
            last += lastYear.get(i + 1)?.fires ?? 0;
            avg += (tenYears.get(i + 1)?.fires ?? 0) / 10;
            return {
              week: i + 1,
              date: weekStart(year, i + 1),
              fires: w.fires,
              hectares: round1(w.hectares),
              cumulative_fires: fires,
              cumulative_hectares: round1(hectares),
              last_year_cumulative_fires: last,
              avg10_cumulative_fires: round1(avg),
            };
          });
          return { year, week: thisWeek, items };
        },
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
        compute: async () => {
          const today = centreToday(app.config.now());
          const year = yearOf(today);
          const agency = request.query.agency;
          const [past, current] = await Promise.all([
            yearlyTotals(app.db.kysely, agency),
            groupedTotals(app.db.kysely, ['agency_code'], { from: yearStart(year), to: today }),
          ]);
          const byYear = new Map(past.map((p) => [p.year, p]));
          const currentRows = agency ? current.filter((c) => c.agency_code === agency) : current;
          byYear.set(year, {
            year,
            fires: currentRows.reduce((s, c) => s + c.fire_count, 0),
            hectares: currentRows.reduce((s, c) => s + c.area_sum, 0),
          });
          const items = [];
          for (let y = FIRST_HISTORY_YEAR; y <= year; y++) {
            const row = byYear.get(y) ?? { fires: 0, hectares: 0 };
            const before = Array.from({ length: 10 }, (_, k) => byYear.get(y - 10 + k));
            const complete = y - 10 >= FIRST_HISTORY_YEAR && before.every(Boolean);
            items.push({
              year: y,
              fires: row.fires,
              hectares: round1(row.hectares),
              avg_fires: complete ? round1(before.reduce((s, b) => s + (b?.fires ?? 0), 0) / 10) : null,
              avg_hectares: complete ? round1(before.reduce((s, b) => s + (b?.hectares ?? 0), 0) / 10) : null,
            });
          }
          return { from_year: FIRST_HISTORY_YEAR, to_year: year, items };
        },
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
        compute: async () => {
          const today = centreToday(app.config.now());
          return { year: yearOf(today), items: await historicalAverages(app.db.kysely, today) };
        },
      }),
  );
}
