/**
 * The dashboard's wire shapes (docs/spec/public-site.md section 3: figures, map, daily graphs):
 * declared by the data API's /v1/dashboard routes, read by the site as types only. Kept apart from
 * the modules the home page loads for constants, so zod stays out of its first download.
 */
import { z } from 'zod';
import { BooleanQuery, LangQuery, orderedDates } from './query.ts';
import { IsoDate } from './wildfires.ts';

/** GET /v1/dashboard/fires: the figures of a date range, or (map=true) the active fires as GeoJSON. */
export const DashboardFiresQuery = z
  .object({
    from_date: IsoDate.optional().describe('YYYY-MM-DD; default January 1 of the current year'),
    to_date: IsoDate.optional().describe('YYYY-MM-DD; default today (America/Winnipeg)'),
    map: BooleanQuery.optional().describe('A FeatureCollection of the fires not out'),
    lang: LangQuery.optional(),
  })
  .superRefine(orderedDates('from_date', 'to_date'));

const Totals = z.object({ fire_count: z.number(), area_sum: z.number() });

/** The figures of reports within from_date..to_date; `week` when no date was asked (the last 7 days). */
export const DashboardFigures = z.object({
  period: z.enum(['range', 'week']),
  from_date: z.string(),
  to_date: z.string(),
  fires: z.number(),
  hectares: z.number(),
  active_fires: z.number().describe('Of these, fires not out (OC, BH, UC)'),
  as_of: z
    .string()
    .nullable()
    .describe('YYYY-MM-DD: the newest status or report date among these fires; null when there are none'),
  by_stage: z.array(Totals.extend({ stage_of_control: z.string(), field_name: z.string() })),
  by_agency: z.array(Totals.extend({ agency_code: z.string() })),
  by_response: z.array(Totals.extend({ response_type: z.string() })),
});
export type DashboardFigures = z.infer<typeof DashboardFigures>;

/** GET /v1/dashboard/since-yesterday: what changed in the national picture since the day before. */
export const DashboardSinceYesterday = z.object({
  date: z.string().describe("Today in the centre's zone, YYYY-MM-DD"),
  new_fires: z.number().describe('Fires first reported today (their situation report date)'),
  new_fires_yesterday: z.number().describe('Fires first reported yesterday'),
  out_fires: z.number().describe('Fires whose stage of control became Out today (their status date)'),
  fires_valid_as: z.string().nullable().describe('When the fire data last changed (ISO timestamp)'),
  level: z
    .object({
      current: z.string().describe('The national preparedness level of the latest published report'),
      current_date: z.string(),
      previous: z.string().nullable().describe('The level of the report published before it'),
      previous_date: z.string().nullable(),
    })
    .nullable()
    .describe('null while no national report is published'),
});
export type DashboardSinceYesterday = z.infer<typeof DashboardSinceYesterday>;

/** GET /v1/dashboard/fires?map=true: one point per fire not out. */
const DashboardMap = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
      properties: z.object({
        field_agency_fire_id: z.string(),
        field_fire_size: z.number(),
        field_stage_of_control_status: z.string(),
        field_response_type: z.string().nullable(),
        field_status_date: z.string(),
        field_agency_code: z.string(),
        field_situation_report_date: z.string(),
        // Beyond the spec's map feature properties: the popup shows the cause.
        field_system_fire_cause: z.string().nullable(),
      }),
    }),
  ),
});

/** Both answers of GET /v1/dashboard/fires. */
export const DashboardFiresResponse = z.union([DashboardFigures, DashboardMap]);
export type DashboardFiresResponse = z.infer<typeof DashboardFiresResponse>;

/** GET /v1/dashboard/fires/daily: start_date inclusive, end_date exclusive. */
export const DashboardDailyQuery = z
  .object({
    start_date: IsoDate.describe('YYYY-MM-DD, inclusive'),
    end_date: IsoDate.describe('YYYY-MM-DD, exclusive'),
  })
  .superRefine(orderedDates('start_date', 'end_date'));

/** Fires and hectares per day of the range (the statistics page's daily graphs). */
export const DashboardDaily = z.object({
  start_date: z.string(),
  end_date: z.string(),
  items: z.array(z.object({ date: z.string(), day: z.number(), fires: z.number(), hectares: z.number() })),
});
export type DashboardDaily = z.infer<typeof DashboardDaily>;

/** GET /v1/dashboard/freshness: per agency, how old its fire data is (docs/fires-import.md, "As of"). */
export const DashboardFreshness = z.object({
  items: z.array(
    z.object({
      agency_code: z.string(),
      as_of: z
        .string()
        .describe(
          'ISO timestamp of the latest import or feed run that confirmed or changed the agency fires',
        ),
      feed_failing: z.boolean().describe("The agency feed's last run failed; as_of is its last success"),
    }),
  ),
});
export type DashboardFreshness = z.infer<typeof DashboardFreshness>;
