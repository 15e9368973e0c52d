import type {
  HistoricalAverages,
  HistoricalRunning,
  HistoricalWeekly,
  HistoricalYearly,
} from '@ciffc/contracts';
import { FIRST_HISTORY_YEAR } from '@ciffc/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { dailyTotals, groupedTotals } from '../fires/store.ts';
import { centreToday, weekOfYear, weekStart, yearOf, yearStart } from '../http/time.ts';
import { historicalAverages } from './averages.ts';
import { weeklySums, yearlyTotals } from './store.ts';

type Db = Kysely<Database>;

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The current season per week (from the fires table), weeks 1..52 of the graphs. */
async function currentWeeks(db: Db, today: string, agency?: string) {
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

/** GET /v1/historical/weekly: average fires and hectares per week over the last `years` full years. */
export async function weeklyAverages(
  db: Db,
  { years, agency }: { years: number; agency?: string | undefined },
  now: Date,
): Promise<HistoricalWeekly> {
  const year = yearOf(centreToday(now));
  const range = { fromYear: year - years, toYear: year - 1, agency };
  const sums = await weeklySums(db, range);
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
}

/** GET /v1/historical/running: this year week by week with running totals, beside last year and the 10-year average. */
export async function runningTotals(
  db: Db,
  agency: string | undefined,
  now: Date,
): Promise<HistoricalRunning> {
  const today = centreToday(now);
  const year = yearOf(today);
  const thisWeek = weekOfYear(today);
  const [weeks, lastYear, tenYears] = await Promise.all([
    currentWeeks(db, today, agency),
    weeklySums(db, { fromYear: year - 1, toYear: year - 1, agency }),
    weeklySums(db, { fromYear: year - 10, toYear: year - 1, agency }),
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
}

/** GET /v1/historical/yearly: fires and hectares per year since 1980, with the average of the 10 years before. */
export async function yearlyFigures(
  db: Db,
  agency: string | undefined,
  now: Date,
): Promise<HistoricalYearly> {
  const today = centreToday(now);
  const year = yearOf(today);
  const [past, current] = await Promise.all([
    yearlyTotals(db, agency),
    groupedTotals(db, ['agency_code'], { from: yearStart(year), to: today }),
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
}

/** GET /v1/historical/averages: per agency, this year to date, last year and the 5- to 25-year averages. */
export async function averagesAsOf(db: Db, now: Date): Promise<HistoricalAverages> {
  const today = centreToday(now);
  return { year: yearOf(today), items: await historicalAverages(db, today) };
}
