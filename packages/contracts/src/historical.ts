/**
 * The historical series' wire shapes (public-site.md, wildfire graphs; data-entry.md, the national
 * report's historical table): declared by the data API's /v1/historical routes and read by the site.
 */
import { z } from 'zod';
import { AGENCY_CODES } from './agencies.ts';
import { HISTORICAL_PERIODS } from './codes.ts';

/** The periods of the weekly averages: last year alone, or the last 5..25 full years. */
const YEARS = [1, ...HISTORICAL_PERIODS] as const;
const agencyQuery = z
  .string()
  .transform((v) => v.toLowerCase())
  .pipe(z.enum(AGENCY_CODES));

/** ?agency= of the running and yearly series (any case; all agencies when left out). */
export const HistoricalAgencyQuery = z.object({ agency: agencyQuery.optional() });

/** ?years=&agency= of GET /v1/historical/weekly. */
export const HistoricalWeeklyQuery = z.object({
  years: z.coerce
    .number()
    .int()
    .refine((v) => (YEARS as readonly number[]).includes(v), {
      params: { code: 'field.one_of', list: YEARS.join(', ') },
    })
    .default(10),
  agency: agencyQuery.optional(),
});

const Figures = z.object({ fires: z.number(), area: z.number() });

/** GET /v1/historical/weekly?years=: the average fires and hectares per week over the last full years. */
export const HistoricalWeekly = z.object({
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
});
export type HistoricalWeekly = z.infer<typeof HistoricalWeekly>;

/** GET /v1/historical/running: this season per week, cumulative, beside last year and the 10-year average. */
export const HistoricalRunning = z.object({
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
});
export type HistoricalRunning = z.infer<typeof HistoricalRunning>;

/** GET /v1/historical/yearly: fires and hectares per year since FIRST_HISTORY_YEAR. */
export const HistoricalYearly = z.object({
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
});
export type HistoricalYearly = z.infer<typeof HistoricalYearly>;

/** GET /v1/historical/averages: per agency, this year to date, last year and the 5..25-year averages (the national report's historical table). */
export const HistoricalAverages = z.object({
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
});
export type HistoricalAverages = z.infer<typeof HistoricalAverages>;
