import { AGENCY_CODES, FIRST_HISTORY_YEAR, HISTORICAL_PERIODS } from '@ciffc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.ts';
import { dailyTotals, groupedTotals } from '../fires/store.ts';
import { sendCached } from '../http/cache.ts';
import { ErrorResponse, readVersion } from '../http/query.ts';
import { centreToday, weekOfYear, weekStart, yearOf, yearStart } from '../http/time.ts';
import { weeklySums, yearlyByAgency, yearlyTotals } from './store.ts';

const round1 = (n: number) => Math.round(n * 10) / 10;
const YEARS = [1, ...HISTORICAL_PERIODS] as const;
const agencyQuery = z
  .string()
  .transform((v) => v.toLowerCase())
  .pipe(z.enum(AGENCY_CODES, { message: `expected one of ${AGENCY_CODES.join(', ')}` }));

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

export interface PeriodFigures {
  fires: number;
  area: number;
}

/**
 * Per agency: the current year to date, last year, and the average of the last 5, 10, 15, 20 and
 * 25 full years (the national sitrep's historical_averages).
 */
export async function historicalAverages(db: Kysely<Database>, today: string) {
  const year = yearOf(today);
  const maxPeriod = Math.max(...HISTORICAL_PERIODS);
  const [rows, current] = await Promise.all([
    yearlyByAgency(db, { fromYear: year - maxPeriod, toYear: year - 1 }),
    groupedTotals(db, ['agency_code'], { from: yearStart(year), to: today }),
  ]);
  const average = (agency: string, years: number): PeriodFigures => {
    const inPeriod = rows.filter((r) => r.agency_code === agency && r.year >= year - years);
    return {
      fires: round1(inPeriod.reduce((s, r) => s + r.fires, 0) / years),
      area: round1(inPeriod.reduce((s, r) => s + r.hectares, 0) / years),
    };
  };
  return AGENCY_CODES.map((agency) => {
    const now = current.find((c) => c.agency_code === agency);
    const last = rows.find((r) => r.agency_code === agency && r.year === year - 1);
    return {
      agency_code: agency,
      current_year: { fires: now?.fire_count ?? 0, area: round1(now?.area_sum ?? 0) },
      last_year: { fires: last?.fires ?? 0, area: round1(last?.hectares ?? 0) },
      ...Object.fromEntries(HISTORICAL_PERIODS.map((p) => [`years${p}`, average(agency, p)])),
    } as { agency_code: string; current_year: PeriodFigures; last_year: PeriodFigures } & Record<
      `years${(typeof HISTORICAL_PERIODS)[number]}`,
      PeriodFigures
    >;
  });
}

const Figures = z.object({ fires: z.number(), area: z.number() });

export async function historicalRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/historical/weekly',
    {
      schema: {
        summary:
          'Average fires and hectares per week (1-52) over the last `years` full years (years=1: last year)',
        tags: ['historical'],
        querystring: z.object({
          years: z.coerce
            .number()
            .int()
            .refine((v) => (YEARS as readonly number[]).includes(v), {
              message: `expected one of ${YEARS.join(', ')}`,
            })
            .default(10),
          agency: agencyQuery.optional(),
        }),
        response: {
          200: z.object({
            years: z.number(),
            from_year: z.number(),
            to_year: z.number(),
            items: z.array(
              z.object({
                week: z.number(),
                date: z.string(),
                avg_fires: z.number(),
                avg_hectares: z.number(),
              }),
            ),
          }),
          400: ErrorResponse,
        },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, app.responseCache, {
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
        querystring: z.object({ agency: agencyQuery.optional() }),
        response: {
          200: z.object({
            year: z.number(),
            week: z.number(),
            items: z.array(
              z.object({
                week: z.number(),
                date: z.string(),
                fires: z.number(),
                hectares: z.number(),
                cumulative_fires: z.number(),
                cumulative_hectares: z.number(),
                last_year_cumulative_fires: z.number(),
                avg10_cumulative_fires: z.number(),
              }),
            ),
          }),
          400: ErrorResponse,
        },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, app.responseCache, {
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
        querystring: z.object({ agency: agencyQuery.optional() }),
        response: {
          200: z.object({
            from_year: z.number(),
            to_year: z.number(),
            items: z.array(
              z.object({
                year: z.number(),
                fires: z.number(),
                hectares: z.number(),
                avg_fires: z.number().nullable(),
                avg_hectares: z.number().nullable(),
              }),
            ),
          }),
          400: ErrorResponse,
        },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, app.responseCache, {
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
          200: z.object({
            year: z.number(),
            items: z.array(
              z.object({
                agency_code: z.string(),
                current_year: Figures,
                last_year: Figures,
                years5: Figures,
                years10: Figures,
                years15: Figures,
                years20: Figures,
                years25: Figures,
              }),
            ),
          }),
        },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, app.responseCache, {
        version: await readVersion(app, request, ['fires', 'historical']),
        compute: async () => {
          const today = centreToday(app.config.now());
          return { year: yearOf(today), items: await historicalAverages(app.db.kysely, today) };
        },
      }),
  );
}
