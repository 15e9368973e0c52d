import type { DailyFires, RunningFires, WeeklyAverages } from './api.ts';

const WEEKS = 52;
const DAYS = 31;

/** The first of this month and of the next, YYYY-MM-DD, from today's date (YYYY-MM-DD). */
export function monthRange(today: string): { start: string; end: string } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const start = `${today.slice(0, 7)}-01`;
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return { start, end: next };
}

export interface DayRow {
  day: number;
  date: string | null;
  fires: number | null;
  hectares: number | null;
}

/** Days 1 to 31; days the month does not have stay empty. */
export function dayRows(daily: DailyFires): DayRow[] {
  return Array.from({ length: DAYS }, (_, i) => {
    const item = daily.items.find((d) => d.day === i + 1);
    return {
      day: i + 1,
      date: item?.date ?? null,
      fires: item?.fires ?? null,
      hectares: item?.hectares ?? null,
    };
  });
}

export interface WeekRow {
  week: number;
  /** Fires reported this year in the week, and running total; null after the current week. */
  fires: number | null;
  cumulative: number | null;
  /** The comparison (10-year average or last year), per week and running total. */
  compare: number;
  compareCumulative: number;
}

/**
 * Weeks 1 to 52: this year's fires per week and cumulated (to the current week) beside the
 * comparison series, also cumulated. The comparison comes from GET /v1/historical/weekly, whose
 * figures are per week averages; `years=1` is simply last year.
 */
export function weekRows(running: RunningFires, comparison: WeeklyAverages): WeekRow[] {
  let compareCumulative = 0;
  return Array.from({ length: WEEKS }, (_, i) => {
    const week = i + 1;
    const current = running.items.find((r) => r.week === week);
    const compare = comparison.items.find((c) => c.week === week)?.avg_fires ?? 0;
    compareCumulative += compare;
    return {
      week,
      fires: current?.fires ?? null,
      cumulative: current?.cumulative_fires ?? null,
      compare,
      compareCumulative: Math.round(compareCumulative * 10) / 10,
    };
  });
}
