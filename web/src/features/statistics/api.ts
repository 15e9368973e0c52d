import type {
  DashboardDaily,
  DashboardFigures,
  HistoricalRunning,
  HistoricalWeekly,
  HistoricalYearly,
} from '@ciffc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../shared/api/data-api.ts';

/** The shapes of `packages/contracts/src/{dashboard,historical}.ts`. */
/** GET /v1/dashboard/fires/daily?start_date&end_date (end exclusive). */
export type DailyFires = DashboardDaily;
export type YearlyFires = HistoricalYearly;
export type WeeklyAverages = HistoricalWeekly;
export type RunningFires = HistoricalRunning;

const get =
  <T>(path: string, query?: Record<string, string | number>) =>
  ({ signal }: { signal: AbortSignal }) =>
    apiGet<T>(path, { query, auth: false, signal });

export const dailyFiresQuery = (start_date: string, end_date: string) =>
  queryOptions({
    queryKey: ['daily-fires', { start_date, end_date }],
    queryFn: get<DailyFires>('/v1/dashboard/fires/daily', { start_date, end_date }),
  });
export const yearlyFiresQuery = () =>
  queryOptions({ queryKey: ['historical-yearly'], queryFn: get<YearlyFires>('/v1/historical/yearly') });
export const weeklyAveragesQuery = (years: 1 | 10) =>
  queryOptions({
    queryKey: ['historical-weekly', { years }],
    queryFn: get<WeeklyAverages>('/v1/historical/weekly', { years }),
  });
export const runningFiresQuery = () =>
  queryOptions({ queryKey: ['historical-running'], queryFn: get<RunningFires>('/v1/historical/running') });
export const weekFiguresQuery = () =>
  queryOptions({
    queryKey: ['dashboard-fires', 'week'],
    queryFn: get<DashboardFigures>('/v1/dashboard/fires'),
  });
